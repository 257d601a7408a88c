/**
 * A task's MQTT reader in its own process, for the kill -9 test (sources-mqtt-crash.test.ts): reads one record per
 * batch, prints each payload as a line, and commits only the first batch (as if the engine wrote only that one).
 */
import { sourceFor } from '../../src/region/replication/sources';

const values = JSON.parse(process.argv[2]) as Record<string, string | number | boolean>;
const reader = sourceFor('mqtt', values);
await reader.open(null);
process.stdout.write('ready\n');
let first = true;
for (;;) {
  const batch = (await reader.next(1, 1_000))!;
  for (const record of batch.records) process.stdout.write(`got ${String(record.fields.payload)}\n`);
  if (first && batch.records.length > 0) {
    await reader.committed(batch.position);
    first = false;
  }
}
