import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, type ActivityEntry, type InstanceUsersResponse } from '@tscloud/contracts';
import { engineCredentialsOf } from '../../src/region/instance-users';
import { instances, roleGrants, type InstanceRow } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, waitForStatus, worldCaller } from '../instances/harness';
import { addGroup, addMember, grant } from './members';
import { enginePasswordOf } from '../../src/region/instances/engine-password';

/**
 * Instance users against one real engine: a member's platform grants become their engine user's grants, and
 * the instance-user actions reach the engine (docs/instance-users.md).
 */
describe('instance users and groups', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let reader: Caller;
  let grouped: Caller;
  let developer: Caller;
  let stranger: Caller;
  let orgId: string;
  let strangerOrg: string;
  let id: string;
  let row: InstanceRow;
  let readerMember: string;
  let groupedMember: string;
  let groupId: string;
  let readerGrant: string;

  /** The engine's REST protocol, straight to the instance's engine (not through the gateway), as `user`. */
  async function engineSql(user: { user: string; password: string }, sql: string): Promise<{ code: number; desc?: string; data?: unknown[][] }> {
    const res = await fetch(`${row.engineUrl}/rest/sql`, {
      method: 'POST',
      body: sql,
      headers: { authorization: `Basic ${Buffer.from(`${user.user}:${user.password}`).toString('base64')}` },
    });
    return (await res.json()) as { code: number; desc?: string; data?: unknown[][] };
  }
  const root = () => ({ user: row.engineUser, password: enginePasswordOf(row) });
  const asMember = (memberId: string) => engineCredentialsOf(row, memberId);

  const base = () => `/api/region/${REGION}/app`;
  const list = (caller: Caller = owner, org = orgId) => caller.call<InstanceUsersResponse>('GET', `${base()}/${id}/users`, undefined, org);
  const onUser = (action: string, userId: string, caller: Caller = owner, org = orgId) => caller.call('PUT', `${base()}/${action}/${id}/user/${userId}`, undefined, org);
  const onGroup = (action: string, group: string, name = 'Analysts') =>
    owner.call('PUT', `${base()}/${action}/${id}/group/${group}?group_name=${encodeURIComponent(name)}`, undefined, orgId);

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'iu.owner@example.com', 'Owner');
    reader = await worldCaller(world, 'iu.reader@example.com', 'Reader');
    grouped = await worldCaller(world, 'iu.grouped@example.com', 'Grouped');
    developer = await worldCaller(world, 'iu.dev@example.com', 'Dev');
    stranger = await worldCaller(world, 'iu.stranger@example.com', 'Stranger');
    orgId = await createOrg(owner, 'Usersorg');
    strangerOrg = await createOrg(stranger, 'Strangerorg');
    id = (await createInstance(owner, orgId, 'Users one')).instance.id;
    await waitForStatus(owner, orgId, id, 'Running');
    [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));

    for (const sql of ['CREATE DATABASE sensors', 'CREATE TABLE sensors.m (ts TIMESTAMP, v DOUBLE)', 'INSERT INTO sensors.m VALUES (1767225600000, 1.5)', 'CREATE DATABASE other']) {
      expect((await engineSql(root(), sql)).code).toBe(0);
    }
    readerMember = await addMember(world.store, orgId, reader);
    readerGrant = await grant(world.store, orgId, { memberId: readerMember }, 'Viewer', { resType: 'DATABASE', resId: 'sensors', instanceId: id });
    groupedMember = await addMember(world.store, orgId, grouped);
    groupId = await addGroup(world.store, orgId, 'Analysts', [groupedMember]);
    await grant(world.store, orgId, { groupId }, 'Developer', { resType: 'INSTANCE', resId: id, instanceId: id });
    const devMember = await addMember(world.store, orgId, developer);
    await grant(world.store, orgId, { memberId: devMember }, 'Developer', { resType: 'ORG' });
  }, 120_000);
  afterAll(() => world.close(), 60_000);

  it('lists the instance users and groups with where their access comes from', async () => {
    const res = await list();
    expect(res.code).toBe(200);
    expect(res.data.engine_synced).toBe(true);
    const byEmail = new Map(res.data.users.map((u) => [u.email, u]));
    expect(byEmail.get(owner.user.email)).toMatchObject({ source: 'OWNER', status: 'ACTIVE' });
    expect(byEmail.get(reader.user.email)).toMatchObject({ id: reader.user.id, source: 'INSTANCE', status: 'ACTIVE', direct_status: 'ACTIVE', via_group: false });
    expect(byEmail.get(reader.user.email)!.privileges).toContain('db:read');
    expect(byEmail.get(reader.user.email)!.privileges).not.toContain('db:write');
    expect(byEmail.get(grouped.user.email)).toMatchObject({ source: 'GROUP', via_group: true, groups: ['Analysts'], direct_status: null });
    expect(byEmail.get(developer.user.email)).toMatchObject({ source: 'ORG', direct_status: null });
    expect(byEmail.has(stranger.user.email)).toBe(false);
    expect(res.data.groups).toEqual([expect.objectContaining({ id: groupId, name: 'Analysts', source: 'INSTANCE', status: 'ACTIVE', members: 1 })]);
  });

  it('limits a member granted READ on a database to reading it, in the engine itself', async () => {
    await list();
    const me = asMember(readerMember);
    expect(await engineSql(me, 'SELECT v FROM sensors.m')).toMatchObject({ code: 0, data: [[1.5]] });
    expect((await engineSql(me, 'INSERT INTO sensors.m VALUES (1767225601000, 2.5)')).code).not.toBe(0);
    expect((await engineSql(me, 'CREATE TABLE other.t (ts TIMESTAMP, v INT)')).code).not.toBe(0);
    // An instance-level Developer (through the group) writes; the organization's Developer too.
    expect((await engineSql(asMember(groupedMember), 'INSERT INTO sensors.m VALUES (1767225602000, 3.5)')).code).toBe(0);
    // db:create at instance level → CREATEDB; a database-level reader has none.
    expect((await engineSql(asMember(groupedMember), 'CREATE DATABASE made_by_group')).code).toBe(0);
    expect((await engineSql(me, 'CREATE DATABASE made_by_reader')).code).not.toBe(0);
    // The owner holds ALL on every database: altering one made by someone else.
    const ownerMember = (await list()).data.users.find((u) => u.source === 'OWNER')!.member_id;
    expect((await engineSql(asMember(ownerMember), 'DROP DATABASE other')).code).toBe(0);
  });

  it('disable makes the engine refuse the member, active lets them in again', async () => {
    const disabled = await onUser('disable', reader.user.id);
    expect(disabled.code).toBe(200);
    const listed = (await list()).data.users.find((u) => u.id === reader.user.id)!;
    expect(listed).toMatchObject({ status: 'DISABLED', direct_status: 'DISABLED', privileges: [] });
    expect((await engineSql(asMember(readerMember), 'SELECT v FROM sensors.m')).code).toBe(855);
    // The platform refuses them too: their only grant is disabled.
    expect((await reader.call('GET', '/api/app/list', undefined, orgId)).code).toBe(403);

    expect((await onUser('active', reader.user.id)).code).toBe(200);
    expect((await engineSql(asMember(readerMember), 'SELECT count(*) FROM sensors.m')).code).toBe(0);
  });

  it('a user with access through a group is managed via the group', async () => {
    const res = await onUser('disable', grouped.user.id);
    expect(res.code).toBe(409);
    expect(res.message).toBe(en['error.managedByGroup']);
    expect((await onUser('disable', developer.user.id)).code).toBe(409);
    expect((await onUser('delete', owner.user.id)).code).toBe(409);

    expect((await onGroup('disable', groupId)).code).toBe(200);
    expect((await list()).data.groups[0]).toMatchObject({ status: 'DISABLED', direct_status: 'DISABLED' });
    expect((await engineSql(asMember(groupedMember), 'SELECT v FROM sensors.m')).code).toBe(855);
    expect((await onGroup('disable', groupId, 'Not the name')).code).toBe(404);
    expect((await onGroup('active', groupId)).code).toBe(200);
    expect((await engineSql(asMember(groupedMember), 'SELECT count(*) FROM sensors.m')).code).toBe(0);
  });

  it('an expired grant can only be deleted; delete removes the grant and the engine user', async () => {
    await world.store.db.update(roleGrants).set({ expiration: Date.now() - 1000 }).where(eq(roleGrants.id, readerGrant));
    const listed = (await list()).data.users.find((u) => u.id === reader.user.id)!;
    expect(listed.status).toBe('EXPIRED');
    expect((await engineSql(asMember(readerMember), 'SELECT v FROM sensors.m')).code).toBe(855);
    const refused = await onUser('active', reader.user.id);
    expect(refused.code).toBe(409);
    expect(refused.message).toBe(en['error.expiredGrant']);

    expect((await onUser('delete', reader.user.id)).code).toBe(200);
    expect((await list()).data.users.some((u) => u.id === reader.user.id)).toBe(false);
    expect(await world.store.db.select().from(roleGrants).where(eq(roleGrants.id, readerGrant))).toEqual([]);
    const engineUsers = await engineSql(root(), 'SELECT name FROM information_schema.ins_users');
    expect(engineUsers.data!.flat()).not.toContain(asMember(readerMember).user);
    expect((await engineSql(asMember(readerMember), 'SELECT 1')).code).toBe(855);
    expect((await onUser('delete', reader.user.id)).code).toBe(404);
  });

  it('logs every action in the instance log, refusals as failures', async () => {
    const res = await owner.call<{ list: ActivityEntry[] }>('GET', `/api/instances/logs?instanceId=${id}&page_size=100`, undefined, orgId);
    expect(res.code).toBe(200);
    const operations = res.data.list.map((e) => `${e.operation} ${e.result}`);
    expect(operations).toContain('disable instance user SUCCESS');
    expect(operations).toContain('disable instance user FAILURE');
    expect(operations).toContain('active instance group SUCCESS');
    expect(res.data.list.every((e) => e.instanceId === id)).toBe(true);
  });

  it('refuses a member without instance:access:manage and a member of another organization', async () => {
    expect((await list(developer)).code).toBe(403);
    expect((await onUser('disable', grouped.user.id, developer)).code).toBe(403);
    const other = await list(stranger, strangerOrg);
    expect(other.code).toBe(404);
    expect(other.data).toBeNull();
    expect((await onUser('disable', owner.user.id, stranger, strangerOrg)).code).toBe(404);
    expect((await list(stranger, orgId)).code).toBe(403);
  });
});
