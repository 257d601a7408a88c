import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@tscloud/contracts';
import { ACTIVATION_SUBJECT, PASSWORD, RESET_SUBJECT, activeAccount, call, createAccountsApp, expectRefusal, nthMail, signIn, signupBody, tokenFromMail, type AccountsTestApp } from './helpers';

/**
 * Issue 12 item 9: only the newest mailed link of an account works. Issuing a reset link kills the older ones,
 * using one kills the others, and so for activation links; a password set another way kills pending reset links.
 */
const NEW_PASSWORD = 'Newer~456';
const RESET_INVALID = 'The password reset link is invalid or has expired, please request a new one';
const ACTIVATION_FAILED = 'Activation failed, please re-initiate verification';

describe('one live link per account', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(async () => t.close());

  const resetLink = async (email: string, index: number) => {
    expect((await call(t, 'POST', '/uc/api/auth/forget-password', { body: { email } })).code).toBe(200);
    return tokenFromMail(await nthMail(t.mailbox, email, RESET_SUBJECT, index), '/auth/reset');
  };
  const reset = (token: string, password: string) => call(t, 'POST', '/uc/api/auth/reset-password', { body: { token, password, confirmPassword: password } });

  it('a newer reset link kills the older one, and the used one stays used', async () => {
    const email = 'twice@example.com';
    await activeAccount(t, email);
    const older = await resetLink(email, 0);
    const newer = await resetLink(email, 1);
    expectRefusal(await reset(older, NEW_PASSWORD), ApiCode.BAD_REQUEST, RESET_INVALID);
    expect((await reset(newer, NEW_PASSWORD)).code).toBe(200);
    expectRefusal(await reset(newer, PASSWORD), ApiCode.BAD_REQUEST, RESET_INVALID);
    // Whoever held the older link did not set the password.
    await signIn(t, email, NEW_PASSWORD);
  });

  it('a password changed while signed in kills a pending reset link', async () => {
    const email = 'changer@example.com';
    const bearer = await activeAccount(t, email);
    const pending = await resetLink(email, 0);
    expect((await call(t, 'PUT', '/api/user/reset', { token: bearer, body: { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).code).toBe(200);
    expectRefusal(await reset(pending, PASSWORD), ApiCode.BAD_REQUEST, RESET_INVALID);
  });

  it('a resent activation link kills the older one', async () => {
    const email = 'resend@example.com';
    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) })).code).toBe(200);
    const older = tokenFromMail(await nthMail(t.mailbox, email, ACTIVATION_SUBJECT, 0), '/auth/activate');
    expect((await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email } })).code).toBe(200);
    const newer = tokenFromMail(await nthMail(t.mailbox, email, ACTIVATION_SUBJECT, 1), '/auth/activate');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/activate', { body: { token: older, password: PASSWORD } }), ApiCode.BAD_REQUEST, ACTIVATION_FAILED);
    expect((await call(t, 'POST', '/uc/api/auth/activate', { body: { token: newer, password: PASSWORD } })).code).toBe(200);
  });

  it('a reset of an account never activated kills its activation link', async () => {
    const email = 'resetfirst@example.com';
    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) })).code).toBe(200);
    const activation = tokenFromMail(await nthMail(t.mailbox, email, ACTIVATION_SUBJECT, 0), '/auth/activate');
    expect((await reset(await resetLink(email, 0), NEW_PASSWORD)).code).toBe(200);
    expectRefusal(await call(t, 'GET', `/uc/api/auth/activate?token=${activation}`), ApiCode.BAD_REQUEST, ACTIVATION_FAILED);
    await signIn(t, email, NEW_PASSWORD);
  });
});
