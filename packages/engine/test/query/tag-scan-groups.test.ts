import { beforeAll, describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

// d0 and d2 are groupid 1, d1 groupid 2; d9 (groupid 3) is created without rows
describe('groups and DISTINCT read from the tag scan (36_select_clauses)', () => {
  beforeAll(async () => {
    await f.run("CREATE TABLE test.d9 USING test.meters TAGS (3, 'Nevada.Reno')");
  });

  it('GROUP BY a tag with COUNT lists every child table, count 0 and NULL where no row is kept', async () => {
    expect(await f.rows('select groupid, count(*), max(voltage) from meters group by groupid order by groupid')).toEqual([
      [1, 7, 223],
      [2, 3, 225],
      [3, 0, null],
    ]);
    // a WHERE on data columns keeps the groups; COUNT of a constant counts rows too
    expect(await f.rows('select groupid, count(1), count(voltage) from meters where voltage > 222 group by groupid order by groupid')).toEqual([
      [1, 2, 2],
      [2, 1, 1],
      [3, 0, 0],
    ]);
  });

  it('tag conditions of the WHERE choose the child tables; HAVING sees the empty groups', async () => {
    expect(await f.rows('select tbname, count(*) from meters where groupid > 1 and voltage > 0 partition by tbname order by tbname')).toEqual([
      ['d1', 2],
      ['d9', 0],
    ]);
    expect(await f.rows('select tbname, count(*) from meters group by tbname having count(*) = 0')).toEqual([['d9', 0]]);
  });

  it('without a COUNT, or with a data column among the keys, only groups with rows', async () => {
    expect(await f.rows('select groupid, max(voltage) from meters group by groupid order by groupid')).toEqual([
      [1, 223],
      [2, 225],
    ]);
    expect((await f.rows('select groupid, voltage, count(*) from meters group by groupid, voltage')).some((r) => r[0] === 3)).toBe(false);
  });

  it('DISTINCT over tbname and tags lists child tables without rows; over tags alone, or with a data condition, not', async () => {
    expect(await f.rows('select distinct tbname, groupid from meters order by tbname')).toEqual([
      ['d0', 1],
      ['d1', 2],
      ['d2', 1],
      ['d9', 3],
    ]);
    expect(await f.rows('select distinct groupid from meters order by groupid')).toEqual([[1], [2]]);
    expect(await f.rows('select distinct tbname from meters where voltage > 224')).toEqual([['d1']]);
  });
});
