import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiCode,
  LOGIN_ATTEMPT_WINDOW_MS,
  LOGIN_DELAY_BASE_MS,
  LOGIN_FREE_ATTEMPTS_PER_ACCOUNT,
  LOGIN_FREE_ATTEMPTS_PER_ADDRESS,
  LOGIN_FREE_ATTEMPTS_PER_CLIENT,
  type ApiEnvelope,
} from '@tscloud/contracts';
import { TestMailbox } from '../support/mailbox';
import { PASSWORD, activeAccount, call, createAccountsApp, expectRefusal, nthMail, type AccountsTestApp } from './helpers';

/**
 * Issue 12 item 6: nobody can lock the owner out. Guesses are counted per (account, client address), an account's
 * and an address's shared counters spare the addresses the account signed in from, beyond the free guesses each
 * further one waits a growing delay, an e-mailed link lets the owner in, and the check is atomic.
 */
describe('sign-in throttling', () => {
  let t: AccountsTestApp;
  const UNLOCK_SUBJECT = /Sign in to tscloud|登录 tscloud/;
  const WRONG = 'Wrong.pass1';
  const login = (email: string, password: string, ip: string, extra: Record<string, unknown> = {}, lang: 'en' | 'zh' = 'en') =>
    call(t, 'POST', '/uc/api/auth/login', { body: { email, password, ...extra }, ip, lang });
  const delayed = (seconds: number) => `Too many sign-in attempts, please try again in ${seconds} seconds`;
  /** Starts every test from quiet counters. */
  const quiet = () => t.clock.advance(LOGIN_ATTEMPT_WINDOW_MS + 1);

  beforeAll(async () => {
    t = await createAccountsApp();
    // Each account signs in once from 127.0.0.1, which makes that address one it is known to sign in from.
    for (const name of ['owner', 'spread', 'racer', 'colleague', 'newcomer', 'zh']) await activeAccount(t, `${name}@example.com`);
  });
  afterAll(async () => t.close());

  it("lets the owner in from another address after an attacker's wrong passwords, and slows the attacker down more and more", async () => {
    const attacker = '198.51.100.1';
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS_PER_CLIENT; i += 1) {
      expectRefusal(await login('owner@example.com', WRONG, attacker), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    }
    // The attacker's next guess waits, and is not evaluated: even the right password is refused from there.
    expectRefusal(await login('owner@example.com', PASSWORD, attacker), ApiCode.TOO_MANY_REQUESTS, delayed(LOGIN_DELAY_BASE_MS / 1000));
    expectRefusal(await login('owner@example.com', PASSWORD, attacker, {}, 'zh'), ApiCode.TOO_MANY_REQUESTS, `登录尝试次数过多，请 ${LOGIN_DELAY_BASE_MS / 1000} 秒后再试`);
    const refused = await login('owner@example.com', WRONG, attacker);
    expect(refused.data).toEqual({ retryAfterSeconds: LOGIN_DELAY_BASE_MS / 1000 });
    // The owner, at home and from a new address alike, gets in.
    expect((await login('owner@example.com', PASSWORD, '127.0.0.1')).code).toBe(200);
    expect((await login('owner@example.com', PASSWORD, '192.0.2.44')).code).toBe(200);
    // The delay doubles with each guess the attacker is allowed.
    t.clock.advance(LOGIN_DELAY_BASE_MS);
    expect((await login('owner@example.com', WRONG, attacker)).code).toBe(ApiCode.UNAUTHENTICATED);
    expectRefusal(await login('owner@example.com', WRONG, attacker), ApiCode.TOO_MANY_REQUESTS, delayed((2 * LOGIN_DELAY_BASE_MS) / 1000));
    t.clock.advance(LOGIN_DELAY_BASE_MS);
    expectRefusal(await login('owner@example.com', WRONG, attacker), ApiCode.TOO_MANY_REQUESTS, delayed(LOGIN_DELAY_BASE_MS / 1000));
    t.clock.advance(LOGIN_DELAY_BASE_MS);
    expect((await login('owner@example.com', WRONG, attacker)).code).toBe(ApiCode.UNAUTHENTICATED);
    quiet();
  });

  it('a guess from many addresses slows the account for new addresses only; the unlock link lets the owner in from anywhere', async () => {
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS_PER_ACCOUNT; i += 1) {
      expect((await login('spread@example.com', WRONG, `198.51.100.${10 + i}`)).code).toBe(ApiCode.UNAUTHENTICATED);
    }
    // A new address waits, right password or not …
    expect((await login('spread@example.com', PASSWORD, '203.0.113.99')).code).toBe(ApiCode.TOO_MANY_REQUESTS);
    // … while the address the owner signed in from before is not held back.
    expect((await login('spread@example.com', PASSWORD, '127.0.0.1')).code).toBe(200);

    // The owner, away from home, asks for an unlock link; the answer is the same for an unknown address.
    expect((await call(t, 'POST', '/uc/api/auth/unlock/send', { body: { email: 'spread@example.com' }, ip: '203.0.113.99' })).code).toBe(200);
    expect((await call(t, 'POST', '/uc/api/auth/unlock/send', { body: { email: 'nobody@example.com' }, ip: '203.0.113.99' })).code).toBe(200);
    const mail = await nthMail(t.mailbox, 'spread@example.com', UNLOCK_SUBJECT);
    const link = new URL(TestMailbox.linkIn(mail, '/auth/login'));
    expect(link.origin + link.pathname).toBe('http://console.test/auth/login');
    expect(link.searchParams.get('email')).toBe('spread@example.com');
    const unlockToken = link.searchParams.get('unlock')!;

    // A wrong password with the link is counted on the link's own counter, and the right one gets in.
    expect((await login('spread@example.com', WRONG, '203.0.113.99', { unlockToken })).code).toBe(ApiCode.UNAUTHENTICATED);
    expect((await login('spread@example.com', PASSWORD, '203.0.113.99', { unlockToken })).code).toBe(200);
    // The link works once, and it cleared the account's throttle: another new address gets in too.
    expectRefusal(await login('spread@example.com', PASSWORD, '203.0.113.99', { unlockToken }), ApiCode.BAD_REQUEST, 'The unlock link is invalid or has expired, please ask for a new one');
    expectRefusal(await login('spread@example.com', PASSWORD, '203.0.113.99', { unlockToken: 'forged' }, 'zh'), ApiCode.BAD_REQUEST, '解锁链接无效或已过期，请重新获取');
    expect((await login('spread@example.com', PASSWORD, '203.0.113.100')).code).toBe(200);
    quiet();
  });

  it('does not lock out colleagues behind one NAT address', async () => {
    const nat = '100.64.0.1';
    // The colleague signs in from the office once; then someone behind the same NAT guesses across accounts.
    expect((await login('colleague@example.com', PASSWORD, nat)).code).toBe(200);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS_PER_ADDRESS; i += 1) {
      expect((await login(`guess${i}@example.com`, WRONG, nat)).code).toBe(ApiCode.UNAUTHENTICATED);
    }
    expect((await login(`guess-next@example.com`, WRONG, nat)).code).toBe(ApiCode.TOO_MANY_REQUESTS);
    // The colleague still gets in from the office …
    expect((await login('colleague@example.com', PASSWORD, nat)).code).toBe(200);
    // … and a newcomer who never signed in from there is slowed, but gets in with the unlock link.
    expect((await login('newcomer@example.com', PASSWORD, nat)).code).toBe(ApiCode.TOO_MANY_REQUESTS);
    expect((await call(t, 'POST', '/uc/api/auth/unlock/send', { body: { email: 'newcomer@example.com' }, ip: nat })).code).toBe(200);
    const unlockToken = new URL(TestMailbox.linkIn(await nthMail(t.mailbox, 'newcomer@example.com', UNLOCK_SUBJECT), '/auth/login')).searchParams.get('unlock')!;
    expect((await login('newcomer@example.com', PASSWORD, nat, { unlockToken })).code).toBe(200);
    // From then on the newcomer is known at that address too.
    expect((await login('newcomer@example.com', PASSWORD, nat)).code).toBe(200);
    quiet();
  });

  it('evaluates at most the free guesses of 40 concurrent wrong guesses', async () => {
    const answers: ApiEnvelope[] = await Promise.all(Array.from({ length: 40 }, () => login('racer@example.com', WRONG, '198.51.100.200')));
    const evaluated = answers.filter((a) => a.code === ApiCode.UNAUTHENTICATED).length;
    expect(evaluated).toBe(LOGIN_FREE_ATTEMPTS_PER_CLIENT);
    expect(answers.filter((a) => a.code === ApiCode.TOO_MANY_REQUESTS)).toHaveLength(40 - LOGIN_FREE_ATTEMPTS_PER_CLIENT);
    quiet();
  });

  it("mails the unlock link in the account's language, not the asker's", async () => {
    expect((await call(t, 'POST', '/uc/api/auth/unlock/send', { body: { email: 'zh@example.com' }, lang: 'zh' })).code).toBe(200);
    const mail = await nthMail(t.mailbox, 'zh@example.com', UNLOCK_SUBJECT);
    expect(mail.subject).toBe('Sign in to tscloud');
    expect(mail.text).toContain('valid for 30 minutes and works once');
  });
});
