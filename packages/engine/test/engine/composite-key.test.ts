import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryLayer } from '../../src/query';
import { parse, type QueryExpression } from '../../src/sql';
import { openTestEngine, type TestEngine } from './helpers';

/**
 * A table whose second column is declared PRIMARY KEY (a composite key) keeps one row per (timestamp, key), as
 * TDengine 3.3.7.5 does: rows with one timestamp and different keys are all kept, a row with a stored (timestamp, key)
 * replaces it, rows are ordered by timestamp then key, FIRST/LAST/LAST_ROW pick by that order (39_console_sql#77,
 * #174, #177).
 */
let t: TestEngine;
const T0 = 1_704_067_200_000; // 2024-01-01T00:00:00Z

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE ck');
  await t.run('CREATE TABLE ck.o (ts TIMESTAMP, id INT PRIMARY KEY, amount DOUBLE)');
  await t.run('CREATE STABLE ck.st (ts TIMESTAMP, k VARCHAR(8) PRIMARY KEY, v INT) TAGS (g INT)');
});
afterEach(async () => t.close());

async function rows(sql: string): Promise<unknown[][]> {
  const r = await t.run(sql, { db: 'ck' });
  if (r.kind !== 'rows') throw new Error(`not a query: ${sql}`);
  return r.rows;
}

