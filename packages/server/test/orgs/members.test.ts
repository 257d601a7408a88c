import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS, type OrgMember, type OrgSummary, type Page, type Role } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/app';
import { TestMailbox } from '../support/mailbox';
import { createOrg, newSession, request, signedIn, type Caller } from './helpers';

function acceptToken(text: string): string {
  return new URL(text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept')!;
}

describe('members and invitations', () => {
  let t: TestApp;
  let owner: Caller;
  let orgId: string;
  let viewerRole: Role;
  let viewersGroup: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner@example.com', 'Olga');
    orgId = await createOrg(owner, 'Members');
    viewerRole = (await owner.call<Role[]>('GET', '/api/role', undefined, orgId)).data.find((r) => r.name === 'Viewer')!;
    viewersGroup = (await owner.call<{ id: string }>('POST', '/api/group', { name: 'Viewers' }, orgId)).data.id;
    expect((await owner.call('PUT', '/api/user/roles', { groupId: viewersGroup, roleId: viewerRole.id }, orgId)).code).toBe(200);
  });
  afterAll(async () => t.close());

  it('invites an unknown e-mail, who signs up from the mail and joins on activation with the invitation groups', async () => {
    const invite = await owner.call<{ existingUser: boolean }>('POST', '/api/user/invite', { email: 'newbie@example.com', groupIds: [viewersGroup] }, orgId);
    expect(invite).toMatchObject({ code: 200, data: { existingUser: false } });
    const mail = await t.mailbox.waitFor('newbie@example.com', /Members/);
    expect(mail.text).toContain('Sign up with this address');
    const signupLink = TestMailbox.linkIn(mail, '/auth/signup');
    expect(new URL(signupLink).searchParams.get('email')).toBe('newbie@example.com');

    const signup = await request(t, {
      method: 'POST',
      url: '/uc/api/auth/register',
      body: { email: 'newbie@example.com', password: 'Secret.123', firstName: 'New', lastName: 'Bie', acceptTerms: true },
    });
    expect(signup.code).toBe(200);
    const activation = await t.mailbox.waitFor('newbie@example.com', /activ/i);
    const token = new URL(TestMailbox.linkIn(activation, '/auth/activate')).searchParams.get('token')!;
    expect((await request(t, { method: 'POST', url: '/uc/api/auth/activate', body: { token, password: 'Secret.123' } })).code).toBe(200);
    const login = await request<{ token: string }>(t, { method: 'POST', url: '/uc/api/auth/login', body: { email: 'newbie@example.com', password: 'Secret.123' } });
    expect(login.code).toBe(200);

    const orgs = await request<Page<OrgSummary>>(t, { method: 'GET', url: '/api/org', token: login.data.token });
    // Joined the invited organization (and got no personal one: they belong to an organization).
    expect(orgs.data.list.map((o) => o.name)).toEqual(['Members']);
    expect(orgs.data.list[0].privileges).toContain('instance:read');
    expect(orgs.data.list[0].privileges).not.toContain('user:invite');
    const members = await owner.call<OrgMember[]>('GET', '/api/org/users', undefined, orgId);
    const newbie = members.data.find((m) => m.email === 'newbie@example.com')!;
    expect(newbie).toMatchObject({ status: 'ACTIVE', firstName: 'New', groups: [{ id: viewersGroup, name: 'Viewers' }] });
    expect(newbie.roles).toMatchObject([{ name: 'Viewer', via: 'GROUP', groupId: viewersGroup, status: 'ACTIVE' }]);
  });

  it('lets only the addressed account accept an invitation, once', async () => {
    const carol = await signedIn(t, 'carol@example.com', 'Carol');
    const dave = await signedIn(t, 'dave@example.com', 'Dave');
    await owner.call('POST', '/api/user/invite', { email: 'carol@example.com' }, orgId);
    const token = acceptToken((await t.mailbox.waitFor('carol@example.com', /Members/)).text);
    expect(await dave.call('POST', '/uc/api/user/accept', { token })).toMatchObject({ code: 400, message: 'The invitation is invalid or has expired' });
    expect(await carol.call('POST', '/uc/api/user/accept', { token })).toMatchObject({ code: 200, data: { orgId, name: 'Members' } });
    // Used again by the member: no second join, the page is told she is a member already (issue 14).
    expect(await carol.call('POST', '/uc/api/user/accept', { token })).toMatchObject({ code: 200, data: { orgId, name: 'Members', alreadyMember: true } });
    expect(await owner.call('POST', '/api/user/invite', { email: 'carol@example.com' }, orgId)).toMatchObject({ code: 409, message: 'The user is already a member of the organization' });
    expect((await owner.call('POST', '/api/user/invite', { email: 'Not An Email' }, orgId)).code).toBe(400);
  });

  it('keeps a user in several organizations with different roles', async () => {
    const erin = await signedIn(t, 'erin@example.com', 'Erin');
    const other = await signedIn(t, 'other-owner@example.com', 'Otto');
    const otherOrg = await createOrg(other, 'Elsewhere');
    const adminOther = (await other.call<Role[]>('GET', '/api/role', undefined, otherOrg)).data.find((r) => r.name === 'Admin')!;
    for (const [inviter, org] of [
      [owner, orgId],
      [other, otherOrg],
    ] as const) {
      await inviter.call('POST', '/api/user/invite', { email: 'erin@example.com', groupIds: org === orgId ? [viewersGroup] : [] }, org);
    }
    for (const name of [/Members/, /Elsewhere/]) {
      const mail = await t.mailbox.waitFor('erin@example.com', name);
      expect((await erin.call('POST', '/uc/api/user/accept', { token: acceptToken(mail.text) })).code).toBe(200);
    }
    await other.call('PUT', '/api/user/roles', { userId: erin.user.id, roleId: adminOther.id }, otherOrg);
    const list = await erin.call<Page<OrgSummary>>('GET', '/api/org');
    const byName = Object.fromEntries(list.data.list.map((o) => [o.name, o.privileges]));
    expect(byName.Members).not.toContain('user:invite');
    expect(byName.Elsewhere).toContain('user:invite');
    expect((await erin.call('POST', '/api/user/invite', { email: 'x@example.com' }, orgId)).code).toBe(403);
  });

  it('disables, re-activates and deletes members, never the owner', async () => {
    const frank = await signedIn(t, 'frank@example.com', 'Frank');
    await owner.call('POST', '/api/user/invite', { email: 'frank@example.com', groupIds: [viewersGroup] }, orgId);
    await frank.call('POST', '/uc/api/user/accept', { token: acceptToken((await t.mailbox.waitFor('frank@example.com', /Members/)).text) });
    expect((await frank.call('GET', '/api/privilege', undefined, orgId)).code).toBe(200);

    expect((await owner.call('POST', '/api/org/disable/orguser', { userId: frank.user.id }, orgId)).code).toBe(200);
    expect((await frank.call('GET', '/api/privilege', undefined, orgId)).code).toBe(403);
    expect((await owner.call('POST', '/api/org/active/orguser', { userId: frank.user.id }, orgId)).code).toBe(200);
    expect((await frank.call('GET', '/api/privilege', undefined, orgId)).code).toBe(200);

    expect(await owner.call('POST', '/api/org/disable/orguser', { userId: owner.user.id }, orgId)).toMatchObject({ code: 400, message: 'The organization owner cannot be removed' });
    expect((await owner.call('POST', '/api/org/delete/orguser', { userId: owner.user.id }, orgId)).code).toBe(400);
    expect((await owner.call('POST', '/api/org/delete/orguser', {}, orgId)).code).toBe(400);

    expect((await owner.call('POST', '/api/org/delete/orguser', { userId: frank.user.id }, orgId)).code).toBe(200);
    expect((await frank.call('GET', '/api/privilege', undefined, orgId)).code).toBe(403);
    const members = await owner.call<OrgMember[]>('GET', '/api/org/users', undefined, orgId);
    expect(members.data.map((m) => m.email)).not.toContain('frank@example.com');
    // A viewer cannot manage members.
    const newbieToken = (await request<{ token: string }>(t, { method: 'POST', url: '/uc/api/auth/login', body: { email: 'newbie@example.com', password: 'Secret.123' } })).data.token;
    expect((await request(t, { method: 'POST', url: '/api/org/disable/orguser', token: newbieToken, orgId, body: { userId: owner.user.id } })).code).toBe(403);
  });

  it('needs group management to invite into groups (their roles come with them)', async () => {
    const inviter = await signedIn(t, 'inviter@example.com', 'Ivy');
    const role = await owner.call<Role>('POST', '/api/role', { name: 'Recruiter', privileges: ['user:invite'] }, orgId);
    await owner.call('POST', '/api/user/invite', { email: 'inviter@example.com' }, orgId);
    await inviter.call('POST', '/uc/api/user/accept', { token: acceptToken((await t.mailbox.waitFor('inviter@example.com', /Members/)).text) });
    await owner.call('PUT', '/api/user/roles', { userId: inviter.user.id, roleId: role.data.id }, orgId);
    expect((await inviter.call('POST', '/api/user/invite', { email: 'friend@example.com', groupIds: [viewersGroup] }, orgId)).code).toBe(403);
    expect((await inviter.call('POST', '/api/user/invite', { email: 'friend@example.com' }, orgId)).code).toBe(200);
  });

  it('removes a pending invitation by member id and the link stops working', async () => {
    const gina = await signedIn(t, 'gina@example.com', 'Gina');
    const invite = await owner.call<{ memberId: string }>('POST', '/api/user/invite', { email: 'gina@example.com' }, orgId);
    const token = acceptToken((await t.mailbox.waitFor('gina@example.com', /Members/)).text);
    expect((await owner.call('POST', '/api/org/delete/orguser', { memberId: invite.data.memberId }, orgId)).code).toBe(200);
    expect((await gina.call('POST', '/uc/api/user/accept', { token })).code).toBe(400);
  });
});

