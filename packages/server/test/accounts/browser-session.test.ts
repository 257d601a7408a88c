import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ApiCode, SESSION_ABSOLUTE_LIFETIME_MS, SESSION_LIFETIME_MS, SessionCookie, type ApiEnvelope } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/app';
import { HSTS_VALUE } from '../../src/http/security-headers-plugin';
import { PASSWORD, activeAccount, call, createAccountsApp, expectRefusal, signIn, type AccountsTestApp } from './helpers';

/** What a browser keeps of a cookie session: the two cookies, as the server set them. */
interface CookieJar {
  session: string;
  csrf: string;
}

function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** Signs in as the web app does (Session-Transport: cookie) and returns the response. */
async function cookieSignIn(t: TestApp, email: string) {
  return t.app.inject({ method: 'POST', url: '/uc/api/auth/login', headers: { 'session-transport': 'cookie' }, payload: { email, password: PASSWORD } });
}

function jarOf(res: LightMyRequestResponse): CookieJar {
  const session = cookieOf(res, SessionCookie.SESSION)?.value;
  const csrf = cookieOf(res, SessionCookie.CSRF)?.value;
  if (!session || !csrf) throw new Error('the answer set no session cookies');
  return { session, csrf };
}

/** A call carrying only the cookies (no Authorization), with the CSRF header when given. */
async function cookieCall(t: TestApp, method: 'GET' | 'POST', url: string, jar: CookieJar, csrfHeader?: string, lang: 'en' | 'zh' = 'en') {
  const headers: Record<string, string> = { 'accept-language': lang === 'zh' ? 'zh-CN' : 'en-US' };
  if (csrfHeader !== undefined) headers['x-csrf-token'] = csrfHeader;
  const res = await t.app.inject({ method, url, headers, cookies: { [SessionCookie.SESSION]: jar.session, [SessionCookie.CSRF]: jar.csrf } });
  return { res, envelope: res.json() as ApiEnvelope };
}

const CSRF_REFUSAL_EN = 'The request was refused because its security token is missing or wrong, please reload the page and try again';
const CSRF_REFUSAL_ZH = '请求的安全令牌缺失或错误，已被拒绝，请刷新页面后重试';

