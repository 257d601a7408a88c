import { beforeAll, describe, expect, it } from 'vitest';
import { quicksortIndices } from '../../src/query/planner/sort-ties';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();
/** 2024-03-01 00:00:00 UTC */
const T = 1709251200000;

describe("ORDER BY ties in the order of TDengine's quicksort (taosqsort_r)", () => {
  it('the algorithm: unstable, a function of the input order', () => {
    // the keys of 04#28's GEOMETRY column in time order (NULL 0, POINT 1, LINESTRING 2, POLYGON 3, MULTIPOINT 4)
    expect(quicksortIndices([1, 1, 2, 3, 4, 0, 1, 3])).toEqual([5, 1, 6, 0, 2, 3, 7, 4]);
    // six or fewer: insertion sort only, which keeps ties in place
    expect(quicksortIndices([2, 1, 1, 0, 1])).toEqual([3, 1, 2, 4, 0]);
    expect(quicksortIndices([])).toEqual([]);
    const keys = Array.from({ length: 500 }, (_, i) => (i * 7919) % 13);
    const sorted = quicksortIndices(keys).map((i) => keys[i]);
    expect(sorted).toEqual([...keys].sort((a, b) => a - b));
  });

  beforeAll(async () => {
    await f.run('CREATE DATABASE ties VGROUPS 1');
    await f.run('CREATE STABLE ties.st (ts TIMESTAMP, v INT) TAGS (k NCHAR(8))');
    // 07_select#114's shape: four child tables, a tag with ties, rows read table by table in time order
    await f.run(`INSERT INTO ties.s1 USING ties.st TAGS ('b') VALUES (${T}, 1) (${T + 10000}, 2) (${T + 20000}, 3) (${T + 30000}, 4) (${T + 40000}, 5) (${T + 50000}, 6) (${T + 60000}, 7) (${T + 70000}, 8)`);
    await f.run(`INSERT INTO ties.s2 USING ties.st TAGS ('c') VALUES (${T + 5000}, 10) (${T + 15000}, 11) (${T + 25000}, 12) (${T + 55000}, 13) (${T + 85000}, 14) (${T + 125000}, 15)`);
    await f.run(`INSERT INTO ties.s3 USING ties.st TAGS ('a') VALUES (${T}, 20) (${T + 30000}, 21) (${T + 60000}, 22) (${T + 90000}, 23) (${T + 120000}, 24)`);
    await f.run(`INSERT INTO ties.s4 USING ties.st TAGS (NULL) VALUES (${T + 45000}, 30) (${T + 105000}, 31)`);
    await f.run('CREATE TABLE ties.geo (ts TIMESTAMP, id INT, g GEOMETRY(128))');
    const shapes = ["'POINT(1 2)'", "'POINT(-3.5 4.25)'", "'LINESTRING(0 0, 1 1, 2 0)'", "'POLYGON((0 0, 4 0, 4 4, 0 4, 0 0))'", "'MULTIPOINT((1 1), (2 2))'", 'NULL', "'POINT(0 0)'", "'POLYGON((1 1, 2 1, 2 2, 1 2, 1 1))'"];
    await f.run(`INSERT INTO ties.geo VALUES ${shapes.map((g, i) => `(${T + i * 1000}, ${i}, ${g})`).join(' ')}`);
  });

  it("a super table of a one-vgroup database: the tag's rows in the quicksort's order, as 07#114", async () => {
    expect((await f.rows('select v from ties.st order by k', { db: 'ties' })).map((r) => r[0])).toEqual([31, 30, 20, 21, 22, 23, 24, 1, 7, 2, 8, 3, 4, 5, 6, 10, 15, 14, 13, 11, 12]);
    // a LIMIT is left to DuckDB (TDengine sorts a limited query with a heap), and so is a sort by time, in table order
    const limited = (await f.rows('select v from ties.st order by k limit 3', { db: 'ties' })).map((r) => r[0]);
    expect([limited.slice(0, 2).sort(), [20, 21, 22, 23, 24].includes(limited[2] as number)]).toEqual([[30, 31], true]);
    expect((await f.rows('select v from ties.st order by ts, k', { db: 'ties' })).map((r) => r[0]).slice(0, 3)).toEqual([20, 1, 10]);
  });

  it('GEOMETRY compares as TDengine compares it (bytes up to the first zero byte, then the length), as 04#28', async () => {
    expect((await f.rows('select id from ties.geo order by g', { db: 'ties' })).map((r) => r[0])).toEqual([5, 1, 6, 0, 2, 3, 7, 4]);
    expect((await f.rows('select id, g from ties.geo order by 2 desc', { db: 'ties' })).map((r) => r[0]).slice(0, 1)).toEqual([4]);
  });
});
