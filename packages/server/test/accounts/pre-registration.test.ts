import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type OrgMember } from '@tscloud/contracts';
import { ACTIVATION_SUBJECT, PASSWORD, call, createAccountsApp, expectRefusal, nthMail, signupBody, tokenFromMail, type AccountsTestApp } from './helpers';
import { createOrg, signedIn } from '../orgs/helpers';

/**
 * Issue 12 item 5, pre-registration takeover: an attacker signs up the victim's address with a password of their
 * choosing. The victim's own sign-up must not be refused, and activating from the victim's mailbox must never hand
 * the account to the attacker's password.
 */
const ATTACKER_PASSWORD = 'Attacker.42';
const ATTACKER_IP = '203.0.113.66';
const FAILED = 'Activation failed, please re-initiate verification';
const WRONG_PASSWORD = 'This is not the password chosen when signing up with this link';

describe('pre-registration takeover', () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(async () => t.close());

  const activationToken = async (email: string, index: number) => tokenFromMail(await nthMail(t.mailbox, email, ACTIVATION_SUBJECT, index), '/auth/activate');
  const login = (email: string, password: string) => call(t, 'POST', '/uc/api/auth/login', { body: { email, password }, ip: '198.51.100.7' });
  const activate = (token: string, password: string, lang: 'en' | 'zh' = 'en') => call(t, 'POST', '/uc/api/auth/activate', { body: { token, password }, lang });

  it("the owner's sign-up replaces a pending one, and activation needs the password chosen with the link", async () => {
    const email = 'victim@example.com';
    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email, { password: ATTACKER_PASSWORD, firstName: 'Mallory' }), ip: ATTACKER_IP })).code).toBe(200);
    // The victim signs up too: no "Email already used".
    expect(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) })).toMatchObject({ code: 200, data: { email, activated: false } });

    const attackersLink = await activationToken(email, 0);
    const victimsLink = await activationToken(email, 1);
    // The first sign-up's link died with it, whatever password comes with it.
    expectRefusal(await call(t, 'GET', `/uc/api/auth/activate?token=${attackersLink}`), ApiCode.BAD_REQUEST, FAILED);
    expectRefusal(await activate(attackersLink, ATTACKER_PASSWORD), ApiCode.BAD_REQUEST, FAILED);
    // The attacker's password does not open the victim's link, and leaves it usable.
    expectRefusal(await activate(victimsLink, ATTACKER_PASSWORD), ApiCode.BAD_REQUEST, WRONG_PASSWORD);
    expectRefusal(await activate(victimsLink, ATTACKER_PASSWORD, 'zh'), ApiCode.BAD_REQUEST, '密码与通过此链接注册时设置的密码不一致');
    expect(await call(t, 'GET', `/uc/api/auth/activate?token=${victimsLink}`)).toMatchObject({ code: 200, data: { email, activated: false } });
    expect(await activate(victimsLink, PASSWORD)).toMatchObject({ code: 200, data: { email, activated: true } });

    expectRefusal(await login(email, ATTACKER_PASSWORD), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    const session = await login(email, PASSWORD);
    expect(session.code).toBe(200);
    const info = await call(t, 'GET', '/api/user/info', { token: (session.data as { token: string }).token });
    expect(info.data).toMatchObject({ email, first_name: 'Ada', status: 'ACTIVE' });
  });

  it('opening the attacker-triggered mail alone activates nothing: the owner does not know that password', async () => {
    const email = 'unaware@example.com';
    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email, { password: ATTACKER_PASSWORD }), ip: ATTACKER_IP })).code).toBe(200);
    const link = await activationToken(email, 0);
    // Before, following the link activated the account and the attacker's password signed in.
    expectRefusal(await activate(link, PASSWORD), ApiCode.BAD_REQUEST, WRONG_PASSWORD);
    expectRefusal(await login(email, ATTACKER_PASSWORD), ApiCode.ACCOUNT_STATE, 'Your account is not activated yet, please check your e-mail');
    expectRefusal(await activate(link, ''), ApiCode.BAD_REQUEST, 'This field is required');
  });

  it('covers sign-up over a pending invitation: the invited owner signs up again and joins, the attacker does not', async () => {
    const owner = await signedIn(t, 'inviting.owner@example.com', 'Olga');
    const orgId = await createOrg(owner, 'Invites');
    const email = 'invited@example.com';
    expect((await owner.call('POST', '/api/user/invite', { email }, orgId)).code).toBe(200);

    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email, { password: ATTACKER_PASSWORD }), ip: ATTACKER_IP })).code).toBe(200);
    expect((await call(t, 'POST', '/uc/api/auth/register', { body: signupBody(email) })).code).toBe(200);
    const attackersLink = await activationToken(email, 0);
    const ownersLink = await activationToken(email, 1);
    expectRefusal(await activate(attackersLink, ATTACKER_PASSWORD), ApiCode.BAD_REQUEST, FAILED);
    expectRefusal(await activate(ownersLink, ATTACKER_PASSWORD), ApiCode.BAD_REQUEST, WRONG_PASSWORD);
    expect((await activate(ownersLink, PASSWORD)).code).toBe(200);

    expectRefusal(await login(email, ATTACKER_PASSWORD), ApiCode.UNAUTHENTICATED, 'Invalid email address or password');
    const session = await login(email, PASSWORD);
    // The invitation's membership followed the placeholder account to its owner: it is joined when the console
    // first lists the user's organizations.
    expect((await call(t, 'GET', '/api/org', { token: (session.data as { token: string }).token })).code).toBe(200);
    const members = await owner.call<OrgMember[]>('GET', '/api/org/users', undefined, orgId);
    expect(members.data.find((m) => m.email === email)).toMatchObject({ status: 'ACTIVE', firstName: 'Ada' });
  });

  it('an activated address stays refused to sign-up', async () => {
    expectRefusal(await call(t, 'POST', '/uc/api/auth/register', { body: signupBody('victim@example.com', { password: ATTACKER_PASSWORD }), ip: ATTACKER_IP }), ApiCode.CONFLICT, 'Email already used');
  });
});
