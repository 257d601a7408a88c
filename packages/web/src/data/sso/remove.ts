import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { ssoKeys } from './keys';

/** DELETE /api/org/sso/azure-ad/{id}: the organization's sign-in becomes public again. */
export function deleteSsoSetting(id: string): Promise<unknown> {
  return withVerification((silent) => http.delete<unknown>(`/org/sso/azure-ad/${encodeURIComponent(id)}`, { silent }));
}

export function useDeleteSsoSetting(orgId: string | null) {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSsoSetting, onSuccess: () => client.setQueryData(ssoKeys.setting(orgId), null) });
}
