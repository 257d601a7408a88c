import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, PHONE_CODE_TTL_MS, type UserInfo } from '@tscloud/contracts';
import { activeAccount, call, createAccountsApp, expectRefusal, sentSms, type AccountsTestApp } from './helpers';

describe('phone number with a verification code', () => {
  let t: AccountsTestApp;
  let token: string;
  const codeSentTo = (phone: string): string => {
    const sms = sentSms(t).filter((m) => m.phone === phone).at(-1);
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  };

  beforeAll(async () => {
    t = await createAccountsApp();
    token = await activeAccount(t, 'phone@example.com');
  });
  afterAll(async () => t.close());

  it('sends a 6-digit code through the SMS provider, verifies it and changes the phone', async () => {
    const sent = await call<{ expiresAt: number }>(t, 'POST', '/api/user/send/phonecode', { token, body: { phone: '13800138000', country_code: '+86' } });
    expect(sent).toMatchObject({ code: 200, data: { expiresAt: t.clock.now() + PHONE_CODE_TTL_MS } });
    const code = codeSentTo('+86 13800138000');
    expect(sentSms(t).at(-1)?.text).toBe(`Your tscloud verification code is ${code}. It is valid for 10 minutes.`);

    // Not verified yet.
    expectRefusal(await call(t, 'PUT', '/api/user/phone', { token, body: { phone: '13800138000', country_code: '+86' } }), ApiCode.BAD_REQUEST, 'The phone +86 13800138000 is not verified');
    expectRefusal(await call(t, 'PUT', '/api/user/phone', { token, body: { phone: '13800138000', country_code: '+86' }, lang: 'zh' }), ApiCode.BAD_REQUEST, '手机号 +86 13800138000 未验证');

    const wrong = code === '111111' ? '222222' : '111111';
    expectRefusal(await call(t, 'POST', '/api/user/verify/phonecode', { token, body: { phone: '13800138000', country_code: '+86', code: wrong } }), ApiCode.BAD_REQUEST, `The phone verification code ${wrong} is invalid`);
    expectRefusal(await call(t, 'POST', '/api/user/verify/phonecode', { token, body: { phone: '13800138000', country_code: '+86', code: wrong }, lang: 'zh' }), ApiCode.BAD_REQUEST, `手机验证码 ${wrong} 无效`);
    expect(await call(t, 'POST', '/api/user/verify/phonecode', { token, body: { phone: '13800138000', country_code: '+86', code } })).toMatchObject({ code: 200, data: { verified: true } });

    // The same number written with spaces is the same number.
    const changed = await call<UserInfo>(t, 'PUT', '/api/user/phone', { token, body: { phone: '138 0013 8000', country_code: '+86' } });
    expect(changed.data).toMatchObject({ phone: '+86 13800138000', phone_verified: true });
    expectRefusal(await call(t, 'PUT', '/api/user/phone', { token, body: { phone: '138-0013-8000', country_code: '+86' } }), ApiCode.BAD_REQUEST, 'The phone number is the same as the old one');
    expectRefusal(await call(t, 'PUT', '/api/user/phone', { token, body: { phone: '13800138000' }, lang: 'zh' }), ApiCode.BAD_REQUEST, '新手机号与旧手机号相同');
  });

  it('refuses an expired code and malformed numbers', async () => {
    await call(t, 'POST', '/api/user/send/phonecode', { token, body: { phone: '(415) 555-0100', country_code: '+1' } });
    const code = codeSentTo('+1 4155550100');
    t.clock.advance(PHONE_CODE_TTL_MS + 1);
    expectRefusal(await call(t, 'POST', '/api/user/verify/phonecode', { token, body: { phone: '(415) 555-0100', country_code: '+1', code } }), ApiCode.BAD_REQUEST, 'Verification code expired, please get a new one');
    expectRefusal(await call(t, 'POST', '/api/user/send/phonecode', { token, body: { phone: '138-abc', country_code: '+86' } }), ApiCode.BAD_REQUEST, 'Malformed phone number');
    expectRefusal(await call(t, 'POST', '/api/user/send/phonecode', { token, body: { phone: '138-abc' }, lang: 'zh' }), ApiCode.BAD_REQUEST, '手机号码格式错误');
    expectRefusal(await call(t, 'POST', '/api/user/verify/phonecode', { token, body: { phone: '13800138000', code: '12ab56' } }), ApiCode.BAD_REQUEST, 'The verification code must be 6 digits');
  });

  it('refuses the change once the verified code has expired', async () => {
    await call(t, 'POST', '/api/user/send/phonecode', { token, body: { phone: '13900139000' } });
    const code = codeSentTo('+86 13900139000');
    expect((await call(t, 'POST', '/api/user/verify/phonecode', { token, body: { phone: '13900139000', code } })).code).toBe(200);
    // The code expires before the change is made.
    t.clock.advance(PHONE_CODE_TTL_MS + 1);
    expectRefusal(await call(t, 'PUT', '/api/user/phone', { token, body: { phone: '13900139000' } }), ApiCode.BAD_REQUEST, 'The phone +86 13900139000 is not verified');
  });
});
