import type { LoginResponse } from './auth';

/**
 * Enterprise single sign-on (Azure AD) per organization and third-party sign-in (platform-shell.md §1, §3
 * Organization "SSO setting", §4, §7 /org/sso/azure-ad and /auth/auth0-login). Design: docs/sso.md.
 */
export const SsoIdentityProvider = { AZURE_AD: 'azure-ad' } as const;
export type SsoIdentityProviderValue = (typeof SsoIdentityProvider)[keyof typeof SsoIdentityProvider];

/**
 * GET /api/org/sso/azure-ad[?connection_id=] — the organization's setting, or null when SSO is "public" (none).
 * The client secret is write-only: it is never sent back; `clientSecretSaved` tells that one is stored, and the
 * screen shows the message 'sso.secretHidden' ("the saved client secret could not be shown") in its place.
 */
export interface SsoSetting {
  id: string;
  orgId: string;
  identityProvider: SsoIdentityProviderValue;
  /** The name the login link carries: /auth/login?azure_sso=<connectionName>. */
  connectionName: string;
  domain: string;
  clientId: string;
  clientSecretSaved: boolean;
  /** The owner turned SSO on. Members are held to it only once it is also verified (`enforced`). */
  enabled: boolean;
  /** A test sign-in through the directory succeeded since the last change of domain, client ID or secret. */
  verified: boolean;
  verifiedAt: number | null;
  /** enabled && verified: members whose e-mail domain is `domain` must sign in through SSO. */
  enforced: boolean;
  /** The redirect URI to register in the Azure AD application. */
  redirectUri: string;
  updatedAt: number;
}

/** POST /api/org/sso/azure-ad/{id}/verify and POST /uc/api/auth/sso/start answer where to send the browser. */
export interface SsoRedirect {
  url: string;
}

/** GET /uc/api/auth/sso/providers — the configured third-party identity providers (none: buttons hidden). */
export interface SsoProviderInfo {
  id: string;
  name: string;
}

/** POST /uc/api/auth/auth0-login answers a sign-in (a session or a multi-factor challenge) or a verification. */
export type SsoCallbackResponse =
  | { kind: 'signin'; login: LoginResponse; redirect: string | null }
  | { kind: 'verified'; orgId: string; connectionName: string };

/** `data` of the refusal of a password sign-in whose e-mail domain must use SSO (error.ssoRequired). */
export interface SsoRequiredData {
  connectionName: string;
}
