import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVATION_LINK_TTL_MS, ApiCode, type UserInfo } from '@tscloud/contracts';
import { ACTIVATION_SUBJECT, PASSWORD, activeAccount, call, createAccountsApp, expectRefusal, nthMail, signIn, signupBody, tokenFromMail, type AccountsTestApp } from './helpers';

describe('sign-up, activation and completion', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(async () => t.close());

  it('signs up, activates from the mailed link, signs in and completes the account info', async () => {
    const email = 'ada@example.com';
    const signup = await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) });
    expect(signup).toMatchObject({ code: 200, data: { email, activated: false } });

    const notYet = await call(t, 'POST', '/uc/api/auth/login', { body: { email, password: PASSWORD } });
    expectRefusal(notYet, ApiCode.ACCOUNT_STATE, 'Your account is not activated yet, please check your e-mail');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/login', { body: { email, password: PASSWORD }, lang: 'zh' }), ApiCode.ACCOUNT_STATE, '您的账号尚未激活，请查收邮件');

    const mail = await nthMail(t.mailbox, email, ACTIVATION_SUBJECT);
    expect(mail.subject).toBe('Activate your tscloud account');
    const link = mail.text.match(/http:\/\/console\.test\/auth\/activate\?token=\S+/);
    expect(link).not.toBeNull();
    const token = tokenFromMail(mail, '/auth/activate');
    // The page checks the link first (without using it), then activates with the password chosen at sign-up.
    expect(await call(t, 'GET', `/uc/api/auth/activate?token=${token}`)).toMatchObject({ code: 200, data: { email, activated: false } });
    expect(await call(t, 'POST', '/uc/api/auth/activate', { body: { token, password: PASSWORD } })).toMatchObject({ code: 200, data: { email, activated: true } });

    const bearer = await signIn(t, email);
    const info = await call<UserInfo>(t, 'GET', '/api/user/info', { token: bearer });
    expect(info.data).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', company_name: 'Analytical', status: 'ACTIVE', role_id: '1', accountStatus: 1, mfaEnabled: false });
    // The auth service's path answers the same.
    expect((await call<UserInfo>(t, 'GET', '/uc/api/user/mgmt', { token: bearer })).data).toEqual(info.data);

    const script = await call(t, 'PUT', '/api/user/complete', { token: bearer, body: { firstName: 'Ada', lastName: 'Lovelace', company_name: 'Acme <script>', industry_type: 'energy', position: 'developer', country_code: 'GB' } });
    expectRefusal(script, ApiCode.BAD_REQUEST, "Special characters are not allowed: use letters, digits, spaces and . , & ' ( ) -");
    const incomplete = await call(t, 'PUT', '/api/user/complete', { token: bearer, body: { firstName: 'Ada', lastName: 'Lovelace', company_name: 'Analytical', industry_type: 'energy', position: '', country_code: 'GB' } });
    expectRefusal(incomplete, ApiCode.BAD_REQUEST, 'This field is required');
    const unknownIndustry = await call(t, 'PUT', '/api/user/complete', { token: bearer, lang: 'zh', body: { firstName: 'Ada', lastName: 'Lovelace', company_name: 'Analytical', industry_type: 'piracy', position: 'developer', country_code: 'GB' } });
    expectRefusal(unknownIndustry, ApiCode.BAD_REQUEST, '表单格式错误');
    const complete = await call<UserInfo>(t, 'PUT', '/api/user/complete', { token: bearer, body: { firstName: 'Ada', lastName: 'Lovelace', company_name: 'Analytical', industry_type: 'energy', position: 'developer', country_code: 'GB' } });
    expect(complete.data).toMatchObject({ accountStatus: 2, industry_type: 'energy', position: 'developer', country_code: 'GB' });
  });

  it('refuses a used e-mail, bad formats and unaccepted terms with the exact messages', async () => {
    await activeAccount(t, 'dup@example.com');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('dup@example.com') }), ApiCode.CONFLICT, 'Email already used');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('dup@example.com'), lang: 'zh' }), ApiCode.CONFLICT, '邮箱已被使用');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('Not An Email') }), ApiCode.BAD_REQUEST, 'Please enter a valid email address');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('x@example.com', { password: 'short1.' }) }), ApiCode.BAD_REQUEST, 'Wrong password format');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('x@example.com', { password: 'nospecial123' }), lang: 'zh' }), ApiCode.BAD_REQUEST, '密码格式错误');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('x@example.com', { acceptTerms: false }) }), ApiCode.BAD_REQUEST, 'You must confirm the terms of service first');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('x@example.com', { acceptTerms: false }), lang: 'zh' }), ApiCode.BAD_REQUEST, '请先确认服务条款');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('Not An Email'), lang: 'zh' }), ApiCode.BAD_REQUEST, '请输入有效的邮箱地址');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('x@example.com', { firstName: 'Ada<script>' }) }), ApiCode.BAD_REQUEST, 'Special characters are not allowed');
    // Company names: no markup or special characters (issue 14), in the message of the form's own rule.
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('x@example.com', { company: 'Acme <script>' }) }), ApiCode.BAD_REQUEST, "Special characters are not allowed: use letters, digits, spaces and . , & ' ( ) -");
  });

  it('refuses an expired activation link, and a resent link works once', async () => {
    const email = 'late@example.com';
    await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) });
    const first = tokenFromMail(await nthMail(t.mailbox, email, ACTIVATION_SUBJECT, 0), '/auth/activate');
    t.clock.advance(ACTIVATION_LINK_TTL_MS + 1);
    expectRefusal(await call(t, 'GET', `/uc/api/auth/activate?token=${first}`), ApiCode.BAD_REQUEST, 'Activation failed, please re-initiate verification');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/activate', { body: { token: first, password: PASSWORD } }), ApiCode.BAD_REQUEST, 'Activation failed, please re-initiate verification');
    expectRefusal(await call(t, 'GET', `/uc/api/auth/activate?token=${first}`, { lang: 'zh' }), ApiCode.BAD_REQUEST, '激活失败，请重新发起验证');
    expectRefusal(await call(t, 'GET', '/uc/api/auth/activate?token=unknown'), ApiCode.BAD_REQUEST, 'Activation failed, please re-initiate verification');
    expectRefusal(await call(t, 'POST', '/uc/api/auth/activate', { body: { token: 'unknown', password: PASSWORD } }), ApiCode.BAD_REQUEST, 'Activation failed, please re-initiate verification');

    expect((await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email } })).code).toBe(200);
    const second = tokenFromMail(await nthMail(t.mailbox, email, ACTIVATION_SUBJECT, 1), '/auth/activate');
    expect(second).not.toBe(first);
    expect((await call(t, 'POST', '/uc/api/auth/activate', { body: { token: second, password: PASSWORD } })).code).toBe(200);
    expectRefusal(await call(t, 'POST', '/uc/api/auth/activate', { body: { token: second, password: PASSWORD } }), ApiCode.BAD_REQUEST, 'Activation failed, please re-initiate verification');
    expectRefusal(await call(t, 'GET', `/uc/api/auth/activate?token=${second}`), ApiCode.BAD_REQUEST, 'Activation failed, please re-initiate verification');
    await signIn(t, email);
  });

  it('answers a resend for an unknown address like any other and sends nothing', async () => {
    const before = t.mailbox.messages.length;
    expect(await call(t, 'POST', '/uc/api/auth/reactivate', { body: { email: 'nobody@example.com' } })).toMatchObject({ code: 200, data: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mailbox.messages.length).toBe(before);
  });

  it('writes the activation mail in the language the user signed up in', async () => {
    await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('wang@example.com', { firstName: '王', lastName: '小明' }), lang: 'zh' });
    const mail = await nthMail(t.mailbox, 'wang@example.com', ACTIVATION_SUBJECT);
    expect(mail.subject).toBe('激活您的 tscloud 账号');
    expect(mail.text).toContain('王，您好');
    expect(mail.text).toContain('http://console.test/auth/activate?token=');
  });
});
