import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { fetchJson, OidcError, type OidcDiscovery } from './discovery';

/**
 * A small OpenID Connect relying party: the authorization-code flow with PKCE (S256), state and nonce, for a
 * confidential client (client_secret_post). Used for organizations' Azure AD directories and for the third-party
 * identity providers alike (docs/sso.md).
 */
export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope: string;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeChallenge: string;
  /** Extra parameters (login_hint, prompt, domain_hint …). */
  extra?: Record<string, string>;
}

/** What the application takes from a sign-in: who (issuer + subject) and the e-mail, when the provider sent one. */
export interface OidcProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  givenName: string;
  familyName: string;
}

export function authorizationUrl(discovery: OidcDiscovery, client: OidcClient, request: AuthorizationRequest): string {
  const url = new URL(discovery.authorization_endpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: client.scope,
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...(request.extra ?? {}),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** Exchanges the code at the token endpoint; answers the id_token and access_token. */
export async function exchangeCode(discovery: OidcDiscovery, client: OidcClient, code: string, codeVerifier: string): Promise<{ idToken: string; accessToken: string | null }> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code_verifier: codeVerifier,
  });
  const { status, body } = await fetchJson(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (status !== 200) {
    const reason = typeof body.error === 'string' ? body.error : `status ${status}`;
    throw new OidcError('refused', typeof body.error_description === 'string' ? `${reason}: ${body.error_description}` : reason);
  }
  if (typeof body.id_token !== 'string') throw new OidcError('invalid', 'the token answer has no id_token');
  return { idToken: body.id_token, accessToken: typeof body.access_token === 'string' ? body.access_token : null };
}

/** Checks the id_token's signature (the provider's JWKS), issuer, audience, expiry and nonce. */
export async function validateIdToken(discovery: OidcDiscovery, client: OidcClient, idToken: string, nonce: string): Promise<JWTPayload> {
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 10_000 });
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, { issuer: discovery.issuer, audience: client.clientId, clockTolerance: 60 }));
  } catch (error) {
    throw new OidcError('invalid', `id_token rejected: ${(error as Error).message}`);
  }
  if (payload.nonce !== nonce) throw new OidcError('invalid', 'id_token nonce does not match');
  if (!payload.sub) throw new OidcError('invalid', 'id_token has no subject');
  return payload;
}

async function userInfo(discovery: OidcDiscovery, accessToken: string): Promise<Record<string, unknown> | null> {
  if (!discovery.userinfo_endpoint) return null;
  const { status, body } = await fetchJson(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } });
  return status === 200 ? body : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The whole callback: code exchange, id_token validation, then the profile. Providers that keep claims out of
 * the id_token in the code flow (OpenID Core §5.4) give them from the userinfo endpoint, whose subject must match.
 */
export async function completeAuthorization(discovery: OidcDiscovery, client: OidcClient, code: string, codeVerifier: string, nonce: string): Promise<OidcProfile> {
  const tokens = await exchangeCode(discovery, client, code, codeVerifier);
  const claims: Record<string, unknown> = { ...(await validateIdToken(discovery, client, tokens.idToken, nonce)) };
  if (!text(claims.email) && tokens.accessToken) {
    const info = await userInfo(discovery, tokens.accessToken);
    if (info && info.sub === claims.sub) Object.assign(claims, info, { sub: claims.sub, iss: claims.iss });
  }
  const email = text(claims.email).toLowerCase() || null;
  return {
    issuer: discovery.issuer,
    subject: String(claims.sub),
    email,
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}
