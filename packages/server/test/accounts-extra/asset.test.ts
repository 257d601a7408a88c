import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_TOKEN_TTL_MS, ApiCode, type AssetTokenInfo, type AssetTokenResponse, type Role } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/app';
import { ACTIVATION_SUBJECT, PASSWORD, activeAccount, call, expectRefusal, nthMail, signIn, signupBody, totpCode } from '../accounts/helpers';
import { createOrg, newSession, signedIn, type Caller } from '../orgs/helpers';
import { findUserByEmail } from '../../src/platform/accounts';
import { insertInstance } from './helpers';

describe('IDMP (asset) instance consoles and the tscloud account', () => {
  const clock = new FakeClock(Date.UTC(2026, 5, 1));
  let t: TestApp;
  let ownerToken: string;
  let orgId: string;
  let assetId: string;
  let tsdbId: string;
  let otherAssetId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ownerToken = await activeAccount(t, 'plant.owner@example.com');
    const owner = await newSession(t, (await findUserByEmail(t.store.db, 'plant.owner@example.com'))!);
    orgId = await createOrg(owner, 'Plant');
    assetId = await insertInstance(t, orgId, { alias: 'Plant-A' });
    tsdbId = await insertInstance(t, orgId, { appType: 'TSDB', alias: 'Metrics' });
    const stranger = await signedIn(t, 'stranger@example.com', 'Stan');
    otherAssetId = await insertInstance(t, await createOrg(stranger, 'Elsewhere'), { alias: 'Other' });
  });
  afterAll(async () => t.close());

  it('signs in on an IDMP console with e-mail and password and gives a token for that instance only', async () => {
    const res = await call<AssetTokenResponse>(t, 'POST', '/uc/api/auth/asset-login', { body: { email: 'plant.owner@example.com', password: PASSWORD, instanceId: assetId } });
    expect(res).toMatchObject({ code: 200, data: { tokenType: 'Bearer', instanceId: assetId, instanceAlias: 'Plant-A', expiresAt: clock.now() + ASSET_TOKEN_TTL_MS } });
    const check = await call<AssetTokenInfo>(t, 'POST', '/uc/api/auth/asset/verify', { body: { token: res.data.token, instanceId: assetId } });
    expect(check.data).toMatchObject({ email: 'plant.owner@example.com', instanceId: assetId });
    // Not for another instance, and not a console session.
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset/verify', { body: { token: res.data.token, instanceId: otherAssetId } }), 401, 'The IDMP sign-in has expired, please sign in again');
    expectRefusal(await call(t, 'GET', '/api/user/info', { token: res.data.token }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
    clock.advance(ASSET_TOKEN_TTL_MS);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset/verify', { body: { token: res.data.token, instanceId: assetId }, lang: 'zh' }), 401, 'IDMP 登录已过期，请重新登录');
  });

  it('refuses wrong credentials, other organizations, time-series instances and unknown ids alike', async () => {
    const body = { email: 'plant.owner@example.com', password: PASSWORD, instanceId: assetId };
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...body, password: 'Wrong.123' } }), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...body, email: 'bad' } }), ApiCode.BAD_REQUEST, 'Please enter a valid email address');
    const notFound = 'The IDMP instance does not exist or you have no access to it';
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...body, instanceId: otherAssetId } }), ApiCode.NOT_FOUND, notFound);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...body, instanceId: tsdbId } }), ApiCode.NOT_FOUND, notFound);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...body, instanceId: 'no-such' }, lang: 'zh' }), ApiCode.NOT_FOUND, 'IDMP 实例不存在或您无权访问');
  });

  it('opens the console for a signed-in member with access, and only then', async () => {
    ownerToken = await signIn(t, 'plant.owner@example.com');
    const res = await call<AssetTokenResponse>(t, 'POST', '/uc/api/user/login/asset', { token: ownerToken, body: { instanceId: assetId } });
    expect(res.code).toBe(200);
    expect((await call(t, 'POST', '/uc/api/auth/asset/verify', { body: { token: res.data.token, instanceId: assetId } })).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/user/login/asset', { token: ownerToken, body: { instanceId: otherAssetId } }), ApiCode.NOT_FOUND, 'The IDMP instance does not exist or you have no access to it');
    expectRefusal(await call(t, 'POST', '/uc/api/user/login/asset', { body: { instanceId: assetId } }), ApiCode.SESSION_INVALID, 'Please sign in first');

    // A member with a grant on that instance gets in; once the grant is gone, the instance refuses the token.
    const member: Caller = await signedIn(t, 'operator@example.com', 'Op');
    const owner = await newSession(t, (await findUserByEmail(t.store.db, 'plant.owner@example.com'))!);
    await owner.call('POST', '/api/user/invite', { email: 'operator@example.com' }, orgId);
    const mail = await t.mailbox.waitFor('operator@example.com', /Plant/);
    const accept = new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept')!;
    expect((await member.call('POST', '/uc/api/user/accept', { token: accept })).code).toBe(200);
    expectRefusal(await member.call('POST', '/uc/api/user/login/asset', { instanceId: assetId }), ApiCode.NOT_FOUND, 'The IDMP instance does not exist or you have no access to it');
    const roles = await owner.call<Role[]>('GET', '/api/role', undefined, orgId);
    const viewer = roles.data.find((r) => r.name === 'Viewer')!;
    const grant = await owner.call<{ grantIds: string[] }>('PUT', '/api/user/roles', { userId: member.user.id, roleId: viewer.id, resType: 'ORG' }, orgId);
    expect(grant.code).toBe(200);
    const opened = await member.call<AssetTokenResponse>('POST', '/uc/api/user/login/asset', { instanceId: assetId });
    expect(opened.code).toBe(200);
    expect((await owner.call('POST', '/api/org/disable/orguser', { userId: member.user.id }, orgId)).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset/verify', { body: { token: opened.data.token, instanceId: assetId } }), 401, 'The IDMP sign-in has expired, please sign in again');
  });

  it('asks for the second factor of an account with multi-factor on', async () => {
    const enrol = await call<{ secret: string }>(t, 'POST', '/api/user/mfa/enroll', { token: ownerToken });
    expect((await call(t, 'POST', '/api/user/mfa/confirm', { token: ownerToken, body: { code: totpCode(enrol.data.secret, clock) } })).code).toBe(200);
    clock.advance(31_000);
    const body = { email: 'plant.owner@example.com', password: PASSWORD, instanceId: assetId };
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body }), ApiCode.MFA_REQUIRED, 'This operation needs multi-factor verification');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...body, code: '000000' } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    expect((await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...body, code: totpCode(enrol.data.secret, clock) } })).code).toBe(200);
  });

  it('registers from an IDMP console: the activation link leads back to that instance', async () => {
    const res = await call(t, 'POST', '/uc/api/auth/register/asset', { body: { ...signupBody('idmp.user@example.com'), instanceId: assetId } });
    expect(res).toMatchObject({ code: 200, data: { email: 'idmp.user@example.com', activated: false } });
    const mail = await nthMail(t.mailbox, 'idmp.user@example.com', ACTIVATION_SUBJECT);
    const link = new URL(mail.text.match(/https?:\/\/\S+\/auth\/activate\S+/)![0]);
    expect(link.searchParams.get('asset')).toBe(assetId);
    expect((await call(t, 'POST', '/uc/api/auth/activate', { body: { token: link.searchParams.get('token'), password: PASSWORD } })).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/asset', { body: { ...signupBody('idmp.user@example.com'), instanceId: assetId } }), ApiCode.CONFLICT, 'Email already used');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/asset', { body: { ...signupBody('x@example.com'), acceptTerms: false, instanceId: assetId } }), ApiCode.BAD_REQUEST, 'You must confirm the terms of service first');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register/asset', { body: signupBody('x@example.com') }), ApiCode.BAD_REQUEST, 'This field is required');
  });
});
