import { describe, expect, it } from 'vitest';
import { planQuery } from '../../src/query/planner/select';
import type { Plan } from '../../src/query/planner/plan';
import { parse, type QueryExpression } from '../../src/sql';
import { useQueryFixture } from './fixture';

/** Stage tests: what the binder resolves and which SQL shape the planner picks, without running the SQL. */
const f = useQueryFixture();

async function plan(sql: string, options: { db?: string } = { db: 'test' }): Promise<Plan> {
  const db = options.db;
  const ctx = f.engine.queryContext({ user: 'root', db, sql });
  return planQuery({ ctx, aliases: { n: 0 }, tempTables: [] }, parse(sql) as QueryExpression, db);
}

describe('binder', () => {
  it('reads a super table from its data table and joins the tag table only when tags are named', async () => {
    const plain = await plan('select avg(voltage) from meters');
    expect(plain.sql).toContain('"stb_1_data"');
    expect(plain.sql).not.toContain('"stb_1_tags"');
    const tagged = await plan("select avg(voltage) from meters where location = 'x'");
    expect(tagged.sql).toContain('"stb_1_tags"');
    expect((await plan('select tbname from meters')).sql).toContain('"stb_1_tags"');
    expect((await plan('select * from meters')).sql).toContain('"stb_1_tags"');
  });

  it('a child table is its super table filtered on the table id', async () => {
    const tid = f.engine.catalog.lookup('test', 'd1');
    expect(tid?.kind).toBe('child');
    const p = await plan('select * from d1');
    expect(p.sql).toContain(`d."__tid" = ${tid?.kind === 'child' ? tid.child.tid : -1}`);
  });

  it('resolves result columns with TDengine names and types', async () => {
    // a plain column beside an aggregate must be a PARTITION BY key (TDengine: 0x260C otherwise; select-clause-rules)
    const p = await plan('select last(ts), current c, count(*) from d0 partition by current');
    expect(p.columns.map((c) => [c.name, c.type.name])).toEqual([
      ['last(ts)', 'TIMESTAMP'],
      ['c', 'FLOAT'],
      ['count(*)', 'BIGINT'],
    ]);
  });

  it('rejects unknown names before any SQL runs', async () => {
    await expect(plan('select x from meters')).rejects.toMatchObject({ code: 9730 });
    await expect(plan('select * from nope')).rejects.toMatchObject({ code: 9731 });
    await expect(plan('select * from meters', {})).rejects.toMatchObject({ code: 9750 });
  });
});

describe('planner', () => {
  it('INTERVAL groups on one integer division of the timestamp (no time_bucket), aligned with the offset', async () => {
    const p = await plan('select _wstart, avg(current) from meters interval(10m, 1m)');
    expect(p.sql).not.toMatch(/time_bucket/i);
    expect(p.sql).toMatch(/GROUP BY \(\(s0\."ts" \+ \d+\) \/\/ 600000\)/);
    expect(p.sql).toContain('* 600000 + 60000)');
    expect(p.post).toBeUndefined();
  });

  it('PARTITION BY tbname groups on the integer table id', async () => {
    const p = await plan('select tbname, _wstart, count(*) from meters partition by tbname interval(1m)');
    expect(p.sql).toMatch(/GROUP BY s0\."__tid"/);
  });

  it('FILL and INTERP add a JS stage; row windows use window functions', async () => {
    expect((await plan("select _wstart, count(*) from d0 where ts >= '2017-07-14' and ts < '2017-07-15' interval(1m) fill(prev)")).post).toBeDefined();
    expect((await plan("select interp(voltage) from d0 range('2017-07-14 02:40:00', '2017-07-14 02:41:00') every(1s) fill(prev)")).post).toBeDefined();
    // rows with a NULL state are left out before the states are compared (a NULL state is in no window)
    expect((await plan('select count(*) from d0 state_window(voltage)')).sql).toMatch(/IS NOT NULL.*lag\(.*\) OVER|lag\(.*\) OVER.*IS NOT NULL/s);
    expect((await plan('select count(*) from d0 session(ts, 1s)')).sql).toMatch(/sum\(s0\.__b\) OVER/);
  });

  it('STATE_WINDOW: one ORDER BY, then lag() and a running count OVER (); the last-row stage only for _wend', async () => {
    const plain = (await plan('select tbname, _wstart, count(*) from meters partition by tbname state_window(voltage)')).sql;
    expect(plain).toMatch(/ORDER BY s\d+\."__tid", s\d+\."ts"\) AS s\d+\) AS s\d+\) AS s\d+/);
    expect(plain).toMatch(/lag\(s\d+\.__st\) OVER \(\)/);
    expect(plain).toMatch(/OVER \(ROWS UNBOUNDED PRECEDING\) AS __wid/);
    expect(plain).not.toContain('__tend');
    expect((await plan('select tbname, _wend, count(*) from meters partition by tbname state_window(voltage)')).sql).toContain('__tend');
    // rows only counted (issue 25 Q10): a row per window start, no GROUP BY
    const counted = (await plan('select count(*) from (select tbname, _wstart, count(*) from meters partition by tbname state_window(voltage))')).sql;
    expect(counted).not.toContain('GROUP BY');
    expect(counted).toMatch(/__prev IS NULL OR/);
    const kept = (await plan('select count(*) from (select tbname, _wstart, count(*) from meters partition by tbname state_window(voltage) having count(*) > 1)')).sql;
    expect(kept).toContain('GROUP BY');
  });

  it('time literals are folded into the database precision', async () => {
    const p = await plan("select count(*) from meters where ts >= '2017-07-14 02:40:00' and ts < now - 1h");
    expect(p.sql).toContain('1500000000000');
    expect(p.sql).not.toMatch(/now\(\)/i);
  });
});
