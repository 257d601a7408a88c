import path from 'node:path';
import { parseArgs } from 'node:util';
import { transformConfigSchema } from '@tscloud/contracts';
import { READINGS, reading } from './harness';

/**
 * The MQTT source's receive path and the JSON transform in process, without a broker (docs/benchmarks.md "Data in",
 * sixth pass): the readings as QoS 1 PUBLISH packets in memory, cut into socket reads of `--chunk` bytes, through the
 * tap's splitter into the source's queue (acknowledgements held, then written to a stream that drops them), taken in
 * batches and transformed. CPU a message, split into tap + queue and transform + acknowledgements, per round (the first
 * rounds warm up). A broker's and a socket's costs are not in it: mqtt-pipeline.ts `--mode source` has them.
 * `--path records` takes the source's column batches away (the record path). `--code <dir>` reads the source and transform from a copy of packages/server/src (`git archive <commit>
 * packages/server/src | tar -x -C <dir>`), to compare before and after in the same minutes.
 *
 *   npx tsx bench/src/datain/mqtt-replay.ts [--messages 200000] [--rounds 6] [--chunk 65536] [--path columns|records] [--code <dir>]
 */
const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '6' },
    chunk: { type: 'string', default: '65536' },
    code: { type: 'string' },
    path: { type: 'string', default: 'columns' },
  },
});
const messages = Number(args.messages);
const chunkBytes = Number(args.chunk);
const BATCH = 10_000;
const replication = args.code ? path.resolve(args.code, 'packages/server/src/region/replication') : '../../../packages/server/src/region/replication';
const { MqttSource } = await import(`${replication}/sources/mqtt`);
const { PacketSplitter } = await import(`${replication}/sources/mqtt-publish-tap`);
const { buildTransform } = await import(`${replication}/transform`);
const { buildFlatJsonColumns } = await import(`${replication}/transform/json-columns`);

const topic = Buffer.from('bench/pipeline');
/** A QoS 1 PUBLISH of reading i. */
function publish(i: number, id: number): Buffer {
  const payload = Buffer.from(reading(i));
  const header = [0x32];
  let rest = 2 + topic.length + 2 + payload.length;
  do {
    header.push((rest % 128) | (rest >= 128 ? 0x80 : 0));
    rest = Math.floor(rest / 128);
  } while (rest > 0);
  return Buffer.concat([Buffer.from(header), Buffer.from([topic.length >> 8, topic.length & 255]), topic, Buffer.from([id >> 8, id & 255]), payload]);
}
const bytes = Buffer.concat(Array.from({ length: messages }, (_, i) => publish(i, (i % 65_535) + 1)));
const reads: Buffer[] = [];
for (let at = 0; at < bytes.length; at += chunkBytes) reads.push(bytes.subarray(at, at + chunkBytes));
const config = transformConfigSchema.parse({ parser: { type: 'json' }, mapping: READINGS });
const transform = buildTransform(config);
/** The column path, as the worker offers it (trees before the seventh pass have records only). */
const flat = args.path === 'records' ? null : buildFlatJsonColumns?.(config);
const dropped = { destroyed: false, write: () => true, cork() {}, uncork() {}, pause() {}, resume() {} };
const cpu = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

for (let round = 0; round < Number(args.rounds); round++) {
  // The source as open() leaves it, on a stream that drops what is written (its private parts: no broker here).
  const source = new MqttSource({ topics: 'bench/pipeline::1', clean_session: false } as never);
  if (flat) source.offerFlatJson?.(flat.from, flat.keys);
  const internal = source as unknown as Record<string, unknown> & { tapHandler?: (stream: unknown) => unknown; receiveTapped?: (publish: unknown, stream: unknown) => void };
  internal.client = { connected: true, stream: dropped };
  internal.subscribed = true;
  // The handler as this tree's tap calls it (before the sixth pass: an object a message).
  const onPublish = internal.tapHandler ? internal.tapHandler(dropped) : (publish: unknown) => internal.receiveTapped!(publish, dropped);
  const splitter = new PacketSplitter(4, onPublish, () => undefined);
  const started = process.cpuUsage();
  let tap = 0;
  let mapped = 0;
  let next = 0;
  while (next < reads.length) {
    // About 800 KB of socket reads, then every batch they hold, as the worker takes them.
    let since = process.cpuUsage();
    for (let k = 0; k < (12 * 65_536) / chunkBytes && next < reads.length; k++) splitter.push(reads[next++]);
    let batch = await source.next(BATCH, 0);
    tap += cpu(since);
    while ((batch.columns?.length ?? batch.records.length) > 0) {
      since = process.cpuUsage();
      const outcome = batch.columns ? flat.transform(batch.columns) : transform(batch.records);
      if (outcome.failed.length > 0) throw new Error(outcome.failed[0].error);
      await source.committed(batch.position);
      mapped += cpu(since);
      since = process.cpuUsage();
      batch = await source.next(BATCH, 0);
      tap += cpu(since);
    }
  }
  const total = cpu(started);
  console.log(`round ${round}: CPU a message ${(total / messages).toFixed(2)} µs; tap + queue ${(tap / messages).toFixed(2)}, transform + acknowledgements ${(mapped / messages).toFixed(2)}`);
}
