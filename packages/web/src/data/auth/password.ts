import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, ResetPasswordBody } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /uc/api/auth/forget-password: mails a reset link (answers the same whether or not the account exists). */
export function forgotPassword(body: ForgotPasswordBody): Promise<null> {
  return http.post<null>('/auth/forget-password', body, { area: 'auth' });
}

/** POST /uc/api/auth/reset-password with the token of the link. */
export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return http.post<null>('/auth/reset-password', body, { area: 'auth' });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
