import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// Arithmetic as TDengine's scalar vectors compute it (sclvector.c); expected values are 02_types_numeric's goldens.
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.n (ts TIMESTAMP, ubi BIGINT UNSIGNED, i INT)');
  await f.run("INSERT INTO test.n VALUES ('2024-01-01 00:00:01', 18446744073709551614, 7) ('2024-01-01 00:00:02', 19, -7) ('2024-01-01 00:00:03', 5, null)");
});

describe('numeric operators', () => {
  it('computes % as a − trunc(a / b) × b in DOUBLE, with the sign of the dividend and NULL for a zero divisor', async () => {
    expect(await f.rows('select ubi % 10, i % 3, i % 0 from n order by ts')).toEqual([
      [0, 1, null],
      [9, -1, null],
      [5, null, null],
    ]);
  });

  it('reads text in arithmetic as strtod does', async () => {
    const r = await f.query("select '10' + 1, 'abc' + 1, '2.5x' * 2");
    expect(r.columns.map((c) => c.type)).toEqual(['DOUBLE', 'DOUBLE', 'DOUBLE']);
    expect(r.rows).toEqual([[11, 1, 5]]);
  });

  it('types a negative integer literal BIGINT down to its minimum', async () => {
    const r = await f.query('select -9223372036854775808, -5, -18446744073709551615');
    expect(r.columns.map((c) => c.type)).toEqual(['BIGINT', 'BIGINT', 'DOUBLE']);
    expect(r.rows).toEqual([[-9223372036854775808n, -5n, -Number(18446744073709551615n)]]);
  });

  it('reads a NULL operand of | as 0 and keeps NULL for &', async () => {
    expect(await f.rows('select i | 8, i & 3, i | 1 from n order by ts')).toEqual([
      [15, 3, 7],
      [-7, 1, -7],
      [8, null, 1],
    ]);
  });

  it('compares a text column with a number as the number it starts with, BOOL with a FLOAT as 0/1 (34#64-#67)', async () => {
    await f.run('CREATE TABLE test.cmp (ts TIMESTAMP, vc VARCHAR(8), b BOOL, fl FLOAT, i INT)');
    await f.run("INSERT INTO test.cmp VALUES ('2024-01-01 00:00:01', '12abc', true, 2.5, 70000) ('2024-01-01 00:00:02', '', false, -0.5, -5)");
    expect(await f.rows('select vc < i, vc >= i, vc = 12, b < fl, b >= fl from cmp order by ts')).toEqual([
      [true, false, true, true, false],
      [false, true, false, false, true],
    ]);
  });
});

