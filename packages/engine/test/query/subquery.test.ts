import { describe, expect, it } from 'vitest';
import { useQueryFixture, T0 } from './fixture';

const f = useQueryFixture();

describe('scalar subqueries', () => {
  it('in WHERE: rows above the table average', async () => {
    const r = await f.query('select ts, voltage from d0 where current > (select avg(current) from d0)');
    expect(r.columns.map((c) => [c.name, c.type])).toEqual([
      ['ts', 'TIMESTAMP'],
      ['voltage', 'INT'],
    ]);
    expect(r.rows).toEqual([
      [BigInt(T0 + 1000), 218],
      [BigInt(T0 + 2000), 221],
    ]);
    // avg(voltage) over the super table is 1987 / 9 ≈ 220.8
    expect(await f.rows('select count(*) from meters where voltage > (select avg(voltage) from meters)')).toEqual([[5]]);
  });

  it('in the select list: a value per row, typed as the subquery column', async () => {
    const r = await f.query('select voltage - (select min(voltage) from d0) as dv, (select max(voltage) from meters) from d0');
    expect(r.columns.map((c) => [c.name, c.type])).toEqual([
      ['dv', 'DOUBLE'],
      ['(select max(voltage) from meters)', 'INT'],
    ]);
    expect(r.rows).toEqual([
      [1, 225],
      [0, 225],
      [3, 225],
      [2, 225],
      [5, 225],
    ]);
    expect(await f.rows('select count(*), (select count(*) from d1) from d0')).toEqual([[5, 3]]);
  });

  it('an empty subquery is NULL; more than one column or row is TDengine 3.4\'s 0x26A4 / 0x26A5', async () => {
    expect(await f.rows('select (select voltage from d0 where voltage > 1000) as v from d1')).toEqual([[null], [null], [null]]);
    // TDengine 3.4 (test_scalar_sub_query1 answers): "More than 1 column returned in subquery as expr [0x800026A4]"
    const cols = await f.error('select ts from d0 where voltage > (select voltage, current from d1)');
    expect([cols.code, cols.message]).toEqual([0x26a4, 'More than 1 column returned in subquery as expr']);
    // "More than 1 row returned in subquery as expr [0x800026A5]", in WHERE, the select list and HAVING alike
    for (const sql of [
      'select ts from d0 where voltage > (select voltage from d1)',
      'select (select voltage from d1) from d0',
      // HAVING needs groups (0x260A without them: select-clause-rules)
      'select count(*) from d0 partition by tbname having count(*) > (select voltage from meters)',
    ]) {
      const rows = await f.error(sql);
      expect([rows.code, rows.message]).toEqual([0x26a5, 'More than 1 row returned in subquery as expr']);
    }
    // one row is fine even when the table has more (LIMIT 1: d1's first voltage 221, only d0's 223 is above), and an IN list keeps the general column-count error
    expect(await f.rows('select count(*) from d0 where voltage > (select voltage from d1 order by ts limit 1)')).toEqual([[1]]);
    expect((await f.error('select ts from d0 where voltage in (select voltage, current from d1)')).code).toBe(0x2634);
  });

  it('in HAVING', async () => {
    // per-table averages 220.2, 223, 220 against the overall 1987 / 9 ≈ 220.8
    expect(await f.rows('select tbname, avg(voltage) from meters partition by tbname having avg(voltage) > (select avg(voltage) from meters)')).toEqual([['d1', 223]]);
  });
});
