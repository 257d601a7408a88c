import type { SsoSetting } from '@tscloud/contracts';
import { Paths } from '../../routes/paths';
import { ssoConnectionOf } from '../../data/sso/signin';

/** The organization's SSO screen (docs/sso.md: under Organization, owner changes, admins read). */
export const SSO_SETTINGS_PATH = '/organizationAccessControl/sso';

/** The login page's query parameter naming an Azure AD connection (platform-shell.md §2). */
export const AZURE_SSO_PARAM = 'azure_sso';

export interface SsoFormValues {
  domain: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
}

/** What the form starts with: the saved values, never a secret. */
export function ssoFormDefaults(existing: SsoSetting | null | undefined): SsoFormValues {
  return { domain: existing?.domain ?? '', clientId: existing?.clientId ?? '', clientSecret: '', enabled: existing?.enabled ?? true };
}

/** Where a user goes to sign in through a connection: /auth/login?azure_sso=<connectionName>. */
export function ssoLoginPath(connectionName: string): string {
  return `${Paths.LOGIN}?${new URLSearchParams({ [AZURE_SSO_PARAM]: connectionName }).toString()}`;
}

/**
 * After a refused password sign-in: an address held to single sign-on goes to its connection's login link, which
 * starts the directory's sign-in. Answers null (no session) either way.
 */
export function followSsoRefusal(error: unknown, navigate: (to: string) => unknown): null {
  const connection = ssoConnectionOf(error);
  if (connection) navigate(ssoLoginPath(connection));
  return null;
}

/** The members' sign-in link to hand out, on this console's address. */
export function ssoLoginLink(origin: string, connectionName: string): string {
  return `${origin}${ssoLoginPath(connectionName)}`;
}

/** Moves the browser to the identity provider; replaced in tests (jsdom cannot leave the page). */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};
