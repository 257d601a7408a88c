import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SqlResult } from '@tscloud/contracts';
import { datainTasks, instances, orgMembers, roles, type InstanceRow } from '../../src/store/schema';
import { enginePasswordOf } from '../../src/region/instances/engine-password';
import { registerSourceModule } from '../../src/region/replication/runner/sources';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, addMember, waitForStatus, worldCaller } from '../instances/harness';
import { instanceSql, runningInstance, runStatements } from '../instances/running-instance';
import { grant } from '../instance-users/members';
import { eventually, fakeTask, taskCalls } from './task-helpers';

/**
 * Data-in tasks on a real engine (issue 15; docs/data-in.md "Tasks", "The runner"): the calls with their §8
 * refusals, and the runner writing a (test-only, fake) source's rows through the instance's engine.
 */
// the fake source for this file only (files share a worker's module graph: the MQTT suites need the real one)
let realSource: () => void;
beforeAll(() => {
  realSource = registerSourceModule('mqtt', new URL('./fake-source.ts', import.meta.url).href);
});
afterAll(() => realSource());

describe('data-in tasks', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let viewer: Caller;
  let orgId: string;
  let id: string;
  let calls: ReturnType<typeof taskCalls>;

  /** SQL as the instance superuser, straight to the engine (the current server's engine address). */
  const rootSql = async (text: string) => {
    const [row]: InstanceRow[] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    const res = await fetch(`${row.engineUrl}/rest/sql`, {
      method: 'POST',
      body: text,
      headers: { authorization: `Basic ${Buffer.from(`${row.engineUser}:${enginePasswordOf(row)}`).toString('base64')}` },
    });
    return (await res.json()) as { code: number; desc?: string; data?: unknown[][] };
  };
  const countOf = async (table: string) => Number((await rootSql(`SELECT COUNT(*) FROM ${table}`)).data?.[0]?.[0] ?? -1);
  const statusOf = async (taskId: string) => (await calls.details(taskId)).data.status;
  const waitStatus = (taskId: string, wanted: string, timeoutMs?: number) =>
    eventually(async () => ((await statusOf(taskId)) === wanted ? true : undefined), `task ${taskId} ${wanted}`, timeoutMs);

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'di.owner@example.com', 'Owner');
    viewer = await worldCaller(world, 'di.viewer@example.com', 'Viewer');
    ({ orgId, id } = await runningInstance(owner, 'Datainorg', 'Data in'));
    await addMember(world.store, orgId, viewer, 'Viewer');
    calls = taskCalls(owner, orgId, id);
    await runStatements(owner, orgId, id, ['CREATE DATABASE crud', 'CREATE DATABASE flow', 'CREATE DATABASE refused']);
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('create, list with a status filter, details, update, start/stop, delete; with the §8 refusals', async () => {
    const invalid = await calls.create({ ...fakeTask('bad', 'crud', { total: 10 }), from_expand: { params: { topics: 'no-qos' } } });
    expect(invalid.code).toBe(400);
    expect(invalid.data).toMatchObject({ host: 'This field is required', topics: expect.stringContaining('Input format error') });
    expect(Object.values(invalid.data as object)).toContain(invalid.message);
    expect((await calls.create(fakeTask('nodb', 'missing', { total: 10 }))).message).toBe('Database does not exist');
    const noRights = await taskCalls(viewer, orgId, id).list();
    expect(noRights.code).toBe(403);

    const created = await calls.create(fakeTask('slow one', 'crud', { total: 1_000_000, pauseMs: 200, batch: 100 }));
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ name: 'slow one', status: 'created', connector: 'mqtt', target_db: 'crud' });
    const taskId = created.data.id;
    const other = (await calls.create(fakeTask('other', 'crud', { total: 5 }))).data;

    const details = await calls.details(taskId, 'zh');
    expect(details.data.from_expand).toMatchObject({ id: taskId, host: 'localhost', port: 1883, params: { topics: 'fake::0' } });
    expect(details.data.from_detail).toMatchObject({ id: 'mqtt', name: 'MQTT' });
    expect((await calls.update(taskId, fakeTask('renamed', 'crud', { total: 1_000_000, pauseMs: 200, batch: 100 }))).data.name).toBe('renamed');

    expect((await calls.start(taskId)).data.status).toBe('queued');
    await waitStatus(taskId, 'running');
    const running = await calls.list('&status=running');
    expect(running.data.list.map((t) => t.id)).toEqual([taskId]);
    expect((await calls.list('&status=created,running')).data.total).toBe(2);

    const busy = 'The data source task is running, stop it and try again';
    expect((await calls.update(taskId, fakeTask('again', 'crud', { total: 1 }))).message).toBe(busy);
    expect((await calls.remove(taskId)).message).toBe(busy);
    const inUse = 'database in use by data source (stop the data source first)';
    const drop = await owner.call<SqlResult>('POST', `/api/region/${REGION}/private/data/sql/dropdb/${id}/crud`, { sql: 'DROP DATABASE crud' }, orgId);
    expect(drop.message).toBe(inUse);
    expect((await instanceSql(owner, orgId, id, 'SELECT 1; DROP DATABASE IF EXISTS `crud`')).message).toBe(inUse);
    expect((await rootSql('SHOW DATABASES')).data?.flat()).toContain('crud');

    expect((await calls.stop(taskId)).data.status).toBe('stopping');
    await waitStatus(taskId, 'stopped');
    expect((await calls.activities(taskId)).data.list.map((a) => a.kind)).toEqual(['stop', 'start', 'update', 'create']);
    expect((await calls.remove(taskId)).code).toBe(200);
    expect((await calls.details(taskId)).code).toBe(404);
    expect((await calls.list()).data.list.map((t) => t.id)).toEqual([other.id]);
  });

  it('a task writes its source rows through the engine, shows metrics and progress, and completes', async () => {
    const taskId = (await calls.create(fakeTask('flow', 'flow', { total: 5000, batch: 700 }))).data.id;
    await calls.start(taskId);
    await waitStatus(taskId, 'completed');
    expect(await countOf('flow.meters')).toBe(5000);
    expect(await countOf('flow.d_d3')).toBe(500);
    const metrics = (await calls.metrics(taskId)).data;
    expect(metrics).toMatchObject({ rows_read: 5000, rows_written: 5000, rows_failed: 0, bytes: 5000 * 40, last_error: null });
    expect((await calls.progress(taskId)).data.tables).toEqual([{ name: 'fake', done: 5000, total: 5000, percent: 100 }]);
    expect((await calls.activities(taskId)).data.list[0].kind).toBe('complete');
  });

  it('rows the engine refuses are counted as failed and the others are written', async () => {
    await runStatements(owner, orgId, id, ['CREATE STABLE refused.meters (ts TIMESTAMP, v INT, note VARCHAR(8)) TAGS (device VARCHAR(16))']);
    const taskId = (await calls.create(fakeTask('refusing', 'refused', { total: 2000, badEvery: 100, batch: 500 }))).data.id;
    await calls.start(taskId);
    await waitStatus(taskId, 'completed');
    expect(await countOf('refused.meters')).toBe(1980);
    const metrics = (await calls.metrics(taskId)).data;
    expect(metrics).toMatchObject({ rows_read: 2000, rows_written: 1980, rows_failed: 20 });
    expect(metrics.last_error).toBeTruthy();
  });

  it('a server restart mid-task resumes from the checkpoint: every row once', async () => {
    const total = 30_000;
    const taskId = (await calls.create(fakeTask('restart', 'flow', { total, pauseMs: 40, batch: 500, stable: 'resumed', tablePrefix: 'r_' }))).data.id;
    await calls.start(taskId);
    await eventually(async () => ((await calls.metrics(taskId)).data.rows_written >= 3000 ? true : undefined), 'rows before the restart');
    await world.app.close();
    const [stored] = await world.store.db.select().from(datainTasks).where(eq(datainTasks.id, taskId));
    expect(Number(stored.checkpoint)).toBeLessThan(total);
    // As a kill -9 leaves it: still running, held by a node that is gone, its lease run out.
    await world.store.db.update(datainTasks).set({ nodeId: 'gone-node', leaseUntil: Date.now() - 1 }).where(eq(datainTasks.id, taskId));
    world.app = await world.build();
    await waitStatus(taskId, 'completed', 120_000);
    expect(await countOf('flow.resumed')).toBe(total);
    expect((await calls.metrics(taskId)).data).toMatchObject({ rows_read: total, rows_written: total, rows_failed: 0 });
    expect((await calls.activities(taskId)).data.list.map((a) => a.kind)).toContain('resume');
  }, 180_000);

  it('the instance suspended and started again mid-task: the task waits for its engine and resumes there', async () => {
    const total = 20_000;
    const taskId = (await calls.create(fakeTask('moved', 'flow', { total, pauseMs: 40, batch: 500, stable: 'moved', tablePrefix: 'm_' }))).data.id;
    await calls.start(taskId);
    await eventually(async () => ((await calls.metrics(taskId)).data.rows_written >= 2000 ? true : undefined), 'rows before the suspend');
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${id}`, undefined, orgId)).code).toBe(200);
    await waitForStatus(owner, orgId, id, 'Suspended');
    expect(await statusOf(taskId)).toBe('running');
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/start/${id}`, undefined, orgId)).code).toBe(200);
    await waitForStatus(owner, orgId, id, 'Running');
    await waitStatus(taskId, 'completed', 120_000);
    expect(await countOf('flow.moved')).toBe(total);
    expect((await calls.metrics(taskId)).data.rows_failed).toBe(0);
  }, 180_000);

  it('replication:read lists and shows tasks; writing needs db:write on the target database too', async () => {
    const [member] = await world.store.db.select().from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, viewer.user.id)));
    const roleId = randomUUID();
    await world.store.db.insert(roles).values({ id: roleId, orgId, name: 'Data in reader', privileges: ['replication:read'], createdAt: Date.now() });
    await grant(world.store, orgId, { memberId: member.id }, 'Data in reader', { resType: 'INSTANCE', resId: id, instanceId: id });
    const reader = taskCalls(viewer, orgId, id);
    const listed = await reader.list();
    expect(listed.code).toBe(200);
    const [task] = listed.data.list;
    expect((await reader.details(task.id)).code).toBe(200);
    expect((await reader.create(fakeTask('not mine', 'crud', { total: 1 }))).code).toBe(403);
    expect((await reader.start(task.id)).code).toBe(403);
    expect((await reader.remove(task.id)).code).toBe(403);
  });

  it('two servers on one store share the tasks, each task run by one of them', async () => {
    const second = await world.build();
    try {
      const ids = [];
      for (const k of [1, 2, 3, 4]) {
        const taskId = (await calls.create(fakeTask(`shared ${k}`, 'flow', { total: 3000, pauseMs: 20, batch: 300, stable: `shared${k}`, tablePrefix: `s${k}_` }))).data.id;
        await calls.start(taskId);
        ids.push(taskId);
      }
      for (const [k, taskId] of ids.entries()) {
        await waitStatus(taskId, 'completed');
        expect(await countOf(`flow.shared${k + 1}`)).toBe(3000);
        expect((await calls.metrics(taskId)).data).toMatchObject({ rows_written: 3000, rows_failed: 0 });
        expect((await calls.activities(taskId)).data.list.filter((a) => a.kind === 'start' || a.kind === 'resume')).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  }, 120_000);
});
