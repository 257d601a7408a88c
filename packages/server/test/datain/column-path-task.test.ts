import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectorDefinition, defaultValues, fromExpandOf, type TransformConfigInput } from '@tscloud/contracts';
import { Engine } from 'tscloud-engine';
import { createRestServer } from '../../../engine/src/server/http-server';
import type { BatchReport, FromWorker, ToWorker } from '../../src/region/replication/runner/messages';
import { runJob } from '../../src/region/replication/runner/task-worker';
import { serveSourceGuard } from '../../src/region/replication/sources/guard-channel';
import { connectSql, type SqlConnection } from '../../src/region/replication/sources/sql';
import { requireService } from './sources-services';

/**
 * A PostgreSQL task through the worker (runJob, real engine in process) on the column path and on the record path
 * (the same mapping with an extract rule, which the column path does not take): the same reports batch by batch —
 * checkpoints, counts read/written/failed, bytes, last errors, newest timestamps, progress — from the start and
 * resumed mid-window, and the same stored rows, with rows the transform fails (no timestamp, NaN) and rows the engine
 * refuses (a text past its VARCHAR).
 */
const PG = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'unused' };
const AUTH = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;
const T0 = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
const ROWS = 12_000;

const mappingOf = (stable: string): TransformConfigInput['mapping'] => ({
  stable,
  table: `${stable}_\${dev}`,
  timestamp: { column: 'ts', field: 'at2' },
  columns: [
    { name: 'v', type: 'DOUBLE' },
    { name: 'note', type: 'VARCHAR' },
  ],
  tags: [{ name: 'dev', type: 'VARCHAR' }],
});

describe('a PostgreSQL task on the column path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'column-path-'));
  const table = `datain_columns_${Date.now().toString(36)}`;
  let engine: Engine;
  let server: http.Server;
  let url = '';
  let pg: SqlConnection | undefined;
  let stopGuard: (() => void) | undefined;

  beforeAll(async () => {
    engine = await Engine.open({ dataDir: dir, limits: {} });
    server = createRestServer(engine).server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await engine.execute('CREATE DATABASE colpath', { user: 'root' });
    stopGuard = serveSourceGuard(async () => async (_connector, host) => host);
  });
  afterAll(async () => {
    stopGuard?.();
    await pg?.query(`DROP TABLE IF EXISTS ${table}`);
    await pg?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the task from `checkpoint` to its end; its batch reports. */
  const run = (transform: TransformConfigInput, checkpoint: string | null) =>
    new Promise<BatchReport[]>((resolve, reject) => {
      const definition = connectorDefinition('postgres')!;
      const values = {
        ...PG,
        sql: `SELECT at2, dev, v, note FROM ${table} WHERE at >= \${start} AND at < \${end}`,
        start_time: new Date(T0).toISOString(),
        end_time: new Date(T0 + 2 * HOUR).toISOString(),
        interval: 1,
        interval_unit: 'h',
      };
      const config = fromExpandOf(definition, { ...defaultValues(definition), ...values } as never);
      const reports: BatchReport[] = [];
      let listener: ((message: ToWorker) => void) | undefined;
      void runJob(
        { taskId: 't', instanceId: 'i', connector: 'postgres', config, transform, batchSize: 2_500, targetDb: 'colpath', engine: { url, authorization: AUTH }, checkpoint, sourceModules: {} },
        {
          onMessage: (l) => (listener = l),
          post: (message: FromWorker) => {
            if (message.kind === 'batch') {
              reports.push(message);
              setImmediate(() => listener?.({ kind: 'stored', position: message.position }));
            } else if (message.kind === 'done') {
              if (message.outcome === 'completed') resolve(reports);
              else reject(new Error(`${message.outcome}: ${message.message}`));
            }
          },
        },
      );
    });

  const stored = async (stable: string) => {
    const result = await engine.execute(`SELECT tbname, dev, ts, v, note FROM colpath.${stable} ORDER BY ts, tbname`, { user: 'root' });
    if (!('rows' in result)) throw new Error('no rows');
    return result.rows.map(([name, ...rest]) => [String(name).replace(stable, 'st'), ...rest]);
  };

  it('reports and stores what the record path reports and stores, from the start and resumed mid-window', { timeout: 120_000 }, async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    pg = await connectSql('postgres', PG);
    await pg.query(`CREATE TABLE ${table} (at timestamptz NOT NULL, at2 timestamptz, dev text, v float8, note text)`);
    // One row every 0.6 s over two hours; every 101st without a timestamp, every 503rd NaN, every 4001st a note
    // past VARCHAR(64), devices with quotes and non-ASCII.
    await pg.query(`INSERT INTO ${table} SELECT to_timestamp(${T0 / 1000} + i * 0.6),
        CASE WHEN i % 101 = 7 THEN NULL ELSE to_timestamp(${T0 / 1000} + i * 0.6) END,
        CASE i % 4 WHEN 0 THEN 'a''b' WHEN 1 THEN 'dé温' ELSE 'd' || (i % 9) END,
        CASE WHEN i % 503 = 5 THEN 'NaN'::float8 WHEN i % 11 = 0 THEN NULL ELSE i / 3.0 END,
        CASE WHEN i % 4001 = 3 THEN repeat('x', 65) ELSE 'n' || i END
      FROM generate_series(0, ${ROWS - 1}) AS i`);
    for (const stable of ['by_rows', 'by_columns', 'again_rows', 'again_columns']) {
      await engine.execute(`CREATE STABLE colpath.${stable} (ts TIMESTAMP, v DOUBLE, note VARCHAR(64)) TAGS (dev VARCHAR(32))`, { user: 'root' });
    }
    // The extract rule keeps the task on the record path; the rows it maps are the same.
    const byRows = await run({ extract: [{ field: 'copied', rule: 'v' }], mapping: mappingOf('by_rows') }, null);
    const byColumns = await run({ mapping: mappingOf('by_columns') }, null);
    expect(byColumns).toEqual(byRows);
    const total = byRows.reduce((sum, r) => ({ read: sum.read + r.read, written: sum.written + r.written, failed: sum.failed + r.failed }), { read: 0, written: 0, failed: 0 });
    expect(total.read).toBe(ROWS);
    expect(total.failed).toBeGreaterThan(120);
    expect(byRows.some((r) => /too long/i.test(r.lastError ?? ''))).toBe(true);
    expect(byRows.some((r) => /is missing/.test(r.lastError ?? ''))).toBe(true);
    const rows = await stored('by_rows');
    expect(rows).toHaveLength(total.written);
    expect(await stored('by_columns')).toEqual(rows);

    // Resumed 3,000 rows into the first window: those are read again and left out of the counters.
    const resume = `${T0}:3000:0`;
    const againRows = await run({ extract: [{ field: 'copied', rule: 'v' }], mapping: mappingOf('again_rows') }, resume);
    const againColumns = await run({ mapping: mappingOf('again_columns') }, resume);
    expect(againColumns).toEqual(againRows);
    expect(againRows.reduce((sum, r) => sum + r.read, 0)).toBe(ROWS - 3_000);
    expect(await stored('again_columns')).toEqual(await stored('again_rows'));
  });
});
