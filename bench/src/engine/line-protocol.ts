import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { METERS_START_TS, meterValues, metersTags } from 'tscloud-engine';
import { meterLinesBytes } from './line-bytes';
import type { MetersShape } from './meters';
import { startEngine } from './rest-insert';
import { postSql, send } from './http-client';

/** Lines per request: 10,000, as the line-protocol benchmark asks. */
export const LINES_PER_REQUEST = 10_000;

/**
 * One line of the meters demo in InfluxDB line protocol (facts §5.1 values). The tag `tname` names the child table
 * (`table_name_key=tname`, so the engine creates d0 … dN and does not store the tag); groupid and location are tags.
 */
export function meterLine(table: number, row: number, stepMs = 1): string {
  return `${seriesKey(table)} ${meterFields(table, row, stepMs)}`;
}

/** The series key of a table's lines: `meters,groupid=…,location=…,tname=d<table>`. */
function seriesKey(table: number): string {
  const [groupid, location] = metersTags(table);
  return `meters,groupid=${groupid},location=${location},tname=d${table}`;
}

/**
 * A value as the line shows it (`${v}`), remembered: the meters values take a few hundred distinct values, and
 * turning a double into its shortest text is most of a line's formatting cost. The text is the same either way.
 */
const valueTexts = new Map<number, string>();
function valueText(v: number): string {
  let text = valueTexts.get(v);
  if (text === undefined) valueTexts.set(v, (text = String(v)));
  return text;
}

/** Fields and timestamp of one line. */
function meterFields(table: number, row: number, stepMs: number): string {
  const [current, voltage, phase] = meterValues(table, row);
  return `current=${valueText(current)}f32,voltage=${valueText(voltage)}i32,phase=${valueText(phase)}f32 ${METERS_START_TS + row * stepMs}`;
}

/**
 * `n` lines of one table from `row`, joined: the same text as meterLine's, the series key formatted once (the load
 * generator should cost no more than a real client's batching does; what is measured is the engine).
 */
export function meterLines(table: number, row: number, n: number): string {
  const prefix = `${seriesKey(table)} `;
  let body = '';
  for (let i = 0; i < n; i++) body += (i === 0 ? prefix : `\n${prefix}`) + meterFields(table, row + i, 1);
  return body;
}

/** Posts a body of lines: `written` once it has left for the socket, `answered` once the engine said 204. */
function sendLines(url: string, body: string | Uint8Array): { written: Promise<void>; answered: Promise<void> } {
  const sent = send(`${url}/influxdb/v1/write?db=test&precision=ms&table_name_key=tname`, body);
  const answered = sent.answered.then(({ status, text }) => {
    if (status !== 204) throw new Error(`engine refused lines: ${status} ${text.slice(0, 200)}`);
  });
  return { written: sent.written, answered };
}

export function postLines(url: string, body: string | Uint8Array): Promise<void> {
  return sendLines(url, body).answered;
}

/**
 * Builds a request's body; `reuse`: the connection's previous body, already sent, whose memory may be written over
 * (a fresh megabyte per request would cost the client page faults and garbage collections).
 */
export type BodyMaker = (reuse?: Uint8Array) => string | Uint8Array;

/** Runs `requests` (each builds its body when it is sent) over `connections` concurrent clients; returns seconds. */
export async function sendAll(url: string, requests: BodyMaker[], connections: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  // each connection builds its next body while the engine answers the one in flight (as a batching client does),
  // so the body's generation is not added to every request's round trip
  const worker = async () => {
    let i = next++;
    let body = i < requests.length ? requests[i]() : undefined;
    while (body !== undefined) {
      const { written, answered } = sendLines(url, body);
      // the body is on its way first: building the next one blocks this thread
      await written;
      i = next++;
      body = i < requests.length ? requests[i](typeof body === 'string' ? undefined : body) : undefined;
      await answered;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return (performance.now() - started) / 1000;
}

/**
 * The meters demo over `POST /influxdb/v1/write` (line protocol), one table's 10,000 rows per request, `connections`
 * concurrent clients; child tables are created by the writes themselves (schemaless), the database beforehand.
 * Returns rows per second (wall time, line generation included) and the CPU microseconds per row the engine process
 * and this process (the client) used meanwhile.
 */
export async function lineProtocolInsert(shape: MetersShape, connections: number): Promise<{ rowsPerSecond: number; cpu?: { engine: number; client: number } }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lp-'));
  const engine = await startEngine(dir);
  try {
    await postSql(engine.url, 'CREATE DATABASE IF NOT EXISTS test');
    // bodies are written as bytes (line-bytes.ts); first check they are the very text meterLines formats
    for (const [t, row] of [[0, 0], [shape.tables - 1, 9_000]]) {
      if (!meterLinesBytes(t, row, 1000).equals(Buffer.from(meterLines(t, row, 1000)))) throw new Error(`line bytes of d${t} differ from meterLines`);
    }
    const requests: BodyMaker[] = [];
    for (let t = 0; t < shape.tables; t++) {
      for (let off = 0; off < shape.rowsPerTable; off += LINES_PER_REQUEST) {
        const n = Math.min(LINES_PER_REQUEST, shape.rowsPerTable - off);
        // a previous body's whole buffer (it was cut to its length) is written over
        requests.push((reuse) => meterLinesBytes(t, off, n, reuse && Buffer.from(reuse.buffer, reuse.byteOffset)));
      }
    }
    const engineCpu = engine.cpuSeconds();
    const clientCpu = process.cpuUsage();
    const seconds = await sendAll(engine.url, requests, connections);
    const engineUsed = (engine.cpuSeconds() ?? NaN) - (engineCpu ?? NaN);
    const client = process.cpuUsage(clientCpu);
    const [[count]] = await postSql(engine.url, 'SELECT count(*) FROM test.meters');
    if (Number(count) !== shape.tables * shape.rowsPerTable) throw new Error(`expected ${shape.tables * shape.rowsPerTable} rows, found ${count}`);
    const rows = shape.tables * shape.rowsPerTable;
    const cpu = Number.isFinite(engineUsed) ? { engine: (engineUsed * 1e6) / rows, client: (client.user + client.system) / rows } : undefined;
    return { rowsPerSecond: rows / seconds, cpu };
  } finally {
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
