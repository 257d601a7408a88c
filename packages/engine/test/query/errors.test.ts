import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryFixture } from './fixture';

let f: QueryFixture;
beforeAll(async () => {
  f = await QueryFixture.open();
});
afterAll(async () => {
  await f.close();
});

describe('query errors carry TDengine codes and messages', () => {
  it('9730 invalid column, 9731 missing table, 904 missing database, 9750 no database', async () => {
    expect(await f.error('select nosuch from meters')).toEqual({ code: 9730, message: 'Invalid column name : nosuch' });
    expect(await f.error('select * from meters where nosuch > 1')).toEqual({ code: 9730, message: 'Invalid column name : nosuch' });
    expect(await f.error('select * from d9999')).toEqual({ code: 9731, message: 'Table does not exist : d9999' });
    expect(await f.error('select * from nodb.meters')).toEqual({ code: 904, message: 'Database not exist' });
    expect(await f.error('select * from meters', {})).toEqual({ code: 9750, message: 'Database not specified' });
    expect((await f.error('select * from information_schema.ins_nothing')).code).toBe(9731);
  });

  it('9764 GROUP BY with a window, 9787 FILL without a bounded range', async () => {
    expect((await f.error('select count(*) from meters interval(1s) group by groupid')).code).toBe(9764);
    expect((await f.error('select _wstart, avg(voltage) from meters interval(1s) fill(linear)')).code).toBe(9787);
  });

  it('0x2608 invalid function parameters', async () => {
    for (const sql of [
      "select abs('x') from d0",
      'select top(voltage, 0) from d0',
      'select top(voltage, 101) from d0',
      'select diff(voltage, 4) from d0',
      'select percentile(voltage, 101) from d0',
      'select mavg(voltage, 0) from d0',
      'select count(voltage, current) from d0',
      "select statecount(voltage, 'XX', 1) from d0",
    ]) {
      expect((await f.error(sql)).code, sql).toBe(0x2608);
    }
  });

  it('plain columns with aggregates need a selection function or a GROUP BY key', async () => {
    expect((await f.error('select voltage, count(*) from d0')).code).toBe(0x260c);
    expect(await f.error('select voltage from meters group by groupid')).toEqual({ code: 0x260a, message: 'Not a GROUP BY expression' });
  });

  it('window rules: interval too small, sliding larger than interval, window pseudo columns outside windows', async () => {
    expect((await f.error('select count(*) from d0 interval(5a)')).code).toBe(0x2615);
    expect((await f.error('select count(*) from d0 interval(1s) sliding(2s)')).code).toBe(0x2631);
    expect((await f.error('select _wstart from d0')).code).toBe(9730);
  });

  it('time-series functions over merged children refuse equal timestamps', async () => {
    expect(await f.error('select diff(voltage) from meters')).toEqual({ code: 0x2805, message: 'Duplicate timestamps not allowed' });
  });

  it('unknown functions', async () => {
    expect((await f.error('select nosuchfn(voltage) from d0')).code).toBe(0x2801);
  });
});
