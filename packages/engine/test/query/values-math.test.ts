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
