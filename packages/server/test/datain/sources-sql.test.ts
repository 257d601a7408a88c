import { afterAll, describe, expect, it } from 'vitest';
import { fillTemplate, sourceFor, checkSource, sampleSource } from '../../src/region/replication/sources';
import { connectSql, parseSqlPosition, type SqlConnection } from '../../src/region/replication/sources/sql';
import type { SourceReader } from '../../src/region/replication/pipeline/types';
import { requireService } from './sources-services';

/**
 * The PostgreSQL and MySQL (MariaDB) sources against the real servers: the template's ${start}/${end} pairs,
 * stepping through history by the interval, resuming at a window start, and following new rows with the delay.
 */
const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const SERVERS = {
  postgres: { port: 5432, values: { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: '' }, name: 'PostgreSQL' },
  mysql: { port: 3306, values: { host: '127.0.0.1', port: 3306, database: 'test', username: 'root', password: '' }, name: 'MariaDB' },
} as const;

async function drain(reader: SourceReader, max: number): Promise<{ rows: Array<Record<string, unknown>>; positions: string[]; finished: boolean }> {
  const rows: Array<Record<string, unknown>> = [];
  const positions: string[] = [];
  for (let i = 0; i < 1_000; i++) {
    const batch = await reader.next(max, 10);
    if (batch === null) return { rows, positions, finished: true };
    // Following and caught up: an empty batch that did not move the position.
    if (batch.records.length === 0 && batch.position === positions.at(-1)) break;
    rows.push(...batch.records.map((record) => record.fields));
    positions.push(batch.position);
  }
  return { rows, positions, finished: false };
}

describe('fillTemplate', () => {
  it.each([
    ['postgres', 'ts >= ${start} AND ts < ${end}', "ts >= '2026-01-01 00:00:00.000+00:00' AND ts < '2026-01-01 01:00:00.000+00:00'"],
    ['mysql', 'ts >= ${start} AND ts < ${end}', "ts >= '2026-01-01 00:00:00.000' AND ts < '2026-01-01 01:00:00.000'"],
    ['postgres', "ts >= '${start_no_tz}' AND ts < \"${end_no_tz}\"", "ts >= '2026-01-01 00:00:00.000' AND ts < \"2026-01-01 01:00:00.000\""],
    ['mysql', 'd >= ${start_date} AND d < ${end_date}', "d >= '2026-01-01' AND d < '2026-01-01'"],
  ] as const)('%s: %s', (dialect, template, sql) => {
    expect(fillTemplate(template, T0, T0 + HOUR, dialect)).toBe(sql);
  });
});

