import mqtt from 'mqtt';
import type { ConnectorId, TaskValues } from '@tscloud/contracts';
import type { SourceReader, SourceRecord } from '../pipeline/types';
import { CsvSource, csvFileNames } from './csv';
import { MqttSource, connected, mqttOptions, parseTopics } from './mqtt';
import { connectSql, SqlSource } from './sql';
import { openTmq, TmqSource } from './tmq';
import { pinTarget, type TargetGuard } from './target';
import { temporaryGroup } from '../../topics/tmq-client';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export { csvFilesDir } from './csv';
export { parseTopics } from './mqtt';
export { fillTemplate } from './sql-template';

/** What a source needs beyond its task values: the instance's csvFiles folder, and the clock (tests move it). */
export interface SourceContext {
  csvDir?: string;
  now?: () => number;
  /** Which hosts the source may reach (sources/guard.ts); without one, the environment's policy. */
  guard?: TargetGuard;
}

/** The connectors whose sources run in this issue; the others have forms only (issue 16). */
export const RUNNABLE_CONNECTORS = ['mqtt', 'postgres', 'mysql', 'csv', 'tmq'] as const satisfies readonly ConnectorId[];

export function isRunnable(connector: string): connector is (typeof RUNNABLE_CONNECTORS)[number] {
  return (RUNNABLE_CONNECTORS as readonly string[]).includes(connector);
}

/** The task's source reader (the runner opens it at its checkpoint). Throws for connectors without one yet. */
export function sourceFor(connector: ConnectorId | string, values: TaskValues, context: SourceContext = {}): SourceReader {
  switch (connector) {
    case 'mqtt':
      return new MqttSource(values, context.guard);
    case 'postgres':
    case 'mysql':
      return new SqlSource(connector, values, context.now, context.guard);
    case 'csv':
      if (!context.csvDir) throw new Error('the instance has no CSV files area');
      return new CsvSource(context.csvDir, values);
    case 'tmq':
      return new TmqSource(values, context.guard);
    default:
      throw new Error(`the ${connector} source is not available yet`);
  }
}

/** Runs `work`, or fails after `ms` (the validate call's 2 minutes, §9). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether the source answers (GET /ds/in/validate): connects with the task's values and asks the least that proves
 * it (MQTT CONNACK, SELECT 1, the CSV files exist, a subscription to the topic). Throws the reason otherwise.
 */
export async function checkSource(connector: string, given: TaskValues, context: SourceContext = {}, timeoutMs = 120_000): Promise<void> {
  const connectMs = Math.min(timeoutMs, 10_000);
  // The guard first: a refused target is never connected to; the others connect to the address it checked.
  const values = await within(timeoutMs, pinTarget(connector, given, context.guard));
  switch (connector) {
    case 'mqtt': {
      parseTopics(String(values.topics ?? ''));
      const { url, options } = mqttOptions(values, connectMs);
      // A throwaway client id: checking must not take over the running task's persistent session.
      const client = mqtt.connect(url, { ...options, clientId: `tscloud_check_${Date.now().toString(36)}`, clean: true, reconnectPeriod: 0 });
      try {
        await within(timeoutMs, connected(client, url));
      } finally {
        await client.endAsync(true);
      }
      return;
    }
    case 'postgres':
    case 'mysql': {
      const connection = await within(timeoutMs, connectSql(connector, values, connectMs));
      try {
        await within(timeoutMs, connection.query('SELECT 1'));
      } finally {
        await connection.close();
      }
      return;
    }
    case 'csv': {
      if (!context.csvDir) throw new Error('the instance has no CSV files area');
      for (const name of csvFileNames(values)) if (!existsSync(join(context.csvDir, name))) throw new Error(`'${name}' is not in the CSV files area`);
      return;
    }
    case 'tmq': {
      const client = await within(timeoutMs, openTmq(values, connectMs));
      try {
        // A temporary group that never commits: subscribing proves the topic exists and the user may read it.
        await client.subscribe(String(values.topic ?? ''), 'latest');
      } finally {
        await client.close();
      }
      return;
    }
    default:
      throw new Error(`the ${connector} source is not available yet`);
  }
}

/**
 * The first `count` records of a source, for the sample view: read without committing anything (MQTT on a
 * throwaway clean session, tmq in a throwaway group), waiting at most `waitMs` in all.
 */
export async function sampleSource(connector: string, values: TaskValues, count: number, context: SourceContext = {}, waitMs = 5_000): Promise<SourceRecord[]> {
  const sampling: TaskValues = { ...values };
  if (connector === 'mqtt') Object.assign(sampling, { client_id: `tscloud_sample_${Date.now().toString(36)}`, clean_session: true });
  // The console's temporary group prefix keeps the sample out of the consumers view.
  if (connector === 'tmq') sampling['group.id'] = temporaryGroup();
  const reader = sourceFor(connector, sampling, context);
  const records: SourceRecord[] = [];
  const until = Date.now() + waitMs;
  try {
    await reader.open(null);
    while (records.length < count && Date.now() < until) {
      const batch = await reader.next(count - records.length, Math.max(1, until - Date.now()));
      if (batch === null) break;
      records.push(...batch.records);
    }
  } finally {
    await reader.close();
  }
  return records;
}
