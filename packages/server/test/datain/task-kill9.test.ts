import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { connectSql, type SqlConnection } from '../../src/region/replication/sources/sql';
import { instanceSql, runStatements } from '../instances/running-instance';
import { requireService } from './sources-services';
import { PG_SOURCE, eventually, pgHistoryTask, taskCalls } from './task-helpers';
import { LOCAL_BROKER, awaitSubscription, meterMessage, mqttMeterTask, publish } from './mqtt-task-helpers';
import { freePort } from '../support/free-port';
import { seedOwner, ServerProcess, type SeededOwner } from './task-kill9-server';

/**
 * Issue 15: a real kill -9 of the server — its whole process group, the engines with it, as a machine crash — while
 * an MQTT task (persistent session, QoS 1) and a PostgreSQL history migration run, then a start on the same data
 * directory: both resume from their checkpoints, every source row is in the target once. The leases of the dead
 * node are set short (DATAIN_LEASE_MS, INSTANCE_LEASE_MS) so the restarted server need not wait 30 s for them.
 * Most of its time is the two server starts (tsx, then the engine), slow on a busy machine: hence generous time-outs.
 */
const T0 = Date.UTC(2026, 0, 1);
/** PostgreSQL rows: one every 3 s over 25 hours, windows of an hour (1,200 rows), batches of 500. */
const PG_ROWS = 30_000;
/**
 * MQTT messages after the probe, in chunks of at most 500: Mosquitto queues at most 1000 messages for a persistent
 * session and drops the rest (docs/data-in.md "MQTT"); at most two chunks wait in the queue while the server is down.
 */
const CHUNK = 400;
const MQTT_MESSAGES = 3 * CHUNK;

