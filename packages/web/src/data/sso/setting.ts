import { useQuery } from '@tanstack/react-query';
import type { SsoSetting } from '@tscloud/contracts';
import { http } from '../../api/http';
import { ssoKeys } from './keys';

/** GET /api/org/sso/azure-ad[?connection_id=]: the current organization's setting, or null (sign-in is public). */
export function fetchSsoSetting(connectionId?: string): Promise<SsoSetting | null> {
  return http.get<SsoSetting | null>('/org/sso/azure-ad', { query: connectionId ? { connection_id: connectionId } : undefined });
}

export function useSsoSetting(orgId: string | null) {
  return useQuery({ queryKey: ssoKeys.setting(orgId), queryFn: () => fetchSsoSetting(), enabled: !!orgId });
}
