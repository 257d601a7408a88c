import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { TransformConfigInput } from '@tscloud/contracts';
import { messagesOf } from '../../src/region/replication/pipeline/messages';
import type { SourceBatch, SourceRecord } from '../../src/region/replication/pipeline/types';
import { insertStatements, typedBodies, typedColumnBodies } from '../../src/region/replication/runner/engine-writer';
import { MqttSource } from '../../src/region/replication/sources/mqtt';
import { buildTransform } from '../../src/region/replication/transform';
import { sourceValue } from '../../src/region/replication/transform/column-batch';
import { buildColumnTransform, mappedRows } from '../../src/region/replication/transform/columns';
import { buildFlatJsonColumns, flatJsonChunker } from '../../src/region/replication/transform/json-columns';
import { requireService } from './sources-services';

/**
 * The MQTT column path (payloads scanned into typed columns, transform/json-columns.ts) against the record path on
 * the same messages from the real Mosquitto: the same messages in order, and for each column batch the record
 * transform's rows, failure messages, typed write bodies byte for byte and INSERT text; batches holding a payload the
 * scanner cannot read exactly come as records.
 */
const BROKER = { host: '127.0.0.1', port: 1883 };
const BATCH = 40;
const AT = 1_767_225_600_000;

/** Message i: batches 0, 1 and 3 scan; batch 2 holds an escaped text, batch 4 an exponent, batch 5 a text that is not JSON. */
function message(i: number): string {
  const batch = Math.floor(i / BATCH);
  if (i % BATCH === 17 && batch === 2) return JSON.stringify({ at: AT + i, dev: 'quote"d', v: 1 });
  if (i % BATCH === 17 && batch === 4) return `{"at":${AT + i},"dev":"d1","v":1e5}`;
  if (i % BATCH === 17 && batch === 5) return 'not json';
  const odd = [-0, 0.1, -12.5, 123456789012345, 0.000001, 3, 0.30000000000004, -1];
  const fields: Record<string, unknown> = {
    // The payload's own ts/topic are never read for the source's fields.
    ts: 'payload ts',
    topic: 'payload topic',
    at: i % 29 === 3 ? null : i % 31 === 4 ? `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` : AT + i,
    // Runs of two: a text the same as the previous message's.
    dev: ['dé温🌡', 'd1', '', 'd2'][Math.floor(i / 2) % 4],
    v: i % 7 === 0 ? null : odd[i % odd.length],
    n: i % 11 === 0 ? 'x' : i % 5,
    flag: i % 3 === 0 ? true : i % 3 === 1 ? 'false' : 1,
    mixed: i % 2 === 0 ? i : `t${i}`,
  };
  if (i % 13 === 0) delete fields.v;
  return `  ${JSON.stringify(fields)}\n`;
}
const MESSAGES = Array.from({ length: 6 * BATCH }, (_, i) => message(i));

const MAPPINGS: Record<string, TransformConfigInput> = {
  'payload epoch ms, one-placeholder table, failing conversions, the source topic as a tag': {
    parser: { type: 'json' },
    mapping: {
      stable: 'st',
      table: 'd_${dev}',
      timestamp: { column: 'ts', field: 'at' },
      columns: [
        { name: 'v', type: 'DOUBLE' },
        { name: 'n', type: 'INT' },
        { name: 'flag', type: 'BOOL' },
        { name: 'mixed', type: 'VARCHAR' },
        { name: 'm2', field: 'mixed', type: 'DOUBLE' },
        { name: 'q', field: 'qos', type: 'TINYINT' },
      ],
      tags: [
        { name: 'dev', type: 'NCHAR' },
        { name: 'tp', field: 'topic', type: 'VARCHAR' },
      ],
    },
  },
  'receive time in us, a fixed table, a payload TIMESTAMP column, a key never sent': {
    parser: { type: 'json' },
    mapping: {
      stable: 'st',
      table: 'fixed',
      precision: 'us',
      timestamp: { column: 'ts', field: 'ts' },
      columns: [
        { name: 'at', type: 'TIMESTAMP' },
        { name: 'v', type: 'FLOAT' },
        { name: 'absent', type: 'DOUBLE' },
      ],
      tags: [{ name: 'dev', type: 'VARCHAR' }],
    },
  },
  'two placeholders, ns': {
    parser: { type: 'json' },
    mapping: {
      stable: 'st',
      table: 't_${dev}_${n}',
      precision: 'ns',
      timestamp: { column: 'ts', field: 'at', format: 'ms' },
      columns: [{ name: 'v', type: 'DOUBLE' }],
      tags: [],
    },
  },
};

async function readAll(source: MqttSource, count: number): Promise<SourceBatch[]> {
  const batches: SourceBatch[] = [];
  let read = 0;
  const until = Date.now() + 15_000;
  while (read < count && Date.now() < until) {
    const batch = await source.next(BATCH, 200);
    const length = batch.columns?.length ?? batch.records.length;
    if (length > 0) batches.push(batch);
    read += length;
  }
  return batches;
}

/** A column batch's messages as the record path's records (ts, topic, qos, payload). */
function recordsOf(batch: SourceBatch): SourceRecord[] {
  if (!batch.columns) return batch.records;
  const { chunk, from, to } = batch.columns.slices[0];
  const column = (name: string) => chunk.columns[chunk.names.indexOf(name)];
  const records: SourceRecord[] = [];
  for (let i = from; i < to; i++) records.push({ fields: { ts: sourceValue(column('ts'), i), topic: sourceValue(column('topic'), i), qos: sourceValue(column('qos'), i), payload: sourceValue(column('payload'), i) } });
  return records;
}

