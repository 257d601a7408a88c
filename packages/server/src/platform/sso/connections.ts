import { ApiCode } from '@tscloud/contracts';
import type { ServerConfig } from '../../config';
import { ApiError } from '../../http/api-error';
import { SecretUnreadableError, type SecretBox } from '../../secrets/secret-box';
import { azureIssuerFor, type SsoProviderConfig } from './config';
import { clientSecretOf } from './settings';
import { discover, OidcError, type OidcClient, type OidcDiscovery } from './oidc';
import type { SsoSettingRow } from './tables';

/** Where identity providers send the browser back: the console's /auth/authorize page. */
export function redirectUriOf(config: ServerConfig): string {
  return `${config.publicUrl}/auth/authorize`;
}

export interface Connection {
  issuer: string;
  client: OidcClient;
}

export function azureConnection(config: ServerConfig, box: SecretBox, setting: SsoSettingRow): Connection {
  let clientSecret: string;
  try {
    clientSecret = clientSecretOf(box, setting);
  } catch (error) {
    // The key changed since the secret was saved: the directory cannot be reached until the owner saves it again.
    if (error instanceof SecretUnreadableError) throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.ssoProviderUnavailable');
    throw error;
  }
  return {
    issuer: azureIssuerFor(config.sso, setting.domain),
    client: { clientId: setting.clientId, clientSecret, redirectUri: redirectUriOf(config), scope: 'openid email profile' },
  };
}

export function providerConnection(config: ServerConfig, provider: SsoProviderConfig): Connection {
  return {
    issuer: provider.issuer,
    client: { clientId: provider.clientId, clientSecret: provider.clientSecret, redirectUri: redirectUriOf(config), scope: provider.scope },
  };
}

export function findProvider(config: ServerConfig, id: string): SsoProviderConfig | null {
  return config.sso.providers.find((p) => p.id === id) ?? null;
}

/** Turns what the OIDC client threw into the API's refusal (the detail goes to the log only). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof OidcError) {
    if (error.kind === 'unavailable') return new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.ssoProviderUnavailable');
    return new ApiError(ApiCode.UNAUTHENTICATED, 'error.ssoFailed', [error.kind === 'refused' ? error.message : 'invalid token']);
  }
  throw error;
}

export async function discoverOrFail(issuer: string): Promise<OidcDiscovery> {
  try {
    return await discover(issuer);
  } catch (error) {
    throw asApiError(error);
  }
}
