import { describe, expect, it } from 'vitest';
import { movingAverages } from '../../src/storage/td-functions/mavg';
import { useQueryFixture } from './fixture';

// How TDengine accumulates AVG, STDDEV, TWA and MAVG over extreme values; the rows are those of conformance case
// 33_aggregate_type_matrix's p_atm.nt and the expected values its goldens (TDengine 3.3.7.5).
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.nt (ts TIMESTAMP, ti TINYINT, ii INT, bi BIGINT, ubi BIGINT UNSIGNED, f FLOAT, d DOUBLE, b BOOL)');
  await f.run(
    "INSERT INTO test.nt VALUES ('2024-01-01 00:00:00', 1, 10, 100, 1000, 1.5, 2.25, true) ('2024-01-01 00:00:01', -3, -30, -300, 3000, -0.5, -4.5, false) " +
      "('2024-01-01 00:00:02', null, null, null, null, null, null, null) ('2024-01-01 00:00:03', 127, 2147483647, 9223372036854775807, 18446744073709551615, 3.25, 1e300, true) " +
      "('2024-01-01 00:00:04', 5, 50, 500, 0, 2.0, 8.0, false) ('2024-01-01 00:00:00.500', 2, 20, 200, 2000, 0.25, 1.0, true) " +
      "('2024-01-01 00:00:01.500', 4, 40, 400, 4000, 4.5, 16.0, true) ('2024-01-01 00:00:03.500', -128, -2147483648, -9223372036854775807, 1, -1.0, -1e300, false)",
  );
});

describe('AVG of 64-bit integers', () => {
  it('adds in time order and moves to a double sum at the first value that reaches the bound', async () => {
    // 100 + 200 − 300 + 400 = 400, then 400 + MAX overflows: 2^63 as a double, − MAX → 0, + 500 → 500 (not 900)
    expect(await f.rows('select avg(bi), avg(ubi), avg(ii) from nt')).toEqual([[500 / 7, 2635249153387080000, 12.714285714285714]]);
  });

  it('keeps the exact sum while it fits', async () => {
    expect(await f.rows("select avg(bi) from nt where ts < '2024-01-01 00:00:03'")).toEqual([[100]]);
  });
});

describe('STDDEV as TDengine sums squares', () => {
  it('wraps INT squares at 32 bits and 64-bit sums and squares at 64 bits', async () => {
    // 2147483647² is 1 in a 32-bit int; MAX² and (−MAX)² are 1 in 64 bits; the sums wrap
    expect(await f.rows('select stddev(ti), stddev(ii), stddev(bi), stddev(ubi), stddev(f) from nt')).toEqual([
      [68.2001855285046, 24.98407656153521, 249.08051316957, 1498.2984498750438, 1.8550812733172217],
    ]);
  });

  it('is NULL when a double square overflows to infinity', async () => {
    expect(await f.rows('select stddev(d) from nt')).toEqual([[null]]);
    expect(await f.rows("select stddev(d) from nt where ts < '2024-01-01 00:00:02'")).toEqual([[7.548540835817211]]);
  });
});

describe('TWA areas as twa_get_area computes them', () => {
  it('splits a segment that crosses zero at a point found from products of epoch timestamps', async () => {
    expect(await f.rows('select twa(ti), twa(ii), twa(f) from nt')).toEqual([[16.999995666503906, 268435465.1562506, 2.000000022888184]]);
  });

  it('is NULL when the area is infinite or undefined', async () => {
    expect(await f.rows('select twa(d) from nt')).toEqual([[null]]);
  });
});

describe('MAVG as one running double sum', () => {
  it('adds the new value before subtracting the leaving one, carrying rounding from window to window', async () => {
    // 2^63 absorbed 400; + (−MAX) gives 0, − 400 gives −400: −200 where the exact average is 0
    expect((await f.rows('select mavg(bi, 2) from nt')).map((r) => r[0])).toEqual([150, -50, 50, 4611686018427388000, -200, -4611686018427388000]);
    expect((await f.rows('select mavg(ubi, 2) from nt')).map((r) => r[0])).toEqual([1500, 2500, 3500, 9223372036854778000, 9223372036854776000, 0]);
    expect((await f.rows('select mavg(d, 2) from nt')).map((r) => r[0])).toEqual([1.625, -1.75, 5.75, 5e299, -8, -5e299]);
  });

  it('answers one value per full window, NULL rows skipped', async () => {
    expect((await f.rows('select mavg(ti, 3) from nt')).map((r) => r[0])).toEqual([0, 1, 128 / 3, 3 / 3, 4 / 3]);
  });
});

describe('movingAverages', () => {
  it('keeps one running sum: (sum + new) − leaving', () => {
    expect(movingAverages([2.25, 1, -4.5, 16, 1e300, -1e300, 8], 2)).toEqual([1.625, -1.75, 5.75, 5e299, -8, -5e299]);
    expect(movingAverages([1, 2], 3)).toEqual([]);
  });
});
