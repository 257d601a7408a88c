import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiEnvelope, DbListItem, ExplorerView, Instance, MenuMap, PrivilegeCodes, ResTypeValue, SqlResult, StableListItem } from '@tscloud/contracts';
import type { RegisteredRoute } from '../../src/http/route-policy';
import { roleGrants, roles } from '../../src/store/schema';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { runStatements, runningPaidInstance } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';

/**
 * Grants stay at their scope (issue 12, item 1): over EVERY 'instance' route of the route table, a member holding
 * the built-in Admin role at ORG, INSTANCE, DATABASE (a_db1), STABLE (a_db1.meters) or VIEW (a_db1.v1) level is
 * admitted or refused as the route's scope says. Instance-wide routes refuse every grant below INSTANCE level;
 * routes on one resource admit the resource the grant covers and refuse another (a_db2). A new route is checked
 * as instance-wide unless it declares scope 'resource' — and then this file must name how to call it.
 */

type Scope = 'org' | 'instance' | 'database' | 'stable' | 'view';
const SCOPES: Scope[] = ['org', 'instance', 'database', 'stable', 'view'];
const NARROW: Scope[] = ['database', 'stable', 'view'];

/**
 * The instance routes that act on one resource, and what resource they name: a database, a super table, a
 * grant target, what the member's engine user reaches (SQL; a stream's or topic's database), a list filtered per
 * grant, or nothing beyond what the instance list shows. 'admitted': a change the engine user makes or refuses on
 * the object it names (checked below by explicit cases, not by calling it on the fixtures). Anything else is
 * instance-wide.
 */
type ResourceKind = 'database' | 'stable' | 'grant' | 'engine' | 'stream' | 'topicSeen' | 'list' | 'shown' | 'admitted';
const RESOURCE_ROUTES: Record<string, ResourceKind> = {
  'GET /api/app/menus/:appId': 'shown',
  'GET /api/region/:region/monitor/cluster/status/:id': 'shown',
  'GET /api/region/:region/app/idmp/status/:id': 'shown',
  'PUT /api/user/:appId/roles': 'grant',
  'POST /api/role/:appId/delete/userrole': 'grant',
  'POST /api/role/:appId/active/userrole': 'grant',
  'POST /api/role/:appId/disable/userrole': 'grant',
  'POST /api/region/:region/data/sql/:appId': 'engine',
  'POST /api/region/:region/data/sql/export/:appId': 'engine',
  // The export's download link: called through the POST that issues its ticket (`call` below).
  'GET /api/region/:region/data/sql/export/:appId/download/:ticket': 'engine',
  'POST /api/region/:region/private/data/sql/dropdb/:instanceId/:dbName': 'database',
  // A table of the database: a database grant or one on a super table of it (the engine user checks which).
  'POST /api/region/:region/data/import/:appId/:dbName/:tbName': 'stable',
  // Demo data goes into the database it names (db:write there; db:create to create it): checked by explicit cases in
  // test/explorer/demo-data.test.ts, since a load here would write into the fixtures.
  'POST /api/region/:region/data/demo/:appId': 'admitted',
  // Data-in task writes need replication:read and db:write on the task's target database: checked by explicit cases in
  // test/datain/tasks.test.ts, since a task started here would write into the fixtures.
  'POST /api/region/:region/replication/:appId/task/create-data-source': 'admitted',
  'PUT /api/region/:region/replication/:appId/tasks': 'admitted',
  'DELETE /api/region/:region/replication/:appId/task/datasource/:id': 'admitted',
  'PUT /api/region/:region/replication/:appId/tasks/:id/start': 'admitted',
  'PUT /api/region/:region/replication/:appId/tasks/:id/stop': 'admitted',
  // The agent calls (replication/agents) are instance-wide — replication:read, plus db:write to change one — so the
  // instance-wide case below checks them; they have no entry here.
  'GET /api/data/user/dblist/:instanceId': 'list',
  'GET /api/data/user/stablelist/:appId/:db': 'list',
  // Disk use of one database, read by the server as superuser for a member holding db:read on it.
  'GET /api/data/user/diskusage/:appId/:db': 'database',
  'GET /api/region/:region/view/list/:instanceId': 'list',
  'GET /api/region/:region/stream/list/:instanceId': 'list',
  'GET /api/region/:region/stream/output/:instanceId/:name': 'stream',
  'POST /api/region/:region/stream/create/:instanceId': 'admitted',
  'POST /api/region/:region/stream/pause/:instanceId/:name': 'admitted',
  'POST /api/region/:region/stream/resume/:instanceId/:name': 'admitted',
  'DELETE /api/region/:region/stream/:instanceId/:name': 'admitted',
  'GET /api/region/:region/topic/list/:instanceId': 'list',
  'POST /api/region/:region/topic/create/:instanceId': 'admitted',
  'DELETE /api/region/:region/topic/:instanceId/:topic': 'admitted',
  'GET /api/region/:region/topic/consumers/:instanceId/:topic': 'topicSeen',
  'GET /api/region/:region/topic/sample/:instanceId/:topic': 'topicSeen',
  'GET /api/region/:region/topic/share/:instanceId/:topic': 'database',
  'PUT /api/region/:region/topic/share/:instanceId/:topic': 'database',
};
for (const action of ['active', 'disable', 'delete']) {
  for (const subject of ['user/:userId', 'group/:groupId']) {
    RESOURCE_ROUTES[`PUT /api/region/:region/db/privilege/${action}/:instanceId/:db/${subject}`] = 'database';
  }
  RESOURCE_ROUTES[`PUT /api/stable/${action}-user/:appId/:db/:stable/:userId`] = 'stable';
  RESOURCE_ROUTES[`PUT /api/stable/${action}-group/:appId/:db/:stable/:groupId`] = 'stable';
}
for (const what of ['users', 'groups', 'codes']) {
  RESOURCE_ROUTES[`GET /api/region/:region/db/privilege/${what}/:instanceId/:db`] = 'database';
  RESOURCE_ROUTES[`GET /api/stable/${what}/:appId/:stableKey`] = 'stable';
}

