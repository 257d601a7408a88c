import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectSql, type SqlConnection } from '../../src/region/replication/sources/sql';
import { datainTasks } from '../../src/store/schema';
import { instanceSql } from '../instances/running-instance';
import { requireService } from './sources-services';
import { PG_SOURCE, eventually, pgHistoryTask, suiteInstanceWithDatabase, taskCalls } from './task-helpers';

/**
 * A PostgreSQL history task end to end (issue 15): the real PostgreSQL on 5432 → the SQL source stepping hour by
 * hour to its end time → the runner → the engine; it completes by itself with table progress at 100 %.
 */
const T0 = Date.UTC(2026, 0, 1);
const ROWS = 60_000;

describe('a PostgreSQL history task', () => {
  const suite = suiteInstanceWithDatabase('dipg.owner@example.com', 'Pgorg', 'Pg in', 'history');
  const { world } = suite;
  const table = `datain_task_${Date.now().toString(36)}`;
  let pg: SqlConnection | undefined;
  afterAll(async () => {
    await pg?.query(`DROP TABLE IF EXISTS ${table}`);
    await pg?.close();
  }, 60_000);

  it('migrates every row once across a kill -9 of the server, completes, table progress 100 %', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    const { owner, orgId, id } = suite;
    pg = await connectSql('postgres', PG_SOURCE);
    await pg.query(`CREATE TABLE ${table} (ts timestamptz NOT NULL, device varchar(20), v double precision)`);
    // One row every 1.2 s over 20 hours, 8 devices.
    await pg.query(
      `INSERT INTO ${table} SELECT to_timestamp(${T0 / 1000} + i * 1.2), 'd' || (i % 8), i / 10.0 FROM generate_series(0, ${ROWS - 1}) AS i`,
    );
    const body = pgHistoryTask(table, { name: 'history', targetDb: 'history', from: T0, hours: 24, batch: 1000 });
    // Calls go to the world's current server, across the restart.
    const calls = taskCalls(owner, orgId, id);
    const created = await calls.create(body);
    expect(created.code, JSON.stringify(created)).toBe(200);
    await calls.start(created.data.id);
    await eventually(async () => ((await calls.metrics(created.data.id)).data.rows_written >= 5000 ? true : undefined), 'rows before the crash');
    await world.app.close();
    const [stored] = await world.store.db.select().from(datainTasks).where(eq(datainTasks.id, created.data.id));
    expect(stored.status).toBe('running');
    // As a kill -9 leaves it: held by a node that is gone, its lease run out.
    await world.store.db.update(datainTasks).set({ nodeId: 'gone-node', leaseUntil: Date.now() - 1 }).where(eq(datainTasks.id, created.data.id));
    world.app = await world.build();
    await eventually(async () => {
      const { status, status_reason } = (await calls.details(created.data.id)).data;
      if (status === 'failed') throw new Error(`task failed: ${status_reason}`);
      return status === 'completed' ? true : undefined;
    }, 'completed', 90_000);
    const count = (await instanceSql(owner, orgId, id, 'SELECT COUNT(*) FROM history.readings')).data.data?.[0]?.[0];
    expect(Number(count)).toBe(ROWS);
    // The SQL source's position is a window start: the rows of the window cut by the crash were read and written
    // again (overwriting themselves), and the counters say so.
    const metrics = (await calls.metrics(created.data.id)).data;
    expect(metrics.rows_failed).toBe(0);
    expect(metrics.rows_written).toBeGreaterThanOrEqual(ROWS);
    expect(metrics.rows_written).toBe(metrics.rows_read);
    expect((await calls.progress(created.data.id)).data.tables.map((t) => t.percent)).toEqual([100]);
  }, 150_000);
});
