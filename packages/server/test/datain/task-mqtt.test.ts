import { describe, expect, it } from 'vitest';
import { instanceSql } from '../instances/running-instance';
import { requireService } from './sources-services';
import { eventually, suiteInstanceWithDatabase, taskCalls } from './task-helpers';
import { awaitSubscription, meterMessage, mqttMeterTask, publish } from './mqtt-task-helpers';

/**
 * A data-in task end to end on the real things (issue 15): Mosquitto on 1883 → the MQTT source → a JSON transform →
 * the runner's worker → the instance's engine; then stop and start again.
 */
describe('an MQTT task', () => {
  const suite = suiteInstanceWithDatabase('dimqtt.owner@example.com', 'Mqttorg', 'Mqtt in', 'power');

  it('JSON messages become rows of the mapped super table; stop and start again', async (ctx) => {
    await requireService(ctx, 'Mosquitto', 1883);
    const { owner, orgId, id } = suite;
    const topic = `datain/task/${Date.now().toString(36)}`;
    const body = mqttMeterTask({ name: 'meters over mqtt', targetDb: 'power', topic, clientId: `task_${Date.now()}`, tablePrefix: 'd_' });
    const calls = taskCalls(owner, orgId, id);
    const created = await calls.create(body);
    expect(created.code, created.message).toBe(200);
    const taskId = created.data.id;
    await calls.start(taskId);
    await awaitSubscription(calls, taskId, topic);

    const countRows = async () => Number((await instanceSql(owner, orgId, id, 'SELECT COUNT(*) FROM power.meters')).data.data?.[0]?.[0]);
    // In chunks the task keeps up with: Mosquitto's defaults queue at most 1000 messages for a persistent session
    // (20 in flight) and drop the rest when a publisher outruns the subscriber (docs/data-in.md "MQTT").
    for (let chunk = 0; chunk < 4; chunk++) {
      await publish(topic, Array.from({ length: 500 }, (_, i) => meterMessage(chunk * 500 + i + 1)));
      const expected = 1 + (chunk + 1) * 500;
      await eventually(async () => ((await countRows()) === expected ? true : undefined), `${expected} rows`);
    }
    expect((await instanceSql(owner, orgId, id, 'SELECT current FROM power.d_m3 WHERE ts = 1767225600003')).data.data).toEqual([[0.3]]);

    await calls.stop(taskId);
    await eventually(async () => ((await calls.details(taskId)).data.status === 'stopped' ? true : undefined), 'stopped');
    // Held by the broker for the persistent session while stopped, read after the start.
    await publish(topic, Array.from({ length: 100 }, (_, i) => meterMessage(3000 + i)));
    await calls.start(taskId);
    await eventually(async () => ((await countRows()) === 2101 ? true : undefined), '2101 rows');
    // The counters are stored with each batch's checkpoint, just after its rows are in the engine: they catch up.
    const metrics = await eventually(async () => {
      const m = (await calls.metrics(taskId)).data;
      return m.rows_written >= 2101 ? m : undefined;
    }, 'rows_written reaching 2101');
    expect(metrics.rows_failed).toBe(0);
    await calls.stop(taskId);
  }, 120_000);
});
