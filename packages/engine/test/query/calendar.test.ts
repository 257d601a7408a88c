import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture(async () => {
  // Rows either side of New York's month boundaries (EST −5 in winter, EDT −4 in summer).
  await f.run('CREATE TABLE test.cal (ts TIMESTAMP, v INT)');
  await f.run(
    "INSERT INTO test.cal VALUES ('2024-01-31T23:00:00Z', 1) ('2024-02-01T04:30:00Z', 2) ('2024-02-01T05:30:00Z', 3) ('2024-07-01T03:30:00Z', 4) ('2024-07-01T04:30:00Z', 5)",
  );
});

async function rows(sql: string, tz?: string): Promise<unknown[][]> {
  const r = await f.query(sql, { db: 'test', tz });
  return r.rows.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
}

describe('calendar windows in the connection time zone', () => {
  it('months start at local midnight of the first day, following DST', async () => {
    const sql = 'select _wstart, _wend, count(*) from cal interval(1n)';
    expect(await rows(sql, 'America/New_York')).toEqual([
      [Date.UTC(2024, 0, 1, 5), Date.UTC(2024, 1, 1, 5), 2],
      [Date.UTC(2024, 1, 1, 5), Date.UTC(2024, 2, 1, 5), 1],
      [Date.UTC(2024, 5, 1, 4), Date.UTC(2024, 6, 1, 4), 1],
      [Date.UTC(2024, 6, 1, 4), Date.UTC(2024, 7, 1, 4), 1],
    ]);
    // without a zone the windows are UTC months
    expect(await rows(sql)).toEqual([
      [Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1), 1],
      [Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1), 2],
      [Date.UTC(2024, 6, 1), Date.UTC(2024, 7, 1), 2],
    ]);
    expect(await rows('select _wstart, _wend, count(*) from cal interval(1y)', 'Asia/Shanghai')).toEqual([
      [Date.UTC(2023, 11, 31, 16), Date.UTC(2024, 11, 31, 16), 5],
    ]);
  });

  it('FILL generates the local months of the range', async () => {
    const sql = "select _wstart, count(*) from cal where ts >= '2024-01-01' and ts < '2024-05-01' interval(1n) fill(value, 0)";
    expect(await rows(sql, 'America/New_York')).toEqual([
      [Date.UTC(2024, 0, 1, 5), 2],
      [Date.UTC(2024, 1, 1, 5), 1],
      [Date.UTC(2024, 2, 1, 5), 0],
      [Date.UTC(2024, 3, 1, 4), 0],
    ]);
  });
});

describe('calendar INTERVAL with a fixed SLIDING', () => {
  it('a window starts every slide and lasts the months; windows back to the first that misses the row (14_interval_fill#78)', async () => {
    // 2024-02-01 04:30 lies in the one-month windows starting Jan 2 … Feb 1 (Jan 1 + 1n ends Feb 1 00:00)
    const r = await rows("select _wstart, _wend, count(*) from cal where ts >= '2024-02-01' and ts < '2024-02-01 05:00' interval(1n) sliding(1d)");
    expect(r).toHaveLength(31);
    expect(r[0]).toEqual([Date.parse('2024-01-02T00:00:00Z'), Date.parse('2024-02-02T00:00:00Z'), 1]);
    expect(r[30]).toEqual([Date.parse('2024-02-01T00:00:00Z'), Date.parse('2024-03-01T00:00:00Z'), 1]);
    // the day clamps to the shorter month: [Jan 31, Feb 29) does not reach Mar 1
    expect(await rows("select _wstart, _wend, count(*) from cal where ts < '2024-02-01' interval(1n) sliding(1d) order by _wstart desc limit 1")).toEqual([
      [Date.parse('2024-01-31T00:00:00Z'), Date.parse('2024-02-29T00:00:00Z'), 1],
    ]);
    expect((await f.error('select count(*) from cal interval(1n) sliding(29d)')).code).toBe(0x2631);
  });
});
