import mqtt from 'mqtt';
import { connectorDefinition, defaultValues, fromExpandOf, type TaskBody } from '@tscloud/contracts';
import { eventually, type taskCalls } from './task-helpers';

/** The machine's Mosquitto (CI starts it; sources-services.ts skips outside CI when it is not there). */
export const LOCAL_BROKER = 'mqtt://127.0.0.1:1883';
const BASE_TS = 1_767_225_600_000;

/** Publishes each payload with QoS 1 from a client of its own, one after another. */
export async function publish(topic: string, payloads: string[]): Promise<void> {
  const client = await mqtt.connectAsync(LOCAL_BROKER, { protocolVersion: 4 });
  for (const payload of payloads) await client.publishAsync(topic, payload, { qos: 1 });
  await client.endAsync();
}

/** Message `i` of a meter feed: five devices `m0`…`m4`, one message a millisecond, current i / 10. */
export const meterMessage = (i: number): string => JSON.stringify({ device: `m${i % 5}`, at: BASE_TS + i, current: i / 10 });

/**
 * An MQTT task (3.1.1, QoS 1, persistent session) reading `topic` as JSON meter messages into super table `meters`
 * (column current DOUBLE, tag device, a child table `<tablePrefix><device>`).
 */
export function mqttMeterTask(opts: { name: string; targetDb: string; topic: string; clientId: string; tablePrefix: string }): TaskBody {
  const definition = connectorDefinition('mqtt')!;
  const values = { ...defaultValues(definition), host: '127.0.0.1', port: 1883, version: '3.1.1', client_id: opts.clientId, topics: `${opts.topic}::1`, clean_session: false };
  return {
    connector: 'mqtt',
    name: opts.name,
    target_db: opts.targetDb,
    from_expand: fromExpandOf(definition, values),
    transform: {
      parser: { type: 'json' },
      mapping: {
        stable: 'meters',
        table: `${opts.tablePrefix}\${device}`,
        timestamp: { column: 'ts', field: 'at', format: 'ms' },
        columns: [{ name: 'current', type: 'DOUBLE' }],
        tags: [{ name: 'device', type: 'VARCHAR' }],
      },
    },
  };
}

/** The source subscribes once its worker runs: publishes a probe (always message 0, one row) until it is written. */
export async function awaitSubscription(calls: ReturnType<typeof taskCalls>, taskId: string, topic: string): Promise<void> {
  await eventually(async () => {
    await publish(topic, [meterMessage(0)]);
    return (await calls.metrics(taskId)).data.rows_written > 0 ? true : undefined;
  }, 'the subscription');
}
