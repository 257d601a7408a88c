import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// SUM/AVG on TDengine's numeric types and CAST to DECIMAL's metadata; expected values are the conformance goldens
// (02_types_numeric#100, 04_types_geometry_decimal_json#43–#45, #54–#58).
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.dec (ts TIMESTAMP, d1 DECIMAL(10,2), d4 DECIMAL(5,0), bi BIGINT)');
  await f.run(
    "INSERT INTO test.dec VALUES ('2024-01-01 00:00:00', 1.25, 123, 4) ('2024-01-01 00:00:01', -99999999.99, -99999, -9223372036854775808) " +
      "('2024-01-01 00:00:02', 0.01, 0, -100) ('2024-01-01 00:00:03', 12.34, 1, null) ('2024-01-01 00:00:04', null, null, null) " +
      "('2024-01-01 00:00:05', 3.14, 42, null) ('2024-01-01 00:00:06', 100, 100, null) ('2024-01-01 00:00:07', 0.02, 99999, null)",
  );
});

describe('SUM and AVG', () => {
  it('sum a DECIMAL as DECIMAL(38, s) and average it as DECIMAL(38, 6), rounded', async () => {
    const r = await f.query('select sum(d1), sum(d4), avg(d1), avg(d4) from dec');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['DECIMAL(38,2)', 16],
      ['DECIMAL(38,0)', 16],
      ['DECIMAL(38,6)', 16],
      ['DECIMAL(38,6)', 16],
    ]);
    expect(r.rows[0].map(String)).toEqual(['-99999883.23', '266', '-14285697.604286', '38.000000']);
  });

  it('wraps a BIGINT sum past its range as int64 does', async () => {
    expect(await f.rows('select sum(bi) from dec')).toEqual([[Number(9223372036854775712n)]]);
    const exact = await f.query('select sum(bi) from dec');
    expect(exact.rows).toEqual([[9223372036854775712n]]);
  });

  it('reports a CAST to DECIMAL 64 bytes wide', async () => {
    const r = await f.query('select cast(1.23456 as decimal(10,3)), cast(12 as decimal(4,1))');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['DECIMAL(10,3)', 64],
      ['DECIMAL(4,1)', 64],
    ]);
    expect(r.rows[0].map(String)).toEqual(['1.235', '12.0']);
  });
});

describe('DECIMAL arithmetic', () => {
  it('is exact, typed by the decimal rules, and 16 bytes wide', async () => {
    const r = await f.query('select d1 + d4, d1 * 2, d4 / 3, d1 + 1.5 from dec order by ts');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['DECIMAL(11,2)', 16],
      ['DECIMAL(30,2)', 16],
      ['DECIMAL(25,20)', 16],
      ['DOUBLE', 8],
    ]);
    const text = (v: unknown) => (v === null ? null : String(v));
    expect(r.rows.map((row) => row.slice(0, 3).map(text))).toEqual([
      ['124.25', '2.50', '41.00000000000000000000'],
      ['-100099998.99', '-199999999.98', '-33333.00000000000000000000'],
      ['0.01', '0.02', '0.00000000000000000000'],
      ['13.34', '24.68', '0.33333333333333333333'],
      [null, null, null],
      ['45.14', '6.28', '14.00000000000000000000'],
      ['200.00', '200.00', '33.33333333333333333333'],
      ['99999.02', '0.04', '33333.00000000000000000000'],
    ]);
  });
});
