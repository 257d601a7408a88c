import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// Rows of p_ct.t in conformance case 12_conversion_time; expected values are its goldens (TDengine 3.3.7.5).
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.t (ts TIMESTAMP, i INT, d DOUBLE, u BIGINT UNSIGNED)');
  await f.run(
    "INSERT INTO test.t VALUES ('2024-02-29 12:34:56.789', 42, 3.99, 18446744073709551614) ('2024-12-31 23:59:59.999', -1, -0.5, 0) " +
      "('2017-07-04 00:00:00.000', 0, 0, 1) ('2024-01-01 00:00:00.000', null, null, null) ('2019-06-15 06:07:08.009', 2147483647, 1e20, 255)",
  );
});

const column = async (sql: string): Promise<unknown[]> => (await f.rows(sql)).map((r) => r[0]);

describe('CAST to an integer wraps as TDengine does', () => {
  it('wraps an integer to the target width', async () => {
    expect(await f.rows('select cast(300 as tinyint), cast(-1 as int unsigned), cast(256 as tinyint unsigned)')).toEqual([[44, 4294967295, 0]]);
    expect(await column('select cast(i as tinyint) from t order by ts')).toEqual([0, -1, null, 42, -1]);
    expect(await column('select cast(i as smallint unsigned) from t order by ts')).toEqual([0, 65535, null, 42, 65535]);
    expect(await column('select cast(u as bigint) from t order by ts')).toEqual([1, 255, null, -2, 0]);
    expect(await column('select cast(u as int unsigned) from t order by ts')).toEqual([1, 255, null, 4294967294, 0]);
    // a TIMESTAMP wraps as its BIGINT count does (1709210096789 ms keeps its low 32 / 8 / 16 bits)
    expect(await f.rows("select cast(ts as int), cast(ts as tinyint), cast(ts as smallint unsigned) from t where ts = '2024-02-29 12:34:56.789'")).toEqual([[-186887019, -107, 21653]]);
    // text's numeric prefix wraps into a narrower integer too (2024 is 0x7E8)
    expect(await f.rows("select cast(' 2024-02-29' as tinyint), cast('70000x' as smallint unsigned), cast('12abc' as bigint)")).toEqual([[-24, 4464, 12]]);
  });

  it('gives the minimum for a float out of range, truncating one in range', async () => {
    expect(await column('select cast(d as int) from t order by ts')).toEqual([0, -2147483648, null, 3, 0]);
    expect(await column('select cast(d as bigint) from t order by ts')).toEqual([0, -9223372036854775808, null, 3, 0]);
    expect(await column('select cast(d as tinyint unsigned) from t order by ts')).toEqual([0, 0, null, 3, 0]);
    expect(await f.rows('select cast(9.99e18 as bigint), cast(1e30 as bigint)')).toEqual([[-9223372036854775808, -9223372036854775808]]);
  });
});

describe('CAST of a float to text', () => {
  it('writes a whole value without a fraction', async () => {
    expect(await column('select cast(d as varchar(30)) from t order by ts')).toEqual(['0', '1e+20', null, '3.99', '-0.5']);
  });
});

describe('CAST of text to BOOL', () => {
  it('reads the text as a number (12_conversion_time#50: cast(\'true\' as bool) is false)', async () => {
    expect(await f.rows("select cast('true' as bool), cast('2' as bool), cast('0.5x' as bool), cast('' as bool)")).toEqual([[false, true, true, false]]);
  });
});

describe('CAST of text to DOUBLE reads as strtod', () => {
  it("NAN and INF in any case (12_conversion_time#60: cast('nan' as double) is null in REST)", async () => {
    const [row] = await f.rows("select cast('nan' as double), cast(' -Inf' as double), cast('infinity' as double), cast('nano' as double), cast('nan' as int), cast('1.5nan' as double)");
    expect(row).toEqual([NaN, -Infinity, Infinity, NaN, 0, 1.5]);
  });
});

describe('CAST to DECIMAL as TDengine folds it or not', () => {
  it('reports 64 bytes for a folded constant, 8/16 for a column, and takes any precision there (12#74)', async () => {
    const folded = await f.query('select cast(12 as decimal(4,1))');
    expect(folded.columns.map((c) => [c.type, c.length])).toEqual([['DECIMAL(4,1)', 64]]);
    const r = await f.query('select cast(i as decimal(50,2)), cast(i as decimal(10,2)) from t order by ts');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([['DECIMAL(50,2)', 16], ['DECIMAL(10,2)', 8]]);
    expect(r.rows.map((row) => (row[0] === null ? null : String(row[0])))).toEqual(['0.00', '2147483647.00', null, '42.00', '-1.00']);
    expect((await f.error('select cast(1.5 as decimal(40,2))')).code).toBe(317);
  });
});

describe('CAST of a number to GEOMETRY', () => {
  it('keeps the number\'s text as bytes, unparsed (12_conversion_time#73: 0x31)', async () => {
    const r = await f.query('select cast(1 as geometry(10)), cast(i as geometry(3)) from t order by ts limit 2');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([['GEOMETRY', 10], ['GEOMETRY', 3]]);
    expect(r.rows.map((row) => row.map((v) => Buffer.from(v as Uint8Array).toString()))).toEqual([['1', '0'], ['1', '214']]);
  });
});

describe('CAST to VARBINARY', () => {
  it('takes VARCHAR only: numbers, BOOL, TIMESTAMP and NCHAR are 0x2802', async () => {
    expect(await f.rows("select cast('ab' as varbinary(4))")).toEqual([[new Uint8Array([0x61, 0x62])]]);
    for (const e of ['i', 'd', 'u', 'ts', 'true', "cast('ab' as nchar(2))"]) {
      expect((await f.error(`select cast(${e} as varbinary(8)) from t`)).code, e).toBe(0x2802);
    }
  });
});
