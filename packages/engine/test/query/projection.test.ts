import { describe, expect, it } from 'vitest';
import { useQueryFixture, T0, f32 } from './fixture';

const f = useQueryFixture();

describe('projection', () => {
  it('select * on a super table returns columns then tags, table by table in time order', async () => {
    const r = await f.query('select * from meters');
    expect(r.columns).toEqual([
      { name: 'ts', type: 'TIMESTAMP', length: 8 },
      { name: 'current', type: 'FLOAT', length: 4 },
      { name: 'voltage', type: 'INT', length: 4 },
      { name: 'phase', type: 'FLOAT', length: 4 },
      { name: 'groupid', type: 'INT', length: 4 },
      { name: 'location', type: 'VARCHAR', length: 24 },
    ]);
    expect(r.precision).toBe('ms');
    expect(r.rows.map((x) => [Number(x[0]) - T0, x[4]])).toEqual([
      [0, 1], [1000, 1], [2000, 1], [3000, 1], [4000, 1],
      [0, 2], [2000, 2], [4000, 2],
      [1000, 1], [3000, 1],
    ]);
    expect(typeof r.rows[0][0]).toBe('bigint');
    expect(r.rows[0][1]).toBe(f32(10.3));
  });

  it('select * on a child table returns data columns only', async () => {
    const r = await f.query('select * from d1');
    expect(r.columns.map((c) => c.name)).toEqual(['ts', 'current', 'voltage', 'phase']);
    expect(r.rows).toHaveLength(3);
  });

  it('names expressions by their source text, aliases win, types follow TDengine', async () => {
    const r = await f.query('select voltage + 1, voltage * 2 as dbl, tbname, `current` from d0 limit 1');
    expect(r.columns).toEqual([
      { name: 'voltage + 1', type: 'DOUBLE', length: 8 },
      { name: 'dbl', type: 'DOUBLE', length: 8 },
      { name: 'tbname', type: 'VARCHAR', length: 270 },
      { name: 'current', type: 'FLOAT', length: 4 },
    ]);
    expect(r.rows).toEqual([[220, 438, 'd0', f32(10.3)]]);
  });

  it('pseudo columns _rowts and _c0 are the primary timestamp', async () => {
    expect(await f.rows('select _rowts, _c0 from d2')).toEqual([
      [T0 + 1000, T0 + 1000],
      [T0 + 3000, T0 + 3000],
    ]);
  });

  it('qualified names work without a current database', async () => {
    expect(await f.rows('select count(*) from test.d0', {})).toEqual([[5]]);
  });
});

describe('filters', () => {
  it('on tags, tbname and columns', async () => {
    expect(await f.rows("select count(*) from meters where location = 'California.LosAngles'")).toEqual([[3]]);
    expect(await f.rows('select count(*) from meters where groupid = 1 and voltage > 220')).toEqual([[3]]);
    expect(await f.rows("select tbname, ts from meters where tbname in ('d2') order by ts")).toEqual([
      ['d2', T0 + 1000],
      ['d2', T0 + 3000],
    ]);
    // LIKE folds ASCII case as TDengine does: 'LosAngles' holds 'sAn' too
    expect(await f.rows("select count(*) from meters where location like '%San%'")).toEqual([[10]]);
    expect(await f.rows("select count(*) from meters where location like '%.San%'")).toEqual([[7]]);
    expect(await f.rows('select count(*) from meters where current is null')).toEqual([[1]]);
  });

  it('on time: strings in the connection zone, epochs, BETWEEN, now - 1h', async () => {
    expect(await f.rows("select count(*) from meters where ts >= '2017-07-14 02:40:03'")).toEqual([[4]]);
    const tz = await f.query("select count(*) from meters where ts >= '2017-07-14 10:40:03'", { db: 'test', tz: 'Asia/Shanghai' });
    expect(tz.rows).toEqual([[4n]]);
    expect(await f.rows(`select count(*) from meters where ts between ${T0 + 1000} and ${T0 + 2000}`)).toEqual([[4]]);
    expect(await f.rows('select count(*) from meters where ts > now - 1h')).toEqual([[0]]);
    expect(await f.rows('select count(*) from meters where ts < now - 1h')).toEqual([[10]]);
    // text minus a duration is arithmetic on the text read as a number (2017 - 1000), not a time: every row (golden 12_conversion_time)
    expect(await f.rows("select count(*) from meters where ts > '2017-07-14T02:40:03Z' - 1s")).toEqual([[10]]);
    expect(await f.rows("select count(*) from meters where ts > '2017-07-14T02:40:03Z'")).toEqual([[2]]);
  });

  it('_qstart and _qend read the WHERE range', async () => {
    expect(await f.rows(`select _qstart, _qend, count(*) from meters where ts >= ${T0} and ts < ${T0 + 5000}`)).toEqual([
      [T0, T0 + 4999, 10],
    ]);
  });
});

describe('ordering and limits', () => {
  it('ORDER BY column, alias and position, with LIMIT/OFFSET', async () => {
    expect(await f.rows('select ts, voltage v from meters order by v desc, ts limit 2 offset 1')).toEqual([
      [T0 + 1000, 223],
      [T0 + 4000, 223],
    ]);
    expect(await f.rows('select tbname, voltage from meters where voltage is not null order by 2 limit 1')).toEqual([['d2', 217]]);
  });

  it('DISTINCT', async () => {
    expect(await f.rows('select distinct groupid from meters order by groupid')).toEqual([[1], [2]]);
  });

  it('PARTITION BY returns each partition in time order; LIMIT is per partition, SLIMIT limits partitions', async () => {
    expect(await f.rows('select tbname, ts from meters partition by tbname limit 1')).toEqual([
      ['d0', T0],
      ['d1', T0],
      ['d2', T0 + 1000],
    ]);
    expect(await f.rows('select tbname, count(*) from meters partition by tbname slimit 2 soffset 1')).toEqual([
      ['d1', 3],
      ['d2', 2],
    ]);
    // an aggregate's partition is one row: LIMIT 1 keeps every partition's (golden 07_select#92)
    expect(await f.rows('select tbname, count(*) from meters partition by tbname limit 1')).toEqual([
      ['d0', 5],
      ['d1', 3],
      ['d2', 2],
    ]);
  });

  it('ORDER BY merges the partitions into one group: LIMIT counts the result, SLIMIT/SOFFSET that group (07#88, #93)', async () => {
    expect(await f.rows('select tbname, ts from meters partition by tbname order by tbname, ts limit 2')).toEqual([
      ['d0', T0],
      ['d0', T0 + 1000],
    ]);
    expect((await f.rows('select tbname, count(*) from meters partition by tbname order by tbname slimit 2')).length).toBe(3);
    expect(await f.rows('select tbname, count(*) from meters partition by tbname order by tbname slimit 1 soffset 1')).toEqual([]);
    expect((await f.rows('select tbname, _wstart, count(*) from meters partition by tbname interval(2s) order by tbname, _wstart limit 2')).length).toBe(2);
  });
});
