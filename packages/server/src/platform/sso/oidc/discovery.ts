/** The parts of an OpenID provider's discovery document this client uses. */
export interface OidcDiscovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

export class OidcError extends Error {
  constructor(
    /** 'unavailable': the provider could not be reached or answered nonsense; 'refused': it said no. */
    readonly kind: 'unavailable' | 'refused' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'OidcError';
  }
}

export const OIDC_HTTP_TIMEOUT_MS = 10_000;

/** GETs or POSTs JSON with a time limit; network failures and non-JSON answers become OidcError('unavailable'). */
export async function fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: 'application/json', ...(init.headers ?? {}) }, signal: AbortSignal.timeout(OIDC_HTTP_TIMEOUT_MS) });
  } catch (error) {
    throw new OidcError('unavailable', `${url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    return { status: response.status, body: body as Record<string, unknown> };
  } catch {
    throw new OidcError('unavailable', `${url}: answered ${response.status} without a JSON object`);
  }
}

function httpUrl(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new OidcError('unavailable', `discovery document has no ${name}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OidcError('unavailable', `${name} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OidcError('unavailable', `${name} is not an http(s) URL`);
  return value;
}

/** Fetches `<issuer>/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 §4). */
export async function discover(issuer: string): Promise<OidcDiscovery> {
  const { status, body } = await fetchJson(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (status !== 200) throw new OidcError('unavailable', `discovery of ${issuer} answered ${status}`);
  return {
    // Azure AD's v2.0 document names the tenant by its GUID, not the domain the authority used: the document's
    // issuer is the one id_tokens must carry.
    issuer: httpUrl(body.issuer, 'issuer'),
    authorization_endpoint: httpUrl(body.authorization_endpoint, 'authorization_endpoint'),
    token_endpoint: httpUrl(body.token_endpoint, 'token_endpoint'),
    jwks_uri: httpUrl(body.jwks_uri, 'jwks_uri'),
    userinfo_endpoint: typeof body.userinfo_endpoint === 'string' ? httpUrl(body.userinfo_endpoint, 'userinfo_endpoint') : undefined,
  };
}
