import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type MarketplaceCheckResponse, type MarketplaceRegisterResponse, type OrgSummary, type Page, type UserInfo } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { loadMarketplaceSettings, marketplaceKey, marketplaceProviders, mintMarketplaceToken } from '../../src/platform/accounts/marketplace';
import { createTestApp, type TestApp } from '../support/app';
import { findCommand } from '../../src/ops/commands';
import { loadConfig } from '../../src/config';
import { PASSWORD, activeAccount, call, expectRefusal, totpCode } from '../accounts/helpers';
import { codeFromMail } from './helpers';

const SECRET = 'marketplace-test-secret';
const DAY = 24 * 60 * 60 * 1000;

describe('marketplace landing: check the token, register or sign in, link to a marketplace organization', () => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1));
  let t: TestApp;
  const token = (marketplace: 'aws' | 'azure', customerId: string, extra: { email?: string; exp?: number } = {}) =>
    mintMarketplaceToken(SECRET, marketplace, { customerId, productCode: 'tscloud-pro', email: extra.email, exp: extra.exp ?? clock.now() + DAY });

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { MARKETPLACE_TOKEN_SECRET: SECRET } });
  });
  afterAll(async () => t.close());

  it('checks a token: genuine, for that marketplace, unexpired', async () => {
    const aws = token('aws', 'cust-1', { email: 'Buyer@Example.com' });
    expect(await call<MarketplaceCheckResponse>(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'aws', token: aws } })).toMatchObject({
      code: 200,
      data: { marketplace: 'aws', customerId: 'cust-1', productCode: 'tscloud-pro', email: 'buyer@example.com', bound: false },
    });
    const invalid = 'The marketplace registration token is invalid or has expired';
    expectRefusal(await call(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'azure', token: aws } }), ApiCode.BAD_REQUEST, invalid);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'aws', token: `${aws}x` } }), ApiCode.BAD_REQUEST, invalid);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'aws', token: mintMarketplaceToken('other-key', 'aws', { customerId: 'c', productCode: '', exp: clock.now() + DAY }) } }), ApiCode.BAD_REQUEST, invalid);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'aws', token: token('aws', 'old', { exp: clock.now() - 1 }) }, lang: 'zh' }), ApiCode.BAD_REQUEST, '云市场注册令牌无效或已过期');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'gcp', token: aws } }), ApiCode.BAD_REQUEST, 'Unknown marketplace');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'aws', token: '' } }), ApiCode.BAD_REQUEST, invalid);
  });

  it('registers a new account whose e-mail was verified with a code, in a new AWS organization', async () => {
    const aws = token('aws', 'cust-new');
    const body = { marketplace: 'aws', token: aws, email: 'buyer@example.com', password: PASSWORD, newAccount: true, firstName: 'Bea', lastName: 'Buyer', acceptTerms: true };
    // Form rules first, with the same messages as the web form.
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, password: 'short' } }), ApiCode.BAD_REQUEST, 'Wrong password format');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, acceptTerms: false } }), ApiCode.BAD_REQUEST, 'You must confirm the terms of service first');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, firstName: 'B@d' } }), ApiCode.BAD_REQUEST, 'Special characters are not allowed');
    // The mailbox must be proved first.
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body }), ApiCode.BAD_REQUEST, 'The email buyer@example.com is not verified');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body, lang: 'zh' }), ApiCode.BAD_REQUEST, '邮箱 buyer@example.com 未验证');
    await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'buyer@example.com' } });
    const code = await codeFromMail(t, 'buyer@example.com');
    expect((await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'buyer@example.com', code } })).code).toBe(200);

    const done = await call<MarketplaceRegisterResponse>(t, 'POST', '/uc/api/auth/register/marketplace', { body });
    expect(done.code).toBe(200);
    const session = done.data.token;
    const info = await call<UserInfo>(t, 'GET', '/api/user/info', { token: session });
    expect(info.data).toMatchObject({ email: 'buyer@example.com', first_name: 'Bea', status: 'ACTIVE', accountStatus: 1 });
    const orgs = await call<Page<OrgSummary>>(t, 'GET', '/api/org', { token: session });
    expect(orgs.data.list.map((o) => [o.orgId, o.name, o.marketplaceType, o.isOwner])).toEqual([[done.data.orgId, 'AWS-Marketplace', 'aws', true]]);

    // The subscription is linked now.
    expect((await call<MarketplaceCheckResponse>(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'aws', token: aws } })).data.bound).toBe(true);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body }), ApiCode.CONFLICT, 'This marketplace subscription is already linked to an organization');
    // The code was used up: another registration needs a new one.
    expectRefusal(
      await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, token: token('aws', 'cust-other'), email: 'buyer@example.com' } }),
      ApiCode.CONFLICT,
      'Email already used',
    );
  });

  it('links a subscription to an existing account that signs in with its password', async () => {
    await activeAccount(t, 'owner@example.com');
    const body = { marketplace: 'azure', token: token('azure', 'az-1'), email: 'owner@example.com', password: PASSWORD, newAccount: false };
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, password: 'Wrong.123' } }), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, email: 'nobody@example.com' } }), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    const done = await call<MarketplaceRegisterResponse>(t, 'POST', '/uc/api/auth/register/marketplace', { body });
    expect(done.code).toBe(200);
    // A second Azure subscription of the same owner gets a second, differently named organization.
    const second = await call<MarketplaceRegisterResponse>(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, token: token('azure', 'az-2') } });
    expect(second.code).toBe(200);
    const orgs = await call<Page<OrgSummary>>(t, 'GET', '/api/org', { token: second.data.token });
    expect(orgs.data.list.filter((o) => o.marketplaceType === 'azure').map((o) => o.name).sort()).toEqual(['Azure-Marketplace', 'Azure-Marketplace-B']);
    // Marketplace organizations do not count against the free plan's organization limit.
    expect((await call(t, 'GET', '/api/org/quota', { token: second.data.token })).data).toMatchObject({ owned: 0, max: 2, canCreate: true });
  });

  it('the operator command mints a token and landing link the check accepts', async () => {
    const found = findCommand(['marketplace', 'token', 'azure', 'sub-ops', 'ops@example.com', '2'])!;
    const lines: string[] = [];
    const config = loadConfig({ MARKETPLACE_TOKEN_SECRET: SECRET, PUBLIC_URL: 'http://console.test' });
    await found.command.run({ config, store: t.store, clock, mailer: { send: async () => undefined } }, found.args, (l) => lines.push(l));
    const minted = lines[0].replace('token: ', '');
    expect(lines[1]).toBe(`link: http://console.test/auth/azure?token=${encodeURIComponent(minted)}`);
    const checked = await call<MarketplaceCheckResponse>(t, 'POST', '/uc/api/auth/marketplace/check', { body: { marketplace: 'azure', token: minted } });
    expect(checked.data).toEqual({ marketplace: 'azure', customerId: 'sub-ops', productCode: 'tscloud', email: 'ops@example.com', bound: false });
    await expect(found.command.run({ config, store: t.store, clock, mailer: { send: async () => undefined } }, ['gcp', 'x'], () => undefined)).rejects.toThrow('the marketplace is aws or azure');
  });

  it('asks for the second factor of an account with multi-factor on', async () => {
    const session = await activeAccount(t, 'mfa.buyer@example.com');
    const enrol = await call<{ secret: string }>(t, 'POST', '/api/user/mfa/enroll', { token: session });
    expect((await call(t, 'POST', '/api/user/mfa/confirm', { token: session, body: { code: totpCode(enrol.data.secret, clock) } })).code).toBe(200);
    clock.advance(31_000);
    const body = { marketplace: 'aws', token: token('aws', 'mfa-1'), email: 'mfa.buyer@example.com', password: PASSWORD, newAccount: false };
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body }), ApiCode.MFA_REQUIRED, 'This operation needs multi-factor verification');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, mfaCode: '000000' } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    expect((await call(t, 'POST', '/uc/api/auth/register/marketplace', { body: { ...body, mfaCode: totpCode(enrol.data.secret, clock) } })).code).toBe(200);
  });
});

describe('the local marketplace provider', () => {
  it('keeps a key in the data directory when no secret is configured, and refuses tampered claims', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const settings = loadMarketplaceSettings({}, mkdtempSync(join(tmpdir(), 'mp-')));
    const key = marketplaceKey(settings);
    expect(marketplaceKey(settings)).toBe(key);
    const providers = marketplaceProviders(settings);
    const good = mintMarketplaceToken(key, 'azure', { customerId: 'sub-9', productCode: 'p', exp: 2_000 });
    expect(await providers.azure.resolve(good, 1_000)).toEqual({ marketplace: 'azure', customerId: 'sub-9', productCode: 'p', email: '' });
    expect(await providers.azure.resolve(good, 2_000)).toBeNull();
    expect(await providers.aws.resolve(good, 1_000)).toBeNull();
    const [, signature] = good.split('.');
    const forged = `${Buffer.from(JSON.stringify({ customerId: 'sub-10', productCode: 'p', exp: 2_000 })).toString('base64url')}.${signature}`;
    expect(await providers.azure.resolve(forged, 1_000)).toBeNull();
  });
});
