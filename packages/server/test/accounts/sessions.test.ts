import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, PASSWORD_RESET_TTL_MS, SESSION_LIFETIME_MS } from '@tscloud/contracts';
import { PASSWORD, RESET_SUBJECT, activeAccount, call, createAccountsApp, expectRefusal, nthMail, signIn, tokenFromMail, type AccountsTestApp } from './helpers';

const NEW_PASSWORD = 'Another~456';

describe('sessions', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
    await activeAccount(t, 'sam@example.com');
  });
  afterAll(async () => t.close());

  it('refuses a call without a token, or with an unknown one', async () => {
    expectRefusal(await call(t, 'GET', '/api/user/info'), ApiCode.SESSION_INVALID, 'Please sign in first');
    expectRefusal(await call(t, 'GET', '/api/user/info', { lang: 'zh' }), ApiCode.SESSION_INVALID, '请先登录');
    expectRefusal(await call(t, 'GET', '/api/user/info', { token: 'not-a-session' }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
  });

  it('ends a session after 2 h idle and slides it forward with activity', async () => {
    const active = await signIn(t, 'sam@example.com');
    const idle = await signIn(t, 'sam@example.com');
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(SESSION_LIFETIME_MS - 60_000);
      expect((await call(t, 'GET', '/api/user/info', { token: active })).code).toBe(200);
    }
    // idle was last used more than 2 h ago.
    expectRefusal(await call(t, 'GET', '/api/user/info', { token: idle }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
    expectRefusal(await call(t, 'GET', '/api/user/info', { token: idle, lang: 'zh' }), ApiCode.SESSION_INVALID, '会话已失效，请重新登录');
    t.clock.advance(SESSION_LIFETIME_MS + 1);
    expect((await call(t, 'GET', '/api/user/info', { token: active })).code).toBe(ApiCode.SESSION_INVALID);
  });

  it('revokes the token on logout, and only that one', async () => {
    const first = await signIn(t, 'sam@example.com');
    const second = await signIn(t, 'sam@example.com');
    expect(await call(t, 'POST', '/api/user/logout', { token: first })).toMatchObject({ code: 200 });
    expectRefusal(await call(t, 'GET', '/api/user/info', { token: first }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
    expect((await call(t, 'GET', '/api/user/info', { token: second })).code).toBe(200);
  });
});

describe('forgot and reset password', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
    await activeAccount(t, 'rita@example.com');
  });
  afterAll(async () => t.close());

  it('mails a reset link, sets the new password from it and ends every session', async () => {
    const open = await signIn(t, 'rita@example.com');
    expect(await call(t, 'POST', '/uc/api/auth/forget-password', { body: { email: 'rita@example.com' } })).toMatchObject({ code: 200, data: null });
    const mail = await nthMail(t.mailbox, 'rita@example.com', RESET_SUBJECT);
    expect(mail.text).toContain('http://console.test/auth/reset?token=');
    const token = tokenFromMail(mail, '/auth/reset');

    expectRefusal(await call(t, 'POST', '/uc/api/auth/reset-password', { body: { token, password: NEW_PASSWORD, confirmPassword: 'Different~456' } }), ApiCode.BAD_REQUEST, 'The two passwords do not match');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/reset-password', { body: { token, password: 'weak', confirmPassword: 'weak' }, lang: 'zh' }), ApiCode.BAD_REQUEST, '密码格式错误');
    expect((await call(t, 'POST', '/uc/api/auth/reset-password', { body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).code).toBe(200);

    expectRefusal(await call(t, 'GET', '/api/user/info', { token: open }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'rita@example.com', password: PASSWORD } }), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    await signIn(t, 'rita@example.com', NEW_PASSWORD);
    // The link works once.
    expectRefusal(
      await call(t, 'POST', '/uc/api/auth/reset-password', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } }),
      ApiCode.BAD_REQUEST,
      'The password reset link is invalid or has expired, please request a new one',
    );
  });

  it('accepts the /recover alias and refuses an expired link', async () => {
    expect((await call(t, 'POST', '/uc/api/auth/recover', { body: { email: 'rita@example.com' } })).code).toBe(200);
    const token = tokenFromMail(await nthMail(t.mailbox, 'rita@example.com', RESET_SUBJECT, 1), '/auth/reset');
    t.clock.advance(PASSWORD_RESET_TTL_MS + 1);
    expectRefusal(
      await call(t, 'POST', '/uc/api/auth/reset-password', { body: { token, password: PASSWORD, confirmPassword: PASSWORD }, lang: 'zh' }),
      ApiCode.BAD_REQUEST,
      '密码重置链接无效或已过期，请重新申请',
    );
  });

  it('answers an unknown address the same and sends nothing', async () => {
    const before = t.mailbox.messages.length;
    expect(await call(t, 'POST', '/uc/api/auth/forget-password', { body: { email: 'ghost@example.com' } })).toEqual({ code: 200, message: 'success', data: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mailbox.messages.length).toBe(before);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/forget-password', { body: { email: 'not an email' } }), ApiCode.BAD_REQUEST, 'Please enter a valid email address');
  });

  it('changes the password while signed in, keeping this session and ending the others', async () => {
    const here = await signIn(t, 'rita@example.com', NEW_PASSWORD);
    const elsewhere = await signIn(t, 'rita@example.com', NEW_PASSWORD);
    expectRefusal(await call(t, 'PUT', '/api/user/reset', { token: here, body: { oldPassword: 'Wrong~999', password: PASSWORD, confirmPassword: PASSWORD } }), ApiCode.BAD_REQUEST, 'Wrong password');
    expectRefusal(await call(t, 'PUT', '/api/user/reset', { token: here, lang: 'zh', body: { oldPassword: 'Wrong~999', password: PASSWORD, confirmPassword: PASSWORD } }), ApiCode.BAD_REQUEST, '密码错误');
    expect((await call(t, 'PUT', '/api/user/reset', { token: here, body: { oldPassword: NEW_PASSWORD, password: PASSWORD, confirmPassword: PASSWORD } })).code).toBe(200);
    expect((await call(t, 'GET', '/api/user/info', { token: here })).code).toBe(200);
    expect((await call(t, 'GET', '/api/user/info', { token: elsewhere })).code).toBe(ApiCode.SESSION_INVALID);
    await signIn(t, 'rita@example.com', PASSWORD);
  });
});
