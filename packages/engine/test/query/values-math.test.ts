import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// Rows of p_math.t in conformance case 10_math_functions; expected values are its goldens (TDengine 3.3.7.5).
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.t (ts TIMESTAMP, i INT, d DOUBLE, u INT UNSIGNED)');
  await f.run(
    "INSERT INTO test.t VALUES ('2024-01-01 00:00:00', 0, 0.0, 0) ('2024-01-01 00:00:01', -7, -2.5, 7) ('2024-01-01 00:00:02', 9, 2.75, 100) " +
      "('2024-01-01 00:00:03', null, null, null) ('2024-01-01 00:00:04', 1, 1e308, 4294967295) ('2024-01-01 00:00:05', 64, 0.5, 1)",
  );
});

describe('MOD as C fmod (the remainder takes the dividend sign)', () => {
  it('on literals with a negative dividend or divisor', async () => {
    expect(await f.rows('select mod(-10, 3), mod(10, -3)')).toEqual([[-1, 1]]);
  });

  it('on INT, DOUBLE and a zero divisor (NULL)', async () => {
    expect(await f.rows('select mod(i, 3), mod(d, 2), mod(u, 0) from t order by ts')).toEqual([
      [0, 0, null],
      [-1, -0.5, null],
      [0, 0.75, null],
      [null, null, null],
      [1, 0, null],
      [1, 0.5, null],
    ]);
  });
});

describe('ABS, CEIL, FLOOR, ROUND, SIGN keep the argument type', () => {
  it('INT stays INT, INT UNSIGNED stays INT UNSIGNED, DOUBLE stays DOUBLE', async () => {
    const r = await f.query('select abs(i), abs(u), ceil(i), floor(u), round(i), sign(i), sign(d), sign(u) from t order by ts');
    expect(r.columns.map((c) => c.type)).toEqual(['INT', 'INT UNSIGNED', 'INT', 'INT UNSIGNED', 'INT', 'INT', 'DOUBLE', 'INT UNSIGNED']);
    expect(r.rows.map((row) => row.map((v) => (v === null ? null : Number(v))))).toEqual([
      [0, 0, 0, 0, 0, 0, 0, 0],
      [7, 7, -7, 7, -7, -1, -1, 1],
      [9, 100, 9, 100, 9, 1, 1, 1],
      [null, null, null, null, null, null, null, null],
      [1, 4294967295, 1, 4294967295, 1, 1, 1, 1],
      [64, 1, 64, 1, 64, 1, 1, 1],
    ]);
  });

  it('a literal integer or NULL is BIGINT', async () => {
    const r = await f.query('select sign(-3), abs(null), round(null)');
    expect(r.columns.map((c) => c.type)).toEqual(['BIGINT', 'BIGINT', 'BIGINT']);
    expect(r.rows.map((row) => row.map((v) => (v === null ? null : Number(v))))).toEqual([[-1, null, null]]);
  });
});

describe('TRUNC/TRUNCATE, CRC32, GREATEST with NULL', () => {
  it('TRUNC is TRUNCATE; a value too large to scale stays as it is', async () => {
    expect(await f.rows('select trunc(d, 1), truncate(d, 2), trunc(i, 0) from t order by ts')).toEqual([
      [0, 0, 0],
      [-2.5, -2.5, -7],
      [2.7, 2.75, 9],
      [null, null, null],
      [1e308, 1e308, 1],
      [0.5, 0.5, 64],
    ]);
    expect(await f.rows('select trunc(3.789, 2), trunc(-3.789, 1)')).toEqual([[3.78, -3.7]]);
  });

  it("CRC32 of the UTF-8 bytes is zlib's, INT UNSIGNED", async () => {
    const r = await f.query("select crc32('hello'), crc32(''), crc32('中文'), crc32(cast(i as varchar(10))) from t order by ts limit 1");
    expect(r.columns.map((c) => c.type)).toEqual(['INT UNSIGNED', 'INT UNSIGNED', 'INT UNSIGNED', 'INT UNSIGNED']);
    // crc32('0') = 0xF4DBDF21
    expect(r.rows).toEqual([[907060870, 0, 1510599991, 0xf4dbdf21]]);
    // an integer is its decimal text; NCHAR its UCS-4 bytes, VARBINARY its bytes (crc32 of one 0x00 byte 0xD202EF8D)
    await f.run("CREATE TABLE test.cb (ts TIMESTAMP, vb VARBINARY(4), n NCHAR(4))");
    await f.run("INSERT INTO test.cb VALUES ('2024-01-01 00:00:00', '\\x00', 'Xyz')");
    expect(await f.rows('select crc32(cast(0 as int)), crc32(n), crc32(vb) from cb')).toEqual([[0xf4dbdf21, 4131332318, 0xd202ef8d]]);
    expect((await f.error('select crc32(d) from t')).code).toBe(0x2802);
    expect((await f.error('select crc32(1, 2)')).code).toBe(0x2801);
  });

  it('GREATEST/LEAST with a NULL literal are NULL of VARCHAR(0)', async () => {
    const r = await f.query('select greatest(1, null), least(null, 2)');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['VARCHAR', 0],
      ['VARCHAR', 0],
    ]);
    expect(r.rows).toEqual([[null, null]]);
  });

  it('GREATEST/LEAST answer in the type TDengine compares the pair in (32#90-#97)', async () => {
    const r = await f.query("select greatest(i, u), least(d, i), greatest(u, 1.5), greatest(i, 'abc'), least(u, true) from t where ts = '2024-01-01 00:00:04'");
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['BIGINT', 8],
      ['DOUBLE', 8],
      ['DOUBLE', 8],
      ['VARCHAR', 23],
      ['INT UNSIGNED', 4],
    ]);
    expect(r.rows).toEqual([[4294967295n, 1, 4294967295, 'abc', 1]]);
  });
});