describe.each(['postgres', 'mysql'] as const)('%s source', (dialect) => {
  const server = SERVERS[dialect];
  const table = `datain_src_${dialect}_${Date.now().toString(36)}`;
  let admin: SqlConnection | undefined;
  const setUp = async () => {
    if (admin) return admin;
    admin = await connectSql(dialect, server.values);
    const tsType = dialect === 'postgres' ? 'timestamptz' : 'datetime(3)';
    await admin.query(`CREATE TABLE ${table} (ts ${tsType} NOT NULL, device varchar(20), v double precision)`);
    // 10 rows, one every 30 minutes from T0 (5 hours), and a gap of 2 empty hours before the last.
    const rows = Array.from({ length: 10 }, (_, i) => [T0 + i * 30 * 60_000 + (i === 9 ? 2 * HOUR : 0), `d${i % 3}`, i / 2]);
    const literal = (ms: number) => `'${new Date(ms).toISOString().slice(0, 23).replace('T', ' ')}'`;
    await admin.query(`INSERT INTO ${table} VALUES ${rows.map(([ts, device, v]) => `(${literal(ts as number)}, '${device}', ${v})`).join(', ')}`);
    return admin;
  };
  afterAll(async () => {
    await admin?.query(`DROP TABLE IF EXISTS ${table}`);
    await admin?.close();
  });
  const values = (over: Record<string, unknown> = {}) => ({
    ...server.values,
    sql: `SELECT ts, device, v FROM ${table} WHERE ts >= \${start} AND ts < \${end} ORDER BY ts`,
    start_time: T0,
    end_time: T0 + 8 * HOUR,
    // The form's unit select sits beside the value (`{name}_unit`).
    interval: 1,
    interval_unit: 'h',
    ...over,
  });

  it('history: steps hour by hour to the end time, in batches of at most max; the position is the next window start', async (ctx) => {
    await requireService(ctx, server.name, server.port);
    await setUp();
    const reader = sourceFor(dialect, values());
    await reader.open(null);
    expect(reader.progress().tables[0]).toMatchObject({ done: 0, total: 10 });
    const { rows, positions, finished } = await drain(reader, 1);
    await reader.close();
    expect(finished).toBe(true);
    expect(rows.map((row) => Number(row.v))).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5]);
    expect((rows[0].ts as Date).getTime()).toBe(T0);
    expect(rows[0].device).toBe('d0');
    // The hour's two rows keep the window start; the batch that finds the window read moves to the next hour.
    const windowStarts = positions.map((position) => parseSqlPosition(position).windowStart);
    expect(windowStarts.slice(0, 3)).toEqual([T0, T0, T0 + HOUR]);
    expect(windowStarts.at(-1)).toBe(T0 + 8 * HOUR);
    expect(reader.progress().tables[0]).toMatchObject({ done: 10, total: 10 });
  });

  it('resumes at a checkpoint: rows before the window start are not read again', async (ctx) => {
    await requireService(ctx, server.name, server.port);
    await setUp();
    const reader = sourceFor(dialect, values({ sql: `SELECT * FROM ${table} WHERE ts >= \${start_no_tz} AND ts < \${end_no_tz}` }));
    await reader.open(String(T0 + 3 * HOUR));
    const { rows } = await drain(reader, 100);
    await reader.close();
    expect(rows.map((row) => Number(row.v)).sort()).toEqual([3, 3.5, 4, 4.5]);
  });

  it('without an end time follows new rows once now minus the delay passes them', async (ctx) => {
    await requireService(ctx, server.name, server.port);
    const connection = await setUp();
    let now = T0 + 10 * HOUR + 5_000;
    const reader = sourceFor(dialect, values({ end_time: null, delay: 10 }), { now: () => now });
    await reader.open(null);
    const { rows: history, positions } = await drain(reader, 100);
    expect(history).toHaveLength(10);
    expect(parseSqlPosition(positions.at(-1)!).windowStart).toBe(now - 10_000);
    await connection.query(`INSERT INTO ${table} VALUES ('2026-01-01 10:00:01.000', 'late', 99)`);
    expect((await drain(reader, 100)).rows).toHaveLength(0); // 10:00:01 is not yet older than the delay
    now += 10_000;
    const { rows: followed } = await drain(reader, 100);
    await reader.close();
    expect(followed.map((row) => row.device)).toEqual(['late']);
  });

  it('streams a window: 25,000 rows of one window come in batches of at most max, every row once', async (ctx) => {
    await requireService(ctx, server.name, server.port);
    const connection = await setUp();
    const big = `${table}_big`;
    await connection.query(`CREATE TABLE ${big} (ts bigint, v int)`);
    try {
      const series = dialect === 'postgres'
        ? `INSERT INTO ${big} SELECT g, g FROM generate_series(1, 25000) AS g`
        : `INSERT INTO ${big} SELECT seq, seq FROM seq_1_to_25000`;
      await connection.query(series);
      const reader = sourceFor(dialect, values({ sql: `SELECT v FROM ${big} WHERE \${start} IS NOT NULL AND \${end} IS NOT NULL ORDER BY v`, end_time: T0 + HOUR }));
      await reader.open(null);
      const sizes: number[] = [];
      let sum = 0;
      for (;;) {
        const batch = await reader.next(7_000, 10);
        if (batch === null) break;
        sizes.push(batch.records.length);
        for (const record of batch.records) sum += Number(record.fields.v);
      }
      await reader.close();
      expect(sizes).toEqual([7_000, 7_000, 7_000, 4_000]);
      expect(sum).toBe((25_000 * 25_001) / 2);
    } finally {
      await connection.query(`DROP TABLE ${big}`);
    }
  });

  it('check connection and sample', async (ctx) => {
    await requireService(ctx, server.name, server.port);
    await setUp();
    await expect(checkSource(dialect, values())).resolves.toBeUndefined();
    await expect(checkSource(dialect, { ...values(), password: 'wrong', username: 'nobody_here' })).rejects.toThrow();
    const sample = await sampleSource(dialect, values(), 3);
    expect(sample.map((record) => record.fields.device)).toEqual(['d0', 'd1', 'd2']);
  });
});
