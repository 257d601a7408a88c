import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { en, type SqlResult } from '@tscloud/contracts';
import { instances, orgMembers } from '../../src/store/schema';
import { enginePasswordOf } from '../../src/region/instances/engine-password';
import { engineUserName } from '../../src/region/instance-users';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { runningInstance, runStatements } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';

/**
 * Issue 13 item 3: the console keeps a current database per tab, as TDengine's shell does. The SQL call carries it
 * (`db`) and the statement runs against `/rest/sql/{db}`, so unqualified names are in it; `USE x` is run by the
 * engine as the member (x must exist and be readable by them) and answered with `database: x` for the tab.
 */
describe('the SQL call with a current database', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let reader: Caller;
  let orgId: string;
  let id: string;
  /** The engine users right after the instance became Running, before any SQL call (issue 13 item 2). */
  let usersAtStart: string[] = [];

  const sql = (caller: Caller, text: string, db?: string) =>
    caller.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${id}`, db === undefined ? { sql: text } : { sql: text, db }, orgId);

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'cd.owner@example.com', 'Owner');
    reader = await worldCaller(world, 'cd.reader@example.com', 'Reader');
    ({ orgId, id } = await runningInstance(owner, 'Usedorg', 'Use one'));
    const [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    const authorization = `Basic ${Buffer.from(`${row.engineUser}:${enginePasswordOf(row)}`).toString('base64')}`;
    // The reconcile at instance start runs in the background: wait for it a little, without calling SQL.
    for (let tries = 0; tries < 50 && !usersAtStart.some((u) => u.startsWith('u_')); tries++) {
      if (tries) await new Promise((r) => setTimeout(r, 100));
      const answer = (await (await fetch(`${row.engineUrl}/rest/sql`, { method: 'POST', body: 'SELECT name FROM information_schema.ins_users', headers: { authorization } })).json()) as { data?: unknown[][] };
      usersAtStart = (answer.data ?? []).map(([name]) => String(name));
    }
    await runStatements(owner, orgId, id, [
      'CREATE DATABASE power',
      'CREATE DATABASE secret',
      'CREATE TABLE power.t (ts TIMESTAMP, v INT)',
      'INSERT INTO power.t VALUES (1767225600000, 42)',
      'CREATE TABLE secret.t (ts TIMESTAMP, v INT)',
    ]);
    const member = await addMember(world.store, orgId, reader);
    await grant(world.store, orgId, { memberId: member }, 'Viewer', { resType: 'DATABASE', resId: 'power', instanceId: id });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('the owner has an engine user as soon as the instance runs (the reconcile at instance start)', async () => {
    const [member] = await world.store.db.select().from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, owner.user.id)));
    expect(usersAtStart.filter((u) => u.startsWith('u_'))).toEqual([engineUserName(member.id)]);
  });

  it('USE answers the database it makes current, and the next unqualified statement runs in the database sent', async () => {
    const without = await sql(owner, 'SELECT v FROM t');
    expect(without.data.code).not.toBe(0);
    expect(without.data.desc).toMatch(/database not specified/i);

    const used = await sql(owner, 'USE Power;');
    expect(used.data).toMatchObject({ code: 0, database: 'power' });
    expect((await sql(owner, 'SELECT v FROM t', used.data.database)).data).toMatchObject({ code: 0, data: [[42]] });
    // Names qualified with another database still go there.
    expect((await sql(owner, 'SELECT count(*) FROM secret.t', 'power')).data).toMatchObject({ code: 0 });
    // A statement that is not USE sets nothing.
    expect((await sql(owner, 'SELECT 1', 'power')).data.database).toBeUndefined();
  });

  it('USE of a database that does not exist, or that the member may not read, is refused and sets nothing', async () => {
    const missing = await sql(owner, 'USE nowhere');
    expect(missing.data.code).not.toBe(0);
    expect(missing.data.database).toBeUndefined();

    const refused = await sql(reader, 'USE secret');
    expect(refused.data.code).not.toBe(0);
    expect(refused.data.database).toBeUndefined();
    const allowed = await sql(reader, 'use power');
    expect(allowed.data).toMatchObject({ code: 0, database: 'power' });
    expect((await sql(reader, 'SELECT v FROM t', 'power')).data).toMatchObject({ code: 0, data: [[42]] });
    // The current database gives no access the member's grants do not.
    expect((await sql(reader, 'SELECT v FROM t', 'secret')).data.code).not.toBe(0);
  });

  it('refuses a current database that is no database name (400, the rule of contracts)', async () => {
    const tooLong = await sql(owner, 'SELECT 1', 'd'.repeat(65));
    expect(tooLong).toMatchObject({ code: 400, message: en['validation.currentDatabase'] });
    expect((await sql(owner, 'SELECT 1', '')).code).toBe(400);
  });
});
