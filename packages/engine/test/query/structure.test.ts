import { describe, expect, it } from 'vitest';
import { useQueryFixture, T0, f32 } from './fixture';

const f = useQueryFixture(async () => {
  await f.run('CREATE VIEW test.hot AS SELECT tbname, ts, voltage FROM test.meters WHERE voltage > 220');
  await f.run('CREATE TABLE test.copy (ts TIMESTAMP, v INT)');
});

describe('subqueries, joins, unions, views', () => {
  it('a subquery in FROM, filtered and ordered by its result names', async () => {
    const r = await f.query('select * from (select tbname, avg(current) a from meters partition by tbname) where a > 11 order by a');
    expect(r.columns).toEqual([
      { name: 'tbname', type: 'VARCHAR', length: 270 },
      { name: 'a', type: 'DOUBLE', length: 8 },
    ]);
    expect(r.rows.map((x) => x[0])).toEqual(['d0', 'd2']);
  });

  it('windows over a subquery use its timestamp column', async () => {
    expect(await f.rows('select _wstart, sum(v) from (select ts, voltage v from d0) interval(2s)')).toEqual([
      [T0, 437],
      [T0 + 2000, 441],
      [T0 + 4000, 223],
    ]);
  });

  it('inner join on timestamp', async () => {
    expect(await f.rows('select a.ts, a.voltage, b.voltage from d0 a join d1 b on a.ts = b.ts')).toEqual([
      [T0, 219, 221],
      [T0 + 2000, 221, 225],
      [T0 + 4000, 223, null],
    ]);
    expect(await f.rows('select d0.ts, d2.current from d0, d2 where d0.ts = d2.ts')).toEqual([
      [T0 + 1000, f32(13.4)],
      [T0 + 3000, f32(12.9)],
    ]);
  });

  it('LEFT, SEMI and ANTI joins (3.3+)', async () => {
    expect(await f.rows('select a.ts, b.voltage from d0 a left join d2 b on a.ts = b.ts')).toEqual([
      [T0, null],
      [T0 + 1000, 223],
      [T0 + 2000, null],
      [T0 + 3000, 217],
      [T0 + 4000, null],
    ]);
    expect(await f.rows('select a.ts from d0 a left semi join d1 b on a.ts = b.ts')).toEqual([[T0], [T0 + 2000], [T0 + 4000]]);
    expect(await f.rows('select a.ts from d0 a left anti join d1 b on a.ts = b.ts')).toEqual([[T0 + 1000], [T0 + 3000]]);
  });

  it('UNION ALL with ORDER BY and LIMIT', async () => {
    expect(await f.rows('select ts, voltage from d0 union all select ts, voltage from d2 order by ts, voltage limit 3')).toEqual([
      [T0, 219],
      [T0 + 1000, 218],
      [T0 + 1000, 223],
    ]);
  });

  it('SELECT TAGS', async () => {
    expect(await f.rows('select tags tbname, location from meters')).toEqual([
      ['d0', 'California.SanFrancisco'],
      ['d1', 'California.LosAngles'],
      ['d2', 'California.SanDiego'],
    ]);
  });

  it('views are expanded', async () => {
    expect(await f.rows('select tbname, count(*) from hot partition by tbname order by tbname')).toEqual([
      ['d0', 2],
      ['d1', 2],
      ['d2', 1],
    ]);
  });

  it('INSERT ... SELECT goes through the query layer', async () => {
    await f.run('INSERT INTO test.copy SELECT ts, voltage FROM test.d0 WHERE voltage > 219');
    expect(await f.rows('select * from copy')).toEqual([
      [T0 + 2000, 221],
      [T0 + 3000, 220],
      [T0 + 4000, 223],
    ]);
  });
});

describe('JSON tags', () => {
  it('-> reads a key as JSON, compares as text; CONTAINS tests a key', async () => {
    await f.run('CREATE DATABASE jdb');
    await f.run('CREATE STABLE jdb.js (ts TIMESTAMP, v INT) TAGS (info JSON)');
    await f.run(`INSERT INTO jdb.j1 USING jdb.js TAGS ('{"k":"a","n":1}') VALUES (${T0}, 1)`);
    await f.run(`INSERT INTO jdb.j2 USING jdb.js TAGS ('{"k":"b"}') VALUES (${T0}, 2)`);
    const r = await f.query("select info->'k' from jdb.js order by v");
    expect(r.columns).toEqual([{ name: "info->'k'", type: 'JSON', length: 4095 }]);
    expect(r.rows).toEqual([['"a"'], ['"b"']]);
    expect(await f.rows("select v from jdb.js where info->'k' = 'b'")).toEqual([[2]]);
    expect(await f.rows("select v from jdb.js where info->'k' like 'a%'")).toEqual([[1]]);
    expect(await f.rows("select v from jdb.js where info contains 'n'")).toEqual([[1]]);
  });
});

describe('system tables', () => {
  it('information_schema tables take WHERE, ORDER BY, LIMIT and aggregates', async () => {
    expect(await f.rows("select table_name from information_schema.ins_tables where db_name = 'test' and stable_name = 'meters' order by table_name desc limit 2")).toEqual([
      ['d2'],
      ['d1'],
    ]);
    expect(await f.rows("select count(*) from information_schema.ins_tables where db_name = 'test'")).toEqual([[4]]);
    const r = await f.query("select name, `precision` from information_schema.ins_databases where name = 'test'", {});
    expect(r.columns).toEqual([
      { name: 'name', type: 'VARCHAR', length: 64 },
      { name: 'precision', type: 'VARCHAR', length: 2 },
    ]);
    expect(r.rows).toEqual([['test', 'ms']]);
  });

  it('a running query is listed in perf_queries', async () => {
    expect(await f.rows('select sql from performance_schema.perf_queries')).toEqual([['select sql from performance_schema.perf_queries']]);
  });

  it('SHOW is answered by the system-table module', async () => {
    const r = await f.query('show test.stables', {});
    expect(r.rows).toEqual([['meters']]);
  });
});
