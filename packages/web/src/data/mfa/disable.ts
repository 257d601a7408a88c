import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MfaCodeBody } from '@tscloud/contracts';
import { http } from '../../api/http';
import { clearMfa } from '../../state/session';
import { patchUserInfo } from '../profile/userInfo';
import { mfaKeys } from './keys';

/** POST /api/user/mfa/disable with a TOTP or recovery code: multi-factor off, exemptions and recovery codes gone. */
export function disableMfa(body: MfaCodeBody): Promise<null> {
  return http.post<null>('/user/mfa/disable', body);
}

export function useDisableMfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => {
      clearMfa();
      patchUserInfo({ mfaEnabled: false });
      return client.invalidateQueries({ queryKey: mfaKeys.all });
    },
  });
}
