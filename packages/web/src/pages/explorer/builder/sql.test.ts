// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildSql, emptyQuery, ident, type BuilderQuery } from './sql';
import { windowProblem } from './schema';
import { builderOutput } from './QueryBuilder';
import type { FilterRule } from './filters';

const q = (over: Partial<BuilderQuery>): BuilderQuery => ({ ...emptyQuery(), database: 'power', table: 'meters', ...over });
const rule = (field: string, type: string, operator: FilterRule['operator'], value: FilterRule['value']): FilterRule => ({ field, type, operator, value });

describe('buildSql', () => {
  it('selects every column when nothing is picked', () => {
    expect(buildSql(q({}))).toBe('SELECT * FROM power.meters');
  });

  it('writes plain columns and functions with their parameters', () => {
    const sql = buildSql(
      q({
        tableKind: 'table',
        table: 'd1001',
        select: [
          { column: 'ts', fn: null, params: [] },
          { column: '*', fn: 'count', params: [] },
          { column: 'current', fn: 'apercentile', params: [90] },
          { column: 'current', fn: 'percentile', params: [[10, 50, 90]] },
        ],
      }),
    );
    expect(sql).toBe('SELECT ts, count(*), apercentile(current, 90), percentile(current, 10, 50, 90) FROM power.d1001');
  });

  it('writes multi-row and time-series functions', () => {
    expect(buildSql(q({ select: [{ column: 'voltage', fn: 'top', params: [3] }] }))).toBe('SELECT top(voltage, 3) FROM power.meters');
    expect(buildSql(q({ select: [{ column: 'voltage', fn: 'tail', params: [5, 2] }] }))).toBe('SELECT tail(voltage, 5, 2) FROM power.meters');
    expect(buildSql(q({ select: [{ column: 'voltage', fn: 'derivative', params: [10] }] }))).toBe('SELECT derivative(voltage, 10s, 0) FROM power.meters');
    expect(buildSql(q({ select: [{ column: 'voltage', fn: 'statecount', params: ['GT', 220] }] }))).toBe("SELECT statecount(voltage, 'GT', 220) FROM power.meters");
  });

  it('quotes reserved words and unusual names in backquotes', () => {
    expect(ident('value')).toBe('`value`');
    expect(ident('my col')).toBe('`my col`');
    expect(ident('a`b')).toBe('`a``b`');
    expect(ident('tbname')).toBe('tbname');
    expect(buildSql(q({ database: 'db', table: 'table', select: [{ column: 'value', fn: 'max', params: [] }] }))).toBe('SELECT max(`value`) FROM db.`table`');
  });

  it('filters with operators by type, escaping values', () => {
    const sql = buildSql(
      q({
        filters: [
          rule('location', 'VARCHAR', '=', "O'Brien \"x\" \\ y"),
          rule('groupid', 'INT', 'IN', '1, 2,3'),
          rule('location', 'NCHAR', 'NOT IN', 'a, b'),
          rule('current', 'FLOAT', 'BETWEEN', ['10', '12.5']),
          rule('phase', 'DOUBLE', 'IS NULL', ''),
          rule('location', 'VARCHAR', 'LIKE', 'San%'),
          rule('on', 'BOOL', '!=', 'TRUE'),
        ],
      }),
    );
    expect(sql).toBe(
      "SELECT * FROM power.meters WHERE location = 'O\\'Brien \\\"x\\\" \\\\ y' AND groupid IN (1, 2, 3) AND location NOT IN ('a', 'b') AND current BETWEEN 10 AND 12.5 AND phase IS NULL AND location LIKE 'San%' AND `on` != true",
    );
  });

  it('joins timestamp ranges with AND, and brackets OR rules next to the time range', () => {
    const sql = buildSql(
      q({
        timeRange: { from: '2024-01-01 00:00:00', to: '2024-01-02 00:00:00' },
        connector: 'OR',
        filters: [rule('ts', 'TIMESTAMP', 'BETWEEN', ['2024-01-01 01:00:00', '2024-01-01 02:00:00']), rule('voltage', 'INT', '>', '220')],
      }),
    );
    expect(sql).toBe(
      "SELECT * FROM power.meters WHERE ts >= '2024-01-01 00:00:00' AND ts < '2024-01-02 00:00:00' AND (ts BETWEEN '2024-01-01 01:00:00' AND '2024-01-01 02:00:00' OR voltage > 220)",
    );
  });

  it('writes nested groups in brackets', () => {
    const sql = buildSql(
      q({
        filters: [
          rule('voltage', 'INT', '>=', '200'),
          { group: true, connector: 'OR', children: [rule('location', 'VARCHAR', '=', 'a'), rule('location', 'VARCHAR', '=', 'b')] },
        ],
      }),
    );
    expect(sql).toBe("SELECT * FROM power.meters WHERE voltage >= 200 AND (location = 'a' OR location = 'b')");
  });

  it('puts _wstart and the partition keys first with a window, then INTERVAL and FILL', () => {
    const sql = buildSql(
      q({
        select: [{ column: 'current', fn: 'avg', params: [] }],
        timeRange: { from: '2024-01-01T00:00:00.000Z', to: '2024-01-01T01:00:00.000Z' },
        partitionBy: ['tbname', 'location'],
        interval: { value: 10, unit: 'm' },
        fill: 'LINEAR',
      }),
    );
    expect(sql).toBe(
      "SELECT _wstart, tbname, location, avg(current) FROM power.meters WHERE ts >= '2024-01-01T00:00:00.000Z' AND ts < '2024-01-01T01:00:00.000Z' PARTITION BY tbname, location INTERVAL(10m) FILL(LINEAR)",
    );
  });

  it('writes FILL(VALUE, …) with its numbers and leaves FILL out without an interval', () => {
    const base = { select: [{ column: 'current', fn: 'max', params: [] }] };
    const day = { from: '2024-01-01T00:00:00.000Z', to: '2024-01-02T00:00:00.000Z' };
    expect(buildSql(q({ ...base, timeRange: day, interval: { value: 1, unit: 'h' }, fill: 'VALUE', fillValues: '0, -1.5' }))).toBe(
      "SELECT _wstart, max(current) FROM power.meters WHERE ts >= '2024-01-01T00:00:00.000Z' AND ts < '2024-01-02T00:00:00.000Z' INTERVAL(1h) FILL(VALUE, 0, -1.5)",
    );
    expect(buildSql(q({ ...base, fill: 'PREV' }))).toBe('SELECT max(current) FROM power.meters');
    expect(buildSql(q({ ...base, limit: 10 }))).toBe('SELECT max(current) FROM power.meters LIMIT 10');
  });

  it('never writes FILL without a time range bounded on both sides, which the engine refuses (issue 13 item 8)', () => {
    const base = { select: [{ column: 'current', fn: 'max', params: [] }], interval: { value: 1, unit: 'h' as const }, fill: 'PREV' as const };
    expect(buildSql(q(base))).toBe('SELECT _wstart, max(current) FROM power.meters INTERVAL(1h)');
    expect(buildSql(q({ ...base, timeRange: { from: '2024-01-01T00:00:00.000Z', to: null } }))).not.toContain('FILL');
    expect(windowProblem(q(base))).toBe('console.builder.fillNeedsRange');
    expect(windowProblem(q({ ...base, timeRange: { from: null, to: '2024-01-01T00:00:00.000Z' } }))).toBe('console.builder.fillNeedsRange');
    expect(windowProblem(q({ ...base, timeRange: { from: '2024-01-02T00:00:00.000Z', to: '2024-01-01T00:00:00.000Z' } }))).toBe('console.builder.rangeOrder');
    expect(windowProblem(q({ ...base, timeRange: { from: '2024-01-01T00:00:00.000Z', to: '2024-01-02T00:00:00.000Z' } }))).toBeNull();
    expect(windowProblem(q({ ...base, fill: 'NONE' }))).toBeNull();
    const output = builderOutput(q(base));
    expect(output).toMatchObject({ sql: null, rule: 'console.builder.fillNeedsRange' });
  });

  it('refuses a number filter whose value is not a number', () => {
    expect(() => buildSql(q({ filters: [rule('voltage', 'INT', '=', '1; drop database power')] }))).toThrow(/not a number/);
  });
});
