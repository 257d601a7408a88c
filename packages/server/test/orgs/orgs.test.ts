import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES, type OrgSummary, type Page } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { provideInstanceDirectory } from '../../src/platform/access';
import { createOrg, signedIn, type Caller } from './helpers';

describe('organizations', () => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    // Names and ownership are tested here with many organizations of one owner; the free plan's limit is
    // tested in accounts-extra/org-users.test.ts.
    t = await createTestApp({ env: { FREE_PLAN_MAX_ORGANIZATIONS: 'unlimited' } });
    alice = await signedIn(t, 'alice@example.com', 'Alice');
    bob = await signedIn(t, 'bob@example.com', 'Bob');
  });
  afterAll(async () => t.close());

  it('creates a personal organization at the first listing, once', async () => {
    const first = await alice.call<Page<OrgSummary>>('GET', '/api/org?current_page=1&page_size=10000');
    expect(first.code).toBe(200);
    expect(first.data.list).toHaveLength(1);
    expect(first.data.list[0]).toMatchObject({ name: 'Alice-Organization', orgStatus: 'ACTIVE', isOwner: true, orgDiscount: 1, marketplaceType: null });
    expect(first.data.list[0].privileges).toEqual([...ALL_PRIVILEGES].sort());
    const again = await alice.call<Page<OrgSummary>>('GET', '/api/org');
    expect(again.data.list.map((o) => o.orgId)).toEqual([first.data.list[0].orgId]);
  });

  it('creates organizations with the name rule of §5 and unique names per owner', async () => {
    const bad = await alice.call('POST', '/api/org', { name: '-Bad' });
    expect(bad).toMatchObject({ code: 400, message: 'Only English and Chinese characters, with a dash or underscore in the middle' });
    expect((await alice.call('POST', '/api/org', { name: 'Has space' })).code).toBe(400);
    expect((await alice.call('POST', '/api/org', { name: 'Acme1' })).code).toBe(400);
    const id = await createOrg(alice, 'Acme_Labs');
    expect(id).toBeTruthy();
    expect(await alice.call('POST', '/api/org', { name: 'acme_labs' })).toMatchObject({ code: 409, message: 'An organization with this name already exists' });
    expect((await alice.call('POST', '/api/org', { name: '时序-数据' })).code).toBe(200);
    // Another owner may use the same name.
    expect((await bob.call('POST', '/api/org', { name: 'Acme_Labs' })).code).toBe(200);
  });

  it('renames only the organization the request acts in, with org:update', async () => {
    const id = await createOrg(alice, 'Renamable');
    expect((await alice.call('PUT', `/api/org/${id}`, { name: 'Renamed' }, id)).code).toBe(200);
    const list = await alice.call<Page<OrgSummary>>('GET', '/api/org');
    expect(list.data.list.map((o) => o.name)).toContain('Renamed');
    const other = await createOrg(alice, 'Other');
    // Path id of one organization while acting in another: refused.
    expect((await alice.call('PUT', `/api/org/${other}`, { name: 'Hijack' }, id)).code).toBe(403);
    // Not a member: refused without telling whether it exists.
    expect((await bob.call('PUT', `/api/org/${id}`, { name: 'Hijack' }, id)).code).toBe(403);
    expect((await alice.call('PUT', `/api/org/${id}`, { name: 'bad name' }, id)).code).toBe(400);
  });

  it('answers the caller privileges in the current organization', async () => {
    const id = await createOrg(alice, 'Privileged');
    const res = await alice.call<{ isOwner: boolean; privileges: string[] }>('GET', '/api/privilege', undefined, id);
    expect(res.data.isOwner).toBe(true);
    expect(res.data.privileges).toHaveLength(ALL_PRIVILEGES.length);
    expect((await alice.call('GET', '/api/privilege')).code).toBe(403);
  });

  it('transfers ownership to an active member only, by the owner only', async () => {
    const id = await createOrg(alice, 'Transferable');
    expect(await alice.call('POST', `/api/org/transfer-owner/${id}`, { userId: bob.user.id }, id)).toMatchObject({ code: 400, message: 'The user is not an active member of the organization' });
    // Bob joins through an invitation he accepts.
    const invite = await alice.call<{ memberId: string }>('POST', '/api/user/invite', { email: 'bob@example.com' }, id);
    expect(invite.code).toBe(200);
    const mail = await t.mailbox.waitFor('bob@example.com', /Transferable/);
    const token = new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept')!;
    expect((await bob.call('POST', '/uc/api/user/accept', { token })).code).toBe(200);
    // Bob holds no role yet: he cannot act in the organization at all.
    expect((await bob.call('POST', `/api/org/transfer-owner/${id}`, { userId: bob.user.id }, id)).code).toBe(403);

    expect((await alice.call('POST', `/api/org/transfer-owner/${id}`, { userId: bob.user.id }, id)).code).toBe(200);
    const bobs = await bob.call<Page<OrgSummary>>('GET', '/api/org');
    expect(bobs.data.list.find((o) => o.orgId === id)).toMatchObject({ isOwner: true });
    // Alice stays with the built-in Admin role, which cannot transfer or delete.
    const alices = await alice.call<Page<OrgSummary>>('GET', '/api/org');
    const mine = alices.data.list.find((o) => o.orgId === id)!;
    expect(mine.isOwner).toBe(false);
    expect(mine.privileges).toContain('user:invite');
    expect(mine.privileges).not.toContain('org:delete');
    expect(await alice.call('POST', `/api/org/transfer-owner/${id}`, { userId: alice.user.id }, id)).toMatchObject({ code: 403, message: 'Only the organization owner can do this' });
    expect(await alice.call('DELETE', `/api/org/remove/${id}`, undefined, id)).toMatchObject({ code: 403 });
  });

  it('deletes an organization only by its owner and only without instances or arrears', async () => {
    const id = await createOrg(alice, 'Doomed');
    let instances = 1;
    provideInstanceDirectory(t.app, { orgOf: async () => null, countByOrg: async (orgId) => (orgId === id ? instances : 0) });
    expect(await alice.call('DELETE', `/api/org/remove/${id}`, undefined, id)).toMatchObject({
      code: 409,
      message: 'Delete all instances of the organization and clear its arrears first',
    });
    instances = 0;
    expect((await alice.call('DELETE', `/api/org/remove/${id}`, undefined, id)).code).toBe(200);
    const list = await alice.call<Page<OrgSummary>>('GET', '/api/org');
    expect(list.data.list.map((o) => o.orgId)).not.toContain(id);
    expect((await alice.call('GET', '/api/privilege', undefined, id)).code).toBe(403);
  });

  it('refuses writes while the organization is not ACTIVE, and still reads', async () => {
    const id = await createOrg(alice, 'Frozen');
    await t.store.sql.query(`UPDATE organizations SET status = 'DELETING' WHERE id = $1`, [id]);
    expect(await alice.call('PUT', `/api/org/${id}`, { name: 'Thawed' }, id)).toMatchObject({ code: 434, message: 'The organization is read-only' });
    expect((await alice.call('GET', '/api/org/users', undefined, id)).code).toBe(200);
  });
});
