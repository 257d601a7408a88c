import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import type pg from 'pg';
import { runJob } from '../../../packages/server/src/region/replication/runner/task-worker';
import type { BatchReport, FromWorker, TaskJob, ToWorker } from '../../../packages/server/src/region/replication/runner/messages';
import { startEngine } from '../engine/rest-insert';

/**
 * What the data-in benches share (index.ts through the console; pg-pipeline.ts and mqtt-pipeline.ts in process):
 * the readings data, the PostgreSQL source table, the MQTT publisher, and for the in-process pipelines the engine of
 * their own, the task worker run with its checkpoints acknowledged at once, and CPU a row (docs/benchmarks.md
 * "Data in"): wall time swings with the machine's load, CPU a row much less.
 */

export const T0 = Date.UTC(2026, 0, 1);
export const DEVICES = 100;
// The task form requires a password; the local PostgreSQL trusts local connections.
export const PG = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'unused' };
const AUTH = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;

/** JSON messages {at, device, current} → super table readings (child r_<device>). */
export const READINGS = {
  stable: 'readings',
  table: 'r_${device}',
  timestamp: { column: 'ts', field: 'at', format: 'ms' as const },
  columns: [{ name: 'current', type: 'DOUBLE' as const }],
  tags: [{ name: 'device', type: 'VARCHAR' as const }],
};

/**
 * The PostgreSQL runs' own super table (child p_<device>): written into READINGS, its rows would overwrite the MQTT
 * runs' timestamps, which costs the engine ~10× a plain write (docs/benchmarks.md "Data in").
 */
export const PG_READINGS = { ...READINGS, stable: 'pg_readings', table: 'p_${device}' };

/** Message i of the readings: one a millisecond per device. */
export const reading = (i: number) => JSON.stringify({ at: T0 + Math.floor(i / DEVICES), device: `d${i % DEVICES}`, current: i / 10 });

/** Publishes readings [from, to) as QoS 1, at most 1,000 unanswered; answers messages a second. */
export async function publishReadings(url: string, topic: string, from: number, to: number): Promise<number> {
  const IN_FLIGHT = 1_000;
  const client = await mqtt.connectAsync(url, { protocolVersion: 4 });
  const started = performance.now();
  for (let at = from; at < to; at += IN_FLIGHT) {
    const sends: Array<Promise<unknown>> = [];
    for (let i = at; i < Math.min(to, at + IN_FLIGHT); i++) sends.push(client.publishAsync(topic, reading(i), { qos: 1 }));
    await Promise.all(sends);
  }
  const rate = (to - from) / ((performance.now() - started) / 1000);
  await client.endAsync();
  return rate;
}

/**
 * An UNLOGGED table of `rows` readings (ts, device, current) in the local PostgreSQL, indexed on ts (a history table
 * is read by time: without an index each window's query scans it whole). Answers its name and the task values that
 * migrate it in windows of a second (100,000 rows, a batch each at `batchSize` 100,000).
 */
export async function readingsTable(client: pg.Client, rows: number, batchSize: number) {
  const table = `bench_datain_${Date.now().toString(36)}`;
  await client.query(`CREATE UNLOGGED TABLE ${table} (ts timestamptz NOT NULL, device varchar(20), current double precision)`);
  await client.query(`INSERT INTO ${table} SELECT to_timestamp((${T0} + i / ${DEVICES}) / 1000.0), 'd' || (i % ${DEVICES}), i / 10.0 FROM generate_series(0, ${rows - 1}) AS i`);
  await client.query(`CREATE INDEX ON ${table} (ts)`);
  const span = Math.ceil(rows / DEVICES) + 1;
  const values = {
    ...PG,
    sql: `SELECT ts AS at, device, current FROM ${table} WHERE ts >= \${start} AND ts < \${end}`,
    start_time: new Date(T0).toISOString(),
    end_time: new Date(T0 + span).toISOString(),
    interval: 1,
    interval_unit: 's',
    batch_size: batchSize,
  };
  return { table, values };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** This process's CPU and the engine's since `start`, a row written, in µs. */
export interface CpuPerRow {
  worker: number;
  engine: number;
  seconds: number;
}

/** Starts measuring this process's CPU, the engine's and wall time; `perRow(rows)` reads them. */
export function cpuMeter(engineCpuSeconds: () => number | undefined): { perRow(rows: number): CpuPerRow } {
  const engine0 = engineCpuSeconds() ?? 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  return {
    perRow(rows) {
      const cpu = process.cpuUsage(cpu0);
      const engine = (engineCpuSeconds() ?? 0) - engine0;
      return { worker: (cpu.user + cpu.system) / rows, engine: (engine / rows) * 1e6, seconds: (performance.now() - started) / 1000 };
    },
  };
}

/** The pipeline line the in-process benches print. */
export function pipelineLine(written: number, failed: number, cpu: CpuPerRow, extra = ''): string {
  return (
    `pipeline: ${written.toLocaleString('en')} rows written (${failed} failed${extra}) in ${cpu.seconds.toFixed(1)} s, ${Math.round(written / cpu.seconds).toLocaleString('en')} rows/s; ` +
    `CPU a row: worker ${cpu.worker.toFixed(2)} µs, engine ${cpu.engine.toFixed(2)} µs; load ${loadAverage()}`
  );
}

/** An engine process of its own with database `datain`, for `fn`; stopped and its data removed after. */
export async function withPipelineEngine<T>(fn: (engine: Awaited<ReturnType<typeof startEngine>>) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tscloud-pipeline-'));
  const engine = await startEngine(dataDir);
  try {
    const answer = await (await fetch(`${engine.url}/rest/sql`, { method: 'POST', headers: { authorization: AUTH }, body: 'CREATE DATABASE datain' })).text();
    if (!answer.startsWith('{"code":0')) throw new Error(`engine refused CREATE DATABASE: ${answer.slice(0, 200)}`);
    return await fn(engine);
  } finally {
    await engine.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The task worker's `runJob` in this thread writing into `datain` of the engine at `engineUrl` (no server, no store:
 * each batch's checkpoint is acknowledged at once). `onBatch` answers true to stop the task. Resolves when it ends
 * (completed or stopped), rejects when it failed.
 */
export function runPipelineJob(
  job: Pick<TaskJob, 'connector' | 'config' | 'transform' | 'batchSize'>,
  engineUrl: string,
  onBatch: (report: BatchReport) => boolean,
): Promise<void> {
  let listener: ((message: ToWorker) => void) | undefined;
  return new Promise<void>((resolve, reject) => {
    void runJob(
      { ...job, taskId: 'pipeline', instanceId: 'bench', targetDb: 'datain', engine: { url: engineUrl, authorization: AUTH }, checkpoint: null, sourceModules: {} },
      {
        onMessage: (l) => (listener = l),
        post: (message: FromWorker) => {
          if (message.kind === 'batch') {
            const stop = onBatch(message);
            setImmediate(() => listener?.({ kind: 'stored', position: message.position }));
            if (stop) listener?.({ kind: 'stop' });
          } else if (message.kind === 'done') {
            if (message.outcome !== 'failed') resolve();
            else reject(new Error(`${message.outcome}: ${message.message}`));
          } else console.error(message.message);
        },
      },
    );
  });
}
