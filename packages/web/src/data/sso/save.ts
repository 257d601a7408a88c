import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoCreateRequest, SsoSetting, SsoUpdateRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { ssoKeys } from './keys';

/** POST /api/org/sso/azure-ad (protected operation org.sso): the organization's first setting. */
export function createSsoSetting(body: SsoCreateRequest): Promise<SsoSetting> {
  return withVerification((silent) => http.post<SsoSetting>('/org/sso/azure-ad', body, { silent }));
}

/** PUT /api/org/sso/azure-ad/{id}: an empty secret keeps the saved one. */
export function updateSsoSetting(id: string, body: SsoUpdateRequest): Promise<SsoSetting> {
  return withVerification((silent) => http.put<SsoSetting>(`/org/sso/azure-ad/${encodeURIComponent(id)}`, body, { silent }));
}

/** Creates or updates, as the screen's one save button does. */
export function useSaveSsoSetting(orgId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SsoCreateRequest }) => (id ? updateSsoSetting(id, body) : createSsoSetting(body)),
    onSuccess: (setting) => client.setQueryData(ssoKeys.setting(orgId), setting),
  });
}
