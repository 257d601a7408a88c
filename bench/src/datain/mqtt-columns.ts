import { transformConfigSchema } from '@tscloud/contracts';
import { messagesOf } from '../../../packages/server/src/region/replication/pipeline/messages';
import { typedBodies, typedColumnBodies } from '../../../packages/server/src/region/replication/runner/engine-writer';
import { buildTransform } from '../../../packages/server/src/region/replication/transform';
import { buildFlatJsonColumns, flatJsonChunker } from '../../../packages/server/src/region/replication/transform/json-columns';
import { READINGS, reading } from './harness';

/**
 * The part of the MQTT worker the column batch replaces (docs/benchmarks.md "Data in", seventh pass), without a
 * broker or engine: a batch of queued bench readings to typed insert bodies, by records (record per message,
 * transform, rows grouped) and by columns (payloads scanned into columns, column transform, bodies from columns),
 * alternately; CPU a message.
 *
 *   npx tsx bench/src/datain/mqtt-columns.ts [--batch 10000] [--rounds 20]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const batch = option('batch', 10_000);
const rounds = option('rounds', 20);

const config = transformConfigSchema.parse({ parser: { type: 'json' }, mapping: READINGS });
const transform = buildTransform(config);
const flat = buildFlatJsonColumns(config)!;
const chunker = flatJsonChunker(flat.keys);
const now = Date.now();
const queued = {
  ts: Array.from({ length: batch }, (_, i) => now + i),
  topic: Array.from({ length: batch }, () => 'bench/pipeline'),
  qos: Array.from({ length: batch }, () => 1),
  payload: Array.from({ length: batch }, (_, i) => reading(i)),
};

const byRecords = () => {
  const records = queued.payload.map((payload, i) => ({ fields: { ts: queued.ts[i], topic: queued.topic[i], qos: queued.qos[i], payload } }));
  return typedBodies(transform(records).rows).length;
};
const messages = messagesOf(queued.payload.map((payload, i) => ({ ts: queued.ts[i], topic: queued.topic[i], qos: queued.qos[i], payload })));
const byColumns = () => {
  const chunk = chunker(messages)!;
  return typedColumnBodies(flat.transform({ slices: [{ chunk, from: 0, to: batch }], length: batch }).columns).length;
};

const cpuUs = (run: () => number) => {
  const start = process.cpuUsage();
  for (let r = 0; r < rounds; r++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (rounds * batch);
};
// Warm both paths first.
cpuUs(byRecords);
cpuUs(byColumns);
for (let pass = 0; pass < 3; pass++) console.log(`records ${cpuUs(byRecords).toFixed(2)} µs a message, columns ${cpuUs(byColumns).toFixed(2)} µs a message`);
