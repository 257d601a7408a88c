import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { sourceFor } from '../../src/region/replication/sources';
import type { SourceRecord } from '../../src/region/replication/pipeline/types';
import { requireService, waitFor } from './sources-services';

/**
 * Kill -9 of a process reading a persistent MQTT session (clean session false, QoS 1) against the real Mosquitto:
 * the message it committed is not delivered again, the ones it read but had not committed are.
 */
// node itself with tsx's loader (not the tsx wrapper, whose child would outlive a kill of the wrapper).
const ROOT = join(__dirname, '../../../..');

describe('mqtt source, crash', () => {
  it('kill -9 before the commit: the broker delivers the uncommitted messages to the restarted reader', async (ctx) => {
    await requireService(ctx, 'Mosquitto', 1883);
    const topic = `datain/crash/${Date.now().toString(36)}`;
    const values = { host: '127.0.0.1', port: 1883, version: '3.1.1', topics: `${topic}::1`, client_id: `crash_${Date.now()}`, clean_session: false };
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'sources-mqtt-child.ts'), JSON.stringify(values)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      expect(await waitFor(() => out, (text) => text.includes('ready'), 30_000)).toContain('ready');
      const publisher = await mqtt.connectAsync('mqtt://127.0.0.1:1883');
      for (const payload of ['m1', 'm2', 'm3']) await publisher.publishAsync(topic, payload, { qos: 1 });
      await publisher.endAsync();
      expect(await waitFor(() => out, (text) => text.includes('got m3'), 10_000)).toContain('got m3');
      // Let the first batch's acknowledgement reach the broker, then crash.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    expect(out.match(/got \w+/g)).toEqual(['got m1', 'got m2', 'got m3']);

    const restarted = sourceFor('mqtt', values);
    await restarted.open(null);
    const records: SourceRecord[] = [];
    let position = '';
    await waitFor(async () => {
      const batch = (await restarted.next(10, 200))!;
      records.push(...batch.records);
      position = batch.position || position;
      return records.length;
    }, (count) => count >= 2, 5_000);
    // Nothing beyond them either.
    records.push(...(await restarted.next(10, 500))!.records);
    expect(records.map((record) => record.fields.payload)).toEqual(['m2', 'm3']);
    await restarted.committed(position);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await restarted.close();
    // Leave no persistent session behind.
    await (await mqtt.connectAsync('mqtt://127.0.0.1:1883', { clientId: values.client_id, clean: true })).endAsync();
  }, 60_000);
});
