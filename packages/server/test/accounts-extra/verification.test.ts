import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, EMAIL_CODE_MAX_PER_TTL, EMAIL_CODE_TTL_MS, type CaptchaConfig, type PromptCodeResponse } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { createTestApp } from '../support/app';
import { activeAccount, call, createAccountsApp, expectRefusal, sentSms, type AccountsTestApp } from '../accounts/helpers';
import { codeFromMail, codeMailCount } from './helpers';

describe('e-mail verification codes (captcha off, the embedded default)', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(async () => t.close());

  it('says the captcha is off and accepts any check', async () => {
    expect(await call<CaptchaConfig>(t, 'GET', '/uc/api/auth/captcha')).toMatchObject({ code: 200, data: { enabled: false, provider: 'off', siteKey: '' } });
    expect(await call(t, 'POST', '/uc/api/auth/verify', { body: { reponseToken: 'anything' } })).toMatchObject({ code: 200, data: { success: true } });
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify', { body: {} }), ApiCode.BAD_REQUEST, 'The human verification failed, please try again');
  });

  it('mails a 6-digit code valid 10 minutes and verifies it', async () => {
    const sent = await call<{ expiresAt: number }>(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'New.Person@example.com'.toLowerCase() } });
    expect(sent).toMatchObject({ code: 200, data: { expiresAt: t.clock.now() + EMAIL_CODE_TTL_MS } });
    const code = await codeFromMail(t, 'new.person@example.com');
    const mail = t.mailbox.messages.find((m) => m.to.includes('new.person@example.com'))!;
    expect(mail.text).toContain(`Your tscloud verification code is ${code}.`);
    expect(mail.text).toContain('It is valid for 10 minutes.');

    const wrong = code === '111111' ? '222222' : '111111';
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'new.person@example.com', code: wrong } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'new.person@example.com', code: wrong }, lang: 'zh' }), ApiCode.BAD_REQUEST, '验证码错误');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'new.person@example.com', code: '12ab56' } }), ApiCode.BAD_REQUEST, 'The verification code must be 6 digits');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'not-an-email', code } }), ApiCode.BAD_REQUEST, 'Please enter a valid email address');
    expect(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'new.person@example.com', code } })).toMatchObject({
      code: 200,
      data: { email: 'new.person@example.com', verified: true, expiresAt: t.clock.now() + EMAIL_CODE_TTL_MS },
    });
  });

  it('writes the mail in the language of the request and refuses an expired code', async () => {
    await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'late@example.com' }, lang: 'zh' });
    const code = await codeFromMail(t, 'late@example.com');
    expect(t.mailbox.messages.find((m) => m.to.includes('late@example.com'))!.subject).toBe('您的 tscloud 验证码');
    t.clock.advance(EMAIL_CODE_TTL_MS + 1);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'late@example.com', code } }), ApiCode.BAD_REQUEST, 'Verification code expired, please get a new one');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { email: 'late@example.com', code }, lang: 'zh' }), ApiCode.BAD_REQUEST, '验证码已过期，请重新获取');
  });

  it(`sends at most ${EMAIL_CODE_MAX_PER_TTL} codes to one address within 10 minutes`, async () => {
    for (let i = 0; i < EMAIL_CODE_MAX_PER_TTL; i++) expect((await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'flood@example.com' } })).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'flood@example.com' } }), ApiCode.TOO_MANY_REQUESTS, 'Too many sign-in attempts, please try again later');
    t.clock.advance(EMAIL_CODE_TTL_MS + 1);
    expect((await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'flood@example.com' } })).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'Bad Address' } }), ApiCode.BAD_REQUEST, 'Please enter a valid email address');
  });

  it('the multi-factor form of verify-code is unchanged', async () => {
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: 'nope', code: '123456' } }), ApiCode.UNAUTHENTICATED, 'The sign-in has expired, please sign in again');
  });
});

