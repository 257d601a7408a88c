import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { connectorDefinition, defaultValues, fromExpandOf } from '@tscloud/contracts';
import { insertStatements } from '../../../packages/server/src/region/replication/runner/engine-writer';
import { sourceFor } from '../../../packages/server/src/region/replication/runner/sources';
import { runJob } from '../../../packages/server/src/region/replication/runner/task-worker';
import { buildTransform } from '../../../packages/server/src/region/replication/transform';
import type { FromWorker, ToWorker } from '../../../packages/server/src/region/replication/runner/messages';
import { serveSourceGuard } from '../../../packages/server/src/region/replication/sources/guard-channel';
import { startEngine } from '../engine/rest-insert';

/**
 * The PostgreSQL data-in pipeline in process, for CPU a row (docs/benchmarks.md "Data in", fourth pass): the task
 * worker's `runJob` in this thread (no server, no store: the checkpoint is acknowledged at once) reads the bench's
 * table from the local PostgreSQL and writes through an engine process of its own. Prints this process's CPU and the
 * engine's CPU per row written; wall time swings with the machine's load, CPU a row much less.
 *
 *   npx tsx bench/src/datain/pg-pipeline.ts [--rows 500000] [--batch 100000] [--pieces]
 *
 * `--pieces`: no engine and no pipeline; the worker's steps one after the other over the whole table, each timed by
 * this thread's CPU a row: reading (the source), the transform, the INSERT text.
 */
const T0 = Date.UTC(2026, 0, 1);
const DEVICES = 100;
const PG = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'unused' };
const AUTH = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;

async function engineSql(url: string, sql: string): Promise<void> {
  const answer = await (await fetch(`${url}/rest/sql`, { method: 'POST', headers: { authorization: AUTH }, body: sql })).text();
  if (!answer.startsWith('{"code":0')) throw new Error(`engine refused ${sql}: ${answer.slice(0, 200)}`);
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '500000' }, batch: { type: 'string', default: '100000' }, pieces: { type: 'boolean', default: false } } });
  const rows = Number(args.rows);
  const client = new pg.Client({ host: PG.host, port: PG.port, database: PG.database, user: PG.username });
  await client.connect();
  const table = `bench_pipeline_${Date.now().toString(36)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tscloud-pipeline-'));
  const engine = await startEngine(dataDir);
  const stopGuard = serveSourceGuard(async () => async (_connector, host) => host);
  try {
    await client.query(`CREATE UNLOGGED TABLE ${table} (ts timestamptz NOT NULL, device varchar(20), current double precision)`);
    await client.query(`INSERT INTO ${table} SELECT to_timestamp((${T0} + i / ${DEVICES}) / 1000.0), 'd' || (i % ${DEVICES}), i / 10.0 FROM generate_series(0, ${rows - 1}) AS i`);
    await client.query(`CREATE INDEX ON ${table} (ts)`);
    await engineSql(engine.url, 'CREATE DATABASE datain');
    const definition = connectorDefinition('postgres')!;
    const span = Math.ceil(rows / DEVICES) + 1;
    const values = {
      ...defaultValues(definition),
      ...PG,
      sql: `SELECT ts AS at, device, current FROM ${table} WHERE ts >= \${start} AND ts < \${end}`,
      start_time: new Date(T0).toISOString(),
      end_time: new Date(T0 + span).toISOString(),
      interval: 1,
      interval_unit: 's',
      batch_size: Number(args.batch),
    };
    const transform = {
      mapping: {
        stable: 'pg_readings',
        table: 'p_${device}',
        timestamp: { column: 'ts', field: 'at', format: 'ms' },
        columns: [{ name: 'current', type: 'DOUBLE' }],
        tags: [{ name: 'device', type: 'VARCHAR' }],
      },
    };
    const config = fromExpandOf(definition, values);
    if (args.pieces) return await pieces(config, transform, Number(args.batch), rows);
    let written = 0;
    let failed = 0;
    let listener: ((message: ToWorker) => void) | undefined;
    const engineCpu0 = engine.cpuSeconds() ?? 0;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      void runJob(
        {
          taskId: 'pipeline',
          instanceId: 'bench',
          connector: 'postgres',
          config,
          transform,
          targetDb: 'datain',
          engine: { url: engine.url, authorization: AUTH },
          checkpoint: null,
          batchSize: Number(args.batch),
          sourceModules: {},
        },
        {
          onMessage: (l) => (listener = l),
          post: (message: FromWorker) => {
            if (message.kind === 'batch') {
              written += message.written;
              failed += message.failed;
              // The runner's store transaction is left out: acknowledged at once.
              setImmediate(() => listener?.({ kind: 'stored', position: message.position }));
            } else if (message.kind === 'done') {
              if (message.outcome === 'completed') resolve();
              else reject(new Error(`${message.outcome}: ${message.message}`));
            } else console.error(message.message);
          },
        },
      );
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const workerCpu = (cpu.user + cpu.system) / 1e6;
    const engineCpu = (engine.cpuSeconds() ?? 0) - engineCpu0;
    const perRow = (s: number) => ((s / written) * 1e6).toFixed(2);
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(
      `pipeline: ${written.toLocaleString('en')} rows written (${failed} failed) in ${seconds.toFixed(1)} s, ${Math.round(written / seconds).toLocaleString('en')} rows/s; ` +
        `CPU a row: worker ${perRow(workerCpu)} µs, engine ${perRow(engineCpu)} µs; load ${load}`,
    );
    if (written !== rows) throw new Error(`${written} rows written, ${rows} expected`);
  } finally {
    stopGuard();
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
    await engine.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const cpuMicros = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return used.user + used.system;
};

/** The worker's steps one after the other, batch by batch, each by CPU a row (no overlap, no engine). */
async function pieces(config: ReturnType<typeof fromExpandOf>, transformConfig: Record<string, unknown>, batch: number, rows: number): Promise<void> {
  const reader = await sourceFor('postgres', config, { taskId: 'pieces', connector: 'postgres', instanceId: 'bench' }, {});
  await reader.open(null);
  const transform = buildTransform(transformConfig as Parameters<typeof buildTransform>[0]);
  let read = 0;
  let bytes = 0;
  let [readMicros, transformMicros, textMicros] = [0, 0, 0];
  for (;;) {
    let cpu = process.cpuUsage();
    const next = await reader.next(batch, 1_000);
    readMicros += cpuMicros(cpu);
    if (next === null) break;
    read += next.records.length;
    cpu = process.cpuUsage();
    const mapped = transform(next.records).rows;
    transformMicros += cpuMicros(cpu);
    cpu = process.cpuUsage();
    for (const statement of insertStatements('datain', mapped)) bytes += Buffer.byteLength(statement.sql);
    textMicros += cpuMicros(cpu);
  }
  await reader.close();
  const perRow = (micros: number) => (micros / read).toFixed(2);
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`pieces: ${read.toLocaleString('en')} rows; CPU a row: read ${perRow(readMicros)} µs, transform ${perRow(transformMicros)} µs, INSERT text ${perRow(textMicros)} µs (${(bytes / read).toFixed(0)} bytes a row); load ${load}`);
  if (read !== rows) throw new Error(`${read} rows read, ${rows} expected`);
}

await main();
