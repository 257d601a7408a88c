import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';

/** PUT /api/user/reset: change the password while signed in (protected operation password.change). */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return withVerification((silent) => http.put<null>('/user/reset', body, { silent }));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
