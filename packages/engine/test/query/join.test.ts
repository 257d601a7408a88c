import { describe, expect, it } from 'vitest';
import { useQueryFixture, T0 } from './fixture';

const f = useQueryFixture();

const S = (s: number) => T0 + s * 1000;

// d0 rows at +0..+4 s (voltage 219 218 221 220 223); d1 rows at +0, +2, +4 s (voltage 221 225 NULL).
describe('ASOF JOIN', () => {
  it('LEFT ASOF: each left row with the closest right row at or before it', async () => {
    const r = await f.query('select a.ts, a.voltage, b.ts, b.voltage from d0 a left asof join d1 b on a.ts >= b.ts order by a.ts');
    expect(r.columns.map((c) => [c.name, c.type])).toEqual([
      ['ts', 'TIMESTAMP'],
      ['voltage', 'INT'],
      ['ts', 'TIMESTAMP'],
      ['voltage', 'INT'],
    ]);
    expect(await f.rows('select a.ts, b.ts, b.voltage from d0 a left asof join d1 b on a.ts >= b.ts order by a.ts')).toEqual([
      [S(0), S(0), 221],
      [S(1), S(0), 221],
      [S(2), S(2), 225],
      [S(3), S(2), 225],
      [S(4), S(4), null],
    ]);
    // without a timestamp condition the comparison is >=
    expect(await f.rows('select a.ts, b.ts from d0 a left asof join d1 b order by a.ts')).toEqual([
      [S(0), S(0)],
      [S(1), S(0)],
      [S(2), S(2)],
      [S(3), S(2)],
      [S(4), S(4)],
    ]);
  });

  it('a strict comparison looks the other way and keeps unmatched left rows', async () => {
    expect(await f.rows('select a.ts, b.ts from d0 a left asof join d1 b on a.ts < b.ts order by a.ts')).toEqual([
      [S(0), S(2)],
      [S(1), S(2)],
      [S(2), S(4)],
      [S(3), S(4)],
      [S(4), null],
    ]);
  });

  it('RIGHT ASOF: the right table drives', async () => {
    expect(await f.rows('select b.ts, a.ts from d1 a right asof join d0 b on b.ts >= a.ts order by b.ts')).toEqual([
      [S(0), S(0)],
      [S(1), S(0)],
      [S(2), S(2)],
      [S(3), S(2)],
      [S(4), S(4)],
    ]);
  });

  it('JLIMIT n keeps the n closest rows on the side the comparison names (golden 18_subquery_join#54)', async () => {
    expect(await f.rows('select a.ts, b.ts from d0 a left asof join d1 b on a.ts >= b.ts jlimit 2 order by a.ts, b.ts')).toEqual([
      [S(0), S(0)],
      [S(1), S(0)],
      [S(2), S(0)],
      [S(2), S(2)],
      [S(3), S(0)],
      [S(3), S(2)],
      [S(4), S(2)],
      [S(4), S(4)],
    ]);
    expect(await f.rows('select a.ts, b.ts from d0 a left asof join d1 b on b.ts > a.ts jlimit 2 order by a.ts, b.ts')).toEqual([
      [S(0), S(2)],
      [S(0), S(4)],
      [S(1), S(2)],
      [S(1), S(4)],
      [S(2), S(4)],
      [S(3), S(4)],
      [S(4), null],
    ]);
  });
});

