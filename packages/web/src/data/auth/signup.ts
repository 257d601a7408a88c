import { useMutation } from '@tanstack/react-query';
import type { ReactivateBody, SignupBody, SignupResponse } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /uc/api/auth/register: the activation mail is sent. */
export function signup(body: SignupBody): Promise<SignupResponse> {
  return http.post<SignupResponse>('/auth/register', body, { area: 'auth' });
}

/** POST /uc/api/auth/reactivate: sends the activation mail again. */
export function resendActivation(body: ReactivateBody): Promise<null> {
  return http.post<null>('/auth/reactivate', body, { area: 'auth' });
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}

export function useResendActivationMutation() {
  return useMutation({ mutationFn: resendActivation });
}
