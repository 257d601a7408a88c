import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { connectorDefinition, defaultValues, fromExpandOf, type TaskBody } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, worldCaller } from '../instances/harness';
import { instanceSql, runningInstance, runStatements } from '../instances/running-instance';
import { requireService } from './sources-services';
import { eventually, taskCalls } from './task-helpers';

/**
 * A data-in task end to end on the real things (issue 15): Mosquitto on 1883 → the MQTT source → a JSON transform →
 * the runner's worker → the instance's engine; then stop and start again.
 */
const BROKER = 'mqtt://127.0.0.1:1883';
const BASE_TS = 1_767_225_600_000;

async function publish(topic: string, payloads: string[]): Promise<void> {
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 4 });
  for (const payload of payloads) await client.publishAsync(topic, payload, { qos: 1 });
  await client.endAsync();
}

describe('an MQTT task', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'dimqtt.owner@example.com', 'Owner');
    ({ orgId, id } = await runningInstance(owner, 'Mqttorg', 'Mqtt in'));
    await runStatements(owner, orgId, id, ['CREATE DATABASE power']);
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('JSON messages become rows of the mapped super table; stop and start again', async (ctx) => {
    await requireService(ctx, 'Mosquitto', 1883);
    const topic = `datain/task/${Date.now().toString(36)}`;
    const definition = connectorDefinition('mqtt')!;
    const values = { ...defaultValues(definition), host: '127.0.0.1', port: 1883, version: '3.1.1', client_id: `task_${Date.now()}`, topics: `${topic}::1`, clean_session: false };
    const body: TaskBody = {
      connector: 'mqtt',
      name: 'meters over mqtt',
      target_db: 'power',
      from_expand: fromExpandOf(definition, values),
      transform: {
        parser: { type: 'json' },
        mapping: {
          stable: 'meters',
          table: 'd_${device}',
          timestamp: { column: 'ts', field: 'at', format: 'ms' },
          columns: [{ name: 'current', type: 'DOUBLE' }],
          tags: [{ name: 'device', type: 'VARCHAR' }],
        },
      },
    };
    const calls = taskCalls(owner, orgId, id);
    const created = await calls.create(body);
    expect(created.code, created.message).toBe(200);
    const taskId = created.data.id;
    await calls.start(taskId);
    const message = (i: number) => JSON.stringify({ device: `m${i % 5}`, at: BASE_TS + i, current: i / 10 });
    // The source subscribes once its worker runs: a probe (always the same row) until it arrives.
    await eventually(async () => {
      await publish(topic, [message(0)]);
      return (await calls.metrics(taskId)).data.rows_written > 0 ? true : undefined;
    }, 'the subscription');

    const countRows = async () => Number((await instanceSql(owner, orgId, id, 'SELECT COUNT(*) FROM power.meters')).data.data?.[0]?.[0]);
    // In chunks the task keeps up with: Mosquitto's defaults queue at most 1000 messages for a persistent session
    // (20 in flight) and drop the rest when a publisher outruns the subscriber (docs/data-in.md "MQTT").
    for (let chunk = 0; chunk < 4; chunk++) {
      await publish(topic, Array.from({ length: 500 }, (_, i) => message(chunk * 500 + i + 1)));
      const expected = 1 + (chunk + 1) * 500;
      await eventually(async () => ((await countRows()) === expected ? true : undefined), `${expected} rows`);
    }
    expect((await instanceSql(owner, orgId, id, 'SELECT current FROM power.d_m3 WHERE ts = 1767225600003')).data.data).toEqual([[0.3]]);

    await calls.stop(taskId);
    await eventually(async () => ((await calls.details(taskId)).data.status === 'stopped' ? true : undefined), 'stopped');
    // Held by the broker for the persistent session while stopped, read after the start.
    await publish(topic, Array.from({ length: 100 }, (_, i) => message(3000 + i)));
    await calls.start(taskId);
    await eventually(async () => ((await countRows()) === 2101 ? true : undefined), '2101 rows');
    const metrics = (await calls.metrics(taskId)).data;
    expect(metrics.rows_failed).toBe(0);
    expect(metrics.rows_written).toBeGreaterThanOrEqual(2101);
    await calls.stop(taskId);
  }, 120_000);
});
