import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIGINT, DuckDBDataChunk, DuckDBInstance, FLOAT, INTEGER, VARCHAR } from '@duckdb/node-api';
import { METERS_START_TS, meterValues, metersTags } from 'tscloud-engine';
import type { MetersShape } from './meters';

const CHUNK = 2048;

/**
 * Baseline (a): DuckDB's own appendDataChunk, in process, into the engine's layout
 * (data table with the table id, tag table), one file, from the same generated values.
 * Returns rows per second and the CPU microseconds per row (this process: JS and DuckDB's threads).
 */
export async function baselineAppend(shape: MetersShape): Promise<{ rowsPerSecond: number; cpuPerRow: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-append-'));
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    await conn.run(`ATTACH '${path.join(dir, 'test.duckdb')}' AS db_test`);
    await conn.run('CREATE TABLE db_test.main.stb_1_data (__tid INTEGER NOT NULL, ts BIGINT, current FLOAT, voltage INTEGER, phase FLOAT)');
    await conn.run('CREATE TABLE db_test.main.stb_1_tags (__tid INTEGER NOT NULL, __tbname VARCHAR NOT NULL, __ctime BIGINT NOT NULL, groupid INTEGER, location VARCHAR)');
    // Child tables first (untimed), as in the REST run.
    const tags = await conn.createAppender('stb_1_tags', 'main', 'db_test');
    for (let t = 0; t < shape.tables; t++) {
      const [groupid, location] = metersTags(t);
      const tagChunk = DuckDBDataChunk.create([INTEGER, VARCHAR, BIGINT, INTEGER, VARCHAR], 1);
      tagChunk.setColumns([[t + 1], [`d${t}`], [BigInt(Date.now())], [groupid], [location]]);
      tags.appendDataChunk(tagChunk);
    }
    tags.closeSync();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const data = await conn.createAppender('stb_1_data', 'main', 'db_test');
    const types = [INTEGER, BIGINT, FLOAT, INTEGER, FLOAT];
    for (let t = 0; t < shape.tables; t++) {
      for (let off = 0; off < shape.rowsPerTable; off += CHUNK) {
        const n = Math.min(CHUNK, shape.rowsPerTable - off);
        const cols: (number | bigint)[][] = types.map(() => new Array(n));
        for (let i = 0; i < n; i++) {
          const [current, voltage, phase] = meterValues(t, off + i);
          cols[0][i] = t + 1;
          cols[1][i] = BigInt(METERS_START_TS + off + i);
          cols[2][i] = current;
          cols[3][i] = voltage;
          cols[4][i] = phase;
        }
        const chunk = DuckDBDataChunk.create(types, n);
        chunk.setColumns(cols);
        data.appendDataChunk(chunk);
      }
      // Each table's rows are committed, as the engine commits each acknowledged INSERT.
      data.flushSync();
    }
    data.closeSync();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const rows = shape.tables * shape.rowsPerTable;
    return { rowsPerSecond: rows / seconds, cpuPerRow: (used.user + used.system) / rows };
  } finally {
    conn.closeSync();
    instance.closeSync();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
