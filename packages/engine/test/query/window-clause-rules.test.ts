import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

// rules from the goldens of 35_time_functions_windows (TDengine 3.3.7.5's translator and executor)
describe('window clause rules', () => {
  it('SLIDING in months or years is 0x2630 whatever the interval; a SESSION gap in them 0x262B', async () => {
    for (const sql of ['select count(*) from d0 interval(1n) sliding(1n)', 'select count(*) from d0 interval(1y) sliding(1n)', 'select count(*) from d0 interval(1d) sliding(1n)']) {
      expect((await f.error(sql)).code, sql).toBe(0x2630);
    }
    expect((await f.error('select count(*) from d0 session(ts, 1n)')).code).toBe(0x262b);
  });

  it('COUNT_WINDOW must be less than INT32_MAX (0x2645)', async () => {
    expect((await f.error('select count(*) from d0 count_window(2147483647)')).code).toBe(0x2645);
  });

  it('an EVENT_WINDOW condition that is no condition is the executor\'s 0x070F', async () => {
    expect((await f.error('select count(*) from d0 event_window start with voltage end with voltage > 1')).code).toBe(0x070f);
  });

  it('a window query without a function is 0x265E; window pseudo columns beside a FILL without window 0x2658', async () => {
    expect((await f.error('select _wstart from d0 interval(1s)')).code).toBe(0x265e);
    expect((await f.error(`select _wstart, avg(voltage) from d0 where ts >= 1500000000000 and ts < 1500000005000 fill(prev)`)).code).toBe(0x2658);
  });

  it('arithmetic refuses two TIMESTAMPs, VARBINARY, and a TIMESTAMP beside text (0x0200)', async () => {
    for (const sql of ['select _wend - _wstart, count(*) from d0 interval(1s)', 'select ts - ts from d0', "select ts + '1d' from d0", 'select ts * ts from d0']) {
      expect((await f.error(sql)).code, sql).toBe(0x0200);
    }
    expect((await f.rows("select ts - 1s + 2s, ts * 2 from d0 where voltage = 219"))[0]).toEqual([1500000001000, 3000000000000]);
  });

  it('FILL(VALUE) text is read as the number it starts with, 0 without one', async () => {
    const sql = (v: string) => `select _wstart, avg(voltage) from d1 where ts >= 1500000000000 and ts < 1500000004000 interval(1s) fill(value, ${v})`;
    expect((await f.rows(sql("'abc'"))).map((r) => r[1])).toEqual([221, 0, 225, 0]);
    expect((await f.rows(sql("'12abc'"))).map((r) => r[1])).toEqual([221, 12, 225, 12]);
  });
});

describe('STATE_WINDOW ends', () => {
  it('the last window of a table ends at its last row even when that row\'s state is NULL; count(*) leaves it out', async () => {
    await f.run('CREATE TABLE test.sw (ts TIMESTAMP, s INT)');
    await f.run('INSERT INTO test.sw VALUES (1700000001000, 1) (1700000002000, NULL) (1700000003000, 1) (1700000004000, 2) (1700000005000, NULL) (1700000009000, NULL)');
    expect(await f.rows('select _wstart, _wend, _wduration, count(*) from sw state_window(s)')).toEqual([
      [1700000001000, 1700000003000, 2000, 2],
      [1700000004000, 1700000009000, 5000, 1],
    ]);
  });
});
