import { describe, expect, it, vi } from 'vitest';
import type { SsoSetting } from '@tscloud/contracts';
import { ApiError } from '../../api/errors';
import { translateMessage } from '../../i18n';
import { followSsoRefusal, ssoFormDefaults, ssoLoginLink, ssoLoginPath } from './ssoRules';
import { ssoFormSchema } from './ssoForm';

const saved: SsoSetting = {
  id: 's1', orgId: 'o1', identityProvider: 'azure-ad', connectionName: 'contoso-com', domain: 'contoso.com', clientId: '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44',
  clientSecretSaved: true, enabled: true, verified: false, verifiedAt: null, enforced: false, redirectUri: 'http://x/auth/authorize', updatedAt: 1,
};
const messageOf = (schema: ReturnType<typeof ssoFormSchema>, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : translateMessage(result.error.issues[0].message);
};

describe('SSO settings form rules', () => {
  it('needs a secret for a first setting, and keeps the saved one when left empty', () => {
    const base = { domain: 'contoso.com', clientId: saved.clientId, enabled: true };
    expect(messageOf(ssoFormSchema(null), { ...base, clientSecret: '' })).toBe('Please enter the client secret (at most 512 characters)');
    expect(messageOf(ssoFormSchema(saved), { ...base, clientSecret: '' })).toBeNull();
    expect(messageOf(ssoFormSchema(null), { ...base, clientSecret: 's3cret' })).toBeNull();
  });

  it('shows the server\'s domain and client ID rules before sending', () => {
    expect(messageOf(ssoFormSchema(null), { domain: 'contoso', clientId: saved.clientId, clientSecret: 'x', enabled: true })).toBe('Please enter a valid Azure AD domain (for example contoso.com)');
    expect(messageOf(ssoFormSchema(null), { domain: 'contoso.com', clientId: 'app', clientSecret: 'x', enabled: true })).toBe('The client ID is the application ID Azure AD shows: 8-4-4-4-12 hexadecimal digits');
  });

  it('starts from the saved values but never a secret', () => {
    expect(ssoFormDefaults(saved)).toEqual({ domain: 'contoso.com', clientId: saved.clientId, clientSecret: '', enabled: true });
    expect(ssoFormDefaults(null)).toEqual({ domain: '', clientId: '', clientSecret: '', enabled: true });
  });
});

describe('SSO login redirect', () => {
  it('builds the members\' login link with azure_sso', () => {
    expect(ssoLoginPath('contoso-com')).toBe('/auth/login?azure_sso=contoso-com');
    expect(ssoLoginLink('https://console.example', 'a b')).toBe('https://console.example/auth/login?azure_sso=a+b');
  });

  it('sends a refused password sign-in to the connection the server names, and nothing else', () => {
    const navigate = vi.fn();
    expect(followSsoRefusal(new ApiError(403, 'Your organization uses single sign-on', { connectionName: 'contoso-com' }), navigate)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login?azure_sso=contoso-com');
    navigate.mockClear();
    followSsoRefusal(new ApiError(401, 'Invalid email address or password', null), navigate);
    followSsoRefusal(new ApiError(400, 'x', { field: 'email' }), navigate);
    followSsoRefusal(new Error('network'), navigate);
    expect(navigate).not.toHaveBeenCalled();
  });
});
