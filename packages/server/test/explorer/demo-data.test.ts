import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, type DemoJob } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { instanceSql, runningInstance } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';
import { METERS_START_TS } from 'tscloud-engine';
import { DEMO_STEP_MS } from '../../src/region/explorer/demo-loader';
import { markAccessChanged } from '../../src/region/instance-users';

/** The meters demo database loaded by a background job into a real engine, polled as the web does. */
describe('demo data loader', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let viewer: Caller;
  let orgId: string;
  let id: string;

  const sql = (caller: Caller, text: string) => instanceSql(caller, orgId, id, text);
  const start = (caller: Caller, body: object) => caller.call<DemoJob>('POST', `/api/region/${REGION}/data/demo/${id}`, body, orgId);
  async function until(jobId: string, seen: DemoJob[]): Promise<DemoJob> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const res = await owner.call<DemoJob>('GET', `/api/region/${REGION}/data/demo/${id}/${jobId}`, undefined, orgId);
      seen.push(res.data);
      if (res.data.status !== 'running') return res.data;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('demo job did not finish');
  }

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'demo.owner@example.com', 'Owner');
    viewer = await worldCaller(world, 'demo.viewer@example.com', 'Viewer');
    ({ orgId, id } = await runningInstance(owner, 'Demoorg', 'Demo one'));
    await grant(world.store, orgId, { memberId: await addMember(world.store, orgId, viewer) }, 'Viewer', { resType: 'INSTANCE', resId: id, instanceId: id });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('loads taosBenchmark meters (small scale) with progress to done; the data has the schema, groups and rows', async () => {
    const started = await start(owner, { db_name: 'demo', tables: 12, rows_per_table: 2500 });
    expect(started.code).toBe(200);
    expect(started.data).toMatchObject({ status: 'running', tables: 12, rows_per_table: 2500, total_rows: 30_000, db_name: 'demo' });
    // One at a time per instance.
    expect(await start(owner, { db_name: 'demo2', tables: 1, rows_per_table: 1 })).toMatchObject({ code: 409, message: en['error.demoRunning'] });

    const seen: DemoJob[] = [];
    const done = await until(started.data.id, seen);
    expect(done).toMatchObject({ status: 'done', percent: 100, rows_written: 30_000, error: null });
    expect(done.finished_at).toBeGreaterThanOrEqual(done.started_at);
    // Progress never goes back.
    for (let k = 1; k < seen.length; k++) expect(seen[k].rows_written).toBeGreaterThanOrEqual(seen[k - 1].rows_written);

    const described = await sql(owner, 'DESCRIBE demo.meters');
    expect(described.data.data.map((d) => [d[0], d[1], d[3]])).toEqual([
      ['ts', 'TIMESTAMP', ''],
      ['current', 'FLOAT', ''],
      ['voltage', 'INT', ''],
      ['phase', 'FLOAT', ''],
      ['groupid', 'INT', 'TAG'],
      ['location', 'VARCHAR', 'TAG'],
    ]);
    const perGroup = await sql(owner, 'SELECT groupid, count(*) FROM demo.meters GROUP BY groupid ORDER BY groupid');
    expect(perGroup.data.data).toEqual([
      [1, 5000], [2, 5000], [3, 2500], [4, 2500], [5, 2500], [6, 2500], [7, 2500], [8, 2500], [9, 2500], [10, 2500],
    ]);
    const d0 = await sql(owner, 'SELECT count(*), min(voltage) >= 198, max(voltage) <= 235, min(current) >= 8, max(current) <= 12 FROM demo.d0');
    expect(d0.data.data).toEqual([[2500, true, true, true, true]]);
    const first = await sql(owner, `SELECT count(*) FROM demo.d11 WHERE ts = ${METERS_START_TS + 2499 * DEMO_STEP_MS}`);
    expect(first.data.data).toEqual([[1]]);
    const location = await sql(owner, "SELECT location FROM demo.d5 LIMIT 1");
    expect(location.data.data).toEqual([['California.Campbell']]);

    const list = await viewer.call<DemoJob[]>('GET', `/api/region/${REGION}/data/demo/${id}`, undefined, orgId);
    expect(list.data.map((j) => j.id)).toEqual([started.data.id]);
  });

  it('reports an engine refusal as failed, checks the scale, and needs db:create', async () => {
    // The free plan allows 3 databases: two more fill it, the third load fails with the engine's text.
    for (const name of ['x1', 'x2']) expect((await sql(owner, `CREATE DATABASE ${name}`)).data.code).toBe(0);
    const job = await start(owner, { db_name: 'x3', tables: 1, rows_per_table: 10 });
    const failed = await until(job.data.id, []);
    expect(failed).toMatchObject({ status: 'failed', error: 'Limit exceeded: max databases 3', rows_written: 0 });

    expect(await start(owner, { tables: 0 })).toMatchObject({ code: 400, message: en['validation.demoScale'] });
    expect(await start(owner, { tables: 10_001 })).toMatchObject({ code: 400, message: en['validation.demoScale'] });
    expect(await start(owner, { tables: 10, rows_per_table: 20_000 })).toMatchObject({ code: 400, message: en['validation.demoScale'] });
    expect(await start(owner, { tables: 10, db_name: '1x' })).toMatchObject({ code: 400, message: en['validation.dbName'] });
    expect((await start(viewer, { tables: 1 })).code).toBe(403);
    expect((await owner.call('GET', `/api/region/${REGION}/data/demo/${id}/nope`, undefined, orgId)).code).toBe(404);
  });

  it('loads into the database it is opened from without taking a database slot; an Admin of that database alone may load into it (issue 13 item 10)', async () => {
    const databases = async () => (await sql(owner, 'SELECT COUNT(*) FROM information_schema.ins_databases')).data.data[0][0];
    for (const name of ['x1', 'x2']) await sql(owner, `CREATE DATABASE IF NOT EXISTS ${name}`);
    const before = await databases();
    // The plan is full (demo, x1, x2 after the tests above): loading into x1 still works, as nothing new is created.
    const job = await start(owner, { db_name: 'x1', tables: 3, rows_per_table: 5 });
    expect(job.code).toBe(200);
    expect(await until(job.data.id, [])).toMatchObject({ status: 'done', db_name: 'x1', rows_written: 15 });
    expect(await databases()).toBe(before);
    expect((await sql(owner, 'SELECT COUNT(*) FROM x1.meters')).data.data).toEqual([[15]]);

    const writer = await worldCaller(world, 'demo.writer@example.com', 'Writer');
    await grant(world.store, orgId, { memberId: await addMember(world.store, orgId, writer) }, 'Admin', { resType: 'DATABASE', resId: 'x2', instanceId: id });
    // The grant went straight to the store: the instance reconciles its engine users before the next call.
    markAccessChanged(orgId);
    const own = await start(writer, { db_name: 'x2', tables: 2, rows_per_table: 5 });
    expect(own.code).toBe(200);
    const ownDone = await until(own.data.id, []);
    expect(ownDone, ownDone.error ?? '').toMatchObject({ status: 'done', db_name: 'x2', rows_written: 10 });
    // Not on another database, nor creating one without db:create instance-wide.
    expect((await start(writer, { db_name: 'x1', tables: 1, rows_per_table: 1 })).code).toBe(403);
    expect((await start(writer, { db_name: 'fresh', tables: 1, rows_per_table: 1 })).code).toBe(403);
  });
});
