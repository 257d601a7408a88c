import { describe, expect, it } from 'vitest';
import { insertStatements, STATEMENT_BYTES } from '../../src/region/replication/runner/engine-writer';
import { droppedDatabases } from '../../src/region/replication/tasks/database-guard';

describe('the runner statements and the drop guard', () => {
  it('rows become one multi-table INSERT, grouped by child table, child tables made from the super table', () => {
    const [statement, ...more] = insertStatements('db', [
      { stable: 'st', table: 'd1', tags: { loc: "O'Hare" }, columns: { ts: 1, v: 1.5, ok: true } },
      { stable: 'st', table: 'd2', tags: { loc: 'b' }, columns: { ts: 1, v: null, ok: false } },
      { stable: 'st', table: 'd1', tags: { loc: "O'Hare" }, columns: { ts: 2, v: 2, ok: true } },
      { stable: 'st', table: 'd3', tags: { loc: 'c' }, columns: { ts: '1767225600000000000', v: 3, ok: true } },
    ]);
    expect(more).toEqual([]);
    expect(statement.sql).toBe(
      "INSERT INTO `db`.`d1` USING `db`.`st` (`loc`) TAGS ('O\\'Hare') (`ts`,`v`,`ok`) VALUES (1,1.5,true)(2,2,true) " +
        "`db`.`d2` USING `db`.`st` (`loc`) TAGS ('b') (`ts`,`v`,`ok`) VALUES (1,NULL,false) " +
        "`db`.`d3` USING `db`.`st` (`loc`) TAGS ('c') (`ts`,`v`,`ok`) VALUES (1767225600000000000,3,true)",
    );
    expect(statement.rows.map((row) => row.table)).toEqual(['d1', 'd1', 'd2', 'd3']);
  });

  it('rows of one child table with other columns, or the same columns in another order, get a clause of their own', () => {
    const [statement] = insertStatements('db', [
      { stable: 'st', table: 'd1', tags: {}, columns: { ts: 1, v: 1 } },
      { stable: 'st', table: 'd1', tags: {}, columns: { ts: 2 } },
      { stable: 'st', table: 'd1', tags: {}, columns: { v: 3, ts: 3 } },
      { stable: 'st', table: 'd1', tags: {}, columns: { ts: 4, v: 4 } },
      { stable: 'st', table: 'd1', tags: {}, columns: { ts: 5, v: 5, w: 'x' } },
    ]);
    expect(statement.sql).toBe(
      'INSERT INTO `db`.`d1` (`ts`,`v`) VALUES (1,1)(4,4) `db`.`d1` (`ts`) VALUES (2) `db`.`d1` (`v`,`ts`) VALUES (3,3) ' + "`db`.`d1` (`ts`,`v`,`w`) VALUES (5,5,'x')",
    );
    expect(statement.rows.map((row) => row.columns.ts)).toEqual([1, 4, 2, 3, 5]);
  });

  it('a large batch is cut into statements of at most about STATEMENT_BYTES', () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => ({ stable: 'st', table: `t${i % 600}`, tags: { n: i % 600 }, columns: { ts: i, text: 'x'.repeat(40) } }));
    const statements = insertStatements('db', rows);
    expect(statements.length).toBeGreaterThan(1);
    expect(statements.every((s) => s.sql.length <= STATEMENT_BYTES + 10_000)).toBe(true);
    expect(statements.reduce((n, s) => n + s.rows.length, 0)).toBe(60_000);
  });

  it.each([
    ['DROP DATABASE power', ['power']],
    ['drop database if exists `Power`;', ['Power']],
    ['SELECT 1; -- note\nDROP DATABASE a; DROP TABLE b.t; DROP DATABASE IF EXISTS c', ['a', 'c']],
    ["SELECT 'drop database x'", []],
    ['DROP TABLE power.meters', []],
  ])('%s drops %j', (sql, names) => {
    expect(droppedDatabases(sql)).toEqual(names);
  });
});
