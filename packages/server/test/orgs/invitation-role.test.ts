import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptInvitationResult, OrgMember, OrgSummary, Page, Role } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { TestMailbox } from '../support/mailbox';
import { createOrg, request, signedIn, type Caller } from './helpers';

function acceptToken(text: string): string {
  return new URL(text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept')!;
}

/**
 * Issue 14 item 1: an invitation carries an organization-level role; the invitee joins once, by whichever link
 * comes first (the mail's sign-up link with activation, or the accept link), and lands in the organization with
 * that role; a link used after joining answers "already a member" with the organization.
 */
describe('invitations with a role', () => {
  let t: TestApp;
  let owner: Caller;
  let orgId: string;
  let roles: Record<string, Role>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner@example.com', 'Olga');
    orgId = await createOrg(owner, 'Roleful');
    roles = Object.fromEntries((await owner.call<Role[]>('GET', '/api/role', undefined, orgId)).data.map((r) => [r.name, r]));
  });
  afterAll(async () => t.close());

  /** Signs up with the address as the mail's sign-up link does, activates with the password, signs in. */
  async function signUpAndActivate(email: string): Promise<string> {
    expect((await request(t, { method: 'POST', url: '/uc/api/auth/register', body: { email, password: 'Secret.123', firstName: 'In', lastName: 'Vitee', acceptTerms: true } })).code).toBe(200);
    const activation = await t.mailbox.waitFor(email, /activ/i);
    const token = new URL(TestMailbox.linkIn(activation, '/auth/activate')).searchParams.get('token')!;
    expect((await request(t, { method: 'POST', url: '/uc/api/auth/activate', body: { token, password: 'Secret.123' } })).code).toBe(200);
    const login = await request<{ token: string }>(t, { method: 'POST', url: '/uc/api/auth/login', body: { email, password: 'Secret.123' } });
    expect(login.code).toBe(200);
    return login.data.token;
  }

  const memberOf = async (email: string) => (await owner.call<OrgMember[]>('GET', '/api/org/users', undefined, orgId)).data.find((m) => m.email === email)!;

  it('sign-up link first: activation joins with the invited role; the accept link then says "already a member"', async () => {
    const email = 'first.signup@example.com';
    expect((await owner.call('POST', '/api/user/invite', { email, roleId: roles.Developer.id }, orgId)).code).toBe(200);
    // The owner sees the role on the pending invitation.
    expect(await memberOf(email)).toMatchObject({ status: 'INVITED', roles: [{ name: 'Developer', via: 'USER', resType: 'ORG', status: 'ACTIVE' }] });
    const mail = await t.mailbox.waitFor(email, /Roleful/);
    expect(new URL(TestMailbox.linkIn(mail, '/auth/signup')).searchParams.get('email')).toBe(email);

    const session = await signUpAndActivate(email);
    const orgs = await request<Page<OrgSummary>>(t, { method: 'GET', url: '/api/org', token: session });
    expect(orgs.data.list.map((o) => o.name)).toEqual(['Roleful']);
    expect(orgs.data.list[0].privileges).toContain('db:write');
    expect(orgs.data.list[0].privileges).not.toContain('user:invite');
    expect(await memberOf(email)).toMatchObject({ status: 'ACTIVE', roles: [{ name: 'Developer' }] });

    const again = await request<AcceptInvitationResult>(t, { method: 'POST', url: '/uc/api/user/accept', token: session, body: { token: acceptToken(mail.text) } });
    expect(again).toMatchObject({ code: 200, data: { orgId, name: 'Roleful', alreadyMember: true } });
  });

  it('accept link first: the link joins with the invited role, once', async () => {
    const email = 'first.accept@example.com';
    expect((await owner.call('POST', '/api/user/invite', { email, roleId: roles.Viewer.id }, orgId)).code).toBe(200);
    const mail = await t.mailbox.waitFor(email, /Roleful/);
    const session = await signUpAndActivate(email);
    const token = acceptToken(mail.text);

    const accepted = await request<AcceptInvitationResult>(t, { method: 'POST', url: '/uc/api/user/accept', token: session, body: { token } });
    expect(accepted).toMatchObject({ code: 200, data: { orgId, name: 'Roleful', alreadyMember: false } });
    const orgs = await request<Page<OrgSummary>>(t, { method: 'GET', url: '/api/org', token: session });
    expect(orgs.data.list.map((o) => o.name)).toEqual(['Roleful']);
    expect(orgs.data.list[0].privileges).toContain('instance:read');
    expect(orgs.data.list[0].privileges).not.toContain('db:write');
    expect(await memberOf(email)).toMatchObject({ status: 'ACTIVE', roles: [{ name: 'Viewer', via: 'USER' }] });
    expect((await request<AcceptInvitationResult>(t, { method: 'POST', url: '/uc/api/user/accept', token: session, body: { token } })).data.alreadyMember).toBe(true);
  });

  it('an existing account accepts and lands with the role; a new link sent again keeps it', async () => {
    const zoe = await signedIn(t, 'zoe@example.com', 'Zoe');
    await owner.call('POST', '/api/user/invite', { email: 'zoe@example.com', roleId: roles.Viewer.id }, orgId);
    await owner.call('POST', '/api/user/invite', { email: 'zoe@example.com' }, orgId);
    const toZoe = () => t.mailbox.messages.filter((m) => m.to.includes('zoe@example.com'));
    while (toZoe().length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = toZoe().at(-1)!;
    expect((await zoe.call<AcceptInvitationResult>('POST', '/uc/api/user/accept', { token: acceptToken(mail.text) })).data).toMatchObject({ orgId, alreadyMember: false });
    expect((await zoe.call<string[]>('GET', '/api/privilege', undefined, orgId)).code).toBe(200);
    expect((await memberOf('zoe@example.com')).roles.map((r) => r.name)).toEqual(['Viewer']);
  });

  it('gives only a role whose privileges the inviter holds at organization level, of this organization', async () => {
    const recruiter = await owner.call<Role>('POST', '/api/role', { name: 'Recruiter', privileges: ['user:invite', 'org:read', 'instance:read'] }, orgId);
    const ivy = await signedIn(t, 'ivy@example.com', 'Ivy');
    await owner.call('POST', '/api/user/invite', { email: 'ivy@example.com', roleId: recruiter.data.id }, orgId);
    await ivy.call('POST', '/uc/api/user/accept', { token: acceptToken((await t.mailbox.waitFor('ivy@example.com', /Roleful/)).text) });

    const beyond = await ivy.call('POST', '/api/user/invite', { email: 'too.much@example.com', roleId: roles.Admin.id }, orgId);
    expect(beyond).toMatchObject({ code: 403, message: expect.stringMatching(/privilege/i) });
    expect(await memberOf('too.much@example.com')).toBeUndefined();
    expect((await ivy.call('POST', '/api/user/invite', { email: 'fine@example.com', roleId: recruiter.data.id }, orgId)).code).toBe(200);

    const otherOwner = await signedIn(t, 'other@example.com', 'Otto');
    const otherOrg = await createOrg(otherOwner, 'Elsewhere');
    const foreignRole = (await otherOwner.call<Role[]>('GET', '/api/role', undefined, otherOrg)).data[0];
    expect((await owner.call('POST', '/api/user/invite', { email: 'foreign@example.com', roleId: foreignRole.id }, orgId)).code).toBe(404);
  });
});