describe('WINDOW JOIN', () => {
  it('matches every right row within WINDOW_OFFSET of the left row', async () => {
    expect(await f.rows('select a.ts, b.ts from d0 a left window join d1 b window_offset(-1s, 0s) order by a.ts, b.ts')).toEqual([
      [S(0), S(0)],
      [S(1), S(0)],
      [S(2), S(2)],
      [S(3), S(2)],
      [S(4), S(4)],
    ]);
    expect(await f.rows('select a.ts, b.ts from d1 a left window join d2 b window_offset(1s, 1s) order by a.ts, b.ts')).toEqual([
      [S(0), S(1)],
      [S(2), S(3)],
      [S(4), null],
    ]);
    // the offsets in either order are the same window (golden 18_subquery_join#66)
    expect(await f.rows('select a.ts, b.ts from d0 a left window join d1 b window_offset(0s, -1s) order by a.ts, b.ts')).toEqual(
      await f.rows('select a.ts, b.ts from d0 a left window join d1 b window_offset(-1s, 0s) order by a.ts, b.ts'),
    );
    // calendar units are no offset (golden 18_subquery_join#74)
    expect(await f.error('select * from d0 a left window join d1 b window_offset(-1n, 1n)')).toEqual({ code: 0x2673, message: 'Invalid WINDOW_OFFSET unit "n"' });
    // JLIMIT n: the window's first n rows (golden 18_subquery_join#57)
    expect(await f.rows('select a.ts, b.ts from d1 a left window join d0 b window_offset(-2s, 0s) jlimit 1 order by a.ts, b.ts')).toEqual([
      [S(0), S(0)],
      [S(2), S(0)],
      [S(4), S(2)],
    ]);
  });

  it('aggregates are computed per window, one row per driving row', async () => {
    const r = await f.query('select a.ts, a.voltage, count(b.ts), max(b.voltage) from d0 a left window join d1 b window_offset(-1s, 1s)');
    expect(r.columns.map((c) => [c.name, c.type])).toEqual([
      ['ts', 'TIMESTAMP'],
      ['voltage', 'INT'],
      ['count(b.ts)', 'BIGINT'],
      ['max(b.voltage)', 'INT'],
    ]);
    expect(await f.rows('select a.ts, a.voltage, count(b.ts), max(b.voltage) from d0 a left window join d1 b window_offset(-1s, 1s)')).toEqual([
      [S(0), 219, 1, 221],
      [S(1), 218, 2, 225],
      [S(2), 221, 1, 225],
      [S(3), 220, 2, 225],
      [S(4), 223, 1, null],
    ]);
  });
});

describe('join conditions, as TDengine joins time series', () => {
  it('an inner, outer or comma join needs a primary timestamp equality (0x2664); none at all is a cross join (0x2702)', async () => {
    const needsTs = "Not supported join since 'Join requires valid time series input and primary timestamp equal condition'";
    for (const sql of [
      'select * from d0 a join d1 b on a.voltage = b.voltage',
      'select * from d0 a left join d1 b on a.ts > b.ts',
      'select * from d0 a full join d1 b on a.voltage = b.voltage',
      'select * from d0 a, d1 b where a.voltage = b.voltage',
    ]) {
      expect(await f.error(sql)).toEqual({ code: 0x2664, message: needsTs });
    }
    for (const sql of ['select * from d0 a join d1 b', 'select * from d0 a, d1 b', 'select * from d0 natural join d1']) {
      expect(await f.error(sql)).toEqual({ code: 0x2702, message: 'not support cross join' });
    }
    expect(await f.rows('select a.ts, b.voltage from d0 a, d1 b where a.ts = b.ts order by a.ts')).toEqual([
      [S(0), 221],
      [S(2), 225],
      [S(4), null],
    ]);
  });

  it('RIGHT SEMI / RIGHT ANTI keep the right rows with / without a timestamp twin on the left', async () => {
    await f.run("insert into d1 values ('2026-01-01 00:00:00', 1, 1, 1)", 'test');
    const lone = await f.rows("select ts from d1 where ts = '2026-01-01 00:00:00'");
    expect(await f.rows('select b.ts from d0 a right semi join d1 b on a.ts = b.ts order by b.ts')).toEqual([[S(0)], [S(2)], [S(4)]]);
    expect(await f.rows('select b.ts, a.ts from d0 a right anti join d1 b on a.ts = b.ts order by b.ts')).toEqual([[lone[0][0], null]]);
    await f.run("delete from d1 where ts = '2026-01-01 00:00:00'", 'test');
  });

  it('two FROM items known by one name are 0x2663; JLIMIT after an inner join is a syntax error', async () => {
    expect(await f.error('select a.ts from d0 a join d1 a on a.ts = a.ts')).toEqual({ code: 0x2663, message: "Not unique table/alias: 'a'" });
    expect((await f.error('select * from d0 a inner join d1 b on a.ts = b.ts jlimit 2')).code).toBe(0x2600);
  });
});

describe('qualified column names', () => {
  it('a qualifier that names no FROM item is 9731 "Table does not exist: x", as TDengine translates it', async () => {
    expect(await f.error('select x.voltage from d0')).toEqual({ code: 0x2603, message: 'Table does not exist: x' });
    expect(await f.error('select a.voltage from d0 b')).toEqual({ code: 0x2603, message: 'Table does not exist: a' });
    expect(await f.rows('select d0.voltage from d0 order by ts limit 1')).toEqual([[219]]);
  });
});
