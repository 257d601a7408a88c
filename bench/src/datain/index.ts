import { parseArgs } from 'node:util';
import pg from 'pg';
import { startConsole } from '../console-process';
import { lineProtocolInsert } from '../engine/line-protocol';
import { peakRss } from '../proc-stats';
import { PG, PG_READINGS, publishReadings, READINGS, readingsTable } from './harness';
import { startMosquitto } from './mosquitto';
import { datainApi, waitWritten, type DatainApi } from './tasks';

/**
 * The tasks' batch_size: each form's maximum (MQTT 10,000, PostgreSQL 100,000). The engine's CPU a row written falls
 * from ~3.8 to ~1.3 µs between batches of 10,000 and 100,000 (100 vs 1,000 rows a child table in each INSERT;
 * docs/benchmarks.md "Data in").
 */
const MQTT_BATCH_SIZE = 10_000;
const PG_BATCH_SIZE = 100_000;

/**
 * JSON over MQTT into a task with a QoS 1 persistent session on the bench's own broker, twice: live (`messages`
 * published by this process while the task reads; bound by how fast one mqtt.js client publishes QoS 1) and a
 * backlog (the task stopped, `messages` more queued for its session, then started: the task's sustained rate,
 * from its first rows written to its last). Answers the backlog's rows/s.
 */
async function mqttRun(api: DatainApi, messages: number): Promise<number> {
  const broker = await startMosquitto();
  try {
    const topic = 'bench/readings';
    const values = { host: '127.0.0.1', port: Number(new URL(broker.url).port), version: '3.1.1', client_id: 'bench_datain', topics: `${topic}::1`, clean_session: false, batch_size: MQTT_BATCH_SIZE };
    const id = await api.create('mqtt', 'bench mqtt', values, { parser: { type: 'json' }, mapping: READINGS });
    await api.start(id);
    // The task's first subscription makes the session: wait for it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const liveStart = performance.now();
    const published = await publishReadings(broker.url, topic, 0, messages);
    // Mosquitto was seen to drop a few thousand of a fast live publisher's messages (never sent to the task, not
    // held either: its $SYS counters) on a loaded machine: the live phase ends when rows stop coming for 20 s.
    const live = await waitWritten(api, id, messages, liveStart, 600_000, 0, 20_000);
    const lost = live.written < messages ? ` (${(messages - live.written).toLocaleString('en')} never delivered by the broker)` : '';
    console.log(`datain: MQTT live, ${messages.toLocaleString('en')} messages published at ${Math.round(published).toLocaleString('en')}/s, landed at ${Math.round(live.written / live.seconds).toLocaleString('en')} rows/s${lost}`);
    await api.stop(id);
    const queued = await publishReadings(broker.url, topic, messages, 2 * messages);
    const backlogStart = performance.now();
    await api.start(id);
    const backlog = await waitWritten(api, id, live.written + messages, backlogStart, 600_000, live.written);
    console.log(`datain: MQTT backlog, ${messages.toLocaleString('en')} messages queued at ${Math.round(queued).toLocaleString('en')}/s, all landed ${backlog.seconds.toFixed(1)} s after the start`);
    return backlog.sustained;
  } finally {
    await broker.stop();
  }
}

/** A history migration of `rows` rows from a table of the real PostgreSQL, in windows of a second. Answers rows/s from the first rows written to the last. */
async function postgresRun(api: DatainApi, rows: number): Promise<number> {
  const client = new pg.Client({ host: PG.host, port: PG.port, database: PG.database, user: PG.username, password: PG.password });
  await client.connect();
  let table: string | undefined;
  try {
    // Windows of a second: 100,000 rows (one a millisecond per device), a batch each.
    const source = await readingsTable(client, rows, PG_BATCH_SIZE);
    table = source.table;
    const values = source.values;
    const started = performance.now();
    const id = await api.create('postgres', 'bench postgres', values, { mapping: PG_READINGS });
    await api.start(id);
    const landed = await waitWritten(api, id, rows, started, 3_600_000);
    console.log(`datain: PostgreSQL, every row landed ${landed.seconds.toFixed(1)} s after the start (${Math.round(rows / landed.seconds).toLocaleString('en')} rows/s with the start-up)`);
    return landed.sustained;
  } finally {
    if (table) await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  }
}

/**
 * `npm run bench -- datain [--rows 10000000] [--messages 500000] [--only mqtt|postgres]` (issue 15 "Speed"): the
 * engine's own line-protocol write rate (the meters demo, `rows` rows, 2 connections, in the same run) is the
 * baseline; then, as ratios to it, JSON over MQTT through a transform into the engine (target ≥ 0.3) and a history
 * migration from PostgreSQL (target ≥ 0.5), both through data-in tasks of the console started as `npm start` does.
 * Prints rows/s, the ratio and the server's peak resident memory (its task workers are threads of it).
 */
export async function runDatainBench(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { rows: { type: 'string', default: '10000000' }, messages: { type: 'string', default: '500000' }, only: { type: 'string' } } });
  const rows = Number(values.rows);
  const messages = Number(values.messages);
  const baseline = (await lineProtocolInsert({ tables: Math.max(1, Math.round(rows / 10_000)), rowsPerTable: 10_000 }, 2)).rowsPerSecond;
  console.log(`engine line protocol (baseline): ${Math.round(baseline).toLocaleString('en')} rows/s`);
  const app = await startConsole('tscloud-datain-');
  try {
    const api = await datainApi(app);
    await api.sql('CREATE DATABASE IF NOT EXISTS datain');
    const runs: Array<[string, string, (api: DatainApi) => Promise<number>]> = [
      ['mqtt', `MQTT JSON → transform → engine (${messages.toLocaleString('en')} messages)`, (a) => mqttRun(a, messages)],
      ['postgres', `PostgreSQL history migration (${rows.toLocaleString('en')} rows)`, (a) => postgresRun(a, rows)],
    ];
    for (const [key, name, run] of runs) {
      if (values.only && values.only !== key) continue;
      const rss = peakRss(app.process.pid!);
      const rate = await run(api);
      console.log(`${name}: ${Math.round(rate).toLocaleString('en')} rows/s (ratio ${(rate / baseline).toFixed(2)} vs baseline), server peak RSS ${rss.stop().toFixed(0)} MB`);
    }
  } finally {
    await app.stop();
  }
}
