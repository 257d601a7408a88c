import { describe, expect, it } from 'vitest';
import { T0, useQueryFixture } from './fixture';

const f = useQueryFixture();

describe('query errors carry TDengine codes and messages', () => {
  it('9730 invalid column, 9731 missing table, 904 missing database, 9750 no database', async () => {
    expect(await f.error('select nosuch from meters')).toEqual({ code: 9730, message: 'Invalid column name : nosuch' });
    expect(await f.error('select * from meters where nosuch > 1')).toEqual({ code: 9730, message: 'Invalid column name : nosuch' });
    expect(await f.error('select * from d9999')).toEqual({ code: 9731, message: 'Table does not exist : d9999' });
    expect(await f.error('select * from nodb.meters')).toEqual({ code: 904, message: 'Database not exist' });
    expect(await f.error('select * from meters', {})).toEqual({ code: 9750, message: 'Database not specified' });
    expect((await f.error('select * from information_schema.ins_nothing')).code).toBe(9731);
  });

  it('names over a subquery: tbname it does not pass on is 9804, an unaliased expression has no name (9730)', async () => {
    expect(await f.error('select tbname, count(*) from (select * from meters) partition by tbname')).toEqual({ code: 9804, message: 'Invalid tbname pseudo column' });
    expect(await f.rows('select tbname from (select tbname, voltage from d0) limit 1')).toEqual([['d0']]);
    // TDengine names `count(*)` of a subquery by a hash of its text: only `*` reaches it (29_nested_queries#54, #56)
    expect(await f.error('select `count(*)` from (select count(*) from d0)')).toEqual({ code: 9730, message: 'Invalid column name : count(*)' });
    expect(await f.rows('select * from (select count(*) from d0)')).toEqual([[5]]);
    expect(await f.rows('select n from (select count(*) n from d0)')).toEqual([[5]]);
  });

  it('9764 GROUP BY with a window, 9787 FILL without a bounded range', async () => {
    expect((await f.error('select count(*) from meters interval(1s) group by groupid')).code).toBe(9764);
    expect((await f.error('select _wstart, avg(voltage) from meters interval(1s) fill(linear)')).code).toBe(9787);
  });

  it('the function checker: count 0x2801, type 0x2802, value 0x2803, range 0x2811, as TDengine', async () => {
    const cases: [string, number][] = [
      ['select count(voltage, current) from d0', 0x2801],
      ['select abs(voltage, 1) from d0', 0x2801],
      ['select percentile(voltage) from d0', 0x2801],
      ["select abs('x') from d0", 0x2802],
      ['select sum(location) from meters', 0x2802],
      ["select top(voltage, 'x') from d0", 0x2802],
      ["select substr(location, 'a') from meters", 0x2802],
      ["select histogram(location, 'user_input', '[1, 2]', 0) from d0", 0x2802],
      ['select diff(voltage, 4) from d0', 0x2803],
      ["select statecount(voltage, 'XX', 1) from d0", 0x2803],
      ["select histogram(voltage, 'bogus', '[1, 2]', 0) from d0", 0x2803],
      ['select top(voltage, 0) from d0', 0x2811],
      ['select top(voltage, 101) from d0', 0x2811],
      ['select percentile(voltage, 101) from d0', 0x2811],
      ['select mavg(voltage, 0) from d0', 0x2811],
      ['select derivative(voltage, 0s, 0) from d0', 0x2811],
      // another time-series function after DIFF (43_time_series_edges: the other order and DIFF twice are taken)
      ['select diff(voltage), derivative(voltage, 1s, 0) from d0', 0x2680],
      ['select mavg(voltage, 2), mavg(current, 2) from d0', 0x264f],
      ["select histogram(voltage, 'user_input', '[30, 20]', 0) from d0", 0x2800],
      ['select timetruncate(ts, 1n) from d0', 0x280a],
      ['select elapsed(ts, 1y) from d0', 0x280a],
      // a time unit is 1 of a unit, nothing else (golden 08_aggregates#66); DERIVATIVE's interval takes any length
      ['select elapsed(ts, 10s) from d0', 0x280a],
      ["select stateduration(voltage, 'GE', 220, 2s) from d0", 0x280a],
      ['select timetruncate(ts, 1000) from d0', 0x280a],
      ['select timetruncate(ts, 1u) from d0', 0x280b],
      ['select max(ts) from d0', 0x2802],
      ['select abs(true)', 0x2802],
      ['select timetruncate(current, 1s) from d0', 0x2802],
      ['select interp(location) from d0 range(1500000000000, 1500000004000) every(1s) fill(prev)', 0x2802],
      ["select week('2024-01-01', 8)", 0x2803],
      ['select timetruncate(ts, 1d, 2) from d0', 0x2803],
      ['select cast(1 as varchar(0))', 0x2800],
      ['select cast(1 as varchar(65518))', 0x2800],
      ["select to_iso8601(0, 'bogus')", 0x2800],
      ["select to_timestamp(null, 'yyyy')", 0x2802],
    ];
    for (const [sql, code] of cases) expect((await f.error(sql)).code, sql).toBe(code);
  });

  it('PERCENTILE reads one child or normal table only (0x265F; 30_console_functions#49)', async () => {
    expect(await f.error('select percentile(voltage, 50) from meters')).toEqual({ code: 0x265f, message: 'percentile is only supported in single table query' });
    expect((await f.error('select percentile(voltage, 50) from (select * from d0)')).code).toBe(0x265f);
    expect(await f.rows('select percentile(voltage, 50) from d0')).toEqual([[220]]);
  });

  it('an empty argument list is a syntax error (but for NOW() & co.), IF is a keyword', async () => {
    for (const sql of ['select count() from d0', 'select abs() from d0', 'select md5() from d0', 'select if(voltage > 1, 1, 2) from d0']) {
      expect((await f.error(sql)).code, sql).toBe(0x2600);
    }
    expect((await f.rows('select pi() > 3'))[0]).toEqual([true]);
  });

  it('where a function may stand: aggregates nowhere but the select list, no nesting, no mixing', async () => {
    expect(await f.error('select count(*) from meters where count(*) > 1')).toEqual({ code: 0x2608, message: "There mustn't be aggregation" });
    expect((await f.error('select count(*) from meters group by count(*)')).code).toBe(0x2608);
    // GROUP BY n is the n-th select-list expression: here count(*)
    expect((await f.error('select count(*) from meters group by 1')).code).toBe(0x2608);
    expect(await f.rows('select groupid, count(*) from meters group by 1 order by groupid')).toEqual([[1, 7], [2, 3]]);
    expect((await f.error('select sum(sum(voltage)) from d0')).code).toBe(0x2627);
    expect((await f.error('select top(voltage, 2), bottom(voltage, 2) from d0')).code).toBe(0x264f);
    expect((await f.error('select diff(voltage) from d0 interval(1s)')).code).toBe(0x264f);
    expect((await f.error('select diff(voltage), count(*) from d0')).code).toBe(0x264f);
    // time-series functions returning different row counts (DIFF drops the first row, CSUM not): 09_selection#91
    expect((await f.error('select diff(voltage), csum(voltage) from d0')).code).toBe(0x264f);
    expect((await f.error('select mavg(voltage, 2), csum(voltage) from d0')).code).toBe(0x264f);
    expect(await f.rows('select diff(voltage), diff(current) from d0 limit 1')).toHaveLength(1);
  });

  it('window and INTERP clause refusals carry the translator\'s codes', async () => {
    expect((await f.error('select count(*) from d0 interval(10s, 10s)')).code).toBe(0x262f);
    expect((await f.error('select count(*) from d0 state_window(current)')).code).toBe(0x2628);
    expect((await f.error('select count(*) from d0 count_window(1)')).code).toBe(0x2645);
    expect((await f.error('select interp(voltage) from d0')).code).toBe(0x265d);
    expect((await f.error('select * from d0 a left window join d1 b')).code).toBe(0x2601);
    expect(await f.error('select * from d0 a left asof join d1 b on a.ts >= b.ts jlimit 2000')).toEqual({ code: 0x0200, message: 'JLIMIT value is out of valid range [0, 1024]' });
    expect((await f.error('select * from d0 a left asof join d1 b on a.ts >= b.ts and a.voltage < b.voltage')).code).toBe(0x0733);
    expect((await f.error('select * from d0 a left anti join d1 b on a.voltage = b.voltage')).code).toBe(0x2664);
  });

  it('plain columns with aggregates need a selection function or a GROUP BY key', async () => {
    expect((await f.error('select voltage, count(*) from d0')).code).toBe(0x260c);
    expect(await f.error('select voltage from meters group by groupid')).toEqual({ code: 0x260a, message: 'Not a GROUP BY expression' });
    // exactly one selection function and no other aggregate (23_errors#111: last(*) is one per column)
    expect(await f.error('select last(*), voltage from meters group by groupid')).toEqual({ code: 0x260a, message: 'Not a GROUP BY expression' });
    expect((await f.error('select max(voltage), min(voltage), ts from d0')).code).toBe(0x260c);
    expect((await f.error('select max(voltage), count(*), ts from d0')).code).toBe(0x260c);
    expect(await f.rows('select max(voltage), ts from d0')).toEqual([[223, T0 + 4000]]);
  });

  it('window rules: interval too small, sliding larger than interval, window pseudo columns outside windows', async () => {
    expect((await f.error('select count(*) from d0 interval(1u)')).code).toBe(0x2615);
    expect((await f.error('select count(*) from d0 interval(0s)')).code).toBe(0x2615);
    expect(await f.rows('select count(*) from d0 interval(1a)')).toHaveLength(5);
    expect((await f.error('select count(*) from d0 interval(1s) sliding(2s)')).code).toBe(0x2631);
    expect((await f.error('select _wstart from d0')).code).toBe(0x2658);
    expect((await f.error('select count(*) from d0 interval(1s) sliding(0s)')).code).toBe(0x2632);
    expect(await f.error('select voltage from d0 interval(1s)')).toEqual({ code: 0x2667, message: 'Invalid usage of expr: voltage' });
    expect((await f.error('select count(*) from d0 interval(1s) order by voltage')).code).toBe(0x2667);
    expect((await f.error('select _wend - _wstart from d0 interval(1s)')).code).toBe(0x0200);
    expect((await f.error('select * from d0 having voltage > 1')).code).toBe(0x260a);
    // 1000 years at most (23_errors#99), calendar units too
    expect(await f.error('select count(*) from d0 interval(1000000000d)')).toEqual({ code: 0x261b, message: 'Interval cannot be more than 1000 years' });
    expect((await f.error('select count(*) from d0 interval(1001y)')).code).toBe(0x261b);
    expect(await f.rows('select count(*) from d0 interval(365000d)')).toEqual([[5]]);
    // a subquery without a timestamp gives the window nothing to run on (29_nested_queries#49)
    expect(await f.error('select _wstart, count(*) from (select voltage from d0) interval(1m)')).toEqual({
      code: 0x2650,
      message: 'Window query not supported, since not valid primary timestamp column as input',
    });
  });

  it('time-series functions over merged children refuse equal timestamps', async () => {
    expect(await f.error('select diff(voltage) from meters')).toEqual({ code: 0x2805, message: 'Duplicate timestamps not allowed in function' });
    // TWA too (08_aggregates#105), but not per table
    expect((await f.error('select twa(voltage) from meters')).code).toBe(0x2805);
    expect(await f.rows('select tbname, twa(voltage) from meters partition by tbname order by tbname')).toHaveLength(3);
    // IRATE as TWA: a timestamp two children share with values (42_composite_key_functions#47); one with a NULL is no
    // duplicate (#48)
    expect((await f.error('select irate(voltage) from meters')).code).toBe(0x2805);
    expect(await f.rows('select irate(voltage) from meters where ts >= 1500000004000')).toEqual([[0]]);
    expect(await f.rows('select tbname, irate(voltage) from meters partition by tbname order by tbname')).toHaveLength(3);
  });

  it('where TDengine answers with a value, the engine does too instead of a DuckDB refusal', async () => {
    expect(await f.rows("select sqrt(-1), ln(0), log(-1, 10), log(1, 1), asin(2), acos(-2)")).toEqual([[null, null, null, null, null, null]]);
    const { rows } = await f.query('select abs(cast(-128 as tinyint)), ceil(9223372036854775807), floor(-9223372036854775807), round(5)');
    expect(rows.map((r) => r.map(String))).toEqual([['-128', '9223372036854775807', '-9223372036854775807', '5']]);
    expect(await f.rows("select greatest('a', 'b')")).toEqual([['b']]);
    expect(await f.rows("select to_unixtimestamp('not a date'), to_unixtimestamp(location) from d0 limit 1")).toEqual([[null, null]]);
    expect(await f.rows('select cast(location as timestamp) from d0 limit 1')).toEqual([[0]]);
    expect((await f.rows('select voltage from d0 limit 9223372036854775808')).length).toBe(5);
    // generated SQL DuckDB refused: an infinite literal written `Infinity`, ORDER BY a constant
    expect(await f.rows('select 1e309 > 1, 99999999999999999999999999 > 1')).toEqual([[true, true]]);
    expect((await f.rows("select voltage from d0 order by 'x'")).length).toBe(5);
  });

  it('unknown functions are 884 "Func not exists", also those TDengine 3.3.7.5 lacks (COALESCE, IFNULL, NVL)', async () => {
    for (const sql of ['select nosuchfn(voltage) from d0', 'select coalesce(voltage, 0) from d0', 'select ifnull(voltage, 0) from d0', 'select nvl(voltage, 0) from d0']) {
      expect(await f.error(sql), sql).toEqual({ code: 884, message: 'Func not exists' });
    }
  });
});
