import { useMutation } from '@tanstack/react-query';
import type { SsoCallbackRequest, SsoCallbackResponse, SsoRedirect, SsoRequiredData, SsoStartRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { ApiError } from '../../api/errors';

/** POST /uc/api/auth/sso/start: where to send the browser (a provider, an ?azure_sso connection or a work e-mail). */
export function startSsoSignIn(body: SsoStartRequest): Promise<SsoRedirect> {
  return http.post<SsoRedirect>('/auth/sso/start', body, { area: 'auth' });
}

/** POST /uc/api/auth/auth0-login: the identity provider's answer that /auth/authorize received. */
export function finishSsoSignIn(body: SsoCallbackRequest): Promise<SsoCallbackResponse> {
  return http.post<SsoCallbackResponse>('/auth/auth0-login', body, { area: 'auth' });
}

export function useStartSsoSignIn() {
  return useMutation({ mutationFn: startSsoSignIn });
}

/** The connection a refused password sign-in names when the address must sign in through SSO, else null. */
export function ssoConnectionOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return null;
  const name = (error.data as Partial<SsoRequiredData>).connectionName;
  return typeof name === 'string' && name ? name : null;
}
