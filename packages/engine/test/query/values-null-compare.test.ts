import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// The rows of p_ex.t in conformance case 22_expressions_nulls; expected values are its goldens (TDengine 3.3.7.5).
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.t (ts TIMESTAMP, a INT, b INT, f BOOL)');
  await f.run(
    "INSERT INTO test.t VALUES ('2024-01-01 00:00:00', 1, 2, true) ('2024-01-01 00:00:01', null, 3, null) " +
      "('2024-01-01 00:00:02', 4, null, false) ('2024-01-01 00:00:03', 0, 0, false) ('2024-01-01 00:00:04', -5, 7, true)",
  );
});

const column = async (sql: string): Promise<unknown[]> => (await f.rows(sql)).map((r) => r[r.length - 1]);

describe('comparisons with NULL are false (two-valued, as in TDengine)', () => {
  it('gives false, not NULL, for a comparison of a NULL column', async () => {
    expect(await column('select ts, a = b from t order by ts')).toEqual([false, false, false, true, false]);
    expect(await column('select ts, a <> b from t order by ts')).toEqual([true, false, false, false, true]);
    expect(await column('select ts, a < b from t order by ts')).toEqual([true, false, false, false, true]);
    expect(await column('select ts, a >= 0 and b >= 0 from t order by ts')).toEqual([true, false, false, true, false]);
  });

  it('gives false for NULL = NULL, IN / NOT IN a list holding NULL, and BETWEEN with a NULL', async () => {
    expect(await f.rows('select null = null, 2 in (1, null), 2 not in (1, null), null between 1 and 2, 1 between null and 2')).toEqual([
      [false, false, false, false, false],
    ]);
  });

  it('lets NOT of a comparison with NULL select the row', async () => {
    const ts = await column('select ts from t where not (a > 0) order by ts');
    expect(ts.map((t) => new Date(Number(t)).toISOString())).toEqual(['2024-01-01T00:00:01.000Z', '2024-01-01T00:00:03.000Z', '2024-01-01T00:00:04.000Z']);
  });

  it('keeps a NULL BOOL column NULL', async () => {
    expect(await column('select ts, f from t order by ts')).toEqual([true, null, false, false, true]);
  });
});