describe('invitation expiry', () => {
  const clock = new FakeClock(Date.UTC(2026, 3, 1));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('refuses a link older than INVITATION_TTL_MS and does not auto-join after it', async () => {
    let owner = await signedIn(t, 'owner@example.com', 'Olga');
    const orgId = await createOrg(owner, 'Expiring');
    let late = await signedIn(t, 'late@example.com', 'Late');
    await owner.call('POST', '/api/user/invite', { email: 'late@example.com' }, orgId);
    await owner.call('POST', '/api/user/invite', { email: 'unknown@example.com' }, orgId);
    const token = acceptToken((await t.mailbox.waitFor('late@example.com', /Expiring/)).text);
    clock.advance(INVITATION_TTL_MS + 1);
    [owner, late] = [await newSession(t, owner.user), await newSession(t, late.user)];
    expect(await late.call('POST', '/uc/api/user/accept', { token })).toMatchObject({ code: 400, message: 'The invitation is invalid or has expired' });
    // The unknown address gets an account only now: too late to join.
    const unknown = await signedIn(t, 'unknown@example.com', 'Unknown');
    const list = await unknown.call<Page<OrgSummary>>('GET', '/api/org');
    expect(list.data.list.map((o) => o.name)).not.toContain('Expiring');
    // Inviting again sends a fresh link that works.
    const before = t.mailbox.messages.length;
    await owner.call('POST', '/api/user/invite', { email: 'late@example.com' }, orgId);
    while (t.mailbox.messages.length === before) await new Promise((resolve) => setTimeout(resolve, 100));
    const fresh = acceptToken(t.mailbox.messages.at(-1)!.text);
    expect(fresh).not.toBe(token);
    expect((await late.call('POST', '/uc/api/user/accept', { token: fresh })).code).toBe(200);
  });
});
