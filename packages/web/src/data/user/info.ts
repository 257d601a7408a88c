import { useMutation } from '@tanstack/react-query';
import type { CompleteAccountBody, UserInfo } from '@tscloud/contracts';
import { http } from '../../api/http';

/**
 * GET /api/user/info. Silent: a failure forces a logout (§4) and the request layer already reports session errors.
 */
export function fetchUserInfo(): Promise<UserInfo> {
  return http.get<UserInfo>('/user/info', { silent: true });
}

/** PUT /api/user/complete: the complete-account form of /register; sets account status 2. */
export function completeAccount(body: CompleteAccountBody): Promise<UserInfo> {
  return http.put<UserInfo>('/user/complete', body);
}

export function useCompleteAccountMutation() {
  return useMutation({ mutationFn: completeAccount });
}