const base64 = (body: Buffer) => body.toString('base64');

describe('the column path of an MQTT source', () => {
  it('reads the messages a record source reads, and maps, fails and writes them as the record path does', { timeout: 60_000 }, async (ctx) => {
    await requireService(ctx, 'Mosquitto', BROKER.port);
    const topic = `datain/columns/${Date.now().toString(36)}`;
    const values = (id: string) => ({ ...BROKER, version: '3.1.1', topics: `${topic}::1`, client_id: `${id}_${Date.now()}`, clean_session: true });
    const columnSource = new MqttSource(values('cols') as never);
    const recordSource = new MqttSource(values('recs') as never);
    const first = buildFlatJsonColumns(Object.values(MAPPINGS)[0])!;
    columnSource.offerFlatJson(first.from, first.keys);
    try {
      await columnSource.open();
      await recordSource.open();
      const publisher = await mqtt.connectAsync(`mqtt://${BROKER.host}:${BROKER.port}`, { protocolVersion: 4 });
      for (const payload of MESSAGES) await publisher.publishAsync(topic, payload, { qos: 1 });
      await publisher.endAsync();
      // Taken once every message is queued, so the batches are BATCH messages each.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [columnBatches, recordBatches] = [await readAll(columnSource, MESSAGES.length), await readAll(recordSource, MESSAGES.length)];
      // Batches 2, 4 and 5 hold a payload the scanner does not read: records.
      expect(columnBatches.map((batch) => (batch.columns ? 'columns' : 'records'))).toEqual(['columns', 'columns', 'records', 'columns', 'records', 'records']);
      expect(recordBatches.every((batch) => !batch.columns)).toBe(true);
      const withoutTs = (records: SourceRecord[]) => records.map(({ fields: { ts, ...rest } }) => ({ ...rest, ts: typeof ts }));
      expect(withoutTs(columnBatches.flatMap(recordsOf))).toEqual(withoutTs(recordBatches.flatMap((batch) => batch.records)));
      expect(columnBatches.map((batch) => [batch.bytes, batch.position])).toEqual(recordBatches.map((batch) => [batch.bytes, batch.position]));

      for (const [label, config] of Object.entries(MAPPINGS)) {
        const byRecords = buildTransform(config);
        const flat = buildFlatJsonColumns(config)!;
        expect(flat, label).not.toBeNull();
        // The keys this mapping reads: the chunker a source offered them makes.
        const chunker = flatJsonChunker(flat.keys);
        let [mapped, failed] = [0, 0];
        for (const batch of columnBatches.filter((b) => b.columns)) {
          const records = recordsOf(batch);
          const chunk = chunker(messagesOf(records.map(({ fields }) => fields as { ts: number; topic: string; qos: number; payload: string })))!;
          const expected = byRecords(records);
          const outcome = flat.transform({ slices: [{ chunk, from: 0, to: records.length }], length: records.length });
          const got = mappedRows(outcome.columns);
          // toEqual tells -0 from 0 and NaN from null
          expect(got, label).toEqual(expected.rows);
          expect(outcome.columns.count, label).toBe(expected.rows.length);
          expect(outcome.failed.map((f) => f.error), label).toEqual(expected.failed.map((f) => f.error));
          expect(outcome.failed.map((f) => f.record.fields.payload), label).toEqual(expected.failed.map((f) => f.record.fields.payload));
          if (got.length > 0) expect(typedColumnBodies(outcome.columns).map(base64), label).toEqual(typedBodies(expected.rows).map(base64));
          expect(insertStatements('db', got).map((s) => s.sql), label).toEqual(insertStatements('db', expected.rows).map((s) => s.sql));
          [mapped, failed] = [mapped + got.length, failed + outcome.failed.length];
        }
        expect(mapped, label).toBeGreaterThan(0);
        if (!label.startsWith('receive')) expect(failed, label).toBeGreaterThan(0);
      }
    } finally {
      await columnSource.close();
      await recordSource.close();
    }
  });

  it('is built only for one JSON parser of payload keys, no extract rules, no filter', () => {
    const mapping = { stable: 'st', table: 'd_${dev}', timestamp: { field: 'at' }, columns: [{ name: 'v', type: 'DOUBLE' as const }] };
    const flat = buildFlatJsonColumns({ mapping, parser: { type: 'json' } });
    expect(flat && { from: flat.from, keys: flat.keys }).toEqual({ from: 'payload', keys: ['at', 'dev', 'v'] });
    expect(buildColumnTransform({ mapping, parser: { type: 'json' } })).toBeNull();
    expect(buildFlatJsonColumns({ mapping })).toBeNull();
    expect(buildFlatJsonColumns({ mapping, parser: { type: 'regex', pattern: '(?<v>.*)' } })).toBeNull();
    expect(buildFlatJsonColumns({ mapping, parser: { type: 'json' }, extract: [{ field: 'x', rule: 'v' }] })).toBeNull();
    expect(buildFlatJsonColumns({ mapping, parser: { type: 'json' }, filter: 'v > 1' })).toBeNull();
    expect(buildFlatJsonColumns({ mapping: { ...mapping, table: 'd_${a.b}' }, parser: { type: 'json' } })).toBeNull();
    // The payload whole (the parsed value) is not a key.
    expect(buildFlatJsonColumns({ mapping: { ...mapping, columns: [{ name: 'p', field: 'payload', type: 'VARCHAR' as const }] }, parser: { type: 'json' } })).toBeNull();
  });
});
