import { describe, expect, it } from 'vitest';
import { planQuery } from '../../src/query/planner/select';
import { parse, type QueryExpression } from '../../src/sql';
import { useQueryFixture, T0 } from './fixture';

const f = useQueryFixture();

const shape = async (sql: string) => (await f.query(sql)).columns.map((c) => [c.name, c.type]);

describe('COLS(func(expr), out...)', () => {
  it('returns the output expressions of the row the selection function picks, one column each', async () => {
    expect(await shape('select cols(max(current), ts, voltage) from d0')).toEqual([
      ['ts', 'TIMESTAMP'],
      ['voltage', 'INT'],
    ]);
    // the largest current (12.6) is the second row
    expect(await f.rows('select cols(max(current), ts, voltage) from d0')).toEqual([[T0 + 1000, 218]]);
    // LAST skips the NULL current of the fourth row; FIRST picks the oldest
    expect(await f.rows('select cols(last(current), ts) as t, cols(first(voltage), voltage + 1) from d0')).toEqual([[T0 + 4000, 220]]);
    expect(await shape('select cols(last(current), ts) as t, cols(first(voltage), voltage + 1) from d0')).toEqual([
      ['t', 'TIMESTAMP'],
      ['voltage + 1', 'DOUBLE'],
    ]);
  });

  it('plain columns next to COLS ride along with its selection function; per partition', async () => {
    expect(await f.rows('select cols(min(voltage), voltage), ts from d0')).toEqual([[218, T0 + 1000]]);
    expect(await f.rows('select tbname, cols(min(voltage), ts) from meters partition by tbname order by tbname')).toEqual([
      ['d0', T0 + 1000],
      ['d1', T0],
      ['d2', T0 + 3000],
    ]);
  });

  it('COLS over LAST per table takes the LAST fast path and reads each table\'s own newest row', async () => {
    const sql = 'select tbname, cols(last(voltage), ts, voltage) from meters partition by tbname';
    expect(await f.rows(sql)).toEqual([
      ['d0', T0 + 4000, 223],
      ['d1', T0 + 2000, 225],
      ['d2', T0 + 3000, 217],
    ]);
    const ctx = f.engine.queryContext({ user: 'root', db: 'test', sql });
    const plan = await planQuery({ ctx, aliases: { n: 0 }, tempTables: [] }, parse(sql) as QueryExpression, 'test');
    // the oldest of the tables' newest non-NULL voltage rows (d1 at +2 s: its +4 s voltage is NULL) bounds the scan
    expect(plan.sql).toContain(`>= ${T0 + 2000}`);
  });

  it('inside INTERVAL windows', async () => {
    expect(await f.rows('select _wstart, cols(max(voltage), ts) from d0 interval(2s)')).toEqual([
      [T0, T0],
      [T0 + 2000, T0 + 2000],
      [T0 + 4000, T0 + 4000],
    ]);
    expect(await f.rows('select _wstart, cols(min(voltage), ts, voltage) from d0 interval(2s)')).toEqual([
      [T0, T0 + 1000, 218],
      [T0 + 2000, T0 + 3000, 220],
      [T0 + 4000, T0 + 4000, 223],
    ]);
  });

  it('an output expression inside COLS may carry its own alias, which names its column', async () => {
    // TDengine 3.3.6 docs: "select cols(first(ts), c1 as c11, c2 as c22) from ..."
    const sql = 'select cols(max(current), ts as t1, voltage v, voltage + 1) from d0';
    expect(await shape(sql)).toEqual([
      ['t1', 'TIMESTAMP'],
      ['v', 'INT'],
      ['voltage + 1', 'DOUBLE'],
    ]);
    expect(await f.rows(sql)).toEqual([[T0 + 1000, 218, 219]]);
    expect(await shape('select cols(last(current), ts as `Last Ts`) from d0')).toEqual([['Last Ts', 'TIMESTAMP']]);
    expect(await shape('select cols(last(current), ts as inner_name) outer_name from d0')).toEqual([['outer_name', 'TIMESTAMP']]);
    // the alias is a result column name: ORDER BY and an outer query read it
    expect(await f.rows('select tbname, cols(min(voltage), ts as lo) from meters partition by tbname order by lo desc')).toEqual([
      ['d2', T0 + 3000],
      ['d0', T0 + 1000],
      ['d1', T0],
    ]);
    expect(await f.rows('select lo from (select cols(min(voltage), ts as lo, voltage as v) from d0)')).toEqual([[T0 + 1000]]);
    // the selection function itself takes no alias
    expect((await f.error('select cols(max(current) m, ts) from d0')).code).toBe(0x2600);
  });

  it('rejects a multi-row or non-selection first argument (0x268A) and an alias over several outputs (0x268B)', async () => {
    // TDengine's error table: 0x268A "Cols function's first param must be a select function that output a single
    // row", 0x268B "Invalid using alias for cols function"
    const first = await f.error('select cols(top(voltage, 2), ts) from d0');
    expect([first.code, first.message]).toEqual([0x268a, "Cols function's first param must be a select function that output a single row"]);
    expect((await f.error('select cols(avg(voltage), ts) from d0')).code).toBe(0x268a);
    // the grammar wants a call first and an output after it (30_console_functions#105, #106)
    expect(await f.error('select cols(voltage, ts) from d0')).toMatchObject({ code: 0x2600, message: 'syntax error near ", ts) from d0"' });
    expect(await f.error('select cols(max(voltage)) from d0')).toMatchObject({ code: 0x2600, message: 'syntax error near ") from d0"' });
    const alias = await f.error('select cols(last(ts), ts, voltage) t from d0');
    expect([alias.code, alias.message]).toEqual([0x268b, 'Invalid using alias for cols function']);
  });
});
