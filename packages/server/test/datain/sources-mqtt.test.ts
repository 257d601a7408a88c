import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { buildTransform, } from '../../src/region/replication/transform';
import { checkSource, sampleSource, sourceFor } from '../../src/region/replication/sources';
import type { SourceReader, SourceRecord } from '../../src/region/replication/pipeline/types';
import { requireService } from './sources-services';

/** The MQTT source against the real Mosquitto on 1883: versions, topic::QoS, clean session and acknowledge-on-commit. */
const BROKER = { host: '127.0.0.1', port: 1883 };
const unique = () => `datain/${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function publish(topic: string, payloads: string[], qos: 0 | 1 = 1): Promise<void> {
  const client = await mqtt.connectAsync(`mqtt://${BROKER.host}:${BROKER.port}`, { protocolVersion: 4 });
  for (const payload of payloads) await client.publishAsync(topic, payload, { qos });
  await client.endAsync();
}

async function readAll(reader: SourceReader, count: number, timeoutMs = 5_000): Promise<{ records: SourceRecord[]; position: string }> {
  const records: SourceRecord[] = [];
  let position = '';
  const until = Date.now() + timeoutMs;
  while (records.length < count && Date.now() < until) {
    const batch = (await reader.next(count - records.length, 200))!;
    records.push(...batch.records);
    position = batch.position;
  }
  return { records, position };
}

