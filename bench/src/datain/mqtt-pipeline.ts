import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { connectorDefinition, defaultValues, fromExpandOf, transformConfigSchema } from '@tscloud/contracts';
import { serveSourceGuard } from '../../../packages/server/src/region/replication/sources/guard-channel';
import { MqttSource } from '../../../packages/server/src/region/replication/sources/mqtt';
import { buildTransform } from '../../../packages/server/src/region/replication/transform';
import { buildFlatJsonColumns } from '../../../packages/server/src/region/replication/transform/json-columns';
import { cpuMeter, loadAverage, pipelineLine, publishReadings, READINGS, runPipelineJob, withPipelineEngine, type CpuPerRow } from './harness';
import { startMosquitto } from './mosquitto';

/**
 * The MQTT data-in pipeline in process, for CPU a message (docs/benchmarks.md "Data in", fourth pass): `messages` JSON
 * messages queued on the bench's own Mosquitto for a persistent QoS 1 session, then either
 * - `--mode pipeline` (default): the task worker's `runJob` in this thread (no server, no store: the checkpoint is
 *   acknowledged at once) writing through an engine process of its own: this process's and the engine's CPU a row;
 * - `--mode source`: the MQTT source and the transform alone (read, transform, acknowledge): CPU a message.
 * Wall time swings with the machine's load, CPU a message much less.
 *
 * `--path records` takes the MQTT source's column batches away (docs/benchmarks.md "Data in", seventh pass): the
 * record path, to compare with the default `--path columns` in the same minutes.
 *
 *   npx tsx bench/src/datain/mqtt-pipeline.ts [--messages 100000] [--batch 10000] [--mode pipeline|source] [--version 3.1.1|5.0] [--path columns|records]
 */
const TOPIC = 'bench/pipeline';
const CLIENT_ID = 'bench_pipeline';
const TRANSFORM = { parser: { type: 'json' }, mapping: READINGS };

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

/** The source and the transform alone, as the worker calls them (read, transform, acknowledge): CPU a message. */
async function sourceOnly(values: Record<string, unknown>, messages: number, batch: number): Promise<{ read: number; cpu: CpuPerRow }> {
  const transform = buildTransform(transformConfigSchema.parse(TRANSFORM));
  const flatJson = buildFlatJsonColumns(transformConfigSchema.parse(TRANSFORM))!;
  const source = new MqttSource(values as never);
  source.offerFlatJson?.(flatJson.from, flatJson.keys);
  // From the connection on: the broker sends a persistent session's queue right after CONNACK, so most messages may
  // be parsed before the first batch is taken (connecting and subscribing cost a few milliseconds).
  const meter = cpuMeter(() => undefined);
  await source.open();
  let read = 0;
  while (read < messages) {
    const next = await source.next(batch, 5_000);
    const length = next.columns?.length ?? next.records.length;
    if (length === 0) break;
    read += length;
    const mapped = next.columns ? flatJson.transform(next.columns) : transform(next.records);
    if (mapped.failed.length > 0) throw new Error(`${mapped.failed.length} records failed: ${mapped.failed[0]?.error}`);
    await source.committed(next.position);
  }
  const cpu = meter.perRow(read);
  await source.close();
  return { read, cpu };
}

/** The worker's pipeline with an engine of its own; stops once every message is written. */
async function pipeline(values: Record<string, unknown>, messages: number, batch: number): Promise<void> {
  await withPipelineEngine(async (engine) => {
    let written = 0;
    let failed = 0;
    let batches = 0;
    let ended: CpuPerRow | null = null;
    // From the job's start: the broker sends the session's queue right after CONNACK, before the first batch is taken
    // (the super table's creation and connecting cost a few milliseconds).
    const cpu = cpuMeter(engine.cpuSeconds);
    const config = fromExpandOf(connectorDefinition('mqtt')!, values as never);
    await runPipelineJob({ connector: 'mqtt', config, transform: TRANSFORM, batchSize: batch }, engine.url, (report) => {
      written += report.written;
      failed += report.failed;
      batches++;
      if (written + failed < messages || ended) return false;
      ended = cpu.perRow(written);
      return true;
    });
    if (!ended) throw new Error(`${written} of ${messages} messages written`);
    console.log(pipelineLine(written, failed, ended, `, ${batches} reports`));
  });
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      messages: { type: 'string', default: '100000' },
      batch: { type: 'string', default: '10000' },
      mode: { type: 'string', default: 'pipeline' },
      version: { type: 'string', default: '3.1.1' },
      url: { type: 'string' },
      path: { type: 'string', default: 'columns' },
    },
  });
  // The worker and the source run in this thread: without the offer, the source hands out records.
  if (args.path === 'records') (MqttSource.prototype as { offerFlatJson?: unknown }).offerFlatJson = undefined;
  if (args.mode === 'publish') return void (await publishReadings(args.url!, TOPIC, 0, Number(args.messages)));
  const messages = Number(args.messages);
  const batch = Number(args.batch);
  const broker = await startMosquitto();
  const stopGuard = serveSourceGuard(async () => async (_connector, host) => host);
  try {
    const port = Number(new URL(broker.url).port);
    await queueMessages(broker.url, messages, args.version === '5.0' ? 5 : 4);
    const values = { ...defaultValues(connectorDefinition('mqtt')!), host: '127.0.0.1', port, version: args.version, client_id: CLIENT_ID, topics: `${TOPIC}::1`, clean_session: false, batch_size: batch };
    if (args.mode === 'source') {
      const { read, cpu } = await sourceOnly(values, messages, batch);
      console.log(`source: ${read.toLocaleString('en')} messages read, transformed, acknowledged in ${cpu.seconds.toFixed(2)} s, ${Math.round(read / cpu.seconds).toLocaleString('en')}/s; CPU a message ${cpu.worker.toFixed(2)} µs; load ${loadAverage()}`);
    } else await pipeline(values, messages, batch);
  } finally {
    stopGuard();
    await broker.stop();
  }
}

await main();
