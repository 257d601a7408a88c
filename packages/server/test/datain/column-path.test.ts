import { afterAll, describe, expect, it } from 'vitest';
import type { TransformConfigInput } from '@tscloud/contracts';
import type { ColumnBatch, ColumnChunk } from '../../src/region/replication/pipeline/types';
import { insertStatements, typedBodies, typedColumnBodies } from '../../src/region/replication/runner/engine-writer';
import { connectSql, type SqlConnection } from '../../src/region/replication/sources/sql';
import { buildTransform } from '../../src/region/replication/transform';
import { batchRecords } from '../../src/region/replication/transform/column-batch';
import { buildColumnTransform, mappedRows } from '../../src/region/replication/transform/columns';
import { requireService } from './sources-services';

/**
 * The column path (binary COPY into typed columns → transform/columns.ts → typed bodies from the columns) against
 * the record path on the same PostgreSQL rows: the same records, mapped rows, failures with their messages, typed
 * write bodies byte for byte and INSERT text, for mappings that read NULLs, NaN, -0, unsafe integers, quoted and
 * non-ASCII texts, texts of every row distinct, BC and infinite timestamps, every precision, and conversions that fail.
 */
const VALUES = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'unused' };

const ROWS = 12_000;
export const ODD_ROWS_SQL = `SELECT
  CASE WHEN i % 97 = 5 THEN NULL ELSE timestamptz '2026-01-01 00:00:00+00' + i * interval '1 millisecond' END AS tz,
  CASE WHEN i % 89 = 3 THEN timestamp '0044-03-15 00:00:00 BC' WHEN i % 89 = 4 THEN 'infinity'::timestamp ELSE timestamp '2026-01-01' + i * interval '1.0005 second' END AS ts,
  CASE i % 7 WHEN 0 THEN NULL WHEN 1 THEN 'd''quote' WHEN 2 THEN 'dé温🌡' WHEN 3 THEN '' ELSE 'd' || (i % 50) END AS dev,
  (CASE WHEN i % 11 = 0 THEN NULL WHEN i % 13 = 0 THEN 'NaN'::float8 WHEN i % 17 = 0 THEN '-0'::float8 WHEN i % 19 = 0 THEN 1e300 ELSE i / 7.0 END)::float8 AS v,
  (i % 300 - 150)::int2 AS small,
  (CASE WHEN i % 23 = 0 THEN 9007199254740993 ELSE i END)::int8 AS big,
  (i / 3.0)::numeric(12,4) AS n,
  CASE WHEN i % 5 = 0 THEN NULL ELSE i % 2 = 0 END AS b,
  CASE WHEN i % 31 = 0 THEN 'abc' WHEN i % 37 = 0 THEN NULL ELSE (i % 1000)::text END AS txt,
  ((i % 3) * 1.1)::float4 AS f4,
  repeat(md5(i::text), i % 5) AS long
FROM generate_series(0, ${ROWS - 1}) AS i`;

const MAPPINGS: Record<string, TransformConfigInput> = {
  'ms, one-placeholder table, failing integer/boolean/text conversions': {
    mapping: {
      stable: 'st',
      table: 'd_${dev}',
      timestamp: { column: 'ts', field: 'tz' },
      columns: [
        { name: 'v', type: 'DOUBLE' },
        { name: 'small', type: 'TINYINT' },
        { name: 'big', type: 'BIGINT' },
        { name: 'n', type: 'DOUBLE' },
        { name: 'b', type: 'BOOL' },
        { name: 'txt', type: 'INT' },
        { name: 'f4', type: 'FLOAT' },
        { name: 'ts2', field: 'ts', type: 'TIMESTAMP' },
        { name: 'dev2', field: 'dev', type: 'VARCHAR' },
      ],
      tags: [
        { name: 'dev', type: 'VARCHAR' },
        { name: 'site', field: 'small', type: 'INT' },
      ],
    },
  },
  'us, two placeholders, BC/infinite timestamps, a missing field, texts of numbers': {
    mapping: {
      stable: 'st',
      table: 't_${dev}_${small}',
      timestamp: { column: 'ts', field: '$.ts' },
      precision: 'us',
      columns: [
        { name: 'missing', field: 'nothere', type: 'DOUBLE' },
        { name: 'txt', type: 'VARCHAR' },
        { name: 'big', type: 'VARCHAR' },
        { name: 'v', type: 'VARCHAR' },
        { name: 'long', type: 'VARCHAR' },
      ],
      tags: [{ name: 'b', type: 'BOOL' }],
    },
  },
  'ns, a fixed table, timestamps from an int8 column': {
    mapping: { stable: 'st', table: 'fixed', timestamp: { column: 'ts', field: 'big', format: 'ms' }, precision: 'ns', columns: [{ name: 'v', type: 'FLOAT' }, { name: 'tz', type: 'TIMESTAMP' }] },
  },
  'timestamps from text in a zone, rfc3339 of a Date': {
    mapping: { stable: 'st', table: 'z_${txt}', timestamp: { column: 'ts', field: 'txt', timezone: 'Asia/Shanghai' }, columns: [{ name: 'tz', type: 'TIMESTAMP' }, { name: 'f4', type: 'DOUBLE' }] },
  },
  'rfc3339 over timestamps, a table name that is always missing': {
    mapping: { stable: 'st', table: 'x_${nothere}', timestamp: { column: 'ts', field: 'tz', format: 'rfc3339' }, columns: [{ name: 'v', type: 'DOUBLE' }] },
  },
};

