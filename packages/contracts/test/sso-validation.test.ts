import { describe, expect, it } from 'vitest';
import { en, isValidSsoClientId, isValidSsoDomain, ssoCreateSchema, ssoStartSchema, ssoUpdateSchema, zh } from '../src';

describe('SSO settings rules (§5 Azure AD domain and client ID valid)', () => {
  it('accepts directory domains and refuses anything else', () => {
    for (const ok of ['contoso.com', 'contoso.onmicrosoft.com', 'a-b.example.co', 'x1.io']) expect(isValidSsoDomain(ok), ok).toBe(true);
    for (const bad of ['contoso', 'Contoso.com', '-a.com', 'a-.com', 'a..com', 'a.c', 'a.com.', 'http://a.com', 'a b.com', 'a@b.com', `${'a'.repeat(250)}.com`]) {
      expect(isValidSsoDomain(bad), bad).toBe(false);
    }
  });

  it('accepts GUID client IDs only', () => {
    expect(isValidSsoClientId('0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44')).toBe(true);
    expect(isValidSsoClientId('0F3C8A52-5A1E-4B6E-9F37-2A8F9D7C1E44')).toBe(true);
    for (const bad of ['', 'my-app', '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e4', '0f3c8a525a1e4b6e9f372a8f9d7c1e44', 'gf3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44']) {
      expect(isValidSsoClientId(bad), bad).toBe(false);
    }
  });

  it('lower-cases the domain, needs a secret on create only, and has en/zh messages', () => {
    const created = ssoCreateSchema.parse({ domain: ' Contoso.COM ', clientId: '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44', clientSecret: 's' });
    expect(created).toEqual({ domain: 'contoso.com', clientId: '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44', clientSecret: 's', enabled: false });
    expect(ssoCreateSchema.safeParse({ domain: 'contoso.com', clientId: '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44', clientSecret: '' }).error?.issues[0].message).toBe('validation.ssoClientSecret');
    expect(ssoUpdateSchema.parse({ domain: 'contoso.com', clientId: '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44' }).clientSecret).toBe('');
    for (const key of ['validation.ssoDomain', 'validation.ssoClientId', 'validation.ssoClientSecret', 'sso.secretHidden', 'error.ssoNoEmail'] as const) {
      expect(en[key]).toBeTruthy();
      expect(zh[key]).toBeTruthy();
    }
    expect(en['sso.secretHidden']).toBe('the saved client secret could not be shown');
    expect(en['error.ssoNoEmail']).toBe('no e-mail in the third-party SSO profile');
  });

  it('starts a sign-in from exactly one of provider, connection or e-mail', () => {
    expect(ssoStartSchema.safeParse({ provider: 'google' }).success).toBe(true);
    expect(ssoStartSchema.safeParse({ connection: 'contoso-com', redirect: '/instances' }).success).toBe(true);
    expect(ssoStartSchema.safeParse({}).success).toBe(false);
    expect(ssoStartSchema.safeParse({ provider: 'google', email: 'a@b.com' }).success).toBe(false);
  });
});
