import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// The rows of p_sel.s1 in conformance case 07_select; expected orders are those of its goldens (TDengine 3.3.7.5).
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.s1 (ts TIMESTAMP, temp DOUBLE, cnt INT, note VARCHAR(16))');
  await f.run(
    "INSERT INTO test.s1 VALUES ('2024-03-01 00:00:00.000', 21.5, 1, 'init') ('2024-03-01 00:00:10.000', 22.0, 2, 'ok') " +
      "('2024-03-01 00:00:20.000', 22.5, 3, 'ok') ('2024-03-01 00:00:30.000', null, 4, 'warn') ('2024-03-01 00:00:40.000', 23.75, 5, 'ok') " +
      "('2024-03-01 00:00:50.000', 24.0, null, null) ('2024-03-01 00:01:00.000', 23.0, 7, 'ok') ('2024-03-01 00:01:10.000', 21.0, 8, 'low')",
  );
});

const column = async (sql: string): Promise<unknown[]> => (await f.rows(sql)).map((r) => r[0]);

describe('NULL placement in ORDER BY (NULL is the smallest value)', () => {
  it('puts NULLs first in ASC and last in DESC', async () => {
    expect(await column('select temp from s1 order by temp')).toEqual([null, 21, 21.5, 22, 22.5, 23, 23.75, 24]);
    expect(await column('select temp from s1 order by temp desc')).toEqual([24, 23.75, 23, 22.5, 22, 21.5, 21, null]);
    expect(await column('select note from s1 order by note, ts')).toEqual([null, 'init', 'low', 'ok', 'ok', 'ok', 'ok', 'warn']);
  });

  it('keeps an explicit NULLS FIRST / NULLS LAST', async () => {
    expect(await column('select temp from s1 order by temp asc nulls last')).toEqual([21, 21.5, 22, 22.5, 23, 23.75, 24, null]);
    expect(await column('select temp from s1 order by temp desc nulls first')).toEqual([null, 24, 23.75, 23, 22.5, 22, 21.5, 21]);
  });

  it('orders by position, alias and expression the same way', async () => {
    expect(await column('select temp, ts from s1 order by 1, 2')).toEqual([null, 21, 21.5, 22, 22.5, 23, 23.75, 24]);
    expect(await column('select temp t from s1 order by t, ts')).toEqual([null, 21, 21.5, 22, 22.5, 23, 23.75, 24]);
    expect(await column('select temp from s1 order by abs(temp - 22), ts')).toEqual([null, 22, 21.5, 22.5, 23, 21, 23.75, 24]);
  });

  it('orders DISTINCT results and UNIONs the same way', async () => {
    expect(await column('select distinct cnt % 3 from s1 order by 1')).toEqual([null, 0, 1, 2]);
    expect(await column('select note from s1 where ts < 1709251230000 union select note from s1 where note is null order by note')).toEqual([null, 'init', 'ok']);
  });
});