/** The chunks cut into batches of `size` rows, slices across chunks. */
function batchesOf(chunks: ColumnChunk[], size: number): ColumnBatch[] {
  const batches: ColumnBatch[] = [];
  let batch: ColumnBatch = { slices: [], length: 0 };
  for (const chunk of chunks) {
    for (let from = 0; from < chunk.length; ) {
      const to = Math.min(chunk.length, from + size - batch.length);
      batch.slices.push({ chunk, from, to });
      batch.length += to - from;
      from = to;
      if (batch.length === size) {
        batches.push(batch);
        batch = { slices: [], length: 0 };
      }
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

const base64 = (body: Buffer) => body.toString('base64');

/** Dates compared by their time (an Invalid Date as NaN), everything else as it is. */
const comparable = (records: Array<{ fields: Record<string, unknown> }>) =>
  records.map(({ fields }) => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value instanceof Date ? { date: value.getTime() } : value])));

describe('the column path of a SQL source', () => {
  let connection: SqlConnection | undefined;
  afterAll(async () => {
    await connection?.close();
  });

  it('reads the same records as the row decoder, and maps, fails and writes them as the record path does', { timeout: 180_000 }, async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    connection = await connectSql('postgres', VALUES);
    const rows: Array<Record<string, unknown>> = [];
    for await (const chunk of connection.rows(ODD_ROWS_SQL)) rows.push(...chunk);
    const chunks: ColumnChunk[] = [];
    for await (const chunk of connection.chunks(ODD_ROWS_SQL)) {
      if (Array.isArray(chunk)) throw new Error('rows, not a column chunk');
      chunks.push(chunk);
    }
    expect(chunks.length).toBeGreaterThan(1);
    const batches = batchesOf(chunks, 4_000);
    expect(batches.some((batch) => batch.slices.length > 1)).toBe(true);
    const records = batches.flatMap(batchRecords);
    expect(records).toHaveLength(ROWS);
    expect(comparable(records)).toEqual(comparable(rows.map((fields) => ({ fields }))));

    for (const [label, config] of Object.entries(MAPPINGS)) {
      const byRecords = buildTransform(config);
      const byColumns = buildColumnTransform(config)!;
      expect(byColumns, label).not.toBeNull();
      let [mapped, failed] = [0, 0];
      for (const batch of batches) {
        const expected = byRecords(batchRecords(batch));
        const outcome = byColumns(batch);
        const got = mappedRows(outcome.columns);
        // toEqual tells -0 from 0 and NaN from null: the values are the same, not only alike
        expect(got, label).toEqual(expected.rows);
        expect(outcome.columns.count, label).toBe(expected.rows.length);
        expect(outcome.failed.map((f) => f.error), label).toEqual(expected.failed.map((f) => f.error));
        expect(comparable(outcome.failed.map((f) => f.record)), label).toEqual(comparable(expected.failed.map((f) => f.record)));
        expect(typedColumnBodies(outcome.columns).map(base64), label).toEqual(typedBodies(expected.rows).map(base64));
        expect(insertStatements('db', got).map((s) => s.sql), label).toEqual(insertStatements('db', expected.rows).map((s) => s.sql));
        [mapped, failed] = [mapped + got.length, failed + outcome.failed.length];
      }
      // Each mapping both maps and fails rows (the last one fails them all).
      if (!label.includes('always missing')) expect(mapped, label).toBeGreaterThan(0);
      expect(failed, label).toBeGreaterThan(0);
    }
  });

  it('column chunks: abandoned mid-way or cut by a query error, the connection answers its next query; rows where columns cannot be', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    connection ??= await connectSql('postgres', VALUES);
    const sql = 'SELECT i, md5(i::text) AS h FROM generate_series(1, 25000) AS i';
    const sizes: number[] = [];
    for await (const chunk of connection.chunks(sql)) sizes.push(Array.isArray(chunk) ? -1 : chunk.length);
    expect(sizes).toEqual([10_000, 10_000, 5_000]);
    for await (const chunk of connection.chunks(sql)) {
      expect(Array.isArray(chunk)).toBe(false);
      break;
    }
    expect(await connection.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    const cut = async () => {
      for await (const chunk of connection!.chunks('SELECT 1 / (i - 15000) AS q FROM generate_series(1, 20000) AS i')) expect(chunk.length).toBeGreaterThan(0);
    };
    await expect(cut()).rejects.toThrow(/division by zero/);
    expect(await connection.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    // Two columns of one name (a row keeps one of them) and a type COPY does not decode come as rows.
    for (const rowsOnly of ['SELECT 1 AS a, 2 AS a', "SELECT date '2026-01-02' AS d"]) {
      const chunks = [];
      for await (const chunk of connection.chunks(rowsOnly)) chunks.push(chunk);
      expect(chunks.every(Array.isArray), rowsOnly).toBe(true);
      expect(chunks.flat(), rowsOnly).toEqual(await connection.query(rowsOnly));
    }
  });

  it('is not built for a parser, extract rules, a filter or a nested path', () => {
    const mapping = { stable: 'st', table: 'd_${dev}', timestamp: { field: 'tz' }, columns: [{ name: 'v', type: 'DOUBLE' as const }] };
    expect(buildColumnTransform({ mapping })).not.toBeNull();
    expect(buildColumnTransform({ mapping, parser: { type: 'json' } })).toBeNull();
    expect(buildColumnTransform({ mapping, extract: [{ field: 'x', rule: 'v' }] })).toBeNull();
    expect(buildColumnTransform({ mapping, filter: 'v > 1' })).toBeNull();
    expect(buildColumnTransform({ mapping: { ...mapping, table: 'd_${a.b}' } })).toBeNull();
    expect(buildColumnTransform({ mapping: { ...mapping, columns: [{ name: 'v', field: 'constructor', type: 'DOUBLE' as const }] } })).toBeNull();
  });
});
