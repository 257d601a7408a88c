import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, MFA_TOKEN_REUSE_MS, RECOVERY_CODE_COUNT, type MfaEnrollResponse, type MfaExemptionState, type VerifyUrl } from '@tscloud/contracts';
import { eq } from 'drizzle-orm';
import { boxWithKey, loadSecretsSettings, secretBox, SecretUnreadableError } from '../../src/secrets/secret-box';
import { sealStoredTotpSecrets, totpSecretContext } from '../../src/platform/mfa/mfa-service';
import { findUserByEmail } from '../../src/platform/accounts';
import { userMfa } from '../../src/store/schema';
import { PASSWORD, activeAccount, call, createAccountsApp, expectRefusal, signIn, totpCode, type AccountsTestApp } from './helpers';

const EMAIL = 'mfa@example.com';
const STEP_MS = 30_000;

describe('multi-factor verification', () => {
  let t: AccountsTestApp;
  let token: string;
  let secret: string;
  let recoveryCodes: string[];
  /** A fresh TOTP code: the clock moves one step first, since a code is accepted once. */
  const nextCode = () => {
    t.clock.advance(STEP_MS);
    return totpCode(secret, t.clock);
  };
  /** PUT /api/user/reset with an empty body: 433 while the MFA guard refuses, 400 (body) once it lets it through. */
  const protectedCall = (headers: Record<string, string> = {}, lang: 'en' | 'zh' = 'en') => call(t, 'PUT', '/api/user/reset', { token, body: {}, headers, lang });
  const MFA_REQUIRED_EN = 'This operation needs multi-factor verification';

  beforeAll(async () => {
    t = await createAccountsApp();
    token = await activeAccount(t, EMAIL);
  });
  afterAll(async () => t.close());

  it('lets a user without multi-factor perform protected operations with nothing extra', async () => {
    expectRefusal(await protectedCall(), ApiCode.BAD_REQUEST, 'Form format error');
  });

  it('lists the protected operations', async () => {
    const list = await call<VerifyUrl[]>(t, 'GET', '/api/dict/verify-urls');
    expect(list.data.map((u) => u.id)).toEqual(expect.arrayContaining(['org.delete', 'org.transferOwner', 'instance.tokenReset', 'member.delete', 'password.change', 'mfa.settings']));
    expect(list.data.find((u) => u.id === 'password.change')).toEqual({ id: 'password.change', url: '/api/user/reset', method: 'PUT', name: 'Change password', exemptible: true });
    const zh = await call<VerifyUrl[]>(t, 'GET', '/api/dict/verify-urls', { lang: 'zh' });
    expect(zh.data.find((u) => u.id === 'password.change')?.name).toBe('修改密码');
  });

  it('enrols TOTP with a QR code and confirms it with a code from the app', async () => {
    const enroll = await call<MfaEnrollResponse>(t, 'POST', '/api/user/mfa/enroll', { token });
    expect(enroll.code).toBe(200);
    secret = enroll.data.secret;
    expect(enroll.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/tscloud:mfa%40example\.com\?/);
    expect(enroll.data.otpauthUri).toContain(`secret=${secret}`);
    expect(enroll.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    expectRefusal(await call(t, 'POST', '/api/user/mfa/confirm', { token, body: { code: '12345' } }), ApiCode.BAD_REQUEST, 'The verification code must be 6 digits');
    const wrong = String((Number(totpCode(secret, t.clock)) + 500_000) % 1_000_000).padStart(6, '0');
    expectRefusal(await call(t, 'POST', '/api/user/mfa/confirm', { token, body: { code: wrong } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    expectRefusal(await call(t, 'POST', '/api/user/mfa/confirm', { token, body: { code: wrong }, lang: 'zh' }), ApiCode.BAD_REQUEST, '验证码错误');

    const confirm = await call<{ recoveryCodes: string[] }>(t, 'POST', '/api/user/mfa/confirm', { token, body: { code: nextCode() } });
    expect(confirm.code).toBe(200);
    recoveryCodes = confirm.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await call(t, 'GET', '/api/user/mfa', { token })).toMatchObject({ data: { enabled: true, recoveryCodesRemaining: RECOVERY_CODE_COUNT } });
    expect(await call(t, 'GET', '/api/user/info', { token })).toMatchObject({ data: { mfaEnabled: true } });
    expectRefusal(await call(t, 'POST', '/api/user/mfa/enroll', { token }), ApiCode.CONFLICT, 'Multi-factor verification is already on');
    expectRefusal(await call(t, 'POST', '/api/user/mfa/enroll', { token, lang: 'zh' }), ApiCode.CONFLICT, '多因素验证已开启');
  });

  it('keeps the TOTP secret encrypted at rest; a secret stored before encryption still works and is sealed at start', async () => {
    const box = secretBox(loadSecretsSettings({}, t.dataDir));
    const userId = (await findUserByEmail(t.store.db, EMAIL))!.id;
    const stored = async () => (await t.store.db.select({ v: userMfa.secret }).from(userMfa).where(eq(userMfa.userId, userId)))[0].v!;
    const sealed = await stored();
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, totpSecretContext(userId))).toBe(secret);
    // bound to its user: moved to another user's row it does not open
    expect(() => box.open(sealed, totpSecretContext('another-user'))).toThrow(SecretUnreadableError);

    // a row as written before encryption: the plain secret is read as is, and sealed by the next start
    await t.store.db.update(userMfa).set({ secret }).where(eq(userMfa.userId, userId));
    expectRefusal(await protectedCall({ 'mfa-code': nextCode() }), ApiCode.BAD_REQUEST, 'Form format error');
    expect(await sealStoredTotpSecrets(t.store.db, box)).toEqual({ sealed: 1, unreadable: 0 });
    expect(await sealStoredTotpSecrets(t.store.db, box)).toEqual({ sealed: 0, unreadable: 0 });
    expect(await stored()).not.toContain(secret);
    expectRefusal(await protectedCall({ 'mfa-code': nextCode() }), ApiCode.BAD_REQUEST, 'Form format error');

    // sealed with another key: no code opens it (reported at start, recovery codes still work)
    await t.store.db.update(userMfa).set({ secret: boxWithKey(Buffer.alloc(32, 7)).seal(secret, totpSecretContext(userId)) }).where(eq(userMfa.userId, userId));
    expect(await sealStoredTotpSecrets(t.store.db, box)).toEqual({ sealed: 0, unreadable: 1 });
    expectRefusal(await protectedCall({ 'mfa-code': nextCode() }), ApiCode.MFA_REQUIRED, 'Wrong verification code');
    await t.store.db.update(userMfa).set({ secret: sealed }).where(eq(userMfa.userId, userId));
  });

  it('asks for the code at sign-in, and accepts a TOTP code once', async () => {
    const login = await call<{ mfaRequired: boolean; mfaTicket: string }>(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    expect(login.data).toEqual({ mfaRequired: true, mfaTicket: expect.any(String) });
    const { mfaTicket } = login.data;
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket, code: '000000' } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    const code = nextCode();
    const verified = await call<{ token: string; tokenType: string }>(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket, code } });
    expect(verified.data.tokenType).toBe('Bearer');
    expect((await call(t, 'GET', '/api/user/info', { token: verified.data.token })).code).toBe(200);
    // The ticket is spent, and the same code cannot be replayed with a new ticket.
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket, code } }), ApiCode.UNAUTHENTICATED, 'The sign-in has expired, please sign in again');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket, code }, lang: 'zh' }), ApiCode.UNAUTHENTICATED, '登录已过期，请重新登录');
    const again = await call<{ mfaTicket: string }>(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: again.data.mfaTicket, code } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
  });

  it('accepts a recovery code once', async () => {
    const first = await call<{ mfaTicket: string }>(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    const ok = await call<{ token: string }>(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: first.data.mfaTicket, code: recoveryCodes[0].toUpperCase() } });
    expect(ok.code).toBe(200);
    const second = await call<{ mfaTicket: string }>(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    expectRefusal(await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: second.data.mfaTicket, code: recoveryCodes[0] }, lang: 'zh' }), ApiCode.BAD_REQUEST, '验证码错误');
    expect(await call(t, 'GET', '/api/user/mfa', { token })).toMatchObject({ data: { recoveryCodesRemaining: RECOVERY_CODE_COUNT - 1 } });
  });

  it('refuses protected operations without verification, and reuses a Verify-Token for its window', async () => {
    expectRefusal(await protectedCall(), ApiCode.MFA_REQUIRED, MFA_REQUIRED_EN);
    expectRefusal(await protectedCall({}, 'zh'), ApiCode.MFA_REQUIRED, '此操作需要多因素验证');

    // With multi-factor on the password buys no token (mfa-step-up.test.ts).
    expectRefusal(await call(t, 'POST', '/api/verify/token', { token, body: { password: PASSWORD } }), ApiCode.BAD_REQUEST, 'Multi-factor verification is on: enter a code from your authenticator app or a recovery code');
    const issued = await call<{ verifyToken: string; expiresAt: number }>(t, 'POST', '/api/verify/token', { token, body: { code: nextCode() } });
    expect(issued.data.expiresAt).toBe(t.clock.now() + MFA_TOKEN_REUSE_MS);
    const headers = { 'verify-token': issued.data.verifyToken };

    expectRefusal(await protectedCall(headers), ApiCode.BAD_REQUEST, 'Form format error');
    t.clock.advance(MFA_TOKEN_REUSE_MS - 60_000);
    expectRefusal(await protectedCall(headers), ApiCode.BAD_REQUEST, 'Form format error');
    t.clock.advance(60_001);
    expectRefusal(await protectedCall(headers), ApiCode.MFA_REQUIRED, MFA_REQUIRED_EN);
    expectRefusal(await protectedCall({ 'verify-token': 'forged' }), ApiCode.MFA_REQUIRED, MFA_REQUIRED_EN);
  });

  it('accepts a current TOTP code in the MFA-Code header', async () => {
    expectRefusal(await protectedCall({ 'mfa-code': nextCode() }), ApiCode.BAD_REQUEST, 'Form format error');
    expectRefusal(await protectedCall({ 'mfa-code': '000000' }), ApiCode.MFA_REQUIRED, 'Wrong verification code');
    expectRefusal(await protectedCall({ 'mfa-code': '000001' }, 'zh'), ApiCode.MFA_REQUIRED, '验证码错误');
  });

  it('exempts chosen operations for N minutes, reports it, and re-enables them with 0', async () => {
    // Exemptions spare sessions signed in with the second factor (one opened before multi-factor steps up).
    const login = await call<{ mfaTicket: string }>(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    token = (await call<{ token: string }>(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: login.data.mfaTicket, code: nextCode() } })).data.token;
    const empty = await call<MfaExemptionState>(t, 'GET', '/api/verify/user-mfa-urls', { token });
    expect(empty.data).toEqual({ enabled: true, remaining: 0, certified: false, expiration: null, urlIds: [] });

    // Changing exemptions is itself protected.
    expectRefusal(await call(t, 'POST', '/api/verify/user-mfa-urls', { token, body: { urlIds: ['password.change'] } }), ApiCode.MFA_REQUIRED, MFA_REQUIRED_EN);
    const verify = (await call<{ verifyToken: string }>(t, 'POST', '/api/verify/token', { token, body: { code: nextCode() } })).data.verifyToken;
    const headers = { 'verify-token': verify };
    expectRefusal(await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['mfa.settings'] } }), ApiCode.BAD_REQUEST, 'This operation cannot be exempted from multi-factor verification');
    expectRefusal(await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['mfa.settings'] }, lang: 'zh' }), ApiCode.BAD_REQUEST, '此操作不能免除多因素验证');
    expectRefusal(await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['no.such'] } }), ApiCode.BAD_REQUEST, 'Form format error');
    expectRefusal(
      await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['password.change'], until: t.clock.now() - 1 } }),
      ApiCode.BAD_REQUEST,
      'The expiration is earlier than the current time',
    );
    expectRefusal(await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['password.change'], until: t.clock.now() }, lang: 'zh' }), ApiCode.BAD_REQUEST, '过期时间早于当前时间');

    expect((await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['password.change'] } })).code).toBe(200);
    const state = await call<MfaExemptionState>(t, 'GET', '/api/verify/user-mfa-urls', { token, headers });
    expect(state.data).toEqual({ enabled: true, remaining: 600, certified: true, expiration: t.clock.now() + 600_000, urlIds: ['password.change'] });
    expectRefusal(await protectedCall(), ApiCode.BAD_REQUEST, 'Form format error');
    // Only the chosen operation is exempted.
    expectRefusal(await call(t, 'PUT', '/api/user/phone', { token, body: {} }), ApiCode.MFA_REQUIRED, MFA_REQUIRED_EN);

    expect((await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['password.change'], minutes: 0 } })).code).toBe(200);
    expectRefusal(await protectedCall(), ApiCode.MFA_REQUIRED, MFA_REQUIRED_EN);

    expect((await call(t, 'POST', '/api/verify/user-mfa-urls', { token, headers, body: { urlIds: ['password.change'], minutes: 1 } })).code).toBe(200);
    expectRefusal(await protectedCall(), ApiCode.BAD_REQUEST, 'Form format error');
    t.clock.advance(60_001);
    expectRefusal(await protectedCall(), ApiCode.MFA_REQUIRED, MFA_REQUIRED_EN);
  });

  it('turns multi-factor off with a code, after which sign-in needs no code', async () => {
    expectRefusal(await call(t, 'POST', '/api/user/mfa/disable', { token, body: { code: '000000' } }), ApiCode.BAD_REQUEST, 'Wrong verification code');
    expect((await call(t, 'POST', '/api/user/mfa/disable', { token, body: { code: nextCode() } })).code).toBe(200);
    expect(await call(t, 'GET', '/api/user/mfa', { token })).toMatchObject({ data: { enabled: false, recoveryCodesRemaining: 0 } });
    expectRefusal(await protectedCall(), ApiCode.BAD_REQUEST, 'Form format error');
    await signIn(t, EMAIL);
    expectRefusal(await call(t, 'POST', '/api/user/mfa/disable', { token, body: { code: '123456' } }), ApiCode.BAD_REQUEST, 'Multi-factor verification is not on');
    expectRefusal(await call(t, 'POST', '/api/user/mfa/disable', { token, body: { code: '123456' }, lang: 'zh' }), ApiCode.BAD_REQUEST, '多因素验证未开启');
  });
});
