import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, LoginResponse, Page, SsoCallbackResponse, SsoProviderInfo, SsoRedirect, SsoSetting, TokenResponse, UserInfo } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, request, signedIn, type Caller } from '../orgs/helpers';
import { createActiveUser, findUserByEmail } from '../../src/platform/accounts';
import { TOTP, Secret } from 'otpauth';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createMailer } from '../../src/mail';
import { TestOpenIdProvider } from './openid-provider';
import { loadSecretsSettings, secretBox, SecretUnreadableError } from '../../src/secrets/secret-box';
import { sealStoredSecrets } from '../../src/platform/sso/settings';
import { orgSsoSettings } from '../../src/platform/sso/tables';

const AZURE_CLIENT_ID = '6c1e2f4a-8b9d-4e3f-a1b2-c3d4e5f6a7b8';
const AZURE_SECRET = 'azure-client-secret.1';
const REDIRECT_URI = 'http://console.test/auth/authorize';

/**
 * Sign-in through a REAL OpenID provider (oidc-provider on a local port) standing in for an organization's Azure AD
 * directory (SSO_AZURE_AUTHORITY) and for one configured third-party provider (SSO_PROVIDERS): the whole
 * authorization-code flow, then the session the rest of the console uses.
 */
describe('single sign-on through a real OpenID provider', () => {
  let op: TestOpenIdProvider;
  let t: TestApp;
  let owner: Caller;
  let orgId: string;
  let setting: SsoSetting;

  /** Starts a flow at the console, signs in at the provider as `account`, and posts the callback like /auth/authorize. */
  async function signInThrough(start: Record<string, string>, account: TestOpenIdProvider['nextAccount']) {
    const started = await request<SsoRedirect>(t, { method: 'POST', url: '/uc/api/auth/sso/start', body: start });
    expect(started.code, started.message).toBe(200);
    op.nextAccount = account;
    const query = await op.browse(started.data.url, REDIRECT_URI);
    return request<SsoCallbackResponse>(t, { method: 'POST', url: '/uc/api/auth/auth0-login', body: Object.fromEntries(query) });
  }

  function sessionOf(res: { code: number; data: SsoCallbackResponse }): TokenResponse {
    expect(res.code).toBe(200);
    if (res.data.kind !== 'signin') throw new Error('not a sign-in');
    return res.data.login as TokenResponse;
  }

  beforeAll(async () => {
    op = await TestOpenIdProvider.start([
      { client_id: AZURE_CLIENT_ID, client_secret: AZURE_SECRET, redirect_uris: [REDIRECT_URI] },
      { client_id: 'console-at-idp', client_secret: 'idp-secret', redirect_uris: [REDIRECT_URI] },
    ]);
    t = await createTestApp({
      env: {
        SSO_AZURE_AUTHORITY: op.issuer,
        SSO_PROVIDERS: JSON.stringify([{ id: 'localidp', name: 'Local IdP', issuer: op.issuer, clientId: 'console-at-idp', clientSecret: 'idp-secret' }]),
      },
    });
    owner = await signedIn(t, 'boss@contoso-corp.com', 'Boss');
    orgId = await createOrg(owner, 'Contoso');
    const created = await owner.call<SsoSetting>('POST', '/api/org/sso/azure-ad', { domain: 'contoso-corp.com', clientId: AZURE_CLIENT_ID, clientSecret: AZURE_SECRET, enabled: true }, orgId);
    expect(created.code, created.message).toBe(200);
    setting = created.data;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await op?.stop();
  });

  it('lists the configured third-party providers for the login page', async () => {
    const res = await request<SsoProviderInfo[]>(t, { method: 'GET', url: '/uc/api/auth/sso/providers' });
    expect(res.data).toEqual([{ id: 'localidp', name: 'Local IdP' }]);
  });

  it('builds an authorization request with PKCE, state and nonce for the directory', async () => {
    const res = await request<SsoRedirect>(t, { method: 'POST', url: '/uc/api/auth/sso/start', body: { connection: setting.connectionName } });
    const url = new URL(res.data.url);
    expect(`${url.origin}${url.pathname}`.startsWith(op.issuer)).toBe(true);
    expect(url.searchParams.get('client_id')).toBe(AZURE_CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('domain_hint')).toBe('contoso-corp.com');
    expect(res.data.url).not.toContain(AZURE_SECRET);
  });

  it('the owner\'s test sign-in verifies the setting, and is logged', async () => {
    const start = await owner.call<SsoRedirect>('POST', `/api/org/sso/azure-ad/${setting.id}/verify`, {}, orgId);
    expect(start.code, start.message).toBe(200);
    op.nextAccount = { sub: 'aad-boss', email: 'it.admin@contoso-corp.com', email_verified: true };
    const query = await op.browse(start.data.url, REDIRECT_URI);
    const done = await request<SsoCallbackResponse>(t, { method: 'POST', url: '/uc/api/auth/auth0-login', body: Object.fromEntries(query) });
    expect(done.data).toEqual({ kind: 'verified', orgId, connectionName: 'contoso-corp-com' });
    const read = await owner.call<SsoSetting>('GET', '/api/org/sso/azure-ad', undefined, orgId);
    expect(read.data).toMatchObject({ verified: true, enforced: true });
    // The same state cannot be used twice.
    const replay = await request(t, { method: 'POST', url: '/uc/api/auth/auth0-login', body: Object.fromEntries(query) });
    expect(replay.code).toBe(401);
    expect(replay.message).toBe('The sign-in has expired or was already used, please start again');
    const log = await owner.call<Page<ActivityEntry>>('GET', '/api/activity?page_size=50', undefined, orgId);
    expect(log.data.list.map((e) => e.operation)).toContain('verify SSO setting');
  });

  it('signs a directory user in through ?azure_sso: a new account and a working session', async () => {
    const res = await signInThrough({ connection: 'contoso-corp-com', redirect: '/instances' }, { sub: 'aad-1', email: 'Alice@Contoso-Corp.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' });
    const token = sessionOf(res);
    expect(res.data.kind === 'signin' && res.data.redirect).toBe('/instances');
    const me = await request<UserInfo>(t, { method: 'GET', url: '/api/user/info', token: token.token });
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({ email: 'alice@contoso-corp.com', status: 'ACTIVE' });
    expect((await findUserByEmail(t.store.db, 'alice@contoso-corp.com'))!.passwordHash).toBeNull();
  });

  it('keeps the client secret encrypted, and a row saved before encryption still signs in and is sealed at start', async () => {
    const storedSecret = async () => (await t.store.db.select({ v: orgSsoSettings.clientSecret }).from(orgSsoSettings).where(eq(orgSsoSettings.id, setting.id)))[0].v;
    const sealed = await storedSecret();
    expect(sealed).not.toContain(AZURE_SECRET);
    expect(sealed.startsWith('enc1:')).toBe(true);

    // A row as the migration found it: the plain secret (the provider refuses any other, so signing in proves it is read).
    await t.store.db.update(orgSsoSettings).set({ clientSecret: AZURE_SECRET }).where(eq(orgSsoSettings.id, setting.id));
    sessionOf(await signInThrough({ connection: 'contoso-corp-com' }, { sub: 'aad-legacy', email: 'legacy@contoso-corp.com', email_verified: true }));

    // A server start on this store (same data directory, so the same key) seals it; once sealed, nothing is left.
    const config = { ...loadConfig({ DATA_DIR: t.dataDir, PUBLIC_URL: 'http://console.test', SSO_AZURE_AUTHORITY: op.issuer }), webDist: join(t.dataDir, 'no-web') };
    const restarted = await buildApp({ config, store: t.store, clock: t.clock, mailer: createMailer(config) });
    await restarted.ready();
    await restarted.close();
    const box = secretBox(loadSecretsSettings({}, t.dataDir));
    expect(await sealStoredSecrets(t.store.db, box)).toEqual({ sealed: 0, unreadable: 0 });
    const resealed = await storedSecret();
    expect(resealed).not.toContain(AZURE_SECRET);
    expect(resealed).not.toBe(sealed);
    sessionOf(await signInThrough({ connection: 'contoso-corp-com' }, { sub: 'aad-legacy', email: 'legacy@contoso-corp.com', email_verified: true }));

    // A sealed secret moved to another row does not open there (the row id is authenticated with it).
    expect(() => box.open(resealed, 'org_sso_settings.client_secret:another-id')).toThrow(SecretUnreadableError);
  });

  it('starts from a work e-mail whose domain has SSO on, and signs an existing account in', async () => {
    const res = await signInThrough({ email: 'boss@contoso-corp.com' }, { sub: 'aad-2', email: 'boss@contoso-corp.com', email_verified: true });
    const token = sessionOf(res);
    const me = await request<UserInfo>(t, { method: 'GET', url: '/api/user/info', token: token.token });
    expect(me.data.id).toBe(owner.user.id);
  });

  it('refuses password sign-in of the domain\'s members, naming the connection to use', async () => {
    await createActiveUser(t.store.db, t.clock, { email: 'bob@contoso-corp.com', password: 'Passw0rd.1', accountStatus: 2 });
    const res = await request<LoginResponse>(t, { method: 'POST', url: '/uc/api/auth/login', body: { email: 'bob@contoso-corp.com', password: 'Passw0rd.1' } });
    expect(res.code).toBe(403);
    expect(res.message).toBe('Your organization uses single sign-on: please sign in through it');
    expect(res.data).toEqual({ connectionName: 'contoso-corp-com' });
    // Other domains still use their password.
    await createActiveUser(t.store.db, t.clock, { email: 'carol@example.org', password: 'Passw0rd.1', accountStatus: 2 });
    const other = await request<TokenResponse>(t, { method: 'POST', url: '/uc/api/auth/login', body: { email: 'carol@example.org', password: 'Passw0rd.1' } });
    expect(other.code).toBe(200);
    expect(other.data.token).toBeTruthy();
  });

  it('refuses the password of a domain held to SSO on every way in, the IDMP console and marketplace linking too', async () => {
    await createActiveUser(t.store.db, t.clock, { email: 'dave@contoso-corp.com', password: 'Passw0rd.1', accountStatus: 2 });
    const asset = await request(t, { method: 'POST', url: '/uc/api/auth/asset-login', body: { email: 'dave@contoso-corp.com', password: 'Passw0rd.1', instanceId: 'any' } });
    expect(asset.code).toBe(403);
    expect(asset.data).toEqual({ connectionName: 'contoso-corp-com' });
  });

  it('refuses a directory e-mail outside the organization\'s domain', async () => {
    const res = await signInThrough({ connection: 'contoso-corp-com' }, { sub: 'aad-3', email: 'mallory@gmail.example', email_verified: true });
    expect(res.code).toBe(403);
    expect(res.message).toBe("The signed-in e-mail mallory@gmail.example is not in the organization's SSO domain");
    expect(await findUserByEmail(t.store.db, 'mallory@gmail.example')).toBeNull();
  });

  it('answers the spec message when the profile has no e-mail', async () => {
    const res = await signInThrough({ connection: 'contoso-corp-com' }, { sub: 'aad-no-mail' });
    expect(res.code).toBe(401);
    expect(res.message).toBe('no e-mail in the third-party SSO profile');
    const viaProvider = await signInThrough({ provider: 'localidp' }, { sub: 'idp-no-mail' });
    expect(viaProvider.message).toBe('no e-mail in the third-party SSO profile');
  });

  it('signs in through the third-party provider; members of an SSO domain are sent to their directory', async () => {
    const res = await signInThrough({ provider: 'localidp' }, { sub: 'idp-1', email: 'dave@example.net', email_verified: true, given_name: 'Dave' });
    const token = sessionOf(res);
    const me = await request<UserInfo>(t, { method: 'GET', url: '/api/user/info', token: token.token });
    expect(me.data.email).toBe('dave@example.net');

    const member = await signInThrough({ provider: 'localidp' }, { sub: 'idp-2', email: 'erin@contoso-corp.com', email_verified: true });
    expect(member.code).toBe(403);
    expect(member.data).toEqual({ connectionName: 'contoso-corp-com' });

    const unverified = await signInThrough({ provider: 'localidp' }, { sub: 'idp-3', email: 'frank@example.net', email_verified: false });
    expect(unverified.message).toBe('no e-mail in the third-party SSO profile');
  });

  it("activates an address someone signed up for, without that sign-up's password (issue 12 item 5)", async () => {
    const email = 'preset@example.net';
    const signup = { email, password: 'Attacker.42', firstName: 'Mal', lastName: 'Lory', acceptTerms: true };
    expect((await request(t, { method: 'POST', url: '/uc/api/auth/register', body: signup })).code).toBe(200);
    sessionOf(await signInThrough({ provider: 'localidp' }, { sub: 'idp-preset', email, email_verified: true }));
    expect(await findUserByEmail(t.store.db, email)).toMatchObject({ status: 'ACTIVE', passwordHash: null });
    expect((await request(t, { method: 'POST', url: '/uc/api/auth/login', body: { email, password: 'Attacker.42' } })).code).toBe(401);
  });

  it('asks a user with multi-factor on for the second factor, answered at /auth/verify-code', async () => {
    const first = sessionOf(await signInThrough({ provider: 'localidp' }, { sub: 'idp-mfa', email: 'hank@example.net', email_verified: true }));
    const enroll = await request<{ secret: string }>(t, { method: 'POST', url: '/api/user/mfa/enroll', token: first.token });
    const code = new TOTP({ secret: Secret.fromBase32(enroll.data.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    const confirm = await request<{ recoveryCodes: string[] }>(t, { method: 'POST', url: '/api/user/mfa/confirm', token: first.token, body: { code } });
    expect(confirm.code, confirm.message).toBe(200);

    const again = await signInThrough({ provider: 'localidp' }, { sub: 'idp-mfa', email: 'hank@example.net', email_verified: true });
    expect(again.data).toMatchObject({ kind: 'signin', login: { mfaRequired: true, mfaTicket: expect.any(String) } });
    const ticket = again.data.kind === 'signin' && 'mfaTicket' in again.data.login ? again.data.login.mfaTicket : '';
    const verified = await request<TokenResponse>(t, { method: 'POST', url: '/uc/api/auth/verify-code', body: { mfaTicket: ticket, code: confirm.data.recoveryCodes[0] } });
    expect(verified.code, verified.message).toBe(200);
    expect((await request(t, { method: 'GET', url: '/api/user/info', token: verified.data.token })).code).toBe(200);
  });

  it('rejects a forged state, an unknown connection and a provider error', async () => {
    const forged = await request(t, { method: 'POST', url: '/uc/api/auth/auth0-login', body: { state: 'made-up', code: 'x' } });
    expect(forged.code).toBe(401);
    const unknown = await request(t, { method: 'POST', url: '/uc/api/auth/sso/start', body: { connection: 'nobody-example-com' } });
    expect(unknown.code).toBe(404);
    expect(unknown.message).toBe('Single sign-on is not set up for this address');
    const started = await request<SsoRedirect>(t, { method: 'POST', url: '/uc/api/auth/sso/start', body: { provider: 'localidp' } });
    const state = new URL(started.data.url).searchParams.get('state')!;
    const denied = await request(t, { method: 'POST', url: '/uc/api/auth/auth0-login', body: { state, error: 'access_denied', error_description: 'The user cancelled' } });
    expect(denied.code).toBe(401);
    expect(denied.message).toBe('The identity provider refused the sign-in: The user cancelled');
  });

  it('a sign-in started before the setting changed cannot finish; password sign-in works again once SSO is off', async () => {
    const started = await request<SsoRedirect>(t, { method: 'POST', url: '/uc/api/auth/sso/start', body: { connection: 'contoso-corp-com' } });
    op.nextAccount = { sub: 'aad-4', email: 'gina@contoso-corp.com', email_verified: true };
    const query = await op.browse(started.data.url, REDIRECT_URI);
    const off = await owner.call<SsoSetting>('PUT', `/api/org/sso/azure-ad/${setting.id}`, { domain: 'contoso-corp.com', clientId: AZURE_CLIENT_ID, enabled: false }, orgId);
    expect(off.data).toMatchObject({ enabled: false, verified: true, enforced: false });
    const late = await request(t, { method: 'POST', url: '/uc/api/auth/auth0-login', body: Object.fromEntries(query) });
    expect(late.code).toBe(401);
    const login = await request<TokenResponse>(t, { method: 'POST', url: '/uc/api/auth/login', body: { email: 'bob@contoso-corp.com', password: 'Passw0rd.1' } });
    expect(login.code).toBe(200);
    const closed = await request(t, { method: 'POST', url: '/uc/api/auth/sso/start', body: { connection: 'contoso-corp-com' } });
    expect(closed.code).toBe(404);
  });
});
