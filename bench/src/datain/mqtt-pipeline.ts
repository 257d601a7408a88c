import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { connectorDefinition, defaultValues, fromExpandOf, transformConfigSchema } from '@tscloud/contracts';
import { runJob } from '../../../packages/server/src/region/replication/runner/task-worker';
import type { FromWorker, ToWorker } from '../../../packages/server/src/region/replication/runner/messages';
import { serveSourceGuard } from '../../../packages/server/src/region/replication/sources/guard-channel';
import { MqttSource } from '../../../packages/server/src/region/replication/sources/mqtt';
import { buildTransform } from '../../../packages/server/src/region/replication/transform';
import { startEngine } from '../engine/rest-insert';
import { startMosquitto } from './mosquitto';

/**
 * The MQTT data-in pipeline in process, for CPU a message (docs/benchmarks.md "Data in", fourth pass): `messages` JSON
 * messages queued on the bench's own Mosquitto for a persistent QoS 1 session, then either
 * - `--mode pipeline` (default): the task worker's `runJob` in this thread (no server, no store: the checkpoint is
 *   acknowledged at once) writing through an engine process of its own: this process's and the engine's CPU a row;
 * - `--mode source`: the MQTT source and the transform alone (read, transform, acknowledge): CPU a message.
 * Wall time swings with the machine's load, CPU a message much less.
 *
 *   npx tsx bench/src/datain/mqtt-pipeline.ts [--messages 100000] [--batch 10000] [--mode pipeline|source] [--version 3.1.1|5.0]
 */
const T0 = Date.UTC(2026, 0, 1);
const DEVICES = 100;
const AUTH = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;
const TOPIC = 'bench/pipeline';
const CLIENT_ID = 'bench_pipeline';

const TRANSFORM = {
  parser: { type: 'json' },
  mapping: {
    stable: 'readings',
    table: 'r_${device}',
    timestamp: { column: 'ts', field: 'at', format: 'ms' },
    columns: [{ name: 'current', type: 'DOUBLE' }],
    tags: [{ name: 'device', type: 'VARCHAR' }],
  },
};

async function engineSql(url: string, sql: string): Promise<void> {
  const answer = await (await fetch(`${url}/rest/sql`, { method: 'POST', headers: { authorization: AUTH }, body: sql })).text();
  if (!answer.startsWith('{"code":0')) throw new Error(`engine refused ${sql}: ${answer.slice(0, 200)}`);
}

/** Creates the persistent session (subscribed at QoS 1), then queues `messages` for it while it is away. */
async function queueMessages(url: string, messages: number, version: 4 | 5): Promise<void> {
  const session = await mqtt.connectAsync(url, { clientId: CLIENT_ID, clean: false, protocolVersion: version, ...(version === 5 ? { properties: { sessionExpiryInterval: 0xffffffff } } : {}) });
  await session.subscribeAsync(TOPIC, { qos: 1 });
  await session.endAsync();
  // Published by a child process (this file, `--mode publish`): an mqtt.js publisher here would mix its CPU with the reader's.
  const publisher = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--mode', 'publish', '--url', url, '--messages', String(messages)], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => publisher.once('exit', resolve));
  if (code !== 0) throw new Error(`the publisher exited with ${code}`);
}

async function publishMessages(url: string, messages: number): Promise<void> {
  const publisher = await mqtt.connectAsync(url, { protocolVersion: 4 });
  for (let at = 0; at < messages; at += 1_000) {
    const sends: Array<Promise<unknown>> = [];
    for (let i = at; i < Math.min(messages, at + 1_000); i++) {
      sends.push(publisher.publishAsync(TOPIC, JSON.stringify({ at: T0 + Math.floor(i / DEVICES), device: `d${i % DEVICES}`, current: i / 10 }), { qos: 1 }));
    }
    await Promise.all(sends);
  }
  await publisher.endAsync();
}

/** The source and the transform alone, as the worker calls them (read, transform, acknowledge): CPU seconds. */
async function sourceOnly(values: Record<string, unknown>, messages: number, batch: number): Promise<{ read: number; cpu: number; seconds: number }> {
  const transform = buildTransform(transformConfigSchema.parse(TRANSFORM));
  const source = new MqttSource(values as never);
  // From the connection on: the broker sends a persistent session's queue right after CONNACK, so most messages may
  // be parsed before the first batch is taken (connecting and subscribing cost a few milliseconds).
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await source.open();
  let read = 0;
  while (read < messages) {
    const next = await source.next(batch, 5_000);
    if (next.records.length === 0) break;
    read += next.records.length;
    const mapped = transform(next.records);
    if (mapped.rows.length !== next.records.length) throw new Error(`${mapped.failed.length} records failed: ${mapped.failed[0]?.error}`);
    await source.committed(next.position);
  }
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - started) / 1000;
  await source.close();
  return { read, cpu: (cpu.user + cpu.system) / 1e6, seconds };
}

