import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_EXPIRATION_MIN_LEAD_MS, type OrgSummary, type Page, type Role, type RoleGrant, type RoleRef, type UserResource } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { FakeClock } from '../../src/clock';
import { mayAccess, provideInstanceDirectory } from '../../src/platform/access';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';

const MINUTE = 60_000;

describe('groups, roles and grants', () => {
  const clock = new FakeClock(Date.UTC(2026, 2, 1));
  let t: TestApp;
  let owner: Caller;
  let dev: Caller;
  let orgId: string;
  let roles: Record<string, Role>;
  let group: string;

  const privilegesOf = async (who: Caller): Promise<string[] | null> => {
    const res = await who.call<{ privileges: string[] }>('GET', '/api/privilege', undefined, orgId);
    return res.code === 200 ? res.data.privileges : null;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    owner = await signedIn(t, 'owner@example.com', 'Olga');
    dev = await signedIn(t, 'dev@example.com', 'Dev');
    orgId = await createOrg(owner, 'Grants');
    provideInstanceDirectory(t.app, { orgOf: async (id) => (id === 'inst-1' || id === 'inst-3' ? orgId : null), countByOrg: async () => 0 });
    roles = Object.fromEntries((await owner.call<Role[]>('GET', '/api/role', undefined, orgId)).data.map((r) => [r.name, r]));
    await owner.call('POST', '/api/user/invite', { email: 'dev@example.com' }, orgId);
    const mail = await t.mailbox.waitFor('dev@example.com', /Grants/);
    await dev.call('POST', '/uc/api/user/accept', { token: new URL(mail.text.match(/https?:\/\/\S+accept=\S+/)![0]).searchParams.get('accept') });
    group = (await owner.call<{ id: string }>('POST', '/api/group', { name: 'Developers', userIds: [dev.user.id] }, orgId)).data.id;
  });
  afterAll(async () => t.close());

  it('every organization has the built-in roles, which cannot be changed', async () => {
    expect(Object.keys(roles).sort()).toEqual(['Admin', 'Developer', 'Viewer']);
    expect(roles.Admin.builtin).toBe(true);
    expect(await owner.call('PUT', `/api/role/${roles.Admin.id}`, { name: 'Boss' }, orgId)).toMatchObject({ code: 400, message: 'Built-in roles cannot be changed or deleted' });
    expect((await owner.call('DELETE', `/api/role/${roles.Viewer.id}`, undefined, orgId)).code).toBe(400);
  });

  it('creates, changes and deletes custom roles with catalogue privileges only', async () => {
    expect((await owner.call('POST', '/api/role', { name: 'Auditor', privileges: ['nope:nothing'] }, orgId)).code).toBe(400);
    expect((await owner.call('POST', '/api/role', { name: 'Auditor', privileges: [] }, orgId)).code).toBe(400);
    const created = await owner.call<Role>('POST', '/api/role', { name: 'Auditor', privileges: ['activity:read'] }, orgId);
    expect(created).toMatchObject({ code: 200, data: { name: 'Auditor', privileges: ['activity:read'], builtin: false } });
    expect((await owner.call('POST', '/api/role', { name: 'auditor', privileges: ['activity:read'] }, orgId)).code).toBe(409);
    const updated = await owner.call<Role>('PUT', `/api/role/${created.data.id}`, { privileges: ['activity:read', 'user:read'] }, orgId);
    expect(updated.data.privileges).toEqual(['activity:read', 'user:read']);
    expect((await owner.call('DELETE', `/api/role/${created.data.id}`, undefined, orgId)).code).toBe(200);
  });

  it('enforces the grant rules of §5', async () => {
    const soon = clock.now() + ROLE_EXPIRATION_MIN_LEAD_MS - 1;
    expect(await owner.call('PUT', '/api/user/roles', { groupId: group, roleId: roles.Developer.id, expiration: soon }, orgId)).toMatchObject({
      code: 400,
      message: 'The expiration is earlier than the current time',
    });
    expect(await owner.call('PUT', '/api/user/roles', { userId: dev.user.id }, orgId)).toMatchObject({ code: 400, message: 'Group and role cannot both be empty' });
    expect(await owner.call('PUT', '/api/user/roles', { groupId: group }, orgId)).toMatchObject({ code: 400, message: 'A role must be chosen' });
    expect(await owner.call('PUT', '/api/user/roles', { userId: dev.user.id, roleId: roles.Viewer.id, resType: 'DATABASE', resources: [] }, orgId)).toMatchObject({
      code: 400,
      message: 'Resources must be chosen',
    });
    // A resource of an instance outside the organization is not found.
    const foreign = { userId: dev.user.id, roleId: roles.Viewer.id, resType: 'INSTANCE', resources: [{ resId: 'inst-elsewhere' }] };
    expect((await owner.call('PUT', '/api/user/roles', foreign, orgId)).code).toBe(404);
    expect((await owner.call('PUT', '/api/user/roles', { userId: dev.user.id, groupId: group, roleId: roles.Viewer.id }, orgId)).code).toBe(400);
  });

  it('gives privileges through a group until the grant expires (FakeClock across the expiry)', async () => {
    expect(await privilegesOf(dev)).toBeNull(); // no grant yet: no access at all
    const expiration = clock.now() + 30 * MINUTE;
    const res = await owner.call<{ grantIds: string[] }>('PUT', '/api/user/roles', { groupId: group, roleId: roles.Developer.id, expiration }, orgId);
    expect(res.code).toBe(200);
    expect(await privilegesOf(dev)).toContain('db:write');
    expect(await privilegesOf(dev)).not.toContain('user:read');

    // Disabling the group takes its privileges away; enabling gives them back.
    await owner.call('PUT', `/api/group/${group}`, { status: 'DISABLED' }, orgId);
    expect(await privilegesOf(dev)).toBeNull();
    await owner.call('PUT', `/api/group/${group}`, { status: 'ACTIVE' }, orgId);

    clock.advance(29 * MINUTE);
    expect(await privilegesOf(dev)).toContain('db:write');
    clock.advance(2 * MINUTE);
    expect(await privilegesOf(dev)).toBeNull();
    const list = await dev.call<Page<OrgSummary>>('GET', '/api/org');
    expect(list.data.list.map((o) => o.orgId)).not.toContain(orgId);

    const grants = await owner.call<RoleGrant[]>('GET', `/api/role/grant-list?groupId=${group}`, undefined, orgId);
    expect(grants.data).toMatchObject([{ id: res.data.grantIds[0], name: 'Developer', status: 'EXPIRED', via: 'GROUP', expiration }]);
    // An expired grant can only be deleted.
    expect(await owner.call('POST', '/api/role/active/userrole', { grantIds: res.data.grantIds }, orgId)).toMatchObject({ code: 400, message: 'An expired role can only be deleted' });
    expect((await owner.call('POST', '/api/role/disable/userrole', { grantIds: res.data.grantIds }, orgId)).code).toBe(400);
    expect((await owner.call('POST', '/api/role/delete/userrole', { grantIds: res.data.grantIds }, orgId)).code).toBe(200);
    expect((await owner.call<RoleGrant[]>('GET', `/api/role/grant-list?groupId=${group}`, undefined, orgId)).data).toEqual([]);
  });

  it('manages access through a group via the group, and direct grants directly', async () => {
    const viaGroup = await owner.call<{ grantIds: string[] }>('PUT', '/api/user/roles', { groupId: group, roleId: roles.Viewer.id }, orgId);
    const direct = await owner.call<{ grantIds: string[] }>('PUT', '/api/user/roles', { userId: dev.user.id, roleId: roles.Developer.id }, orgId);
    const forDev = await owner.call<RoleGrant[]>('GET', `/api/role/grant-list?userId=${dev.user.id}`, undefined, orgId);
    expect(forDev.data.map((g) => [g.name, g.via]).sort()).toEqual([
      ['Developer', 'USER'],
      ['Viewer', 'GROUP'],
    ]);
    expect(await owner.call('POST', '/api/role/disable/userrole', { grantIds: viaGroup.data.grantIds, userId: dev.user.id }, orgId)).toMatchObject({
      code: 400,
      message: 'This user has access through a group; manage it via the group',
    });
    expect((await owner.call('POST', '/api/role/disable/userrole', { grantIds: direct.data.grantIds, userId: dev.user.id }, orgId)).code).toBe(200);
    expect(await privilegesOf(dev)).not.toContain('db:write');
    expect(await privilegesOf(dev)).toContain('db:read');
    expect((await owner.call('POST', '/api/role/active/userrole', { grantIds: direct.data.grantIds, userId: dev.user.id }, orgId)).code).toBe(200);
    expect(await privilegesOf(dev)).toContain('db:write');

    const notGranted = await owner.call<RoleRef[]>('GET', `/api/role/no-granted-list/user/${dev.user.id}`, undefined, orgId);
    expect(notGranted.data.map((r) => r.name).sort()).toEqual(['Admin', 'Viewer']);
    const notGrantedGroup = await owner.call<RoleRef[]>('GET', `/api/role/no-granted-list/group/${group}`, undefined, orgId);
    expect(notGrantedGroup.data.map((r) => r.name).sort()).toEqual(['Admin', 'Developer']);

    // Leaving the group takes its grants away.
    await owner.call('POST', `/api/group/${group}/members/remove`, { userIds: [dev.user.id] }, orgId);
    const after = await owner.call<RoleGrant[]>('GET', `/api/role/grant-list?userId=${dev.user.id}`, undefined, orgId);
    expect(after.data.map((g) => g.via)).toEqual(['USER']);
    await owner.call('POST', '/api/role/delete/userrole', { grantIds: direct.data.grantIds }, orgId);
  });

  it('grants below organization level answer "may U do P on R" and list the user resources', async () => {
    const grant = await owner.call<{ grantIds: string[] }>(
      'PUT',
      '/api/user/roles',
      { userId: dev.user.id, roleId: roles.Viewer.id, resType: 'STABLE', resources: [{ instanceId: 'inst-1', resId: 'power.meters', resName: 'meters' }] },
      orgId,
    );
    expect(grant.code).toBe(200);
    const may = (resource: Parameters<typeof mayAccess>[2]['resource'], privilege = 'stable:read') =>
      mayAccess(t.store.db, clock, { userId: dev.user.id, orgId, privilege, resource });
    expect(await may({ instanceId: 'inst-1', databaseId: 'power', kind: 'STABLE', name: 'meters' })).toBe(true);
    expect(await may({ instanceId: 'inst-1', databaseId: 'power', kind: 'STABLE', name: 'other' })).toBe(false);
    expect(await may({ instanceId: 'inst-1', databaseId: 'power', kind: 'STABLE', name: 'meters' }, 'stable:write')).toBe(false);
    expect(await may({ instanceId: 'inst-1', databaseId: 'power' }, 'db:read')).toBe(false);
    expect(await mayAccess(t.store.db, clock, { userId: owner.user.id, orgId, privilege: 'db:drop', resource: { instanceId: 'inst-1' } })).toBe(true);

    const resources = await dev.call<UserResource[]>('GET', `/api/user/${dev.user.id}/resources/inst-1/stable`, undefined, orgId);
    expect(resources).toMatchObject({ code: 200, data: [{ resType: 'STABLE', resId: 'power.meters', resName: 'meters', databaseId: 'power', roleName: 'Viewer' }] });
    expect((await dev.call<UserResource[]>('GET', `/api/user/${dev.user.id}/resources/inst-1/view`, undefined, orgId)).data).toEqual([]);
    // Someone else's resources need user:read.
    expect((await dev.call('GET', `/api/user/${owner.user.id}/resources`, undefined, orgId)).code).toBe(403);

    // The instance-level call grants only inside its instance.
    const inInstance = await owner.call('PUT', '/api/user/inst-1/roles', { userId: dev.user.id, roleId: roles.Developer.id, resType: 'DATABASE', resources: [{ resId: 'power' }] }, orgId);
    expect(inInstance.code).toBe(200);
    expect(await may({ instanceId: 'inst-1', databaseId: 'power', kind: 'STABLE', name: 'other' }, 'stable:write')).toBe(true);
    expect(await owner.call('PUT', '/api/user/inst-1/roles', { userId: dev.user.id, roleId: roles.Developer.id, resType: 'ORG' }, orgId)).toMatchObject({ code: 400 });
    // On the instance's own call, an INSTANCE-level grant needs no resource list: it is that instance.
    const whole = await owner.call<RoleGrant[]>('PUT', '/api/user/inst-1/roles', { userId: dev.user.id, roleId: roles.Viewer.id, resType: 'INSTANCE' }, orgId);
    expect(whole.code).toBe(200);
    const instanceGrants = await owner.call<RoleGrant[]>('GET', `/api/role/grant-list?userId=${dev.user.id}&resType=INSTANCE&appId=inst-1`, undefined, orgId);
    expect(instanceGrants.data).toMatchObject([{ resType: 'INSTANCE', resId: 'inst-1', instance_id: 'inst-1', name: 'Viewer' }]);

    // With grants inside inst-1 only, the member reaches the organization and inst-1, not another instance.
    expect(await dev.call('GET', '/api/privilege', undefined, orgId)).toMatchObject({ code: 200, data: { privileges: [] } });
    expect((await dev.call('GET', '/api/app/menus/inst-1', undefined, orgId)).code).toBe(200);
    expect((await dev.call('GET', '/api/app/menus/inst-3', undefined, orgId)).code).toBe(403);
    expect((await owner.call('PUT', '/api/user/inst-2/roles', { userId: dev.user.id, roleId: roles.Developer.id, resType: 'INSTANCE', resources: [{ resId: 'inst-2' }] }, orgId)).code).toBe(404);
  });
});
