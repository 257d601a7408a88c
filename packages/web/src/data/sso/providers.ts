import { useQuery } from '@tanstack/react-query';
import type { SsoProviderInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { ssoKeys } from './keys';

/** GET /uc/api/auth/sso/providers: the configured third-party identity providers (none: no buttons). */
export function fetchSsoProviders(): Promise<SsoProviderInfo[]> {
  return http.get<SsoProviderInfo[]>('/auth/sso/providers', { area: 'auth', silent: true });
}

export function useSsoProviders() {
  return useQuery({ queryKey: ssoKeys.providers(), queryFn: fetchSsoProviders, staleTime: 5 * 60_000, retry: false });
}
