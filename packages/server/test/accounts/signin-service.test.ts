import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type LoginResponse, type TokenResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../src/deps';
import { FakeClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { createMailer } from '../../src/mail';
import type { Store } from '../../src/store/database';
import { envelopePlugin } from '../../src/http/envelope-plugin';
import { routeRegistryPlugin } from '../../src/http/route-registry-plugin';
import { authGuardPlugin } from '../../src/platform/accounts';
import { accountsPlugin } from '../../src/platform/accounts/plugin';
import { mfaPlugin } from '../../src/platform/mfa';
import { sessionsPlugin } from '../../src/platform/sessions/plugin';
import { createTestStore } from '../support/store';
import { PASSWORD, activeAccount, call, createAccountsApp, expectRefusal, totpCode, type AccountsTestApp } from './helpers';

const SRC = join(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The source files (relative to src/) that contain `marker`. */
function filesUsing(marker: string): string[] {
  return sourceFiles(SRC)
    .filter((path) => readFileSync(path, 'utf8').includes(marker))
    .map((path) => relative(SRC, path))
    .sort();
}

describe('the sign-in policy is written once (platform/auth/signin-service.ts)', () => {
  it('starts sessions and hands out multi-factor tickets only there', () => {
    // issueSession is defined in sessions/; every sign-in reaches it through the service.
    expect(filesUsing('issueSession(')).toEqual(['platform/auth/signin-service.ts', 'platform/sessions/session-cookie.ts']);
    expect(filesUsing("'mfa_ticket'")).toEqual(['platform/auth/signin-service.ts', 'store/schema/accounts.ts']);
  });

  it('checks a sign-in second factor only there (the rest of mfa/ is step-up and Verify-Tokens)', () => {
    expect(filesUsing('consumeSecondFactorThrottled(')).toEqual([
      'platform/auth/signin-service.ts',
      'platform/mfa/guard.ts',
      'platform/mfa/mfa-service.ts',
      'platform/mfa/routes.ts',
    ]);
  });

  it('checks sign-in passwords under the throttle only there', () => {
    expect(filesUsing('spendPasswordTime(')).toEqual(['platform/accounts/passwords.ts', 'platform/auth/signin-service.ts']);
  });
});

describe('sessions and multi-factor register their own routes', () => {
  let store: Store;
  let deps: AppDeps;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    store = await createTestStore();
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tscloud-plugins-')) });
    deps = { config, store, clock: new FakeClock(), mailer: createMailer(config) };
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await store.close();
  });

  /** The routes an app with only the guard and one area plugin has. */
  async function routesOf(plugin: FastifyPluginAsync<AppDeps>): Promise<string[]> {
    const app = Fastify();
    apps.push(app);
    await app.register(fastifyCookie);
    await app.register(envelopePlugin);
    await app.register(routeRegistryPlugin);
    await app.register(authGuardPlugin, deps);
    await app.register(plugin, deps);
    await app.ready();
    return app.routeTable.map((r) => `${r.method} ${r.url}`);
  }

  it('the sessions plugin registers sign-out and sign-out everywhere', async () => {
    const routes = await routesOf(sessionsPlugin);
    expect(routes.sort()).toEqual(['POST /api/user/logout', 'POST /api/user/sessions/revoke-all']);
  });

  it('the multi-factor plugin registers the MFA settings, Verify-Token and exemption routes', async () => {
    const routes = await routesOf(mfaPlugin);
    expect(routes).toEqual(expect.arrayContaining(['GET /api/user/mfa', 'POST /api/user/mfa/enroll', 'POST /api/verify/token', 'POST /api/verify/user-mfa-urls']));
    expect(routes.every((r) => r.includes('/mfa') || r.includes('/verify'))).toBe(true);
  });

  it('the accounts plugin registers neither', async () => {
    const routes = await routesOf(accountsPlugin);
    expect(routes).toContain('POST /uc/api/auth/login');
    expect(routes).not.toContain('POST /api/user/logout');
    expect(routes).not.toContain('GET /api/user/mfa');
  });
});

describe('one second-factor throttle for every sign-in', () => {
  let t: AccountsTestApp;
  let secret: string;
  const email = 'one.policy@example.com';
  const ip = '203.0.113.7';

  beforeAll(async () => {
    t = await createAccountsApp();
    const token = await activeAccount(t, email);
    secret = (await call<{ secret: string }>(t, 'POST', '/api/user/mfa/enroll', { token })).data.secret;
    expect((await call(t, 'POST', '/api/user/mfa/confirm', { token, body: { code: totpCode(secret, t.clock) } })).code).toBe(200);
    t.clock.advance(31_000);
  });
  afterAll(async () => t.close());

  it('wrong codes at the IDMP console slow down the console sign-in step from that address', async () => {
    const idmp = { email, password: PASSWORD, instanceId: 'any-instance' };
    for (let i = 0; i < 5; i++) {
      expectRefusal(await call(t, 'POST', '/uc/api/auth/asset-login', { body: { ...idmp, code: '000000' }, ip }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    }
    const login = await call<LoginResponse>(t, 'POST', '/uc/api/auth/login', { body: { email, password: PASSWORD }, ip });
    expect(login.data).toMatchObject({ mfaRequired: true });
    const mfaTicket = 'mfaTicket' in login.data ? login.data.mfaTicket : '';
    const delayed = await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket, code: totpCode(secret, t.clock) }, ip });
    expect(delayed.code).toBe(ApiCode.TOO_MANY_REQUESTS);
    t.clock.advance(31_000);
    const signedIn = await call<TokenResponse>(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket, code: totpCode(secret, t.clock) }, ip });
    expect(signedIn).toMatchObject({ code: 200, data: { tokenType: 'Bearer' } });
  });
});
