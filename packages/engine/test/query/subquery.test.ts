import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

/**
 * TDengine 3.3.7.5's grammar (sql.y) has subqueries in FROM only: an IN list, a comparison operand, a select-list
 * value or a function argument is an expression, where `(select …)` is a syntax error at its SELECT (goldens 18#19–#21,
 * 29#45–#47, 36#244, 25#52). TDengine 3.4 added scalar and IN subqueries; the engine answers as 3.3.7.5.
 */
describe('subqueries inside expressions are 9728 at their SELECT', () => {
  it.each([
    ['select ts from d0 where voltage in (select voltage from d1)', 'select voltage from d1)'],
    ['select ts from d0 where voltage not in (select voltage from d1)', 'select voltage from d1)'],
    ['select count(*) from meters where tbname in (select tbname from meters where voltage > 224)', 'select tbname from meters where voltage > 224)'],
    ['select ts from d0 where voltage = (select max(voltage) from d1)', 'select max(voltage) from d1)'],
    ['select ts, voltage from d0 where current > (select avg(current) from d0)', 'select avg(current) from d0)'],
    ['select (select 1) from d0', 'select 1) from d0'],
    ['select voltage - (select min(voltage) from d0) as dv from d0', 'select min(voltage) from d0) as dv from d0'],
    ['select abs((select 1)) from d0', 'select 1)) from d0'],
    ['select tbname, avg(voltage) from meters partition by tbname having avg(voltage) > (select avg(voltage) from meters)', 'select avg(voltage) from meters)'],
    ['select * from (select ts, voltage from d0) where voltage in (select voltage from d1)', 'select voltage from d1)'],
  ])('%s', async (sql, near) => {
    expect(await f.error(sql)).toEqual({ code: 0x2600, message: `syntax error near "${near}"` });
  });

  it('FROM keeps its subqueries', async () => {
    expect(await f.rows('select count(*) from (select ts, voltage from d0 where voltage > 219)')).toEqual([[3]]);
    expect(await f.rows('select max(v) from (select voltage as v from meters)')).toEqual([[225]]);
  });
});
