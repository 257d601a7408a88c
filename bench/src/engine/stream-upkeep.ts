import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { METERS_START_TS } from 'tscloud-engine';
import type { MetersShape } from './meters';
import { postSql } from './http-client';
import { LINES_PER_REQUEST, meterLine, sendAll } from './line-protocol';
import { startEngine } from './rest-insert';

/** One row a second per table: 10,000 rows span ~2.8 hours, so a per-minute stream closes ~166 windows while data arrives. */
const STEP_MS = 1000;

/** The per-minute stream on the super table; the watermark covers the requests in flight. */
export const upkeepStream = (watermarkS: number): string =>
  `CREATE STREAM meters_1m WATERMARK ${watermarkS}s INTO test.meters_1m AS ` +
  'SELECT _wstart, count(*) rows_in, avg(voltage) avg_voltage, max(current) max_current FROM test.meters INTERVAL(1m)';

export interface UpkeepRun {
  rowsPerSecond: number;
  /** seconds from the last acknowledged write until the stream had written every closed window (with stream) */
  lagSeconds?: number;
  windows?: number;
}

/**
 * Ingestion in time order, as devices report: each request carries the next rows of every table (10,000 lines),
 * `connections` concurrent clients, over line protocol. With `stream`, the per-minute stream (default trigger
 * WINDOW_CLOSE, a WATERMARK covering the requests in flight) is created first. The super table is created
 * beforehand with line protocol's types, so the stream can name it.
 */
export async function streamUpkeep(shape: MetersShape, connections: number, stream: boolean): Promise<UpkeepRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stream-'));
  const engine = await startEngine(dir);
  try {
    await postSql(engine.url, 'CREATE DATABASE IF NOT EXISTS test');
    await postSql(
      engine.url,
      'CREATE STABLE test.meters (_ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid NCHAR(2), location NCHAR(32))',
    );
    const stepsPerRequest = Math.max(1, Math.floor(LINES_PER_REQUEST / shape.tables));
    // two requests' worth of time per connection, plus a margin
    const watermarkS = Math.ceil((2 * connections * stepsPerRequest * STEP_MS) / 1000) + 10;
    if (stream) await postSql(engine.url, upkeepStream(watermarkS));
    const requests: (() => string)[] = [];
    for (let row = 0; row < shape.rowsPerTable; row += stepsPerRequest) {
      const end = Math.min(shape.rowsPerTable, row + stepsPerRequest);
      requests.push(() => {
        const lines: string[] = [];
        for (let r = row; r < end; r++) for (let t = 0; t < shape.tables; t++) lines.push(meterLine(t, r, STEP_MS));
        return lines.join('\n');
      });
    }
    const seconds = await sendAll(engine.url, requests, connections);
    const run: UpkeepRun = { rowsPerSecond: (shape.tables * shape.rowsPerTable) / seconds };
    if (stream) {
      // every window whose end is at least the watermark before the newest row is closed; at tiny scales one
      // request spans more time than the data minus the watermark, and no window closes
      const span = (shape.rowsPerTable - 1) * STEP_MS;
      const expected = Math.max(0, Math.floor((span - watermarkS * 1000) / 60_000));
      const written = performance.now();
      let windows: number;
      for (;;) {
        const [[n]] = await postSql(engine.url, 'SELECT count(*) FROM test.meters_1m');
        windows = Number(n);
        if (windows >= expected) break;
        if (performance.now() - written > 120_000) throw new Error(`stream wrote ${n} of ${expected} windows`);
        await new Promise((r) => setTimeout(r, 20));
      }
      run.lagSeconds = (performance.now() - written) / 1000;
      // what the output holds (the closed windows; never negative)
      run.windows = windows;
      // the stream's counts are those of the source (nothing was late beyond the watermark)
      const [[rowsIn]] = await postSql(engine.url, 'SELECT sum(rows_in) FROM test.meters_1m');
      const [[source]] = await postSql(engine.url, `SELECT count(*) FROM test.meters WHERE _ts < ${METERS_START_TS + windows * 60_000}`);
      if (Number(rowsIn) !== Number(source)) throw new Error(`stream counted ${rowsIn} rows, the source has ${source}`);
    }
    return run;
  } finally {
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
