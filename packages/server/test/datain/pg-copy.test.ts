import { afterAll, describe, expect, it } from 'vitest';
import { connectSql, type SqlConnection } from '../../src/region/replication/sources/sql';
import { timestampText } from '../../src/region/replication/sources/pg-copy';
import { requireService } from './sources-services';

/**
 * The PostgreSQL source's binary COPY reading (sources/pg-copy.ts) against the real server: every type it decodes
 * answers exactly what the cursor path (pg's row objects and text parsers) answers for the same query.
 */
const VALUES = { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'unused' };

async function all(connection: SqlConnection, sql: string): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for await (const chunk of connection.rows(sql)) rows.push(...chunk);
  return rows;
}

/** Dates compared by their time (an Invalid Date as NaN), everything else as it is. */
const comparable = (rows: Array<Record<string, unknown>>) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? { date: value.getTime() } : value])));

const TYPED_COLUMNS = `
  b::bool AS b, i2::int2 AS i2, i4::int4 AS i4, i8::int8 AS i8, f4::float4 AS f4, f8::float8 AS f8, n::numeric AS n,
  t::text AS t, v::varchar(20) AS v, c::char(5) AS c, nm::name AS nm, ts::timestamp AS ts, tz::timestamptz AS tz`;

/** Rows covering each type's edges, and a row of NULLs. */
const EDGE_ROWS = `(VALUES
  (true, 0, 0, 0, 0, 0, '0', '', '', '', 'a', '2026-01-01 00:00:00', '2026-01-01 00:00:00+00'),
  (false, -32768, -2147483648, '-9223372036854775808', 1.1, 0.1, '-0.0001', 'héllo ✓', 'x', 'ab', 'name', '2026-02-28 23:59:59.123456', '1999-12-31 23:59:59.9+00'),
  (true, 32767, 2147483647, '9223372036854775807', 3.4028235e38, 1e308, '123.4500', 'a''b', 'yz', 'abcde', 'n', '1000-01-01 00:00:00', '2026-07-01 12:00:00+08'),
  (true, 1, 1, 9007199254740993, 'NaN', 'Infinity', 'NaN', 't', 'v', 'c', 'n', '0999-12-31 23:59:59.999999', '0044-03-15 01:02:03.5 BC'),
  (true, 1, 1, 1, '-Infinity', '-Infinity', '1e-20', 't', 'v', 'c', 'n', '0044-03-15 00:00:00 BC', 'infinity'),
  (true, 1, 1, 1, 1e-40, 5e-324, '100000000000000000000.5', 't', 'v', 'c', 'n', 'infinity', '-infinity'),
  (true, 1, 1, 1, 0.3, 2.5, 'Infinity', 't', 'v', 'c', 'n', '-infinity', '2400-01-01 00:00:00.000001+00'),
  (true, 1, 1, 1, 16777217, -0.0, '-Infinity', 't', 'v', 'c', 'n', '12345-06-07 08:09:10', '1600-02-29 00:00:00.5+00'),
  (true, 1, 1, 1, 7.0e-45, 1.5, '10000', 't', 'v', 'c', 'n', '1969-12-31 23:59:59.9995', '1970-01-01 00:00:00.0005+00'),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
) AS e(b, i2, i4, i8, f4, f8, n, t, v, c, nm, ts, tz)`;

describe('PostgreSQL binary COPY', () => {
  const connections: SqlConnection[] = [];
  const connect = async (postgresCopy: boolean) => {
    const connection = await connectSql('postgres', VALUES, 10_000, { postgresCopy });
    connections.push(connection);
    return connection;
  };
  afterAll(async () => {
    for (const connection of connections) await connection.close();
  });

  it('answers what the cursor answers, for every type it decodes, NULLs and the BC/infinity fallbacks', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    const [copy, cursor] = [await connect(true), await connect(false)];
    const sql = `SELECT ${TYPED_COLUMNS} FROM ${EDGE_ROWS}`;
    const [fromCopy, fromCursor] = [await all(copy, sql), await all(cursor, sql)];
    expect(fromCopy).toHaveLength(10);
    expect(comparable(fromCopy)).toEqual(comparable(fromCursor));
    // Not only equal to each other: the values are the ones pg's parsers give (strings for int8/numeric, Dates).
    expect(fromCopy[1]).toMatchObject({ i8: '-9223372036854775808', f4: 1.1, n: '-0.0001', t: 'héllo ✓', c: 'ab   ' });
    expect(fromCopy[2]).toMatchObject({ n: '123.4500', i8: '9223372036854775807' });
    expect((fromCopy[1].tz as Date).getTime()).toBe(Date.UTC(1999, 11, 31, 23, 59, 59, 900));
    expect(Object.values(fromCopy[9]).every((value) => value === null)).toBe(true);
  });

  it('falls back to the cursor for a type it does not decode, and answers the same', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    const [copy, cursor] = [await connect(true), await connect(false)];
    const sql = `SELECT d, j FROM (VALUES (date '2026-01-02', '{"a":1}'::jsonb)) AS x(d, j)`;
    expect(await all(copy, sql)).toEqual(await all(cursor, sql));
  });

  it('streams a large result in chunks, and a connection abandoned mid-way still answers its next query', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    const copy = await connect(true);
    const sql = 'SELECT i, md5(i::text) AS h FROM generate_series(1, 25000) AS i';
    const sizes: number[] = [];
    for await (const chunk of copy.rows(sql)) sizes.push(chunk.length);
    expect(sizes).toEqual([10_000, 10_000, 5_000]);
    for await (const chunk of copy.rows(sql)) {
      expect(chunk[0]).toEqual({ i: 1, h: expect.stringMatching(/^[0-9a-f]{32}$/) });
      break;
    }
    expect(await copy.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('tells a query error as the cursor does', async (ctx) => {
    await requireService(ctx, 'PostgreSQL', 5432);
    const copy = await connect(true);
    await expect(all(copy, 'SELECT * FROM datain_no_such_table')).rejects.toThrow(/does not exist/);
    await expect(all(copy, 'SELECT 1 / (i - 3) AS q FROM generate_series(1, 5) AS i')).rejects.toThrow(/division by zero/);
    expect(await copy.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
  });
});

describe('timestampText', () => {
  it.each([
    [0n, false, '2000-01-01 00:00:00'],
    [1_500_000n, true, '2000-01-01 00:00:01.5+00'],
    [-1n, false, '1999-12-31 23:59:59.999999'],
    [0x7fffffffffffffffn, true, 'infinity'],
    [-0x8000000000000000n, false, '-infinity'],
  ])('%s', (micros, withZone, text) => {
    expect(timestampText(micros, withZone)).toBe(text);
  });
});
