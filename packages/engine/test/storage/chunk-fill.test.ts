import { BIGINT, DOUBLE, DuckDBDataChunk, DuckDBInstance, FLOAT, INTEGER, SMALLINT, TINYINT, UINTEGER, USMALLINT, UTINYINT, VARCHAR } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { fillColumn, fillTableId, fillTimestamps } from '../../src/storage/chunk-fill';

/** Each type with packed values at its edges, and what DuckDB must read back. */
const CASES = [
  { type: DOUBLE, sql: 'DOUBLE', values: [0, -0.5, 1.7976931348623157e308, 5e-324, 123.456], back: (v: number) => v },
  { type: FLOAT, sql: 'FLOAT', values: [0, -1.5, 3.4e38, 0.1], back: (v: number) => Math.fround(v) },
  { type: INTEGER, sql: 'INTEGER', values: [0, -1, 2147483647, -2147483648], back: (v: number) => v },
  { type: SMALLINT, sql: 'SMALLINT', values: [0, -32768, 32767], back: (v: number) => v },
  { type: TINYINT, sql: 'TINYINT', values: [0, -128, 127], back: (v: number) => v },
  { type: UINTEGER, sql: 'UINTEGER', values: [0, 4294967295], back: (v: number) => v },
  { type: USMALLINT, sql: 'USMALLINT', values: [0, 65535], back: (v: number) => v },
  { type: UTINYINT, sql: 'UTINYINT', values: [0, 255], back: (v: number) => v },
  {
    type: BIGINT,
    sql: 'BIGINT',
    values: [0, -1, 1, 4294967295, 4294967296, -4294967296, -4294967297, 1700000000123, -1700000000123, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
    back: (v: number) => BigInt(v),
  },
];

describe('chunk fill', () => {
  it.each(CASES)('copies packed numbers into a $sql vector exactly', async ({ type, sql, values, back }) => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      await conn.run(`CREATE TABLE t (tid INTEGER, ts BIGINT, v ${sql}, s VARCHAR)`);
      const appender = await conn.createAppender('t');
      const n = values.length;
      const chunk = DuckDBDataChunk.create([INTEGER, BIGINT, type, VARCHAR], n);
      fillTableId(chunk, 0, 7, n);
      fillTimestamps(chunk, 1, values.map((_, i) => -5n + BigInt(i) * 1700000000000n));
      fillColumn(chunk, 2, type, Float64Array.from(values));
      // a plain array still goes through the setters (with its NULLs)
      fillColumn(chunk, 3, VARCHAR, values.map((_, i) => (i % 2 ? null : `r${i}`)));
      appender.appendDataChunk(chunk);
      appender.closeSync();
      const rows = (await conn.runAndReadAll('SELECT tid, ts, v, s FROM t')).getRows();
      expect(rows).toEqual(values.map((v, i) => [7, -5n + BigInt(i) * 1700000000000n, back(v), i % 2 ? null : `r${i}`]));
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});
