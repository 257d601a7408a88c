import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

// each rule from the goldens of 36_select_clauses (TDengine 3.3.7.5)
describe('select clause rules', () => {
  it('HAVING needs GROUP BY, PARTITION BY or a window (0x260A); SLIMIT needs PARTITION BY or GROUP BY (0x2638)', async () => {
    expect((await f.error('select count(*) from meters having count(*) > 1')).code).toBe(0x260a);
    expect((await f.error('select ts, voltage from d0 slimit 1')).code).toBe(0x2638);
    expect((await f.error('select count(*) from meters interval(1s) slimit 1')).code).toBe(0x2638);
    expect(await f.rows('select groupid, count(*) from meters group by groupid having count(*) > 3')).toEqual([[1, 7]]);
  });

  it('ORDER BY n outside the select list is 0x2609; an alias of two expressions is ambiguous (0x266F)', async () => {
    expect((await f.error('select voltage from d0 order by 2')).code).toBe(0x2609);
    expect((await f.error('select voltage from d0 order by 0')).code).toBe(0x2609);
    expect((await f.error('select voltage a, phase a from d0 order by a')).code).toBe(0x266f);
    expect(await f.rows('select voltage a, voltage a from d0 where voltage > 221 order by a')).toEqual([[223, 223]]);
    // One column written twice, back-quoted once (the topics' sample query), is one expression: not ambiguous.
    expect(await f.rows('select voltage, `voltage` from d0 where voltage > 221 order by voltage')).toEqual([[223, 223]]);
  });

  it('DISTINCT orders only by what it selects (0x260B)', async () => {
    expect((await f.error('select distinct location from meters order by voltage')).code).toBe(0x260b);
    expect(await f.rows('select distinct groupid from meters order by groupid desc')).toEqual([[2], [1]]);
  });

  it('PARTITION BY refuses a plain column that is no key with 0x260C; tags under PARTITION BY tbname are keys', async () => {
    expect((await f.error('select location, count(*) from meters partition by groupid')).code).toBe(0x260c);
    expect((await f.error('select voltage, count(*) from meters partition by tbname')).code).toBe(0x260c);
    expect(await f.rows("select groupid, count(*) from meters where tbname = 'd1' partition by tbname")).toEqual([[2, 3]]);
  });

  it('an aggregate in the ORDER BY of a plain query is 0x260C', async () => {
    expect((await f.error('select voltage from d0 order by count(*)')).code).toBe(0x260c);
  });

  it('names: an alias is cut to 64 bytes, an empty one leaves the default name, an expression loses back-quotes at its ends', async () => {
    const long = 'a'.repeat(65);
    expect((await f.query(`select voltage as ${long} from d0`)).columns[0].name).toBe('a'.repeat(64));
    expect((await f.query('select voltage as `` from d0')).columns[0].name).toBe('voltage');
    const r = await f.query('select `voltage` * 2, 1 + `voltage`, abs(`voltage`) from d0');
    expect(r.columns.map((c) => c.name)).toEqual(['voltage` * 2', '1 + `voltage', 'abs(`voltage`)']);
  });

  it('a back-quoted `tbname` is a column name, not the pseudo column (0x2602)', async () => {
    expect((await f.error('select `tbname` from meters')).code).toBe(0x2602);
  });

  it('SELECT TAGS with *, a data column or an aggregate reads rows (the keyword is ignored)', async () => {
    expect(await f.rows('select tags groupid, voltage from meters where voltage > 222 order by voltage')).toEqual([
      [1, 223],
      [1, 223],
      [2, 225],
    ]);
    expect(await f.rows('select tags count(*) from meters')).toEqual([[10]]);
    expect((await f.query('select tags * from meters')).columns).toHaveLength(6);
    expect(await f.rows('select tags groupid from meters order by groupid')).toEqual([[1], [1], [2]]);
  });

  it('SELECT TAGS of a normal table is one row', async () => {
    await f.run('CREATE TABLE test.nt_tags (ts TIMESTAMP, v INT)');
    await f.run('INSERT INTO test.nt_tags VALUES (1700000000000, 1) (1700000001000, 2)');
    expect(await f.rows('select tags tbname from nt_tags')).toEqual([['nt_tags']]);
  });
});
