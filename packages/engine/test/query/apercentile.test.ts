import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// The rows of conformance case 30_console_functions' p_cf.st; expected values are its goldens (TDengine 3.3.7.5).
const f = useQueryFixture(async () => {
  await f.run('CREATE STABLE test.st (ts TIMESTAMP, v INT) TAGS (site VARCHAR(8))');
  await f.run(
    "INSERT INTO test.t1 USING test.st TAGS ('alpha') VALUES ('2024-10-01 00:00:00', 5) ('2024-10-01 00:00:20', 3) " +
      "('2024-10-01 00:00:40', 8) ('2024-10-01 00:01:10', 8) ('2024-10-01 00:02:30', 2) ('2024-10-01 00:04:00', 9) ('2024-10-01 00:04:30', null)",
  );
  await f.run(
    "INSERT INTO test.t2 USING test.st TAGS ('beta') VALUES ('2024-10-01 00:00:10', 50) ('2024-10-01 00:01:00', 40) " +
      "('2024-10-01 00:01:50', 60) ('2024-10-01 00:03:20', 55)",
  );
});

describe('APERCENTILE: TDengine histogram estimate', () => {
  it('interpolates between neighbouring bins as tHistogramUniform, not as the exact quantile', async () => {
    // the exact median is 8.5 (PERCENTILE reads one table only: over st it is 0x265F, as in TDengine)
    expect(await f.rows('select apercentile(v, 50) from st')).toEqual([[8]]);
    expect(await f.rows('select _wstart, apercentile(v, 50) from st interval(1m) order by _wstart')).toEqual([
      [Date.parse('2024-10-01T00:00:00Z'), 5],
      [Date.parse('2024-10-01T00:01:00Z'), 24],
      [Date.parse('2024-10-01T00:02:00Z'), 2],
      [Date.parse('2024-10-01T00:03:00Z'), 55],
      [Date.parse('2024-10-01T00:04:00Z'), 9],
    ]);
    // equal counts in both bins: linear within the bin (3, 5, 8 at 50 %: 3 + (5 − 3) × 0.5)
    expect(await f.rows("select apercentile(v, 50) from st where tbname = 't1' and ts < '2024-10-01 00:01:00'")).toEqual([[4]]);
  });

  it('gives the minimum up to the first bin, the maximum at 100, NULL without values', async () => {
    expect(await f.rows('select apercentile(v, 0), apercentile(v, 5), apercentile(v, 100), apercentile(v, 50, \'t-digest\') from st')).toEqual([[2, 2, 60, 8]]);
    expect(await f.rows("select apercentile(v, 50) from st where ts > '2024-10-01 00:04:10'")).toEqual([[null]]);
  });

  it('uses the growing bin formula when the next bin holds more values (8 twice after 5 once)', async () => {
    // values 2 3 5 8 8 9, N = 3.6: bins 5 (1) and 8 (2), t = 3, δ = 0.6 → 5 + 3 × (−2 + √(4 + 4.8)) / 2
    const [[v]] = await f.rows("select apercentile(v, 60) from st where tbname = 't1'");
    expect(v).toBeCloseTo(5 + 3 * ((-2 + Math.sqrt(4 + 8 * 0.6)) / 2), 12);
  });
});
