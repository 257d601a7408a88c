import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

// Rows as conformance case 22_expressions_nulls' p_ex.t; expected types are its goldens (TDengine 3.3.7.5).
const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.t (ts TIMESTAMP, a INT, d DOUBLE)');
  await f.run("INSERT INTO test.t VALUES ('2024-01-01 00:00:00', 1, 1.5) ('2024-01-01 00:00:01', null, 0.5)");
});

const typeOf = async (sql: string) => {
  const r = await f.query(sql);
  const c = r.columns[r.columns.length - 1];
  return { type: `${c.type}(${c.length})`, values: r.rows.map((row) => row[row.length - 1]) };
};

describe('CASE result types', () => {
  it('sizes a CASE over columns by its branches: the longest text, else the first branch type', async () => {
    expect(await typeOf("select ts, case when a > 0 then 'pos' else 'zero-or-null' end from t order by ts")).toEqual({
      type: 'VARCHAR(12)',
      values: ['pos', 'zero-or-null'],
    });
    expect(await typeOf('select ts, case when d > 1 then d else null end from t order by ts')).toEqual({ type: 'DOUBLE(8)', values: [1.5, null] });
  });

  it('folds a CASE that reads no row: text one byte longer, mixed branch types VARCHAR(63) as text', async () => {
    expect(await typeOf("select case when 1 > 0 then 'a' end")).toEqual({ type: 'VARCHAR(2)', values: ['a'] });
    expect(await typeOf("select case 1 when 2 then 'x' end")).toEqual({ type: 'VARCHAR(2)', values: [null] });
    expect(await typeOf("select case 'a' when 'a' then 'A' else 'B' end")).toEqual({ type: 'VARCHAR(2)', values: ['A'] });
    expect(await typeOf("select case when 1 = 1 then 1 else 'a' end")).toEqual({ type: 'VARCHAR(63)', values: ['1'] });
    expect(await typeOf('select case when 2 > 1 then 1.5 else 2 end')).toEqual({ type: 'VARCHAR(63)', values: ['1.5'] });
    expect(await typeOf('select case when null then 1 else 2 end')).toEqual({ type: 'BIGINT(8)', values: [2n] });
  });
});
