import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// TDengine 3.3.7.5 folds a WHERE that reads no row before the scan (issue 25, measured on a real server); a WHERE that
// reads rows but matches none still counts 0 (golden 08_aggregates#73).
const f = useQueryFixture();

describe('aggregates under a WHERE with no column', () => {
  it('answers no row at all when the WHERE is constant false', async () => {
    expect(await f.rows('select count(*) from meters where 1 = 0')).toEqual([]);
    expect(await f.rows('select count(*), max(current) from d0 where null = null')).toEqual([]);
  });

  it('counts every row when the constant WHERE is true', async () => {
    expect(await f.rows('select count(*) from meters where 1 = 1')).toEqual([[10]]);
  });

  it('still answers one row of 0 and NULLs when a WHERE on columns matches nothing', async () => {
    expect(await f.rows("select count(*), sum(current), avg(current), min(current), max(current) from meters where ts > '2030-01-01'")).toEqual([[0, null, null, null, null]]);
  });
});