describe('a kill -9 of the server during data-in tasks', () => {
  let dataDir: string | undefined;
  const run = Date.now().toString(36);
  const table = `datain_kill9_${run}`;
  const clientId = `kill9_${run}`;
  let server: ServerProcess | null = null;
  let pg: SqlConnection | undefined;

  afterAll(async () => {
    await server?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await pg?.query(`DROP TABLE IF EXISTS ${table}`);
    await pg?.close();
    // The broker would keep the persistent session (and anything queued for it) for good: end it.
    const cleanup = await mqtt.connectAsync(LOCAL_BROKER, { protocolVersion: 4, clientId, clean: true }).catch(() => null);
    await cleanup?.endAsync();
  }, 60_000);

  it('resumes an MQTT task and a PostgreSQL migration after the restart: every row once', async (ctx) => {
    await requireService(ctx, 'Mosquitto', 1883);
    await requireService(ctx, 'PostgreSQL', 5432);
    dataDir = mkdtempSync(join(tmpdir(), 'tscloud-kill9-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TSCLOUD_DEMO: '0', LOG_FORMAT: 'json', DATAIN_LEASE_MS: '3000', INSTANCE_LEASE_MS: '3000' };
    const seeded: SeededOwner = await seedOwner(dataDir, env, baseUrl);
    const { caller: owner, orgId, instanceId } = seeded;
    const instanceRuns = async () => (await fetch(`${baseUrl}/gw/${instanceId}/-/ping?token=${encodeURIComponent(seeded.instanceToken)}`)).status === 200;
    server = new ServerProcess(env);
    await server.waitUntil(instanceRuns, 'the instance Running', 120_000);

    pg = await connectSql('postgres', PG_SOURCE);
    await pg.query(`CREATE TABLE ${table} (ts timestamptz NOT NULL, device varchar(20), v double precision)`);
    await pg.query(`INSERT INTO ${table} SELECT to_timestamp(${T0 / 1000} + i * 3), 'd' || (i % 8), i / 10.0 FROM generate_series(0, ${PG_ROWS - 1}) AS i`);
    await runStatements(owner, orgId, instanceId, ['CREATE DATABASE crashed']);
    const calls = taskCalls(owner, orgId, instanceId);

    const topic = `datain/kill9/${run}`;
    const mqttTask = mqttMeterTask({ name: 'mqtt across a crash', targetDb: 'crashed', topic, clientId, tablePrefix: 'm_' });
    const pgTask = pgHistoryTask(table, { name: 'migration across a crash', targetDb: 'crashed', from: T0, hours: 26, batch: 500 });
    const created = await Promise.all([calls.create(mqttTask), calls.create(pgTask)]);
    for (const res of created) expect(res.code, JSON.stringify(res)).toBe(200);
    const [mqttId, pgId] = created.map((res) => res.data.id);

    // Rows and distinct timestamps of a super table (TDengine has no COUNT(DISTINCT …): a subquery of DISTINCT ts).
    const countsOf = async (stable: string) => {
      const one = async (sql: string) => {
        const res = await instanceSql(owner, orgId, instanceId, sql);
        // NaN until the table exists (the waits poll through it), and in a failure's message
        return res.data.code === 0 ? Number(res.data.data?.[0]?.[0]) : NaN;
      };
      return { count: await one(`SELECT COUNT(*) FROM crashed.${stable}`), distinct: await one(`SELECT COUNT(*) FROM (SELECT DISTINCT ts FROM crashed.${stable})`) };
    };
    const counts = () => countsOf('meters');
    const chunk = (n: number) => Array.from({ length: CHUNK }, (_, i) => meterMessage(n * CHUNK + i + 1));

    // The MQTT task first: the source subscribes once its worker runs, so a probe (always the same row) until it does.
    await calls.start(mqttId);
    await awaitSubscription(calls, mqttId, topic);
    await publish(topic, chunk(0));
    await eventually(async () => ((await counts()).count === 1 + CHUNK ? true : undefined), `${1 + CHUNK} MQTT rows`);

    // The migration next, and the second chunk; the kill comes while the migration is part-way (and the chunk may be).
    await calls.start(pgId);
    await publish(topic, chunk(1));
    const beforeKill = await eventually(
      async () => {
        const written = (await calls.metrics(pgId)).data.rows_written;
        return written >= 3_000 ? written : undefined;
      },
      'migrated rows before the crash',
      60_000,
    );
    await server.kill9();
    expect(beforeKill, 'the migration was killed part-way').toBeLessThan(PG_ROWS);

    // Held by the broker for the session while no server runs.
    await publish(topic, chunk(2));
    server = new ServerProcess(env);
    await server.waitUntil(instanceRuns, 'the instance Running again', 120_000);

    const details = async (id: string) => (await calls.details(id)).data;
    await eventually(
      async () => {
        const { status, status_reason } = await details(pgId);
        if (status === 'failed') throw new Error(`the migration failed: ${status_reason}`);
        return status === 'completed' ? true : undefined;
      },
      'the migration completed',
      90_000,
    );
    // Within a child table a timestamp is unique by design (a row written again overwrites itself); every source row
    // has a timestamp of its own, so as many distinct ones as rows means no row is there twice.
    expect(await countsOf('readings')).toEqual({ count: PG_ROWS, distinct: PG_ROWS });
    expect((await calls.progress(pgId)).data.tables.map((t) => t.percent)).toEqual([100]);
    expect((await calls.metrics(pgId)).data.rows_failed).toBe(0);

    await eventually(async () => ((await counts()).count === 1 + MQTT_MESSAGES ? true : undefined), `${1 + MQTT_MESSAGES} MQTT rows`, 60_000);
    expect(await counts()).toEqual({ count: 1 + MQTT_MESSAGES, distinct: 1 + MQTT_MESSAGES });
    const mqttStatus = await details(mqttId);
    expect(mqttStatus.status).toBe('running');
    expect((await calls.metrics(mqttId)).data.rows_failed).toBe(0);
    await calls.stop(mqttId);
  }, 300_000);
});