describe('mqtt source', () => {
  it.for([
    ['3.1', 0],
    ['3.1.1', 1],
    ['5.0', 2],
  ] as const)('MQTT %s at QoS %i: records ts, topic, qos, payload; JSON through the transform', async ([version, qos], ctx) => {
    await requireService(ctx, 'Mosquitto', BROKER.port);
    const topic = unique();
    const reader = sourceFor('mqtt', { ...BROKER, version, topics: `${topic}/#::${qos}`, client_id: `c_${Date.now()}_${qos}`, clean_session: true });
    await reader.open(null);
    const before = Date.now();
    await publish(`${topic}/a`, [JSON.stringify({ device: 'd1', current: 1.5 }), JSON.stringify({ device: 'd2', current: 2.5 })], 1);
    const { records } = await readAll(reader, 2);
    await reader.close();
    expect(records.map((record) => record.fields)).toEqual([
      { ts: expect.any(Number), topic: `${topic}/a`, qos: Math.min(qos, 1), payload: '{"device":"d1","current":1.5}' },
      { ts: expect.any(Number), topic: `${topic}/a`, qos: Math.min(qos, 1), payload: '{"device":"d2","current":2.5}' },
    ]);
    expect(records[0].fields.ts as number).toBeGreaterThanOrEqual(before - 5);
    const transform = buildTransform({ parser: { type: 'json' }, mapping: { stable: 'meters', table: 'd_${device}', timestamp: { field: 'ts' }, columns: [{ name: 'current' }] } });
    expect(transform(records).rows.map((row) => [row.table, row.columns.current])).toEqual([['d_d1', 1.5], ['d_d2', 2.5]]);
  });

  // The acknowledgements are written as raw PUBACK packets (mqtt.ts committed()): both protocol generations take them.
  it.for(['3.1.1', '5.0'])('MQTT %s, clean session false, QoS 1: what was not committed is delivered again after a crash; what was, is not', async (version, ctx) => {
    await requireService(ctx, 'Mosquitto', BROKER.port);
    const topic = unique();
    const values = { ...BROKER, version, topics: `${topic}::1`, client_id: `persist_${Date.now()}`, clean_session: false };
    const first = sourceFor('mqtt', values);
    await first.open(null);
    await publish(topic, ['1', '2', '3']);
    const firstRead = await readAll(first, 3);
    expect(firstRead.records.map((record) => record.fields.payload)).toEqual(['1', '2', '3']);
    await first.committed(String(1)); // only the first message was written by the engine
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A crash: the socket goes away without the held acknowledgements.
    await first.close();

    const second = sourceFor('mqtt', values);
    await second.open(null);
    const again = await readAll(second, 2);
    expect(again.records.map((record) => record.fields.payload)).toEqual(['2', '3']);
    await second.committed(again.position);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await second.close();

    const third = sourceFor('mqtt', values);
    await third.open(null);
    await publish(topic, ['4']);
    const after = await readAll(third, 2, 1_500);
    expect(after.records.map((record) => record.fields.payload)).toEqual(['4']);
    await third.committed(after.position);
    await third.close();
    // Leave no persistent session behind.
    await (await mqtt.connectAsync(`mqtt://${BROKER.host}:${BROKER.port}`, { clientId: values.client_id, clean: true })).endAsync();
  });

  it('a dropped connection: what the broker delivers again (unacknowledged) is not read twice', async (ctx) => {
    await requireService(ctx, 'Mosquitto', BROKER.port);
    const topic = unique();
    const values = { ...BROKER, version: '3.1.1', topics: `${topic}::1`, client_id: `drop_${Date.now()}`, clean_session: false };
    const reader = sourceFor('mqtt', values);
    await reader.open(null);
    await publish(topic, ['1', '2']);
    const read = await readAll(reader, 2);
    expect(read.records.map((record) => record.fields.payload)).toEqual(['1', '2']);
    // The network goes away; mqtt.js reconnects and the broker sends both again (DUP).
    const internal = reader as unknown as { client: mqtt.MqttClient };
    internal.client.stream.destroy();
    await new Promise<void>((resolve) => internal.client.once('connect', () => resolve()));
    await publish(topic, ['3']);
    const after = await readAll(reader, 2, 1_500);
    expect(after.records.map((record) => record.fields.payload)).toEqual(['3']);
    await reader.committed(after.position);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await reader.close();
    const next = sourceFor('mqtt', values);
    await next.open(null);
    expect((await readAll(next, 1, 800)).records).toEqual([]);
    await next.close();
    await (await mqtt.connectAsync(`mqtt://${BROKER.host}:${BROKER.port}`, { clientId: values.client_id, clean: true })).endAsync();
  });

  it('clean session true forgets: messages sent while away are not delivered', async (ctx) => {
    await requireService(ctx, 'Mosquitto', BROKER.port);
    const topic = unique();
    const values = { ...BROKER, version: '5.0', topics: `${topic}::1`, client_id: `clean_${Date.now()}`, clean_session: true };
    const first = sourceFor('mqtt', values);
    await first.open(null);
    await first.close();
    await publish(topic, ['away']);
    const second = sourceFor('mqtt', values);
    await second.open(null);
    await publish(topic, ['back']);
    const { records } = await readAll(second, 2, 1_000);
    await second.close();
    expect(records.map((record) => record.fields.payload)).toEqual(['back']);
  });

  it('a broker that is not there fails the open at once (no endless retry)', async () => {
    const reader = sourceFor('mqtt', { host: '127.0.0.1', port: 1, version: '3.1.1', topics: 'a::0', client_id: 'x' });
    await expect(reader.open(null)).rejects.toThrow(/ECONNREFUSED|not reachable/);
    // The client was ended, so mqtt.js does not keep reconnecting behind the failed open.
    expect((reader as unknown as { client: mqtt.MqttClient }).client.disconnecting).toBe(true);
    await reader.close();
  });

  it('refuses topics not in topic::QoS form', () => {
    expect(() => sourceFor('mqtt', { ...BROKER, topics: 'a::3', client_id: 'x' })).toThrow(/<topic name>::<QoS>/);
    expect(() => sourceFor('mqtt', { ...BROKER, topics: 'nope', client_id: 'x' })).toThrow(/<topic name>::<QoS>/);
  });

  it('check connection: the broker answers; a closed port does not', async (ctx) => {
    await requireService(ctx, 'Mosquitto', BROKER.port);
    await expect(checkSource('mqtt', { ...BROKER, version: '3.1.1', topics: 'a::0', client_id: 'x' })).resolves.toBeUndefined();
    await expect(checkSource('mqtt', { host: '127.0.0.1', port: 1, version: '3.1.1', topics: 'a::0', client_id: 'x' }, {}, 3_000)).rejects.toThrow();
  });

  it('sample: the first messages, from a throwaway session', async (ctx) => {
    await requireService(ctx, 'Mosquitto', BROKER.port);
    const topic = unique();
    const sampling = sampleSource('mqtt', { ...BROKER, version: '3.1.1', topics: `${topic}::0`, client_id: 'the-task' }, 2, {}, 3_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await publish(topic, ['a', 'b', 'c']);
    expect((await sampling).map((record) => record.fields.payload)).toEqual(['a', 'b']);
  });
});
