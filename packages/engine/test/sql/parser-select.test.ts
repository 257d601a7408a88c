import { describe, expect, it } from 'vitest';
import type { Expression, SelectStatement } from '../../src/sql';
import { expectSyntaxError, id, parseAs } from './helpers';

const select = (sql: string) => parseAs(sql, 'select') as SelectStatement;
const where = (cond: string): Expression => select(`select * from t where ${cond}`).where as Expression;

describe('SELECT', () => {
  it('parses the select list with aliases, star and table star', () => {
    const s = select('SELECT DISTINCT ts, Current AS c, voltage v, `Phase`, t.*, * FROM test.meters t');
    expect(s.distinct).toBe(true);
    expect(s.items.map((i) => [i.expr.type, i.expr.text, i.alias?.name])).toEqual([
      ['column', 'ts', undefined],
      ['column', 'current', 'c'],
      ['column', 'voltage', 'v'],
      ['column', '`Phase`', undefined],
      ['star', 't.*', undefined],
      ['star', '*', undefined],
    ]);
    expect(s.items[1].expr).toMatchObject({ type: 'column', name: id('current') });
    expect(s.items[3].expr).toMatchObject({ name: { name: 'Phase', quoted: true } });
    expect(s.from).toEqual({ type: 'table', name: { db: id('test'), name: id('meters') }, alias: id('t') });
  });

  it('keeps the source text of expressions (column names of results)', () => {
    const s = select('select avg(current), COUNT(*), max(voltage) - min(voltage), (a + b) * 2 from meters');
    expect(s.items.map((i) => i.expr.text)).toEqual(['avg(current)', 'count(*)', 'max(voltage) - min(voltage)', '(a + b) * 2']);
    expect(s.items[1].expr).toMatchObject({ type: 'function', name: 'count', args: [{ type: 'star' }] });
  });

  it('keeps spacing inside the text and leaves out surrounding comments', () => {
    const s = select('select  avg( current )  /* c */ , `A`+1 from t');
    expect(s.items.map((i) => i.expr.text)).toEqual(['avg( current )', '`A`+1']);
    expect(s.items[0].expr.span).toEqual({ start: 8, end: 22 });
  });

  it('lower-cases the statement outside quotes first, as the TDengine client does', () => {
    const s = select("SELECT AVG(Current) AS AvgC, `MixedCase`, 'Keep Me' FROM Power.Meters WHERE Location = 'SF' AND \"X\" = `Y`");
    expect(s.items.map((i) => [i.expr.text, i.alias?.name])).toEqual([
      ['avg(current)', 'avgc'],
      ['`MixedCase`', undefined],
      ["'Keep Me'", undefined],
    ]);
    expect(s.items[2].expr).toMatchObject({ type: 'string', value: 'Keep Me' });
    expect(s.where?.text).toBe("location = 'SF' and \"X\" = `Y`");
  });

  it('parses SELECT TAGS and FROM-less selects', () => {
    expect(select('select tags tbname, location from meters').tags).toBe(true);
    const s = select('select server_version(), database(), now(), today(), client_version(), current_user()');
    expect(s.from).toBeUndefined();
    expect(s.items.map((i) => i.expr.type)).toEqual(['function', 'function', 'timeKeyword', 'timeKeyword', 'function', 'function']);
  });

  it('parses literals of every kind', () => {
    const s = select(`select 1, 9223372036854775807, 1.5, 1e3, 'x', true, FALSE, null, now, 10m, timestamp '2021-01-01'`);
    expect(s.items.map((i) => i.expr)).toMatchObject([
      { type: 'integer', value: '1' },
      { type: 'integer', value: '9223372036854775807' },
      { type: 'float', value: 1.5 },
      { type: 'float', value: 1000 },
      { type: 'string', value: 'x' },
      { type: 'bool', value: true },
      { type: 'bool', value: false },
      { type: 'null' },
      { type: 'timeKeyword', keyword: 'now' },
      { type: 'duration', duration: { value: 10, unit: 'm' } },
      { type: 'timestamp', value: '2021-01-01' },
    ]);
    // hex and binary literals are values of INSERT and tags only (parser-value-grammar.test.ts)
  });

  it('parses arithmetic with precedence and time arithmetic', () => {
    expect(where('ts > now - 1h and v = 1 + 2 * 3')).toMatchObject({
      type: 'binary',
      op: 'AND',
      left: { op: '>', right: { op: '-', left: { type: 'timeKeyword' }, right: { type: 'duration', duration: { value: 1, unit: 'h' } } } },
      right: { op: '=', right: { op: '+', left: { value: '1' }, right: { op: '*' } } },
    });
    expect(where('a != 1')).toMatchObject({ op: '<>' });
    expect(where('-a < ~b')).toMatchObject({ left: { type: 'unary', op: '-' }, right: { type: 'unary', op: '~' } });
  });

  it('binds NOT tighter than AND, AND tighter than OR', () => {
    expect(where('not a = 1 and b = 2 or c = 3')).toMatchObject({
      op: 'OR',
      left: { op: 'AND', left: { type: 'unary', op: 'NOT' } },
    });
  });

  it('parses IN, BETWEEN, LIKE, MATCH, NMATCH, IS NULL, CONTAINS, ->', () => {
    expect(where('a in (1, 2, 3)')).toMatchObject({ type: 'in', not: false, list: [{ value: '1' }, {}, {}] });
    expect(where('a not in (1)')).toMatchObject({ type: 'in', not: true, list: [{ value: '1' }] });
    // 3.3.7.5's IN takes a value list only, and a parenthesized query is no value (18#19, #20)
    expectSyntaxError('select * from t where a not in (select v from u)', 'select v from u)');
    expectSyntaxError('select * from t where a = (select max(v) from u)', 'select max(v) from u)');
    expect(where('a between 1 and 5')).toMatchObject({ type: 'between', not: false, low: { value: '1' }, high: { value: '5' } });
    expect(where('a not between 1 and 5')).toMatchObject({ type: 'between', not: true });
    expect(where("location like 'Cal%'")).toMatchObject({ type: 'like', op: 'LIKE', not: false, pattern: { value: 'Cal%' } });
    expect(where("location not like 'Cal%'")).toMatchObject({ type: 'like', not: true });
    expect(where("location match '^C'")).toMatchObject({ type: 'like', op: 'MATCH' });
    expect(where("location nmatch '^C'")).toMatchObject({ type: 'like', op: 'NMATCH' });
    expect(where('a is null')).toMatchObject({ type: 'isNull', not: false });
    expect(where('a is not null')).toMatchObject({ type: 'isNull', not: true });
    expect(where("info contains 'k'")).toMatchObject({ type: 'binary', op: 'CONTAINS' });
    expect(where("info->'k' = 'v'")).toMatchObject({ left: { type: 'binary', op: '->', right: { value: 'k' } } });
  });

  it('parses CASE and CAST', () => {
    const s = select("select case when v > 220 then 'high' when v < 200 then 'low' else 'ok' end, case v when 1 then 'a' end, cast(v as bigint unsigned), cast(c as varchar(10)) from t");
    expect(s.items[0].expr).toMatchObject({ type: 'case', whens: [{}, {}], else: { value: 'ok' } });
    expect(s.items[1].expr).toMatchObject({ type: 'case', operand: { type: 'column' }, whens: [{}] });
    expect(s.items[2].expr).toMatchObject({ type: 'cast', target: { name: 'BIGINT UNSIGNED' } });
    expect(s.items[3].expr).toMatchObject({ type: 'cast', target: { name: 'VARCHAR', length: 10 } });
  });

  it('parses pseudo columns and qualified columns', () => {
    const s = select('select _wstart, _wend, _wduration, tbname, t.tbname, _rowts, _c0, _qstart, _irowts, _isfilled, t.c from t');
    expect(s.items.map((i) => (i.expr.type === 'column' ? i.expr.name.name : '?'))).toEqual([
      '_wstart', '_wend', '_wduration', 'tbname', 'tbname', '_rowts', '_c0', '_qstart', '_irowts', '_isfilled', 'c',
    ]);
    expect(s.items[4].expr).toMatchObject({ table: { name: id('t') } });
    expect(s.items[10].expr).toMatchObject({ table: { name: id('t') } });
  });

  it('parses WHERE, PARTITION BY, INTERVAL with offset, SLIDING and FILL', () => {
    const s = select('select _wstart, avg(current) from meters where ts >= now - 1d partition by tbname, groupid as g interval(10m, 1m) sliding(5m) fill(value, 0, 1.5)');
    expect(s.partitionBy).toMatchObject([{ expr: { name: id('tbname') } }, { expr: { name: id('groupid') }, alias: id('g') }]);
    expect(s.window).toMatchObject({
      type: 'interval',
      interval: { value: 10, unit: 'm' },
      offset: { value: 1, unit: 'm' },
      sliding: { value: 5, unit: 'm' },
      fill: { mode: 'VALUE', values: [{ value: '0' }, { value: 1.5 }] },
    });
    expect(select("select count(*) from t interval('1s', auto) fill(prev)").window).toMatchObject({
      interval: { value: 1, unit: 's' },
      offset: 'auto',
      fill: { mode: 'PREV' },
    });
    expect(select('select count(*) from t interval(1000)').window).toMatchObject({ interval: { value: 1000, unit: null } });
    for (const mode of ['NONE', 'NULL', 'NULL_F', 'NEXT', 'LINEAR']) {
      expect(select(`select count(*) from t interval(1n) fill(${mode})`).window).toMatchObject({ fill: { mode } });
    }
    expect(select('select count(*) from t interval(1y) fill(value_f, 1)').window).toMatchObject({ fill: { mode: 'VALUE_F', values: [{}] } });
  });

  it('parses SESSION, STATE_WINDOW, EVENT_WINDOW, COUNT_WINDOW', () => {
    expect(select('select count(*) from t session(ts, 10s)').window).toMatchObject({ type: 'session', column: { name: id('ts') }, gap: { value: 10, unit: 's' } });
    expect(select('select count(*) from t state_window(status) true_for(5s)').window).toMatchObject({ type: 'state', expr: { type: 'column' }, trueFor: { value: 5 } });
    expect(select('select count(*) from t state_window(case when v > 1 then 1 else 0 end)').window).toMatchObject({ type: 'state', expr: { type: 'case' } });
    expect(select('select count(*) from t event_window start with v > 10 end with v < 5').window).toMatchObject({
      type: 'event',
      start: { op: '>' },
      end: { op: '<' },
    });
    expect(select('select count(*) from t count_window(10)').window).toEqual({ type: 'count', count: 10 });
    expect(select('select count(*) from t count_window(10, 2)').window).toEqual({ type: 'count', count: 10, slide: 2 });
    expect(select('select count(*) from t count_window(10, 2, a, b)').window).toMatchObject({ count: 10, slide: 2, columns: [{}, {}] });
  });

  it('parses INTERP with RANGE, EVERY and FILL', () => {
    const s = select("select _irowts, interp(current, 1) from d1 range('2021-01-01 00:00:04', '2021-01-01 00:00:16') every(1s) fill(near)");
    expect(s.interp).toMatchObject({ range: [{ value: '2021-01-01 00:00:04' }, { value: '2021-01-01 00:00:16' }], every: { value: 1, unit: 's' }, fill: { mode: 'NEAR' } });
    expect(s.window).toBeUndefined();
    expect(select("select interp(c) from d1 range('2021-01-01', 1h) fill(prev)").interp?.range).toHaveLength(2);
    expect(select("select interp(c) from d1 range('2021-01-01', 1h) fill(near, 0)").interp?.fill).toMatchObject({ mode: 'NEAR', values: [{ value: '0' }] });
  });

  it("FILL as TDengine's grammar: VALUE needs a value, NEAR is INTERP's only (goldens 14_interval_fill, 16_interp)", () => {
    expectSyntaxError('select avg(c) from d1 interval(10s) fill(value)', ')');
    expectSyntaxError('select avg(c) from d1 interval(10s) fill(near) order by 1', 'near) order by 1');
    expectSyntaxError("select interp(c) from d1 range('2021-01-01', '2021-01-02') every(1s) fill(value)", ')');
    expectSyntaxError('select avg(c) from d1 interval(10s) fill(prev, 1)', ', 1)');
  });

  it('parses GROUP BY, HAVING, ORDER BY with NULLS, SLIMIT/SOFFSET, LIMIT/OFFSET', () => {
    const s = select('select location, max(v) from meters group by location having max(v) > 1 order by location desc nulls first, 2 slimit 2 soffset 1 limit 10 offset 5');
    expect(s.groupBy).toMatchObject([{ name: id('location') }]);
    expect(s.having).toMatchObject({ op: '>' });
    expect(s.orderBy).toMatchObject([{ direction: 'DESC', nulls: 'FIRST' }, { expr: { value: '2' } }]);
    expect(s.slimit).toEqual({ count: 2, offset: 1 });
    expect(s.limit).toEqual({ count: 10, offset: 5 });
    expect(select('select * from t limit 5, 10').limit).toEqual({ count: 10, offset: 5 });
    expect(select('select * from t order by ts nulls last').orderBy).toMatchObject([{ nulls: 'LAST' }]);
  });

  it('parses subqueries in FROM and joins', () => {
    const s = select('select avg(c) from (select ts, current c from meters) sub where c > 0');
    expect(s.from).toMatchObject({ type: 'subquery', alias: id('sub'), query: { kind: 'select' } });
    expect(select('select * from a, b where a.ts = b.ts').from).toMatchObject({ type: 'join', implicit: true, joinType: 'INNER' });
    expect(select('select * from a join b on a.ts = b.ts').from).toMatchObject({ type: 'join', joinType: 'INNER', implicit: false, on: { op: '=' } });
    expect(select('select * from a inner join b on a.ts = b.ts').from).toMatchObject({ joinType: 'INNER' });
    expect(select('select * from a left join b on a.ts = b.ts').from).toMatchObject({ joinType: 'LEFT' });
    expect(select('select * from a full outer join b on a.ts = b.ts').from).toMatchObject({ joinType: 'FULL', subType: 'OUTER' });
    expect(select('select * from a left semi join b on a.ts = b.ts').from).toMatchObject({ subType: 'SEMI' });
    expect(select('select * from a right anti join b on a.ts = b.ts').from).toMatchObject({ joinType: 'RIGHT', subType: 'ANTI' });
    expect(select('select * from a left asof join b on a.ts >= b.ts jlimit 3').from).toMatchObject({ subType: 'ASOF', jlimit: 3 });
    expect(select('select * from a left window join b window_offset(-1s, 1s)').from).toMatchObject({
      subType: 'WINDOW',
      windowOffset: [{ type: 'unary' }, { type: 'duration' }],
    });
  });

  it('parses UNION and UNION ALL with trailing ORDER BY / LIMIT', () => {
    const u = parseAs('select ts from a union all select ts from b union select ts from c order by ts limit 3', 'union');
    expect(u).toMatchObject({ all: false, left: { kind: 'union', all: true }, right: { kind: 'select' }, limit: { count: 3 } });
    expect(u.orderBy).toHaveLength(1);
  });

  it('refuses scalar subqueries at their SELECT, as 3.3.7.5 does (18#21, 29#47)', () => {
    expectSyntaxError('select * from t where v > (select avg(v) from t)', 'select avg(v) from t)');
    expectSyntaxError('select (select 1) from t', 'select 1) from t');
    expectSyntaxError('select abs((select 1)) from t', 'select 1)) from t');
  });

  it('accepts a trailing semicolon and ignores text after it (as TDengine does)', () => {
    expect(select('select * from t;').kind).toBe('select');
    expect(select('select * from t; drop database x').from).toMatchObject({ name: { name: id('t') } });
  });
});
