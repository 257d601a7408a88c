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
