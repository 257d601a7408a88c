import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, MAIL_ADDRESS_WINDOW_MS, MAIL_CLIENT_WINDOW_MS, MAIL_MAX_PER_ADDRESS, MAIL_MAX_PER_CLIENT } from '@tscloud/contracts';
import { ACTIVATION_SUBJECT, RESET_SUBJECT, activeAccount, call, createAccountsApp, expectRefusal, signupBody, type AccountsTestApp } from './helpers';
import { createOrg, signedIn } from '../orgs/helpers';

/**
 * Issue 12 item 10: forgot password, resend activation, sign-up of a pending address and re-invitation could flood a
 * mailbox (15 calls, 15 mails). Account mails are limited per e-mail address and per client address, counted in the
 * store (so every server process shares the counts), and refused with 429 and the time to wait.
 */
/** Limits hold per e-mail address and kind of mail (activation, reset, invitation), and per client. */
const TOO_MANY = (minutes: number) => `Too many e-mails were requested, please try again in ${minutes} minutes`;

describe('account mail rate limits', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(async () => t.close());

  const mailsTo = (email: string, subject: RegExp) => t.mailbox.messages.filter((m) => m.to.includes(email) && subject.test(m.subject)).length;
  /** Lets mails sent after an answer arrive (or not), so that counts are final. */
  const settle = () => new Promise((r) => setTimeout(r, 500));
  const forgot = (email: string, ip = '192.0.2.1', lang: 'en' | 'zh' = 'en') => call(t, 'POST', '/uc/api/auth/forget-password', { body: { email }, ip, lang });

  it(`15 forgot-password calls for one address send ${MAIL_MAX_PER_ADDRESS} mails; the rest are refused until the window ends`, async () => {
    const email = 'flooded@example.com';
    await activeAccount(t, email);
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await forgot(email, `192.0.2.${10 + i}`));
    expect(answers.slice(0, MAIL_MAX_PER_ADDRESS).map((a) => a.code)).toEqual(Array(MAIL_MAX_PER_ADDRESS).fill(200));
    for (const refused of answers.slice(MAIL_MAX_PER_ADDRESS)) expectRefusal(refused, ApiCode.TOO_MANY_REQUESTS, TOO_MANY(15));
    expectRefusal(await forgot(email, '192.0.2.99', 'zh'), ApiCode.TOO_MANY_REQUESTS, '请求发送的邮件过多，请 15 分钟后再试');
    await settle();
    expect(mailsTo(email, RESET_SUBJECT)).toBe(MAIL_MAX_PER_ADDRESS);

    t.clock.advance(MAIL_ADDRESS_WINDOW_MS - 5 * 60_000);
    expectRefusal(await forgot(email), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(5));
    t.clock.advance(5 * 60_000);
    expect((await forgot(email)).code).toBe(200);
  });

  it('an unknown address is limited alike, so the limit reveals no account', async () => {
    for (let i = 0; i < MAIL_MAX_PER_ADDRESS; i++) expect((await forgot('nobody@example.com', '192.0.2.50')).code).toBe(200);
    expectRefusal(await forgot('nobody@example.com', '192.0.2.51'), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(15));
  });

  it(`one client gets ${MAIL_MAX_PER_CLIENT} mail calls an hour, whatever the addresses; other clients are not held back`, async () => {
    const client = '198.51.100.20';
    for (let i = 0; i < MAIL_MAX_PER_CLIENT; i++) expect((await forgot(`spread${i}@example.com`, client)).code).toBe(200);
    expectRefusal(await forgot('spread-last@example.com', client), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(60));
    expectRefusal(await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email: 'spread-last@example.com' }, ip: client }), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(60));
    // The refused calls were counted nowhere: the address still has its whole allowance from another client.
    for (let i = 0; i < MAIL_MAX_PER_ADDRESS; i++) expect((await forgot('spread-last@example.com', '198.51.100.21')).code).toBe(200);
    t.clock.advance(MAIL_CLIENT_WINDOW_MS);
    expect((await forgot('spread-again@example.com', client)).code).toBe(200);
  });

  it('sign-up of a pending address and resending its activation share the address allowance for activation mails', async () => {
    const email = 'pending@example.com';
    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) })).code).toBe(200);
    expect((await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email }, ip: '192.0.2.70' })).code).toBe(200);
    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) })).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email }, ip: '192.0.2.71' }), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(15));
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) }), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(15));
    await settle();
    expect(mailsTo(email, ACTIVATION_SUBJECT)).toBe(MAIL_MAX_PER_ADDRESS);
  });

  it("calls that send an account nothing do not use up the allowance of the mails it needs", async () => {
    const email = 'active.owner@example.com';
    await activeAccount(t, email);
    // A window without the sign-up's activation mail.
    t.clock.advance(MAIL_ADDRESS_WINDOW_MS);
    // Resending activation to an active account sends nothing: it cannot hold back the owner's reset mail.
    for (let i = 0; i < MAIL_MAX_PER_ADDRESS; i++) expect((await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email }, ip: '192.0.2.80' })).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email }, ip: '192.0.2.80' }), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(15));
    expect((await forgot(email, '192.0.2.81')).code).toBe(200);
    await settle();
    expect(mailsTo(email, RESET_SUBJECT)).toBe(1);
  });

  it('re-inviting a member still invited is limited too (the first invitation is not)', async () => {
    const owner = await signedIn(t, 'inviter.owner@example.com', 'Olga');
    const orgId = await createOrg(owner, 'Flooders');
    const email = 'reinvited@example.com';
    const invite = await owner.call<{ memberId: string }>('POST', '/api/user/invite', { email }, orgId);
    expect(invite.code).toBe(200);
    for (let i = 0; i < MAIL_MAX_PER_ADDRESS - 1; i++) expect((await owner.call('POST', '/api/user/invite', { email }, orgId)).code).toBe(200);
    expect((await owner.call('POST', '/api/user/reactivate', { memberId: invite.data.memberId }, orgId)).code).toBe(200);
    const refused = await owner.call('POST', '/api/user/invite', { email }, orgId);
    expectRefusal(refused, ApiCode.TOO_MANY_REQUESTS, TOO_MANY(15));
    expectRefusal(await owner.call('POST', '/api/user/reactivate', { memberId: invite.data.memberId }, orgId), ApiCode.TOO_MANY_REQUESTS, TOO_MANY(15));
    await settle();
    expect(t.mailbox.messages.filter((m) => m.to.includes(email)).length).toBe(1 + MAIL_MAX_PER_ADDRESS);
  });

  it(`concurrent calls for one address pass exactly ${MAIL_MAX_PER_ADDRESS} times (the count is atomic)`, async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => forgot('racing@example.com', `203.0.113.${i + 1}`)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(MAIL_MAX_PER_ADDRESS);
    expect(answers.filter((a) => a.code === ApiCode.TOO_MANY_REQUESTS)).toHaveLength(12 - MAIL_MAX_PER_ADDRESS);
  });
});
