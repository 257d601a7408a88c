import { afterAll, describe, expect, it } from 'vitest';
import { connectSql, SqlSource, type SqlConnection } from '../../src/region/replication/sources/sql';
import { countsOf } from '../../src/region/replication/runner/task-worker';
import type { SourceReader } from '../../src/region/replication/pipeline/types';
import { requireService } from './sources-services';

/**
 * Resume-safe counters and progress of the SQL sources (issue 15, the runner's gaps): a crash cuts a window, the
 * next run reads it again from its start; the counters (rows read, written) count each row once and the table
 * progress goes on from where it was, against the real PostgreSQL.
 */
const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const PG = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: '' };
const ROWS = 30; // 10 rows an hour over 3 hours

interface Counted {
  read: number;
  written: number;
  position: string | null;
}

/** Reads `batches` batches (all when undefined) as the worker counts them, every row written. */
async function readAs(reader: SourceReader, counted: Counted, batches = Infinity): Promise<void> {
  for (let i = 0; i < batches; i++) {
    const batch = await reader.next(4, 10);
    if (batch === null) return;
    const counts = countsOf(batch.records.length, batch.alreadyCounted ?? 0, batch.records.length, 0);
    counted.read += counts.read;
    counted.written += counts.written;
    counted.position = batch.position;
  }
}

describe('a SQL source resumed in a window', () => {
  const table = `datain_resume_${Date.now().toString(36)}`;
  let pg: SqlConnection | undefined;
  afterAll(async () => {
    await pg?.query(`DROP TABLE IF EXISTS ${table}`);
    await pg?.close();
  });

  it('counts every row once and keeps its table progress across a crash mid-window', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    pg = await connectSql('postgres', PG);
    await pg.query(`CREATE TABLE ${table} (ts timestamptz NOT NULL, v int)`);
    await pg.query(`INSERT INTO ${table} SELECT to_timestamp(${T0 / 1000} + i * 360), i FROM generate_series(0, ${ROWS - 1}) AS i`);
    const values = {
      ...PG,
      // No ORDER BY: a window read again may come in another order, so the source cannot skip by position.
      sql: `SELECT ts, v FROM ${table} WHERE ts >= \${start} AND ts < \${end}`,
      start_time: T0,
      end_time: T0 + 3 * HOUR,
      interval: 1,
      interval_unit: 'h',
    };
    const counted: Counted = { read: 0, written: 0, position: null };
    const first = new SqlSource('postgres', values);
    await first.open(null);
    // 10 rows of hour 0 (3 batches, the third finds the hour read) and 2 batches (8 rows) into hour 1: the crash.
    await readAs(first, counted, 5);
    await first.close();
    expect(counted.read).toBe(18);
    const progressAtCrash = first.progress().tables[0].done;
    expect(progressAtCrash).toBe(18);

    const resumed = new SqlSource('postgres', values);
    await resumed.open(counted.position);
    // The resumed source starts where the stored progress was, not at 0.
    expect(resumed.progress().tables[0]).toMatchObject({ done: 18, total: ROWS });
    await readAs(resumed, counted);
    await resumed.close();
    expect(counted).toMatchObject({ read: ROWS, written: ROWS });
    expect(resumed.progress().tables[0]).toMatchObject({ done: ROWS, total: ROWS });
  });

  it('a second crash inside the window read again still counts each row once', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    const values = { ...PG, sql: `SELECT ts, v FROM ${table} WHERE ts >= \${start} AND ts < \${end}`, start_time: T0, end_time: T0 + 3 * HOUR, interval: 1, interval_unit: 'h' };
    const counted: Counted = { read: 0, written: 0, position: null };
    let reader = new SqlSource('postgres', values);
    await reader.open(null);
    await readAs(reader, counted, 2); // 8 rows of hour 0
    for (const batches of [1, 3]) {
      await reader.close();
      reader = new SqlSource('postgres', values);
      await reader.open(counted.position);
      await readAs(reader, counted, batches);
    }
    await readAs(reader, counted);
    await reader.close();
    expect(counted).toMatchObject({ read: ROWS, written: ROWS });
  });
});

describe('countsOf', () => {
  it('takes the records already counted off written first, then failed', () => {
    expect(countsOf(10, 0, 9, 1)).toEqual({ read: 10, written: 9, failed: 1 });
    expect(countsOf(10, 4, 9, 1)).toEqual({ read: 6, written: 5, failed: 1 });
    expect(countsOf(10, 10, 9, 1)).toEqual({ read: 0, written: 0, failed: 0 });
  });
});
