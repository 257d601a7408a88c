/**
 * Configuration of single sign-on (README "Configuration", docs/sso.md).
 *
 * - SSO_AZURE_AUTHORITY: the OpenID issuer of an organization's Azure AD directory, `{tenant}` replaced by the
 *   setting's domain. Default https://login.microsoftonline.com/{tenant}/v2.0. Tests and private clouds point it at
 *   another OpenID provider. It is configuration only, never a field an owner can set (the server fetches it).
 * - SSO_PROVIDERS: the third-party identity providers, a JSON array of
 *   {"id","name","issuer","clientId","clientSecret","scope"?}; at most three; none hides the buttons.
 */
export interface SsoProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export interface SsoConfig {
  azureAuthority: string;
  providers: SsoProviderConfig[];
}

export const DEFAULT_AZURE_AUTHORITY = 'https://login.microsoftonline.com/{tenant}/v2.0';
export const MAX_SSO_PROVIDERS = 3;
const DEFAULT_SCOPE = 'openid email profile';

function parseProviders(text: string | undefined): SsoProviderConfig[] {
  if (!text || !text.trim()) return [];
  const raw: unknown = JSON.parse(text);
  if (!Array.isArray(raw)) throw new Error('SSO_PROVIDERS must be a JSON array');
  if (raw.length > MAX_SSO_PROVIDERS) throw new Error(`SSO_PROVIDERS lists more than ${MAX_SSO_PROVIDERS} providers`);
  const ids = new Set<string>();
  return raw.map((entry: Record<string, unknown>, i) => {
    const field = (name: string): string => {
      const value = entry?.[name];
      if (typeof value !== 'string' || !value.trim()) throw new Error(`SSO_PROVIDERS[${i}].${name} is missing`);
      return value.trim();
    };
    const id = field('id');
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(id) || ids.has(id)) throw new Error(`SSO_PROVIDERS[${i}].id must be a unique lower-case name`);
    ids.add(id);
    const scope = typeof entry.scope === 'string' && entry.scope.trim() ? entry.scope.trim() : DEFAULT_SCOPE;
    return { id, name: field('name'), issuer: field('issuer').replace(/\/$/, ''), clientId: field('clientId'), clientSecret: field('clientSecret'), scope };
  });
}

export function loadSsoConfig(env: NodeJS.ProcessEnv): SsoConfig {
  return {
    azureAuthority: (env.SSO_AZURE_AUTHORITY || DEFAULT_AZURE_AUTHORITY).replace(/\/$/, ''),
    providers: parseProviders(env.SSO_PROVIDERS),
  };
}

/** The issuer of an organization's directory. */
export function azureIssuerFor(config: SsoConfig, domain: string): string {
  return config.azureAuthority.replace('{tenant}', encodeURIComponent(domain));
}
