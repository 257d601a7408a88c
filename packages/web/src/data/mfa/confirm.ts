import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaCodeBody, MfaConfirmResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import { patchUserInfo } from '../profile/userInfo';
import { mfaKeys } from './keys';

/** POST /api/user/mfa/confirm: a code from the authenticator app turns multi-factor on; the recovery codes come once. */
export function confirmMfa(body: MfaCodeBody): Promise<MfaConfirmResponse> {
  return http.post<MfaConfirmResponse>('/user/mfa/confirm', body);
}

export function useConfirmMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmMfa,
    onSuccess: () => {
      patchUserInfo({ mfaEnabled: true });
      return client.invalidateQueries({ queryKey: mfaKeys.all });
    },
  });
}