describe('composite key', () => {
  it('keeps rows of one timestamp with different keys and counts them as written', async () => {
    const r = await t.run(`INSERT INTO ck.o VALUES (${T0}, 1, 9.99) (${T0}, 2, 19.5) (${T0 + 1000}, 1, 5)`);
    expect(r).toEqual({ kind: 'affected', affectedRows: 3 });
    expect(await rows('SELECT * FROM o')).toEqual([
      [BigInt(T0), 1, 9.99],
      [BigInt(T0), 2, 19.5],
      [BigInt(T0 + 1000), 1, 5],
    ]);
    expect(await rows('SELECT count(*) FROM o')).toEqual([[3n]]);
    expect(await rows('SELECT first(ts), last(ts), count(*) FROM o')).toEqual([[BigInt(T0), BigInt(T0 + 1000), 3n]]);
  });

  it('refuses a NULL key and a column list without the key, as TDengine 3.3.7.5 does, and writes nothing', async () => {
    await expect(t.run(`INSERT INTO ck.o VALUES (${T0}, NULL, 1)`)).rejects.toMatchObject({ code: 0x267b, message: 'Primary key column should not be null' });
    await expect(t.run(`INSERT INTO ck.o VALUES (${T0}, 1, 1) (${T0}, NULL, 2)`)).rejects.toMatchObject({ code: 0x267b });
    await expect(t.run(`INSERT INTO ck.o (ts, amount) VALUES (${T0}, 1)`)).rejects.toMatchObject({ code: 0x0200, message: 'Primary key column should not be none' });
    await expect(t.run(`INSERT INTO ck.d1 USING ck.st TAGS (1) VALUES (${T0}, NULL, 1)`)).rejects.toMatchObject({ code: 0x267b });
    expect(await rows('SELECT count(*) FROM o')).toEqual([[0n]]);
  });

  it('replaces a row with the same timestamp and key, in one statement (merged) and across statements', async () => {
    const r = await t.run(`INSERT INTO ck.o VALUES (${T0}, 2, 1) (${T0}, 1, 2) (${T0}, 2, 3)`);
    expect(r).toEqual({ kind: 'affected', affectedRows: 2 });
    await t.run(`INSERT INTO ck.o VALUES (${T0 + 1000}, 1, 4)`);
    // late: into an earlier time than the newest row, one key replaced and one new
    await t.run(`INSERT INTO ck.o VALUES (${T0}, 1, 20) (${T0}, 7, 70) (${T0 - 1000}, 3, 30)`);
    expect(await rows('SELECT * FROM o')).toEqual([
      [BigInt(T0 - 1000), 3, 30],
      [BigInt(T0), 1, 20],
      [BigInt(T0), 2, 3],
      [BigInt(T0), 7, 70],
      [BigInt(T0 + 1000), 1, 4],
    ]);
    // a column list: the stored row of that (ts, key) keeps the columns not named
    await t.run(`INSERT INTO ck.o (ts, id) VALUES (${T0}, 7)`);
    expect(await rows(`SELECT amount FROM o WHERE ts = ${T0} AND id = 7`)).toEqual([[70]]);
  });

  it('orders rows of one timestamp by key, and FIRST/LAST/LAST_ROW pick the smallest and the largest key', async () => {
    // written in reverse key order, in separate statements
    for (const id of [5, 3, 9, 1]) await t.run(`INSERT INTO ck.o VALUES (${T0}, ${id}, ${id * 10})`);
    expect(await rows('SELECT id FROM o')).toEqual([[1], [3], [5], [9]]);
    expect(await rows('SELECT first(amount), last(amount), last_row(amount), first(id), last(id) FROM o')).toEqual([[10, 90, 90, 1, 9]]);
    // a NULL at the largest key: LAST skips it, LAST_ROW keeps it
    await t.run(`INSERT INTO ck.o VALUES (${T0}, 11, NULL)`);
    expect(await rows('SELECT last(amount), last_row(amount), last_row(id) FROM o')).toEqual([[90, null, 11]]);
    expect(await rows('SELECT id, last(amount) FROM o')).toEqual([[9, 90]]);
    expect(await rows('SELECT id FROM o LIMIT 2')).toEqual([[1], [3]]);
  });

  it('orders the keys of one timestamp the way ORDER BY orders the timestamps, as TDengine 3.3.7.5 does', async () => {
    await t.run(`INSERT INTO ck.o VALUES (${T0}, 2, 1) (${T0}, 1, 2) (${T0 + 1000}, 1, 3) (${T0 + 1000}, 3, 4)`);
    expect(await rows('SELECT id, amount FROM o ORDER BY ts DESC')).toEqual([[3, 4], [1, 3], [2, 1], [1, 2]]);
    expect(await rows('SELECT id FROM o ORDER BY ts DESC LIMIT 1')).toEqual([[3]]);
    expect(await rows('SELECT id FROM o ORDER BY ts ASC')).toEqual([[1], [2], [1], [3]]);
  });

  it('DELETE by a time range removes every key of those timestamps', async () => {
    await t.run(`INSERT INTO ck.o VALUES (${T0}, 1, 1) (${T0}, 2, 2) (${T0 + 1000}, 1, 3) (${T0 + 1000}, 2, 4)`);
    const r = await t.run(`DELETE FROM ck.o WHERE ts = ${T0}`);
    expect(r).toEqual({ kind: 'affected', affectedRows: 2 });
    expect(await rows('SELECT * FROM o')).toEqual([
      [BigInt(T0 + 1000), 1, 3],
      [BigInt(T0 + 1000), 2, 4],
    ]);
    // written again after the delete: both keys come back, once each
    await t.run(`INSERT INTO ck.o VALUES (${T0}, 2, 5) (${T0}, 1, 6) (${T0}, 1, 7)`);
    expect(await rows('SELECT count(*) FROM o')).toEqual([[4n]]);
  });

  it('keys child tables of a super table by (ts, key) each, with VARCHAR keys', async () => {
    await t.run(`INSERT INTO ck.c1 USING ck.st TAGS (1) VALUES (${T0}, 'b', 1) (${T0}, 'a', 2) ck.c2 USING ck.st TAGS (2) VALUES (${T0}, 'a', 3)`);
    await t.run(`INSERT INTO ck.c1 VALUES (${T0}, 'b', 10) (${T0}, 'c', 11)`);
    expect(await rows('SELECT tbname, ts, k, v FROM st ORDER BY tbname, ts, k')).toEqual([
      ['c1', BigInt(T0), 'a', 2],
      ['c1', BigInt(T0), 'b', 10],
      ['c1', BigInt(T0), 'c', 11],
      ['c2', BigInt(T0), 'a', 3],
    ]);
    expect(await rows('SELECT k, v FROM c1')).toEqual([
      ['a', 2],
      ['b', 10],
      ['c', 11],
    ]);
    expect(await rows('SELECT tbname, first(v), last(v), count(*) FROM st PARTITION BY tbname ORDER BY tbname')).toEqual([
      ['c1', 2, 11, 3n],
      ['c2', 3, 3, 1n],
    ]);
  });

  it('answers FIRST/LAST/LAST_ROW from representative rows as the scan does', async () => {
    const queries = ['SELECT first(v), last(v), last_row(v), first(k), last(k) FROM st', 'SELECT tbname, last_row(*) FROM st PARTITION BY tbname'];
    await t.run(`INSERT INTO ck.c1 USING ck.st TAGS (1) VALUES (${T0}, 'm', 1) (${T0}, 'a', 2) (${T0}, 'z', NULL) (${T0 - 5}, 'q', 4)`);
    await t.run(`INSERT INTO ck.c2 USING ck.st TAGS (2) VALUES (${T0}, 'b', 5) (${T0 - 3}, 'c', 6)`);
    const scan = async (sql: string) => {
      const ctx = { ...t.engine.queryContext({ user: 'root', db: 'ck', sql }), representatives: undefined };
      const r = await new QueryLayer().execute(ctx, parse(sql) as QueryExpression);
      return r.kind === 'rows' ? r.rows : [];
    };
    for (const sql of queries) await rows(sql);
    await t.engine.representatives!.settled();
    const served = t.engine.representatives!.stats.served;
    for (const sql of queries) expect(await rows(sql), sql).toEqual(await scan(sql));
    // one timeline of both children: at T0 the largest key with a value is c1's 'm'
    expect(await rows(queries[0])).toEqual([[4, 1, null, 'q', 'z']]);
    // a late row at the newest timestamp with a new key: the copy is recomputed, not folded
    await t.run(`INSERT INTO ck.c1 VALUES (${T0}, 'zz', 7)`);
    for (const sql of queries) expect(await rows(sql), sql).toEqual(await scan(sql));
    expect(await rows(queries[0])).toEqual([[4, 7, 7, 'q', 'zz']]);
    expect(t.engine.representatives!.stats.served).toBeGreaterThan(served);
  });

  it('time-series functions over keys sharing a timestamp answer as TDengine 3.3.7.5 did (checked on it)', async () => {
    await t.run('CREATE TABLE ck.m (ts TIMESTAMP, k INT PRIMARY KEY, v INT, f DOUBLE)');
    await t.run(
      `INSERT INTO ck.m VALUES (${T0}, 1, 10, 1.5) (${T0}, 2, 20, 2.5) (${T0 + 1000}, 1, 5, 3.5) (${T0 + 2000}, 3, 7, 4.5) (${T0 + 2000}, 1, 30, 5.5) (${T0 + 3000}, 2, NULL, 6.5)`,
    );
    // DIFF and DERIVATIVE read the first row (smallest key) of each timestamp
    expect(await rows('SELECT ts, k, diff(v) FROM m')).toEqual([
      [BigInt(T0 + 1000), 1, -5n],
      [BigInt(T0 + 2000), 1, 25n],
      [BigInt(T0 + 3000), 2, null],
    ]);
    expect(await rows('SELECT diff(f) FROM m')).toEqual([[2], [2], [1]]);
    expect(await rows('SELECT derivative(v, 1s, 0) FROM m')).toEqual([[-5], [25]]);
    // CSUM, MAVG, STATECOUNT and STATEDURATION refuse rows that share a timestamp; one key's rows are a timeline
    for (const f of ['csum(v)', 'mavg(v, 2)', "statecount(v, 'GT', 6)", "stateduration(v, 'GT', 6)"]) {
      await expect(t.run(`SELECT ${f} FROM ck.m`)).rejects.toMatchObject({ code: 0x2805, message: 'Duplicate timestamps not allowed in function' });
    }
    expect(await rows('SELECT csum(v) FROM m WHERE k = 1')).toEqual([[10n], [15n], [45n]]);
  });
});