/** Which narrow grants cover the resource a route of this kind names inside their own part of a_db1. */
const COVERS: Record<'database' | 'stable' | 'grant' | 'engine' | 'stream' | 'topicSeen', Scope[]> = {
  database: ['database'],
  stable: ['database', 'stable'],
  grant: ['database', 'stable', 'view'],
  engine: ['database', 'stable'],
  // The stream's output table and the topic's database: the database grant (the engine user's READ on a_db1.*).
  stream: ['database'],
  // The engine shows a user the topics of every database it can see (a super table grant makes it visible) and
  // lets them subscribe; the rows it then sends are the engine's to limit.
  topicSeen: ['database', 'stable'],
};

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const EXPORT_POST = 'POST /api/region/:region/data/sql/export/:appId';
const EXPORT_DOWNLOAD = 'GET /api/region/:region/data/sql/export/:appId/download/:ticket';

describe('a grant acts only at its own scope', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let other: Caller;
  let otherMember: string;
  let orgId: string;
  let id: string;
  let token: string;
  let viewerRole: string;
  const members = {} as Record<Scope, Caller>;
  const T0 = 1_767_225_600_000;

  /** The resource each narrow member holds; org and instance members are given the database member's. */
  const own: Record<Scope, { resType: ResTypeValue; resId: string }> = {
    org: { resType: 'DATABASE', resId: 'a_db1' },
    instance: { resType: 'DATABASE', resId: 'a_db1' },
    database: { resType: 'DATABASE', resId: 'a_db1' },
    stable: { resType: 'STABLE', resId: 'a_db1.meters' },
    view: { resType: 'VIEW', resId: 'a_db1.v1' },
  };
  const OUTSIDE = { resType: 'DATABASE' as const, resId: 'a_db2' };

  const instanceRoutes = () => world.app.routeTable.filter((r) => r.policy.access === 'instance');

  /** The route's path for a call on database `db` (its super table `meters`, stream `s_<db>`, topic `t_<db>`). */
  function pathOf(route: RegisteredRoute, db: string, region = REGION): string {
    const named = RESOURCE_ROUTES[key(route)] !== 'admitted';
    const values: Record<string, string> = {
      appId: id,
      instanceId: id,
      id,
      region,
      regionId: region,
      db,
      dbName: db,
      tbName: 'meters',
      stable: 'meters',
      stableKey: `${db}.meters`,
      userId: other.user.id,
      groupId: 'no-such-group',
      name: named ? `s_${db}` : 'no_such_stream',
      topic: named ? `t_${db}` : 'no_such_topic',
      jobId: 'no-such-job',
    };
    return route.url.replace(/:(\w+)/g, (_, p: string) => values[p] ?? 'x1');
  }

  /** A fresh grant of the Viewer role to the other member on `on`, for the grant actions to act on. */
  async function targetGrant(on: { resType: ResTypeValue; resId: string }): Promise<string> {
    return grant(world.store, orgId, { memberId: otherMember }, 'Viewer', { ...on, instanceId: id });
  }

  async function bodyOf(route: RegisteredRoute, on: { resType: ResTypeValue; resId: string }): Promise<unknown> {
    if (route.method === 'GET') return undefined;
    const kind = RESOURCE_ROUTES[key(route)];
    if (route.url === '/api/user/:appId/roles') return { userId: other.user.id, roleId: viewerRole, resType: on.resType, resources: [{ resId: on.resId, instanceId: id }] };
    if (kind === 'grant') return { grantIds: [await targetGrant(on)] };
    if (kind === 'engine') return { sql: `SELECT * FROM ${on.resId.split('.')[0]}.meters`, ...(key(route) === EXPORT_POST ? { format: 'csv' } : {}) };
    // Valid enough to pass the access checks, never enough to change anything (a wrong statement, no file).
    return { sql: 'SELECT 1' };
  }

  /**
   * One call; an answer that is not an envelope (the export's CSV) counts as a successful statement. The export's
   * download link needs a ticket: it is called as the console calls it, the POST's ticket then its link.
   */
  async function call(who: Caller, asked: RegisteredRoute, db: string, on: { resType: ResTypeValue; resId: string }, region = REGION): Promise<ApiEnvelope> {
    const route = key(asked) === EXPORT_DOWNLOAD ? instanceRoutes().find((r) => key(r) === EXPORT_POST)! : asked;
    const body = await bodyOf(route, on);
    let res = await world.app.inject({
      method: route.method as 'GET',
      url: pathOf(route, db, region),
      headers: { authorization: `Bearer ${who.token}`, 'account-id': orgId },
      payload: body === undefined ? undefined : (body as object),
    });
    if (key(route) === EXPORT_POST && res.json<ApiEnvelope>().code === 200) {
      res = await world.app.inject({ method: 'GET', url: res.json<ApiEnvelope<{ url: string }>>().data.url, headers: { authorization: `Bearer ${who.token}` } });
    }
    if (!String(res.headers['content-type'] ?? '').includes('json')) return { code: res.statusCode, message: '', data: { code: 0 } } as ApiEnvelope;
    return res.json() as ApiEnvelope;
  }

  /** How a route of this kind refuses: 403, or for SQL the engine's refusal of the statement. */
  const refused = (kind: ResourceKind, res: ApiEnvelope) =>
    kind === 'engine' ? res.code !== 200 || (res.data as SqlResult).code !== 0 : kind === 'stream' || kind === 'topicSeen' ? res.code !== 200 : res.code === 403;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'gs.owner@example.com', 'Owner');
    other = await worldCaller(world, 'gs.other@example.com', 'Other');
    // A paid plan: the IP allow-list exists only there.
    ({ orgId, id, token } = await runningPaidInstance(world.store, owner, 'Scopeorg', 'Scoped'));
    await runStatements(owner, orgId, id, [
      'CREATE DATABASE a_db1',
      'CREATE DATABASE a_db2',
      'CREATE STABLE a_db1.meters (ts TIMESTAMP, v INT) TAGS (site INT)',
      'CREATE STABLE a_db2.meters (ts TIMESTAMP, v INT) TAGS (site INT)',
      'CREATE TABLE a_db1.m1 USING a_db1.meters TAGS (1)',
      'CREATE TABLE a_db2.m1 USING a_db2.meters TAGS (1)',
      `INSERT INTO a_db1.m1 VALUES (${T0}, 1)`,
      `INSERT INTO a_db2.m1 VALUES (${T0}, 2)`,
      'CREATE VIEW a_db1.v1 AS SELECT v FROM a_db1.meters',
      'CREATE VIEW a_db2.v2 AS SELECT v FROM a_db2.meters',
      'CREATE STREAM s_a_db1 INTO a_db1.out1 AS SELECT _wstart, COUNT(*) FROM a_db1.meters INTERVAL(1m)',
      'CREATE STREAM s_a_db2 INTO a_db2.out2 AS SELECT _wstart, COUNT(*) FROM a_db2.meters INTERVAL(1m)',
      'CREATE TOPIC t_a_db1 AS DATABASE a_db1',
      'CREATE TOPIC t_a_db2 AS DATABASE a_db2',
    ]);
    otherMember = await addMember(world.store, orgId, other);
    await grant(world.store, orgId, { memberId: otherMember }, 'Viewer', { resType: 'DATABASE', resId: 'a_db1', instanceId: id });
    [viewerRole] = (await world.store.db.select({ id: roles.id }).from(roles).where(and(eq(roles.orgId, orgId), eq(roles.name, 'Viewer')))).map((r) => r.id);
    for (const scope of SCOPES) {
      const member = await worldCaller(world, `gs.${scope}@example.com`, scope);
      const memberId = await addMember(world.store, orgId, member);
      const on =
        scope === 'org' ? { resType: 'ORG' as const } : scope === 'instance' ? { resType: 'INSTANCE' as const, resId: id, instanceId: id } : { ...own[scope], instanceId: id };
      await grant(world.store, orgId, { memberId }, 'Admin', on);
      members[scope] = member;
    }
  }, 240_000);
  afterAll(() => world.close(), 60_000);

  it('classifies every instance route: the resource routes are exactly the ones named here', () => {
    const routes = instanceRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(60);
    for (const route of routes) {
      expect(route.policy.scope === 'resource', `${key(route)}: scope ${route.policy.scope ?? 'instance'}`).toBe(key(route) in RESOURCE_ROUTES);
    }
  });

  it('instance-wide routes: ORG and INSTANCE grants are admitted, DATABASE, STABLE and VIEW grants refused', async () => {
    for (const route of instanceRoutes().filter((r) => r.policy.scope !== 'resource')) {
      // A region the instance is not in: an admitted call ends at not-found, so nothing runs (suspend, reset…).
      for (const scope of ['org', 'instance'] as const) {
        const res = await call(members[scope], route, 'a_db1', own[scope], 'elsewhere');
        expect(res.code, `${scope}: ${key(route)}`).not.toBe(403);
      }
      for (const scope of NARROW) {
        const res = await call(members[scope], route, 'a_db1', own[scope]);
        expect(res.code, `${scope}: ${key(route)}`).toBe(403);
        expect(res.data ?? null).toBeNull();
      }
    }
  });

  it('resource routes: admitted on the resource a grant covers, refused on another', async () => {
    const resourceRoutes = instanceRoutes().filter((r) => r.policy.scope === 'resource');
    expect(resourceRoutes.length).toBe(Object.keys(RESOURCE_ROUTES).length);
    for (const route of resourceRoutes) {
      const kind = RESOURCE_ROUTES[key(route)];
      for (const scope of SCOPES) {
        const label = `${scope}: ${key(route)}`;
        const wide = scope === 'org' || scope === 'instance';
        const inside = await call(members[scope], route, 'a_db1', own[scope]);
        const outside = await call(members[scope], route, 'a_db2', OUTSIDE);
        if (kind === 'shown' || kind === 'admitted') {
          expect(inside.code, label).not.toBe(403);
          continue;
        }
        if (kind === 'list') {
          expect(inside.code, label).toBe(200);
          const names = JSON.stringify([inside.data, outside.data]);
          if (!wide) expect(names, label).not.toMatch(/a_db2/);
          continue;
        }
        const covered = wide || COVERS[kind].includes(scope);
        expect(refused(kind, inside), `${label} on a_db1: ${JSON.stringify(inside)}`).toBe(!covered);
        expect(refused(kind, outside), `${label} on a_db2: ${JSON.stringify(outside)}`).toBe(!wide);
      }
    }
  });

  it('the SQL console reads what the grant covers and nothing else', async () => {
    const sql = (who: Caller, text: string) => who.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${id}`, { sql: text }, orgId);
    expect((await sql(members.database, 'SELECT v FROM a_db1.m1')).data).toMatchObject({ code: 0, data: [[1]] });
    expect((await sql(members.database, 'SELECT v FROM a_db2.m1')).data.code).not.toBe(0);
    expect((await sql(members.stable, 'SELECT v FROM a_db1.meters')).data).toMatchObject({ code: 0, data: [[1]] });
    const dbs = await members.database.call<DbListItem[]>('GET', `/api/data/user/dblist/${id}`, undefined, orgId);
    expect(dbs.data.map((d) => d.databaseName)).toEqual(['a_db1']);
    const stables = await members.stable.call<StableListItem[]>('GET', `/api/data/user/stablelist/${id}/a_db2`, undefined, orgId);
    expect(stables.data).toEqual([]);
    const views = await members.database.call<ExplorerView[]>('GET', `/api/region/${REGION}/view/list/${id}`, undefined, orgId);
    expect(views.data.map((v) => `${v.db}.${v.name}`)).toEqual(['a_db1.v1']);
  });

  it('streams and topics: a database member sees and changes only those of its database (the engine user decides)', async () => {
    const who = members.database;
    const base = `/api/region/${REGION}`;
    const streams = await who.call<Array<{ name: string }>>('GET', `${base}/stream/list/${id}`, undefined, orgId);
    expect(streams.data.map((x) => x.name)).toEqual(['s_a_db1']);
    const topics = await who.call<Array<{ name: string }>>('GET', `${base}/topic/list/${id}`, undefined, orgId);
    expect(topics.data.map((x) => x.name)).toEqual(['t_a_db1']);
    for (const [method, path] of [
      ['POST', `${base}/stream/pause/${id}/s_a_db2`],
      ['DELETE', `${base}/stream/${id}/s_a_db2`],
      ['DELETE', `${base}/topic/${id}/t_a_db2`],
    ] as const) {
      expect((await who.call(method, path, method === 'POST' ? {} : undefined, orgId)).code, path).not.toBe(200);
    }
    const onDb2 = await who.call('POST', `${base}/topic/create/${id}`, { name: 't_mine', kind: 'database', db: 'a_db2' }, orgId);
    expect(onDb2.code).not.toBe(200);
    const onDb1 = await who.call('POST', `${base}/topic/create/${id}`, { name: 't_mine', kind: 'database', db: 'a_db1' }, orgId);
    expect(onDb1.code).toBe(200);
    // The owner still has both streams and topics of a_db2.
    const all = await owner.call<Array<{ name: string }>>('GET', `${base}/stream/list/${id}`, undefined, orgId);
    expect(all.data.map((x) => x.name).sort()).toEqual(['s_a_db1', 's_a_db2']);
  });

  describe('the reproductions of the issue, as an Admin on DATABASE a_db1', () => {
    const dbAdmin = () => members.database;
    const myGrants = async () =>
      (await world.store.db.select().from(roleGrants).where(eq(roleGrants.orgId, orgId))).filter((g) => g.memberId !== null && g.memberId !== otherMember);

    it('cannot reset the instance token; the gateway token stays the one the owner holds', async () => {
      const reset = await dbAdmin().call('PUT', `/api/region/${REGION}/apptoken/reset/${id}`, undefined, orgId);
      expect(reset.code).toBe(403);
      expect(reset.data ?? null).toBeNull();
      const res = await world.app.inject({ method: 'POST', url: `/gw/${id}/rest/sql?token=${token}`, payload: 'SELECT v FROM a_db2.m1' });
      expect(res.json()).toMatchObject({ code: 0, data: [[2]] });
    });

    it('cannot grant itself Admin on a_db2, nor at INSTANCE or ORG level', async () => {
      const before = (await myGrants()).length;
      const admin = (await world.store.db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.name, 'Admin'))))[0].id;
      const me = dbAdmin().user.id;
      const onDb2 = await dbAdmin().call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'a_db2', user_id: me, role_id: admin }, orgId);
      expect(onDb2.code).toBe(403);
      const onStable2 = await dbAdmin().call('PUT', '/api/stable/update', { appId: id, db: 'a_db2', stable: 'meters', user_id: me, role_id: admin }, orgId);
      expect(onStable2.code).toBe(403);
      const onInstance = await dbAdmin().call('PUT', `/api/user/${id}/roles`, { userId: me, roleId: admin, resType: 'INSTANCE' }, orgId);
      expect(onInstance.code).toBe(403);
      const viaDatabaseList = await dbAdmin().call('PUT', `/api/user/${id}/roles`, { userId: me, roleId: admin, resType: 'DATABASE', resources: [{ resId: 'a_db2' }] }, orgId);
      expect(viaDatabaseList.code).toBe(403);
      const onOrg = await dbAdmin().call('PUT', '/api/user/roles', { userId: me, roleId: admin, resType: 'ORG' }, orgId);
      expect(onOrg.code).toBe(403);
      expect((await myGrants()).length).toBe(before);
      // Inside a_db1 it still manages privileges: a role it holds there, to someone else.
      const onDb1 = await dbAdmin().call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'a_db1', user_id: other.user.id, role_id: viewerRole }, orgId);
      expect(onDb1.code).toBe(200);
    });

    it('an INSTANCE-level manager gives no more than it holds, and adds nobody to groups', async () => {
      const custom = await owner.call<{ id: string }>('POST', '/api/role', { name: 'Grantor', privileges: ['instance:read', 'instance:access:manage', 'db:read'] }, orgId);
      expect(custom.code).toBe(200);
      const grantor = await worldCaller(world, 'gs.grantor@example.com', 'Grantor');
      const grantorMember = await addMember(world.store, orgId, grantor);
      await grant(world.store, orgId, { memberId: grantorMember }, 'Grantor', { resType: 'INSTANCE', resId: id, instanceId: id });
      const admin = (await world.store.db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.name, 'Admin'))))[0].id;
      const beyond = await grantor.call('PUT', `/api/user/${id}/roles`, { userId: other.user.id, roleId: admin, resType: 'INSTANCE' }, orgId);
      expect(beyond.code).toBe(403);
      expect(beyond.message).toMatch(/only grant privileges you hold/);
      const within = await grantor.call('PUT', `/api/user/${id}/roles`, { userId: other.user.id, roleId: custom.data.id, resType: 'DATABASE', resources: [{ resId: 'a_db2' }] }, orgId);
      expect(within.code).toBe(200);
      const group = await owner.call<{ id: string }>('POST', '/api/group', { name: 'Admins' }, orgId);
      await owner.call('PUT', '/api/user/roles', { groupId: group.data.id, roleId: admin }, orgId);
      const intoGroup = await grantor.call('PUT', `/api/user/${id}/roles`, { userId: grantor.user.id, groupIds: [group.data.id] }, orgId);
      expect(intoGroup.code).toBe(403);
    });

    it('a database privilege manager offers and gives only roles it holds on that database', async () => {
      const keeperRole = await owner.call<{ id: string }>('POST', '/api/role', { name: 'Dbkeeper', privileges: ['db:read', 'db:privilege:manage'] }, orgId);
      expect(keeperRole.code).toBe(200);
      const keeper = await worldCaller(world, 'gs.keeper@example.com', 'Keeper');
      const keeperMember = await addMember(world.store, orgId, keeper);
      await grant(world.store, orgId, { memberId: keeperMember }, 'Dbkeeper', { resType: 'DATABASE', resId: 'a_db1', instanceId: id });
      const codes = await keeper.call<PrivilegeCodes>('GET', `/api/region/${REGION}/db/privilege/codes/${id}/a_db1`, undefined, orgId);
      const grantable = Object.fromEntries(codes.data.roles.map((r) => [r.name, r.grantable]));
      expect(grantable).toMatchObject({ Dbkeeper: true, Viewer: false, Admin: false });
      const update = (roleId: string) =>
        keeper.call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'a_db1', user_id: other.user.id, role_id: roleId }, orgId);
      const beyond = await update(viewerRole);
      expect(beyond.code).toBe(403);
      expect(beyond.message).toMatch(/only grant privileges you hold/);
      expect((await update(keeperRole.data.id)).code).toBe(200);
      // Re-activating a grant of a role it does not hold gives that role again: refused too.
      await owner.call('PUT', `/api/region/${REGION}/db/privilege/update`, { instanceId: id, db: 'a_db1', user_id: other.user.id, role_id: viewerRole }, orgId);
      expect((await owner.call('PUT', `/api/region/${REGION}/db/privilege/disable/${id}/a_db1/user/${other.user.id}`, undefined, orgId)).code).toBe(200);
      expect((await keeper.call('PUT', `/api/region/${REGION}/db/privilege/active/${id}/a_db1/user/${other.user.id}`, undefined, orgId)).code).toBe(403);
      expect((await keeper.call('PUT', `/api/region/${REGION}/db/privilege/disable/${id}/a_db1/user/${other.user.id}`, undefined, orgId)).code).not.toBe(403);
    });

    it('cannot rename, suspend or start the instance', async () => {
      const rename = await dbAdmin().call('POST', `/api/region/${REGION}/app/alias`, { app_id: id, alias: 'Taken' }, orgId);
      expect(rename.code).toBe(403);
      for (const action of ['suspend', 'start']) {
        const res = await dbAdmin().call('PUT', `/api/region/${REGION}/cluster/${action}/${id}`, undefined, orgId);
        expect(res.code, action).toBe(403);
      }
      const list = await owner.call<Instance[]>('GET', '/api/app/list', undefined, orgId);
      expect(list.data.find((i) => i.id === id)).toMatchObject({ alias: 'Scoped', cluster_status: 'Running' });
    });

    it('cannot read or edit the IP allow-list (the owner can)', async () => {
      const add = await dbAdmin().call('POST', `/api/region/${REGION}/appipwhitelist`, { app_id: id, ip: '10.9.9.9' }, orgId);
      expect(add.code).toBe(403);
      const read = await dbAdmin().call('GET', `/api/region/${REGION}/appipwhitelist?app_id=${id}`, undefined, orgId);
      expect(read.code).toBe(403);
      const byOwner = await owner.call('GET', `/api/region/${REGION}/appipwhitelist?app_id=${id}`, undefined, orgId);
      expect(byOwner.code).toBe(200);
    });

    it('cannot list the instance users, nor read the monitoring or upgrade the plan', async () => {
      const users = await dbAdmin().call('GET', `/api/region/${REGION}/app/${id}/users`, undefined, orgId);
      expect(users.code).toBe(403);
      const cpu = await dbAdmin().call('GET', `/api/region/${REGION}/monitor/cpu/range?app_id=${id}&start=${T0}&end=${T0 + 60_000}`, undefined, orgId);
      expect(cpu.code).toBe(403);
      const upgrade = await dbAdmin().call('POST', `/api/region/${REGION}/app/upgrade`, { app_id: id, price_plan_id: '2', high_availability: 0 }, orgId);
      expect(upgrade.code).toBe(403);
    });

    it('still sees the instance, with instance-wide privileges apart from those it holds in its database', async () => {
      const list = await dbAdmin().call<Instance[]>('GET', '/api/app/list', undefined, orgId);
      const mine = list.data.find((i) => i.id === id)!;
      expect(mine.privileges).toEqual([]);
      expect(mine.resource_privileges).toEqual(expect.arrayContaining(['db:read', 'instance:token:reset']));
      const menus = await dbAdmin().call<MenuMap>('GET', `/api/app/menus/${id}`, undefined, orgId);
      expect(menus.data).toMatchObject({ Explorer: true, Console: true, Streams: true, Topics: true, Management: false, 'TSDB Users': false, Dashboard: false, Programming: false });
      const wide = await members.instance.call<MenuMap>('GET', `/api/app/menus/${id}`, undefined, orgId);
      expect(wide.data).toMatchObject({ Explorer: true, Management: true, Dashboard: true });
    });
  });
});
