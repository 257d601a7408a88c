import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { en, type PrivilegeCodes, type ResourcePrivilegeGroup, type ResourcePrivilegeUser } from '@tscloud/contracts';
import { activityLog, roleGrants, roles } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { instanceSql, runningInstance, runStatements } from '../instances/running-instance';
import { addGroup, addMember, grant } from '../instance-users/members';

/**
 * Database and super table privileges against a real engine: what the calls grant is what the engine lets the
 * member's SQL do (the grant mirrors into the member's engine user), and activate/disable/delete follow.
 */
describe('database and super table privileges', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let analyst: Caller;
  let teamMate: Caller;
  let orgId: string;
  let id: string;
  let groupId: string;
  let viewerRole: string;
  let developerRole: string;
  const T0 = 1_767_225_600_000;

  const sql = (caller: Caller, text: string) => instanceSql(caller, orgId, id, text);
  const dbPath = (what: string, db = 'plant') => `/api/region/${REGION}/db/privilege/${what}/${id}/${db}`;
  const roleId = async (name: string) =>
    (await world.store.db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.name, name))).limit(1))[0].id;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'pv.owner@example.com', 'Owner');
    analyst = await worldCaller(world, 'pv.analyst@example.com', 'Analyst');
    teamMate = await worldCaller(world, 'pv.mate@example.com', 'Mate');
    ({ orgId, id } = await runningInstance(owner, 'Privorg', 'Priv one'));
    await runStatements(owner, orgId, id, [
      'CREATE DATABASE plant',
      'CREATE DATABASE other',
      'CREATE STABLE plant.meters (ts TIMESTAMP, v INT) TAGS (site INT)',
      'CREATE STABLE plant.valves (ts TIMESTAMP, open BOOL) TAGS (site INT)',
      'CREATE TABLE plant.m1 USING plant.meters TAGS (1)',
      `INSERT INTO plant.m1 VALUES (${T0}, 1)`,
      'CREATE TABLE other.t (ts TIMESTAMP, v INT)',
    ]);
    await addMember(world.store, orgId, analyst);
    const mateMember = await addMember(world.store, orgId, teamMate);
    groupId = await addGroup(world.store, orgId, 'Operators', [mateMember]);
    viewerRole = await roleId('Viewer');
    developerRole = await roleId('Developer');
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('lists the codes of a database and the roles that hold them', async () => {
    const codes = await owner.call<PrivilegeCodes>('GET', dbPath('codes'), undefined, orgId);
    expect(codes.data.codes).toEqual(['db:read', 'db:write', 'db:drop']);
    const byName = Object.fromEntries(codes.data.roles.map((r) => [r.name, r.codes]));
    expect(byName).toMatchObject({ Viewer: ['db:read'], Developer: ['db:read', 'db:write'] });
    expect(byName.Admin).toEqual(expect.arrayContaining(['db:read', 'db:write', 'db:drop']));
  });

  it('a read grant lets the member SELECT, and the engine refuses their INSERT; write, disable, activate and delete follow', async () => {
    const update = (body: object) => owner.call<{ grantId: string }>('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'plant', ...body }, orgId);
    expect((await update({ user_id: analyst.user.id, role_id: viewerRole })).code).toBe(200);

    expect((await sql(analyst, 'SELECT v FROM plant.m1')).data).toMatchObject({ code: 0, data: [[1]] });
    const insert = await sql(analyst, `INSERT INTO plant.m1 VALUES (${T0 + 1000}, 2)`);
    expect(insert.data.code).not.toBe(0);
    expect(insert.data.desc).toMatch(/permission|privilege|authoriz/i);
    // Only this database: another one is refused by the engine too.
    expect((await sql(analyst, 'SELECT * FROM other.t')).data.code).not.toBe(0);

    const users = await owner.call<ResourcePrivilegeUser[]>('GET', dbPath('users'), undefined, orgId);
    expect(users.data).toEqual([
      expect.objectContaining({ id: analyst.user.id, email: 'pv.analyst@example.com', status: 'ACTIVE', codes: ['db:read'], via_group: false }),
    ]);
    expect(users.data[0].grants).toEqual([expect.objectContaining({ role: 'Viewer', status: 'ACTIVE', group: null })]);

    // Update replaces the grant: now the member writes.
    expect((await update({ user_id: analyst.user.id, role_id: developerRole })).code).toBe(200);
    expect((await sql(analyst, `INSERT INTO plant.m1 VALUES (${T0 + 1000}, 2)`)).data.code).toBe(0);
    const after = await owner.call<ResourcePrivilegeUser[]>('GET', dbPath('users'), undefined, orgId);
    expect(after.data[0].grants.map((g) => g.role)).toEqual(['Developer']);

    // disable → the engine refuses the member (no live grant at all here); active → back.
    // A user id that is no member is not found.
    expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/disable/${id}/plant/user/nobody`, undefined, orgId)).code).toBe(404);
    const disable = await owner.call('PUT', `/api/region/${REGION}/db/privilege/disable/${id}/plant/user/${analyst.user.id}`, undefined, orgId);
    expect(disable).toMatchObject({ code: 200, data: { id: analyst.user.id, action: 'disable' } });
    expect((await owner.call<ResourcePrivilegeUser[]>('GET', dbPath('users'), undefined, orgId)).data[0].status).toBe('DISABLED');
    expect((await sql(analyst, 'SELECT v FROM plant.m1')).code).toBe(403);

    expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/active/${id}/plant/user/${analyst.user.id}`, undefined, orgId)).code).toBe(200);
    expect((await sql(analyst, 'SELECT count(*) FROM plant.m1')).data).toMatchObject({ code: 0, data: [[2]] });

    expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/delete/${id}/plant/user/${analyst.user.id}`, undefined, orgId)).code).toBe(200);
    expect((await owner.call<ResourcePrivilegeUser[]>('GET', dbPath('users'), undefined, orgId)).data).toEqual([]);
    // Deleting again: nothing here any more.
    expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/delete/${id}/plant/user/${analyst.user.id}`, undefined, orgId)).code).toBe(404);

    const log = await world.store.db.select().from(activityLog).where(eq(activityLog.orgId, orgId));
    expect(log.map((l) => l.operation)).toEqual(expect.arrayContaining(['update database privilege', 'disable database privilege user', 'delete database privilege user']));
  });

  it('groups: granted, listed, members managed via the group, actions checked by group_name', async () => {
    const put = await owner.call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'plant', group_id: groupId, role_id: viewerRole }, orgId);
    expect(put.code).toBe(200);
    expect((await sql(teamMate, 'SELECT v FROM plant.m1 ORDER BY ts')).data).toMatchObject({ code: 0, data: [[1], [2]] });

    const groups = await owner.call<ResourcePrivilegeGroup[]>('GET', dbPath('groups'), undefined, orgId);
    expect(groups.data).toEqual([expect.objectContaining({ id: groupId, name: 'Operators', members: 1, status: 'ACTIVE', codes: ['db:read'] })]);
    const users = await owner.call<ResourcePrivilegeUser[]>('GET', dbPath('users'), undefined, orgId);
    expect(users.data).toEqual([expect.objectContaining({ id: teamMate.user.id, via_group: true, groups: ['Operators'] })]);
    const viaGroup = await owner.call('PUT', `/api/region/${REGION}/db/privilege/disable/${id}/plant/user/${teamMate.user.id}`, undefined, orgId);
    expect(viaGroup).toMatchObject({ code: 409, message: en['error.managedByGroup'] });

    const stale = await owner.call('PUT', `/api/region/${REGION}/db/privilege/disable/${id}/plant/group/${groupId}?group_name=Old`, undefined, orgId);
    expect(stale.code).toBe(404);
    expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/disable/${id}/plant/group/${groupId}?group_name=Operators`, undefined, orgId)).code).toBe(200);
    expect((await sql(teamMate, 'SELECT v FROM plant.m1')).code).toBe(403);
    expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/delete/${id}/plant/group/${groupId}`, undefined, orgId)).code).toBe(200);
    expect((await owner.call<ResourcePrivilegeGroup[]>('GET', dbPath('groups'), undefined, orgId)).data).toEqual([]);
  });

  it('checks input and who may manage: bad bodies, expirations, roles without codes, members without db:privilege:manage', async () => {
    const update = (body: object, caller = owner) => caller.call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'plant', ...body }, orgId);
    expect(await update({ role_id: viewerRole })).toMatchObject({ code: 400, message: en['error.groupOrRoleRequired'] });
    expect(await update({ user_id: analyst.user.id, role_id: viewerRole, expiration: Date.now() - 1000 })).toMatchObject({ code: 400, message: en['validation.expiration'] });
    expect((await update({ user_id: 'nobody', role_id: viewerRole })).code).toBe(404);
    expect((await update({ user_id: analyst.user.id, role_id: 'no-role' })).code).toBe(404);

    // An expired grant can only be deleted.
    expect((await owner.call<ResourcePrivilegeUser[]>('GET', dbPath('users'), undefined, orgId)).data).toEqual([]);
    await update({ user_id: analyst.user.id, role_id: viewerRole, expiration: Date.now() + 6 * 60_000 });
    await world.store.db.update(roleGrants).set({ expiration: Date.now() - 1 }).where(eq(roleGrants.orgId, orgId));
    const expired = await owner.call('PUT', `/api/region/${REGION}/db/privilege/active/${id}/plant/user/${analyst.user.id}`, undefined, orgId);
    expect(expired).toMatchObject({ code: 409, message: en['error.expiredGrant'] });
    expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/delete/${id}/plant/user/${analyst.user.id}`, undefined, orgId)).code).toBe(200);
    // The instance named in the body must be one of the caller's organization (as the guard answers: 404).
    const outsider = await worldCaller(world, 'pv.outsider@example.com', 'Outsider');
    const outsiderOrg = await createOrg(outsider, 'Outsiderorg');
    const [outsiderViewer] = await world.store.db.select().from(roles).where(and(eq(roles.orgId, outsiderOrg), eq(roles.name, 'Viewer'))).limit(1);
    const foreign = await outsider.call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'plant', user_id: outsider.user.id, role_id: outsiderViewer.id }, outsiderOrg);
    expect(foreign.code).toBe(404);
    const foreignStable = await outsider.call('PUT', '/api/stable/update', { appId: id, db: 'plant', stable: 'meters', user_id: outsider.user.id, role_id: outsiderViewer.id }, outsiderOrg);
    expect(foreignStable.code).toBe(404);
    expect((await outsider.call('GET', dbPath('users'), undefined, outsiderOrg)).code).toBe(404);

    // A role with no database code cannot be given on a database.
    const [custom] = await world.store.db
      .insert(roles)
      .values({ id: 'role-billing-only', orgId, name: 'Billing', privileges: ['billing:credit:query'], createdAt: Date.now() })
      .returning();
    expect(await update({ user_id: analyst.user.id, role_id: custom.id })).toMatchObject({ code: 400, message: en['error.roleRequired'] });
  });

  it('super tables: a stable grant reaches that super table only; users, groups, codes and the -user/-group actions', async () => {
    const key = `/api/stable/%s/${id}/plant.meters`;
    const codes = await owner.call<PrivilegeCodes>('GET', key.replace('%s', 'codes'), undefined, orgId);
    expect(codes.data.codes).toEqual(['stable:read', 'stable:write']);

    const put = await owner.call('PUT', '/api/stable/update', { appId: id, db: 'plant', stable: 'meters', user_id: analyst.user.id, role_id: viewerRole }, orgId);
    expect(put.code).toBe(200);
    expect((await sql(analyst, 'SELECT v FROM plant.meters ORDER BY ts')).data).toMatchObject({ code: 0, data: [[1], [2]] });
    expect((await sql(analyst, 'SELECT * FROM plant.valves')).data.code).not.toBe(0);

    const users = await owner.call<ResourcePrivilegeUser[]>('GET', key.replace('%s', 'users'), undefined, orgId);
    expect(users.data).toEqual([expect.objectContaining({ id: analyst.user.id, codes: ['stable:read'], status: 'ACTIVE' })]);
    expect((await owner.call('PUT', `/api/stable/disable-user/${id}/plant/meters/${analyst.user.id}`, undefined, orgId)).code).toBe(200);
    expect((await sql(analyst, 'SELECT v FROM plant.meters')).code).toBe(403);
    expect((await owner.call('PUT', `/api/stable/active-user/${id}/plant/meters/${analyst.user.id}`, undefined, orgId)).code).toBe(200);
    expect((await sql(analyst, 'SELECT count(*) FROM plant.meters')).data.code).toBe(0);
    expect((await owner.call('PUT', `/api/stable/delete-user/${id}/plant/meters/${analyst.user.id}`, undefined, orgId)).code).toBe(200);
    expect((await owner.call<ResourcePrivilegeUser[]>('GET', key.replace('%s', 'users'), undefined, orgId)).data).toEqual([]);

    expect((await owner.call('PUT', '/api/stable/update', { appId: id, db: 'plant', stable: 'meters', group_id: groupId, role_id: developerRole }, orgId)).code).toBe(200);
    const groups = await owner.call<ResourcePrivilegeGroup[]>('GET', key.replace('%s', 'groups'), undefined, orgId);
    expect(groups.data).toEqual([expect.objectContaining({ name: 'Operators', codes: ['stable:read', 'stable:write'] })]);
    expect((await owner.call('PUT', `/api/stable/disable-group/${id}/plant/meters/${groupId}?group_name=Operators`, undefined, orgId)).code).toBe(200);
    expect((await owner.call<ResourcePrivilegeGroup[]>('GET', key.replace('%s', 'groups'), undefined, orgId)).data[0].status).toBe('DISABLED');
    expect((await owner.call('PUT', `/api/stable/delete-group/${id}/plant/meters/${groupId}`, undefined, orgId)).code).toBe(200);

    // Someone without db:privilege:manage (a database Viewer) is refused.
    await grant(world.store, orgId, { groupId }, 'Viewer', { resType: 'DATABASE', resId: 'plant', instanceId: id });
    expect((await teamMate.call('GET', key.replace('%s', 'users'), undefined, orgId)).code).toBe(403);
    expect((await teamMate.call('GET', dbPath('users'), undefined, orgId)).code).toBe(403);
    const viaBody = await teamMate.call('PUT', '/api/stable/update', { appId: id, db: 'plant', stable: 'meters', user_id: teamMate.user.id, role_id: developerRole }, orgId);
    expect(viaBody.code).toBe(403);
  });
});
