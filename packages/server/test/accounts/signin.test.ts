import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, LOGIN_ATTEMPT_WINDOW_MS } from '@tscloud/contracts';
import { findUserByEmail, updateUser } from '../../src/platform/accounts';
import { PASSWORD, activeAccount, call, createAccountsApp, expectRefusal, type AccountsTestApp } from './helpers';

describe('sign-in', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
    await activeAccount(t, 'grace@example.com');
    await activeAccount(t, 'alan@example.com');
  });
  afterAll(async () => t.close());

  it('answers a bearer token for the right password', async () => {
    const login = await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'grace@example.com', password: PASSWORD } });
    expect(login).toMatchObject({ code: 200, data: { tokenType: 'Bearer' } });
    expect((login.data as { token: string }).token).toMatch(/^[\w-]{43}$/);
  });

  it('gives the same refusal for a wrong password and an unknown e-mail', async () => {
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'grace@example.com', password: 'Wrong.pass1' } }), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'nobody@example.com', password: PASSWORD }, lang: 'zh' }), ApiCode.UNAUTHENTICATED, '邮箱或密码错误');
    t.clock.advance(LOGIN_ATTEMPT_WINDOW_MS + 1);
  });

  // Throttling: signin-throttle.test.ts.

  it('refuses a disabled account at sign-in and ends its open sessions', async () => {
    const token = await activeAccount(t, 'off@example.com');
    const user = (await findUserByEmail(t.store.db, 'off@example.com'))!;
    await updateUser(t.store.db, t.clock, user.id, { status: 'DISABLED' });
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'off@example.com', password: PASSWORD } }), ApiCode.ACCOUNT_STATE, 'Your account has been disabled, please contact administrator');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'off@example.com', password: PASSWORD }, lang: 'zh' }), ApiCode.ACCOUNT_STATE, '您的账号已被禁用，请联系管理员');
    expectRefusal(await call(t, 'GET', '/api/user/info', { token }), ApiCode.SESSION_INVALID, 'Your account has been disabled, please contact administrator');
    // Re-enabled, the old session stays ended.
    await updateUser(t.store.db, t.clock, user.id, { status: 'ACTIVE' });
    expectRefusal(await call(t, 'GET', '/api/user/info', { token }), ApiCode.SESSION_INVALID, 'Your session has ended, please sign in again');
  });

  it('refuses malformed sign-in bodies', async () => {
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'grace@example.com' } }), ApiCode.BAD_REQUEST, 'Form format error');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'grace@example.com', password: '' } }), ApiCode.BAD_REQUEST, 'This field is required');
  });
});
