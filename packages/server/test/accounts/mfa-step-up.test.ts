import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type MfaEnrollResponse, type MfaExemptionState } from '@tscloud/contracts';
import { PASSWORD, activeAccount, call, createAccountsApp, expectRefusal, totpCode, type AccountsTestApp } from './helpers';

/**
 * Issue 12 item 4: with multi-factor on, the step-up (Verify-Token) and exemptions need the second factor, and a
 * session opened before multi-factor was turned on steps up too.
 */
describe('multi-factor step-up needs the second factor', () => {
  const EMAIL = 'stepup@example.com';
  const STEP_MS = 30_000;
  const MFA_REQUIRED = 'This operation needs multi-factor verification';
  let t: AccountsTestApp;
  let secret: string;
  let recoveryCodes: string[];
  /** A session opened with the password alone, before multi-factor was turned on. */
  let olderSession: string;
  /** A Verify-Token bought with the password before multi-factor was turned on. */
  let passwordToken: string;

  const nextCode = () => {
    t.clock.advance(STEP_MS);
    return totpCode(secret, t.clock);
  };
  /** PUT /api/user/reset (password.change) with an empty body: 433 while the guard refuses, 400 once it lets it through. */
  const protectedCall = (token: string, headers: Record<string, string> = {}) => call(t, 'PUT', '/api/user/reset', { token, body: {}, headers });
  const signInWithCode = async (): Promise<string> => {
    const login = await call<{ mfaTicket: string }>(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    const done = await call<{ token: string }>(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: login.data.mfaTicket, code: nextCode() } });
    expect(done.code).toBe(200);
    return done.data.token;
  };

  beforeAll(async () => {
    t = await createAccountsApp();
    olderSession = await activeAccount(t, EMAIL);
    // Without multi-factor the password buys a token, as the spec says (§4 "a code or password").
    const bought = await call<{ verifyToken: string }>(t, 'POST', '/api/verify/token', { token: olderSession, body: { password: PASSWORD } });
    expect(bought.code).toBe(200);
    passwordToken = bought.data.verifyToken;

    const enroll = await call<MfaEnrollResponse>(t, 'POST', '/api/user/mfa/enroll', { token: olderSession });
    secret = enroll.data.secret;
    const confirm = await call<{ recoveryCodes: string[] }>(t, 'POST', '/api/user/mfa/confirm', { token: olderSession, body: { code: nextCode() } });
    expect(confirm.code).toBe(200);
    recoveryCodes = confirm.data.recoveryCodes;
  });
  afterAll(async () => t.close());

  it('refuses a Verify-Token for the password alone once multi-factor is on', async () => {
    expectRefusal(
      await call(t, 'POST', '/api/verify/token', { token: olderSession, body: { password: PASSWORD } }),
      ApiCode.BAD_REQUEST,
      'Multi-factor verification is on: enter a code from your authenticator app or a recovery code',
    );
    expectRefusal(
      await call(t, 'POST', '/api/verify/token', { token: olderSession, body: { password: PASSWORD }, lang: 'zh' }),
      ApiCode.BAD_REQUEST,
      '已开启多因素验证：请输入身份验证器应用中的验证码或恢复码',
    );
    expectRefusal(await protectedCall(olderSession), ApiCode.MFA_REQUIRED, MFA_REQUIRED);
    // The dialog's rule, on the server too: 6 digits or a recovery code.
    expectRefusal(
      await call(t, 'POST', '/api/verify/token', { token: olderSession, body: { code: '12345' } }),
      ApiCode.BAD_REQUEST,
      'Enter the 6-digit code from your authenticator app or a recovery code',
    );
  });

  it('does not accept a token bought with the password before multi-factor was turned on', async () => {
    expectRefusal(await protectedCall(olderSession, { 'verify-token': passwordToken }), ApiCode.MFA_REQUIRED, MFA_REQUIRED);
    const state = await call<MfaExemptionState>(t, 'GET', '/api/verify/user-mfa-urls', { token: olderSession, headers: { 'verify-token': passwordToken } });
    expect(state.data.certified).toBe(false);
  });

  it('cannot exempt operations without the second factor', async () => {
    const exempt = { urlIds: ['org.delete', 'instance.tokenReset', 'instance.delete'], until: t.clock.now() + 24 * 3600_000 };
    expectRefusal(await call(t, 'POST', '/api/verify/user-mfa-urls', { token: olderSession, body: exempt }), ApiCode.MFA_REQUIRED, MFA_REQUIRED);
    expectRefusal(await call(t, 'POST', '/api/verify/user-mfa-urls', { token: olderSession, headers: { 'verify-token': passwordToken }, body: exempt }), ApiCode.MFA_REQUIRED, MFA_REQUIRED);
    const state = await call<MfaExemptionState>(t, 'GET', '/api/verify/user-mfa-urls', { token: olderSession });
    expect(state.data.urlIds).toEqual([]);
  });

  it('buys a Verify-Token with a TOTP code or a recovery code', async () => {
    const byTotp = await call<{ verifyToken: string }>(t, 'POST', '/api/verify/token', { token: olderSession, body: { code: nextCode() } });
    expect(byTotp.code).toBe(200);
    expectRefusal(await protectedCall(olderSession, { 'verify-token': byTotp.data.verifyToken }), ApiCode.BAD_REQUEST, 'Form format error');
    const byRecovery = await call<{ verifyToken: string }>(t, 'POST', '/api/verify/token', { token: olderSession, body: { code: recoveryCodes[0] } });
    expect(byRecovery.code).toBe(200);
    expectRefusal(await call(t, 'POST', '/api/verify/token', { token: olderSession, body: { code: recoveryCodes[0] } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
  });

  it('makes a session opened before multi-factor step up even for an exempted operation', async () => {
    const mfaSession = await signInWithCode();
    const verifyToken = (await call<{ verifyToken: string }>(t, 'POST', '/api/verify/token', { token: mfaSession, body: { code: nextCode() } })).data.verifyToken;
    const exempted = await call(t, 'POST', '/api/verify/user-mfa-urls', { token: mfaSession, headers: { 'verify-token': verifyToken }, body: { urlIds: ['password.change'], minutes: 60 } });
    expect(exempted.code).toBe(200);
    // The session that signed in with the code enjoys the exemption …
    expectRefusal(await protectedCall(mfaSession), ApiCode.BAD_REQUEST, 'Form format error');
    // … the older one, opened with the password alone, must prove the second factor.
    expectRefusal(await protectedCall(olderSession), ApiCode.MFA_REQUIRED, MFA_REQUIRED);
    expectRefusal(await protectedCall(olderSession, { 'mfa-code': nextCode() }), ApiCode.BAD_REQUEST, 'Form format error');
  });
});
