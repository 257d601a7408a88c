import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ACTIVITY_TYPE, SignInOperation, type ActivityEntry, type LoginResponse, type MfaEnrollResponse, type Page } from '@tscloud/contracts';
import { PASSWORD, activeAccount, call, createAccountsApp, totpCode, type AccountsTestApp } from '../accounts/helpers';

/** Issue 14 item 11: sign-ins, failed ones, the second factor and signing out are in the account's organizations' logs. */
describe('sign-in events in the activity log', () => {
  let t: AccountsTestApp;
  let token: string;
  let orgId: string;
  const EMAIL = 'signins@example.com';
  const CLIENT = '198.51.100.7';

  const signins = async () =>
    (await call<Page<ActivityEntry>>(t, 'GET', `/api/activity?type=${SIGN_IN_ACTIVITY_TYPE}&page_size=50`, { token, headers: { 'account-id': orgId } })).data.list;

  beforeAll(async () => {
    t = await createAccountsApp();
    token = await activeAccount(t, EMAIL);
    const org = await call<{ orgId: string }>(t, 'POST', '/api/org', { token, body: { name: 'Signins' } });
    orgId = org.data.orgId;
  });
  afterAll(async () => t.close());

  it('records a wrong password of a known account as a failure and a right one as a success, with the client IP', async () => {
    const before = (await signins()).length;
    expect((await call(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: 'Wrong.123' }, ip: CLIENT })).code).not.toBe(200);
    // An unknown address belongs to no organization: nothing is recorded anywhere.
    await call(t, 'POST', '/uc/api/auth/login', { body: { email: 'nobody@example.com', password: PASSWORD }, ip: CLIENT });
    expect((await call(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD }, ip: CLIENT })).code).toBe(200);
    const list = await signins();
    expect(list).toHaveLength(before + 2);
    expect(list.slice(0, 2).map((e) => [e.operation, e.result, e.requestIp, e.originator])).toEqual([
      [SignInOperation.PASSWORD, 'SUCCESS', CLIENT, EMAIL],
      [SignInOperation.PASSWORD, 'FAILURE', CLIENT, EMAIL],
    ]);
  });

  it('records the second factor, right and wrong, and signing out', async () => {
    const enroll = await call<MfaEnrollResponse>(t, 'POST', '/api/user/mfa/enroll', { token });
    t.clock.advance(30_000);
    expect((await call(t, 'POST', '/api/user/mfa/confirm', { token, body: { code: totpCode(enroll.data.secret, t.clock) } })).code).toBe(200);

    const login = await call<LoginResponse>(t, 'POST', '/uc/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    const ticket = (login.data as { mfaTicket: string }).mfaTicket;
    t.clock.advance(30_000);
    const right = totpCode(enroll.data.secret, t.clock);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await call(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: ticket, code: wrong } })).code).not.toBe(200);
    const done = await call<{ token: string }>(t, 'POST', '/uc/api/auth/verify-code', { body: { mfaTicket: ticket, code: right } });
    expect(done.code).toBe(200);
    expect((await call(t, 'POST', '/api/user/logout', { token: done.data.token, ip: CLIENT })).code).toBe(200);

    const list = await signins();
    expect(list.slice(0, 4).map((e) => [e.operation, e.result])).toEqual([
      [SignInOperation.SIGN_OUT, 'SUCCESS'],
      [SignInOperation.SECOND_FACTOR, 'SUCCESS'],
      [SignInOperation.SECOND_FACTOR, 'FAILURE'],
      [SignInOperation.PASSWORD, 'SUCCESS'],
    ]);
    expect(list[0]?.requestIp).toBe(CLIENT);
  });
});