describe('cookie sessions of the web app', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
    await activeAccount(t, 'cora@example.com');
  });
  afterAll(async () => t.close());

  it('signs in into an HttpOnly session cookie and a readable CSRF cookie, with no token in the body', async () => {
    const res = await cookieSignIn(t, 'cora@example.com');
    const envelope = res.json() as ApiEnvelope<Record<string, unknown>>;
    expect(envelope.code).toBe(200);
    expect(envelope.data).toEqual({ tokenType: 'Cookie', expiresAt: t.clock.now() + SESSION_LIFETIME_MS });
    const session = cookieOf(res, SessionCookie.SESSION);
    const csrf = cookieOf(res, SessionCookie.CSRF);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: SESSION_LIFETIME_MS / 1000 });
    expect(session?.secure).toBeFalsy(); // plain http: a Secure cookie would never come back
    expect(csrf).toMatchObject({ sameSite: 'Strict', path: '/', maxAge: SESSION_LIFETIME_MS / 1000 });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.value).not.toBe(session?.value);
  });

  it('serves a signed-in call with the cookie alone and slides the cookies with the session', async () => {
    const jar = jarOf(await cookieSignIn(t, 'cora@example.com'));
    t.clock.advance(SESSION_LIFETIME_MS - 60_000);
    const { res, envelope } = await cookieCall(t, 'GET', '/api/user/info', jar);
    expect(envelope).toMatchObject({ code: 200, data: { email: 'cora@example.com' } });
    // The keep-alive: both cookies now last a full idle lifetime again.
    expect(cookieOf(res, SessionCookie.SESSION)).toMatchObject({ value: jar.session, httpOnly: true, maxAge: SESSION_LIFETIME_MS / 1000 });
    expect(cookieOf(res, SessionCookie.CSRF)).toMatchObject({ value: jar.csrf, maxAge: SESSION_LIFETIME_MS / 1000 });
    t.clock.advance(SESSION_LIFETIME_MS - 60_000);
    expect((await cookieCall(t, 'GET', '/api/user/info', jar)).envelope.code).toBe(200);
  });

  it('refuses a cookie-authenticated write without the CSRF header or with a wrong one, and takes the right one', async () => {
    const jar = jarOf(await cookieSignIn(t, 'cora@example.com'));
    expectRefusal((await cookieCall(t, 'POST', '/api/user/logout', jar)).envelope, ApiCode.FORBIDDEN, CSRF_REFUSAL_EN);
    expectRefusal((await cookieCall(t, 'POST', '/api/user/logout', jar, '', 'zh')).envelope, ApiCode.FORBIDDEN, CSRF_REFUSAL_ZH);
    expectRefusal((await cookieCall(t, 'POST', '/api/user/logout', jar, `${jar.csrf.slice(0, -1)}${jar.csrf.endsWith('A') ? 'B' : 'A'}`)).envelope, ApiCode.FORBIDDEN, CSRF_REFUSAL_EN);
    // A CSRF token of another session (an attacker's own) does not pass either.
    const other = jarOf(await cookieSignIn(t, 'cora@example.com'));
    expectRefusal((await cookieCall(t, 'POST', '/api/user/logout', jar, other.csrf)).envelope, ApiCode.FORBIDDEN, CSRF_REFUSAL_EN);
    // None of the refused calls ended the session.
    expect((await cookieCall(t, 'GET', '/api/user/info', jar)).envelope.code).toBe(200);

    const { res, envelope } = await cookieCall(t, 'POST', '/api/user/logout', jar, jar.csrf);
    expect(envelope.code).toBe(200);
    // Sign-out removes both cookies, and the session is over.
    expect(cookieOf(res, SessionCookie.SESSION)).toMatchObject({ value: '', maxAge: 0 });
    expect(cookieOf(res, SessionCookie.CSRF)).toMatchObject({ value: '', maxAge: 0 });
    const after = await cookieCall(t, 'GET', '/api/user/info', jar);
    expectRefusal(after.envelope, ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
    expect(cookieOf(after.res, SessionCookie.CSRF)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('leaves bearer clients as they were: token in the body, no cookies, no CSRF header needed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/uc/api/auth/login', payload: { email: 'cora@example.com', password: PASSWORD } });
    const envelope = res.json() as ApiEnvelope<{ token: string; tokenType: string }>;
    expect(envelope.data.tokenType).toBe('Bearer');
    expect(envelope.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.cookies).toEqual([]);
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${envelope.data.token}` } });
    expect(info.cookies).toEqual([]);
    expect((await call(t, 'POST', '/api/user/logout', { token: envelope.data.token })).code).toBe(200);
  });
});

describe('session lifetime and sign-out everywhere', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
    await activeAccount(t, 'abel@example.com');
    await activeAccount(t, 'bess@example.com');
  });
  afterAll(async () => t.close());

  /** Calls every 100 minutes (inside the 2 h idle time) until 30 minutes before the session's absolute end. */
  async function keepActiveUntilNearTheEnd(started: number, activity: () => Promise<number>): Promise<void> {
    const step = SESSION_LIFETIME_MS - 20 * 60_000;
    while (t.clock.now() + step < started + SESSION_ABSOLUTE_LIFETIME_MS - 30 * 60_000) {
      t.clock.advance(step);
      expect(await activity()).toBe(200);
    }
  }
  const moveTo = (time: number) => t.clock.advance(time - t.clock.now());

  it('ends a session SESSION_ABSOLUTE_LIFETIME_MS after sign-in however active it stays', async () => {
    const started = t.clock.now();
    const token = await signIn(t, 'abel@example.com');
    await keepActiveUntilNearTheEnd(started, async () => (await call(t, 'GET', '/api/user/info', { token })).code);
    // The idle expiry no longer slides past the absolute end: the session ends at it, not 2 h after the last call.
    moveTo(started + SESSION_ABSOLUTE_LIFETIME_MS - 1);
    expect((await call(t, 'GET', '/api/user/info', { token })).code).toBe(200);
    moveTo(started + SESSION_ABSOLUTE_LIFETIME_MS);
    expectRefusal(await call(t, 'GET', '/api/user/info', { token }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
    // A new sign-in starts a new lifetime.
    expect((await call(t, 'GET', '/api/user/info', { token: await signIn(t, 'abel@example.com') })).code).toBe(200);
  });

  it('lets the cookies of a cookie session run out at the absolute end too', async () => {
    const started = t.clock.now();
    const jar = jarOf(await cookieSignIn(t, 'abel@example.com'));
    await keepActiveUntilNearTheEnd(started, async () => (await cookieCall(t, 'GET', '/api/user/info', jar)).envelope.code);
    const last = await cookieCall(t, 'GET', '/api/user/info', jar);
    const remainingSeconds = (started + SESSION_ABSOLUTE_LIFETIME_MS - t.clock.now()) / 1000;
    expect(remainingSeconds).toBeLessThan(SESSION_LIFETIME_MS / 1000);
    expect(cookieOf(last.res, SessionCookie.SESSION)?.maxAge).toBe(remainingSeconds);
    expect(cookieOf(last.res, SessionCookie.CSRF)?.maxAge).toBe(remainingSeconds);
    moveTo(started + SESSION_ABSOLUTE_LIFETIME_MS);
    expect((await cookieCall(t, 'GET', '/api/user/info', jar)).envelope.code).toBe(ApiCode.SESSION_INVALID);
  });

  it('signs out everywhere: every session of the caller ends, this one included, and no other user is touched', async () => {
    const laptop = await signIn(t, 'abel@example.com');
    const phone = await signIn(t, 'abel@example.com');
    const browser = jarOf(await cookieSignIn(t, 'abel@example.com'));
    const someoneElse = await signIn(t, 'bess@example.com');

    expectRefusal((await cookieCall(t, 'POST', '/api/user/sessions/revoke-all', browser)).envelope, ApiCode.FORBIDDEN, CSRF_REFUSAL_EN);
    const { res, envelope } = await cookieCall(t, 'POST', '/api/user/sessions/revoke-all', browser, browser.csrf);
    expect(envelope.code).toBe(200);
    expect(cookieOf(res, SessionCookie.SESSION)).toMatchObject({ value: '', maxAge: 0 });

    for (const token of [laptop, phone]) {
      expectRefusal(await call(t, 'GET', '/api/user/info', { token }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
    }
    expect((await cookieCall(t, 'GET', '/api/user/info', browser)).envelope.code).toBe(ApiCode.SESSION_INVALID);
    expect((await call(t, 'GET', '/api/user/info', { token: someoneElse })).code).toBe(200);

    // From a bearer client the same call works without any CSRF header.
    const again = await signIn(t, 'abel@example.com');
    expect((await call(t, 'POST', '/api/user/sessions/revoke-all', { token: again })).code).toBe(200);
    expect((await call(t, 'GET', '/api/user/info', { token: again })).code).toBe(ApiCode.SESSION_INVALID);
  });
});

describe('browser security headers', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    // A stand-in for the built web app: its index.html and one script file.
    const webDist = mkdtempSync(join(tmpdir(), 'tscloud-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
    t = await createTestApp({ clock: new FakeClock(), webDist });
    proxied = await createTestApp({ clock: new FakeClock(), webDist, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  function expectSecurityHeaders(res: LightMyRequestResponse): void {
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  }

  it('sends them on API answers, refusals, the web app and its files', async () => {
    for (const url of ['/api/health', '/api/user/info', '/uc/api/nothing-here', '/', '/organizationAccessControl', '/assets/app.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('adds HSTS only over https: the trusted proxy says so, an untrusted X-Forwarded-Proto does not', async () => {
    const viaHttpsProxy = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expectSecurityHeaders(viaHttpsProxy);
    expect(viaHttpsProxy.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const api = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect((await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is the client's word, not the connection's: no HSTS.
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });

  it('marks the session cookies Secure over https', async () => {
    await activeAccount(proxied, 'sela@example.com');
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/uc/api/auth/login',
      headers: { 'session-transport': 'cookie', 'x-forwarded-proto': 'https' },
      payload: { email: 'sela@example.com', password: PASSWORD },
    });
    expect(cookieOf(res, SessionCookie.SESSION)).toMatchObject({ secure: true, httpOnly: true });
    expect(cookieOf(res, SessionCookie.CSRF)).toMatchObject({ secure: true });
  });
});