describe('the verification-code prompt (GET /api/user/getVerifyCode/{channel})', () => {
  let t: AccountsTestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAccountsApp();
    token = await activeAccount(t, 'prompt@example.com');
  });
  afterAll(async () => t.close());

  it('mails a code to the caller that POST /api/verify/token takes once', async () => {
    const before = codeMailCount(t, 'prompt@example.com');
    const sent = await call<PromptCodeResponse>(t, 'GET', '/api/user/getVerifyCode/email', { token });
    expect(sent).toMatchObject({ code: 200, data: { channel: 'email', to: 'p***@example.com', expiresAt: t.clock.now() + EMAIL_CODE_TTL_MS } });
    const code = await codeFromMail(t, 'prompt@example.com', before);
    const wrong = code === '111111' ? '222222' : '111111';
    expectRefusal(await call(t, 'POST', '/api/verify/token', { token, body: { code: wrong } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    const verified = await call<{ verifyToken: string }>(t, 'POST', '/api/verify/token', { token, body: { code } });
    expect(verified.code).toBe(200);
    expect(verified.data.verifyToken).toMatch(/^[\w-]{40,}$/);
    // Used once.
    expectRefusal(await call(t, 'POST', '/api/verify/token', { token, body: { code } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
  });

  it('refuses an expired prompt code', async () => {
    const before = codeMailCount(t, 'prompt@example.com');
    await call(t, 'GET', '/api/user/getVerifyCode/email', { token });
    const code = await codeFromMail(t, 'prompt@example.com', before);
    t.clock.advance(EMAIL_CODE_TTL_MS + 1);
    token = (await call<{ token: string }>(t, 'POST', '/uc/api/auth/login', { body: { email: 'prompt@example.com', password: 'Secret.123' } })).data.token;
    expectRefusal(await call(t, 'POST', '/api/verify/token', { token, body: { code } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
  });

  it('sends by SMS only to a verified phone, and knows no other channel', async () => {
    expectRefusal(await call(t, 'GET', '/api/user/getVerifyCode/phone', { token }), ApiCode.BAD_REQUEST, 'The phone  is not verified');
    await call(t, 'POST', '/api/user/send/phonecode', { token, body: { phone: '13800138000' } });
    const phoneCode = sentSms(t).at(-1)!.text.match(/\b(\d{6})\b/)![1];
    await call(t, 'POST', '/api/user/verify/phonecode', { token, body: { phone: '13800138000', code: phoneCode } });
    expect((await call(t, 'PUT', '/api/user/phone', { token, body: { phone: '13800138000' } })).code).toBe(200);
    const sent = await call<PromptCodeResponse>(t, 'GET', '/api/user/getVerifyCode/phone', { token });
    expect(sent.data).toMatchObject({ channel: 'phone', to: '+86 138****8000' });
    const sms = sentSms(t).at(-1)!;
    expect(sms.phone).toBe('+86 13800138000');
    const code = sms.text.match(/\b(\d{6})\b/)![1];
    expect((await call(t, 'POST', '/api/verify/token', { token, body: { code } })).code).toBe(200);
    expectRefusal(await call(t, 'GET', '/api/user/getVerifyCode/fax', { token }), ApiCode.NOT_FOUND, 'Not found');
    expectRefusal(await call(t, 'GET', '/api/user/getVerifyCode/email'), ApiCode.SESSION_INVALID, 'Please sign in first');
  });
});

describe('with the captcha on (reCAPTCHA siteverify protocol, answered by a local server)', () => {
  let siteverify: Server;
  const seen: URLSearchParams[] = [];
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    siteverify = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('secret') === 'server-secret' && form.get('response') === 'human-token' }));
      });
    });
    await new Promise<void>((r) => siteverify.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`;
    t = await createTestApp({
      clock: new FakeClock(),
      env: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'server-secret', RECAPTCHA_VERIFY_URL: url },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((r) => siteverify.close(() => r()));
  });

  it('publishes the site key and script, and checks tokens with the secret', async () => {
    expect(await call<CaptchaConfig>(t, 'GET', '/uc/api/auth/captcha')).toMatchObject({
      code: 200,
      data: { enabled: true, provider: 'recaptcha', siteKey: 'site-key', scriptUrl: 'https://www.google.com/recaptcha/api.js' },
    });
    expect(await call(t, 'POST', '/uc/api/auth/verify', { body: { reponseToken: 'human-token' } })).toMatchObject({ code: 200, data: { success: true } });
    expect(seen.at(-1)?.get('secret')).toBe('server-secret');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify', { body: { reponseToken: 'robot-token' } }), ApiCode.BAD_REQUEST, 'The human verification failed, please try again');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify', { body: { reponseToken: 'robot-token' }, lang: 'zh' }), ApiCode.BAD_REQUEST, '人机验证失败，请重试');
  });

  it('sends a code only with a genuine captcha token', async () => {
    expectRefusal(await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'bot@example.com' } }), ApiCode.BAD_REQUEST, 'The human verification failed, please try again');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'bot@example.com', reponseToken: 'robot-token' } }), ApiCode.BAD_REQUEST, 'The human verification failed, please try again');
    expect((await call(t, 'POST', '/uc/api/auth/send/verifycode', { body: { email: 'human@example.com', reponseToken: 'human-token' } })).code).toBe(200);
    expect(await codeFromMail(t, 'human@example.com')).toMatch(/^\d{6}$/);
    expect(codeMailCount(t, 'bot@example.com')).toBe(0);
  });
});