/** The worker's pipeline with an engine of its own; stops once every message is written. */
async function pipeline(values: Record<string, unknown>, messages: number, batch: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tscloud-mqtt-pipeline-'));
  const engine = await startEngine(dataDir);
  try {
    await engineSql(engine.url, 'CREATE DATABASE datain');
    const definition = connectorDefinition('mqtt')!;
    let written = 0;
    let failed = 0;
    let batches = 0;
    let listener: ((message: ToWorker) => void) | undefined;
    let ended: { cpu: NodeJS.CpuUsage; seconds: number; engineCpu: number } | null = null;
    // From the job's start: the broker sends the session's queue right after CONNACK, before the first batch is taken
    // (the super table's creation and connecting cost a few milliseconds).
    const engineCpu0 = engine.cpuSeconds() ?? 0;
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      void runJob(
        {
          taskId: 'pipeline',
          instanceId: 'bench',
          connector: 'mqtt',
          config: fromExpandOf(definition, values as never),
          transform: TRANSFORM,
          targetDb: 'datain',
          engine: { url: engine.url, authorization: AUTH },
          checkpoint: null,
          batchSize: batch,
          sourceModules: {},
        },
        {
          onMessage: (l) => (listener = l),
          post: (message: FromWorker) => {
            if (message.kind === 'batch') {
              written += message.written;
              failed += message.failed;
              batches++;
              // The runner's store transaction is left out: acknowledged at once.
              setImmediate(() => listener?.({ kind: 'stored', position: message.position }));
              if (written + failed >= messages && !ended) {
                ended = { cpu: process.cpuUsage(cpu0), seconds: (performance.now() - started) / 1000, engineCpu: (engine.cpuSeconds() ?? 0) - engineCpu0 };
                listener?.({ kind: 'stop' });
              }
            } else if (message.kind === 'done') {
              if (message.outcome !== 'failed') resolve();
              else reject(new Error(`${message.outcome}: ${message.message}`));
            } else console.error(message.message);
          },
        },
      );
    });
    if (!ended) throw new Error(`${written} of ${messages} messages written`);
    const { cpu, seconds, engineCpu } = ended as { cpu: NodeJS.CpuUsage; seconds: number; engineCpu: number };
    const perRow = (s: number) => ((s / written) * 1e6).toFixed(2);
    console.log(
      `pipeline: ${written.toLocaleString('en')} rows written (${failed} failed, ${batches} reports) in ${seconds.toFixed(1)} s, ${Math.round(written / seconds).toLocaleString('en')} rows/s; ` +
        `CPU a row: worker ${perRow((cpu.user + cpu.system) / 1e6)} µs, engine ${perRow(engineCpu)} µs; load ${loadAverage()}`,
    );
  } finally {
    await engine.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      messages: { type: 'string', default: '100000' },
      batch: { type: 'string', default: '10000' },
      mode: { type: 'string', default: 'pipeline' },
      version: { type: 'string', default: '3.1.1' },
      url: { type: 'string' },
    },
  });
  if (args.mode === 'publish') return await publishMessages(args.url!, Number(args.messages));
  const messages = Number(args.messages);
  const batch = Number(args.batch);
  const broker = await startMosquitto();
  const stopGuard = serveSourceGuard(async () => async (_connector, host) => host);
  try {
    const port = Number(new URL(broker.url).port);
    await queueMessages(broker.url, messages, args.version === '5.0' ? 5 : 4);
    const values = { ...defaultValues(connectorDefinition('mqtt')!), host: '127.0.0.1', port, version: args.version, client_id: CLIENT_ID, topics: `${TOPIC}::1`, clean_session: false, batch_size: batch };
    if (args.mode === 'source') {
      const { read, cpu, seconds } = await sourceOnly(values, messages, batch);
      console.log(`source: ${read.toLocaleString('en')} messages read, transformed, acknowledged in ${seconds.toFixed(2)} s, ${Math.round(read / seconds).toLocaleString('en')}/s; CPU a message ${((cpu / read) * 1e6).toFixed(2)} µs; load ${loadAverage()}`);
    } else await pipeline(values, messages, batch);
  } finally {
    stopGuard();
    await broker.stop();
  }
}

await main();
