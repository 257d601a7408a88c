import { beforeAll, describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

// TDengine 3.3.7.5's answers in 38_write_and_delete (#258–#311): where a JSON tag may stand, and how its values compare
describe('JSON tag operators', () => {
  beforeAll(async () => {
    await f.run('CREATE STABLE test.js (ts TIMESTAMP, v INT) TAGS (j JSON)');
    await f.run(`INSERT INTO test.j1 USING test.js TAGS ('{"n":5,"name":"pump","on":true}') VALUES (1700000000000, 1)`);
    await f.run(`INSERT INTO test.j2 USING test.js TAGS ('{"n":"7","name":"valve"}') VALUES (1700000000000, 2)`);
  });

  it('a JSON value compared with a number compares only when it is a JSON number', async () => {
    expect(await f.rows("select tbname from js where j->'n' > 0 order by tbname")).toEqual([['j1']]);
    expect(await f.rows("select tbname from js where j->'n' = 7")).toEqual([]);
    expect(await f.rows("select tbname from js where j->'on' = true")).toEqual([['j1']]);
    expect(await f.rows("select tbname from js where j->'name' = 'valve'")).toEqual([['j2']]);
  });

  it('a whole JSON tag compared, matched or ordered by is 0x072D; grouped by 0x072E', async () => {
    for (const sql of ["select tbname from js where j = 'pump'", "select tbname from js where j like 'p%'", 'select j from js order by j']) {
      expect((await f.error(sql)).code, sql).toBe(0x072d);
    }
    expect((await f.error('select j, count(*) from js group by j')).code).toBe(0x072e);
  });

  it('-> and CONTAINS take a JSON tag and a text (0x0200 otherwise); -> is taken once', async () => {
    expect((await f.error("select tbname from js where v->'name' = 'pump'")).code).toBe(0x0200);
    expect((await f.error('select tbname from js where j contains 1')).code).toBe(0x0200);
    expect((await f.error("select tbname from js where j->'name'->'x' = 'pump'")).code).toBe(0x2600);
    expect((await f.error("select tbname from js where j->'name' in ('pump', 'valve')")).code).toBe(0x0110);
  });
});
