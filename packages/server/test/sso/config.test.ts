import { describe, expect, it } from 'vitest';
import { azureIssuerFor, DEFAULT_AZURE_AUTHORITY, loadSsoConfig } from '../../src/platform/sso/config';
import { safeRedirectPath } from '../../src/platform/sso/flows';
import { connectionNameOf, emailDomain } from '../../src/platform/sso/settings';

describe('SSO configuration', () => {
  it('uses the Azure AD authority of the tenant by default, and an override when configured', () => {
    const config = loadSsoConfig({});
    expect(config.azureAuthority).toBe(DEFAULT_AZURE_AUTHORITY);
    expect(azureIssuerFor(config, 'contoso.com')).toBe('https://login.microsoftonline.com/contoso.com/v2.0');
    expect(azureIssuerFor(loadSsoConfig({ SSO_AZURE_AUTHORITY: 'http://127.0.0.1:9000/{tenant}/' }), 'contoso.com')).toBe('http://127.0.0.1:9000/contoso.com');
    expect(config.providers).toEqual([]);
  });

  it('reads up to three third-party providers and refuses malformed lists at start', () => {
    const providers = loadSsoConfig({ SSO_PROVIDERS: JSON.stringify([{ id: 'google', name: 'Google', issuer: 'https://accounts.google.com/', clientId: 'a', clientSecret: 'b' }]) }).providers;
    expect(providers).toEqual([{ id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: 'a', clientSecret: 'b', scope: 'openid email profile' }]);
    const one = { name: 'X', issuer: 'https://x', clientId: 'a', clientSecret: 'b' };
    expect(() => loadSsoConfig({ SSO_PROVIDERS: '{}' })).toThrow(/JSON array/);
    expect(() => loadSsoConfig({ SSO_PROVIDERS: JSON.stringify([{ ...one, id: 'a' }, { ...one, id: 'b' }, { ...one, id: 'c' }, { ...one, id: 'd' }]) })).toThrow(/more than 3/);
    expect(() => loadSsoConfig({ SSO_PROVIDERS: JSON.stringify([{ ...one, id: 'a' }, { ...one, id: 'a' }]) })).toThrow(/unique/);
    expect(() => loadSsoConfig({ SSO_PROVIDERS: JSON.stringify([{ id: 'a', name: 'A', issuer: 'https://x', clientId: 'a' }]) })).toThrow(/clientSecret/);
  });

  it('derives connection names and e-mail domains, and keeps redirects inside the console', () => {
    expect(connectionNameOf('Contoso.onmicrosoft.com')).toBe('contoso-onmicrosoft-com');
    expect(emailDomain('Alice@Contoso.COM')).toBe('contoso.com');
    expect(emailDomain('nobody')).toBe('');
    expect(safeRedirectPath('/instances?x=1')).toBe('/instances?x=1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', '', null]) expect(safeRedirectPath(bad)).toBeNull();
  });
});
