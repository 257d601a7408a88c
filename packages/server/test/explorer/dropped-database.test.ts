import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DbListItem, SqlResult } from '@tscloud/contracts';
import { instances, roleGrants, roles, type InstanceRow } from '../../src/store/schema';
import { enginePasswordOf } from '../../src/region/instances/engine-password';
import { engineCredentialsOf, markAccessChanged } from '../../src/region/instance-users';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { instanceSql, runningInstance, runStatements } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';

/**
 * Issue 13 item 2 on a real engine: a member given Viewer on a database that is then dropped used to break every SQL
 * call of the instance (503, "No databases yet"), because the engine kept the privilege and the reconcile in front
 * of every call failed on its REVOKE. Now the engine drops the privileges with the database, the reconcile runs
 * when access or databases change, and a statement the engine refuses never blocks the others or anyone's SQL.
 */
describe('a dropped database never breaks the instance', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let viewer: Caller;
  let developer: Caller;
  let newcomer: Caller;
  let orgId: string;
  let id: string;
  let row: InstanceRow;
  let viewerRole: string;
  let developerMember: string;
  let viewerMember: string;

  const sql = (caller: Caller, text: string) => instanceSql(caller, orgId, id, text);
  const dbCall = (kind: 'createdb' | 'dropdb', name: string, text: string) =>
    owner.call<SqlResult>('POST', `/api/region/${REGION}/private/data/sql/${kind}/${id}/${name}`, { sql: text }, orgId);
  const privilege = (action: string, body?: object, db = 'gone', userId = viewer.user.id) =>
    action === 'update'
      ? owner.call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db, user_id: userId, role_id: viewerRole, ...body }, orgId)
      : owner.call('PUT', `/api/region/${REGION}/db/privilege/${action}/${id}/${db}/user/${userId}`, undefined, orgId);
  /** The engine's REST protocol straight to the instance's engine, as `who` (default its superuser). */
  const rootSql = async (text: string, who = { user: row.engineUser, password: enginePasswordOf(row) }) => {
    const res = await fetch(`${row.engineUrl}/rest/sql`, {
      method: 'POST',
      body: text,
      headers: { authorization: `Basic ${Buffer.from(`${who.user}:${who.password}`).toString('base64')}` },
    });
    return (await res.json()) as { code: number; desc?: string; data?: unknown[][] };
  };
  /** Every member's SQL answers (envelope 200, engine code 0); the viewer's while they have a grant. */
  const everyoneWorks = async (withViewer = true) => {
    for (const [who, text] of [
      [owner, 'SHOW DATABASES'],
      [developer, 'SELECT v FROM kept.t'],
      ...(withViewer ? [[viewer, 'SHOW DATABASES'] as const] : []),
    ] as const) {
      const answer = await sql(who, text);
      expect(answer.code, `${who.user.email}: ${text}`).toBe(200);
      expect(answer.data, `${who.user.email}: ${text}`).toMatchObject({ code: 0 });
    }
  };

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'dd.owner@example.com', 'Owner');
    viewer = await worldCaller(world, 'dd.viewer@example.com', 'Viewer');
    developer = await worldCaller(world, 'dd.dev@example.com', 'Dev');
    newcomer = await worldCaller(world, 'dd.new@example.com', 'New');
    ({ orgId, id } = await runningInstance(owner, 'Droporg', 'Drop one'));
    [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    viewerRole = (await world.store.db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.name, 'Viewer'))).limit(1))[0].id;
    expect((await dbCall('createdb', 'gone', 'CREATE DATABASE gone')).data.code).toBe(0);
    expect((await dbCall('createdb', 'kept', 'CREATE DATABASE kept')).data.code).toBe(0);
    await runStatements(owner, orgId, id, ['CREATE TABLE gone.t (ts TIMESTAMP, v INT)', 'CREATE TABLE kept.t (ts TIMESTAMP, v INT)', 'INSERT INTO kept.t VALUES (1767225600000, 7)']);
    viewerMember = await addMember(world.store, orgId, viewer);
    developerMember = await addMember(world.store, orgId, developer);
    await grant(world.store, orgId, { memberId: developerMember }, 'Developer', { resType: 'INSTANCE', resId: id, instanceId: id });
    await addMember(world.store, orgId, newcomer);
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('the issue steps: Viewer on a database, drop it; every SQL call still works, the tree lists what is left', async () => {
    expect((await privilege('update')).code).toBe(200);
    expect((await sql(viewer, 'SELECT * FROM gone.t')).data).toMatchObject({ code: 0 });

    expect((await dbCall('dropdb', 'gone', 'DROP DATABASE gone')).data.code).toBe(0);
    // The engine dropped the privilege with the database: nothing is left for a REVOKE to fail on.
    const left = await rootSql("SELECT user_name FROM information_schema.ins_user_privileges WHERE db_name = 'gone'");
    expect(left).toMatchObject({ code: 0, data: [] });

    await everyoneWorks();
    const tree = await owner.call<DbListItem[]>('GET', `/api/data/user/dblist/${id}`, undefined, orgId);
    expect(tree.code).toBe(200);
    expect(tree.data.map((d) => d.databaseName)).toEqual(['kept']);
    // The platform grant outlives the database; made again (here in the SQL console), it is the Viewer's again.
    await runStatements(owner, orgId, id, ['CREATE DATABASE gone', 'CREATE TABLE gone.t2 (ts TIMESTAMP, v INT)']);
    expect((await sql(viewer, 'SELECT * FROM gone.t2')).data).toMatchObject({ code: 0 });

    // Removing the grant works, and takes the access away (no grant left in the instance: the platform refuses).
    expect((await privilege('delete')).code).toBe(200);
    expect((await sql(viewer, 'SELECT * FROM gone.t2')).code).toBe(403);
    expect(await rootSql(`SELECT name FROM information_schema.ins_users WHERE name = '${engineCredentialsOf(row, viewerMember).user}'`)).toMatchObject({ data: [] });
    await everyoneWorks(false);
  }, 60_000);

  it('a statement the engine refuses is logged and skipped: the other users converge and everyone keeps working', async () => {
    // A privilege no REVOKE can remove: on a child table dropped after the grant (the engine keeps it, as the
    // engine before this fix kept privileges on dropped databases).
    const developerUser = engineCredentialsOf(row, developerMember).user;
    for (const text of ['CREATE STABLE kept.s (ts TIMESTAMP, v INT) TAGS (g INT)', 'CREATE TABLE kept.c1 USING kept.s TAGS (1)', `GRANT READ ON kept.c1 TO ${developerUser}`, 'DROP TABLE kept.c1']) {
      expect((await rootSql(text)).code, text).toBe(0);
    }
    // An access change makes the instance reconcile: the developer's REVOKE on kept.c1 fails, the Viewer's new grant
    // is still applied, and nobody's SQL breaks.
    expect((await privilege('update', undefined, 'kept')).code).toBe(200);
    expect((await sql(viewer, 'SELECT v FROM kept.t')).data).toMatchObject({ code: 0, data: [[7]] });
    await everyoneWorks();
    expect((await sql(developer, 'INSERT INTO kept.t VALUES (1767225601000, 8)')).data).toMatchObject({ code: 0 });
  }, 60_000);

  it('a grant given in organization access control reaches the engine without any other call', async () => {
    expect((await sql(newcomer, 'SELECT v FROM kept.t')).code).toBe(403);
    const granted = await owner.call('PUT', '/api/user/roles', { userId: newcomer.user.id, roleId: viewerRole, resType: 'ORG' }, orgId);
    expect(granted.code).toBe(200);
    expect((await sql(newcomer, 'SELECT count(*) FROM kept.t')).data).toMatchObject({ code: 0 });
    expect((await sql(newcomer, 'INSERT INTO kept.t VALUES (1767225602000, 9)')).data.code).not.toBe(0);
  }, 60_000);

  it('a grant that expires stops working at the engine: the next SQL call of anyone reconciles after its expiration', async () => {
    const viewerEngine = engineCredentialsOf(row, viewerMember);
    expect((await rootSql('SELECT v FROM kept.t', viewerEngine)).code).toBe(0);
    // The viewer's grants end in a second (as an update with an expiration would leave them), announced as routes do.
    const expiresAt = Date.now() + 1_000;
    await world.store.db.update(roleGrants).set({ expiration: expiresAt }).where(eq(roleGrants.memberId, viewerMember));
    markAccessChanged(orgId);
    expect((await sql(owner, 'SHOW DATABASES')).data.code).toBe(0);
    expect((await rootSql('SELECT v FROM kept.t', viewerEngine)).code).toBe(0);
    await new Promise((r) => setTimeout(r, expiresAt - Date.now() + 100));
    // No change was announced: the owner's call reconciles because a grant expired since the last reconcile.
    expect((await sql(owner, 'SHOW DATABASES')).data.code).toBe(0);
    expect((await rootSql('SELECT v FROM kept.t', viewerEngine)).code).toBe(855);
  }, 60_000);
});
