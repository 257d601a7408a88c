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

  it('TWA and IRATE read the first key of each timestamp, then skip NULLs, as TDengine 3.3.7.5 does (42_composite_key_functions)', async () => {
    await t.run('CREATE TABLE ck.r (ts TIMESTAMP, k VARCHAR(4) PRIMARY KEY, v INT)');
    await t.run(`INSERT INTO ck.r VALUES (${T0}, 'k0', 10) (${T0 + 1000}, 'k1', NULL) (${T0 + 1000}, 'k2', 100) (${T0 + 2000}, 'ka', 30) (${T0 + 2000}, 'kb', 40)`);
    // samples (0 s, 10) and (2 s, 30): the NULL of k1 hides k2's 100, k2 and kb are never read
    expect(await rows('SELECT twa(v), irate(v) FROM r')).toEqual([[20, 10]]);
    // without k1 the first row of 1 s is k2's 100: (0, 10), (1, 100), (2, 30)
    expect(await rows("SELECT twa(v), irate(v) FROM r WHERE k <> 'k1'")).toEqual([[60, 30]]);
    expect(await rows("SELECT twa(v), irate(v) FROM r WHERE k = 'k0'")).toEqual([[10, 0]]);
    // rows but no sample (the first key of 1 s is NULL): TWA NULL, IRATE 0 (checked on 3.3.7.5)
    expect(await rows(`SELECT twa(v), irate(v) FROM r WHERE ts = ${T0 + 1000}`)).toEqual([[null, 0]]);
    // a child table of a super table, one per partition: c1 reads (0, 10), (3, 40); c2 (0, 1), (2, 5), (4, 2)
    await t.run(
      `INSERT INTO ck.c1 USING ck.st TAGS (1) VALUES (${T0}, 'b', 10) (${T0}, 'e', 99) (${T0 + 1000}, 'a', NULL) (${T0 + 1000}, 'c', 7) (${T0 + 3000}, 'a', 40)`,
    );
    await t.run(`INSERT INTO ck.c2 USING ck.st TAGS (2) VALUES (${T0}, 'a', 1) (${T0 + 2000}, 'd', 5) (${T0 + 2000}, 'i', 50) (${T0 + 4000}, 'a', 2)`);
    expect(await rows('SELECT tbname, twa(v), irate(v) FROM st PARTITION BY tbname ORDER BY tbname')).toEqual([
      ['c1', 25, 10],
      ['c2', 3.25, 1],
    ]);
    expect(await rows('SELECT twa(v), irate(v) FROM c1')).toEqual([[25, 10]]);
    // merged over the super table: one sample per timestamp, no duplicate refused (42#34: (0, 1), (2, 5), (3, 40), (4, 2))
    expect(await rows('SELECT twa(v), irate(v) FROM st')).toEqual([[12.375, 2]]);
  });

  it('TWA in INTERVAL windows interpolates its edges from the first key, the previous window from its last row (42#10, #11, #35)', async () => {
    await t.run('CREATE TABLE ck.w (ts TIMESTAMP, k VARCHAR(4) PRIMARY KEY, v INT, f DOUBLE)');
    await t.run(
      `INSERT INTO ck.w VALUES (${T0}, 'k0', 10, 1.5) (${T0 + 1000}, 'k1', NULL, 2.5) (${T0 + 1000}, 'k2', 100, 3.5) (${T0 + 2000}, 'ka', 30, NULL) ` +
        `(${T0 + 2000}, 'kb', 40, 4.5) (${T0 + 4000}, 'k0', 20, 6.5) (${T0 + 4000}, 'k9', 10, 0.5)`,
    );
    // [0, 2 s): the sample (0, 10), the end edge between k1's NULL (as 0) at 1 s and ka's 30 at 2 s: (10 + 29.97) / 2
    expect((await rows('SELECT twa(v) FROM w INTERVAL(2s)')).map((r) => r[0])).toEqual([19.985, 25.0025, 20]);
    // [3 s, 6 s): the start edge between kb's 4.5 (the last row of the window before) and 6.5 at 4 s
    expect((await rows('SELECT twa(f) FROM w INTERVAL(3s)')).map((r) => r[0])).toEqual([2.5821529259753255, 6]);
  });

  it('INTERP reads the first key of each timestamp and skips the other keys, before INTERP(x, 1) skips NULLs (42#12–#15)', async () => {
    await t.run('CREATE TABLE ck.i (ts TIMESTAMP, k VARCHAR(4) PRIMARY KEY, v INT)');
    await t.run(`INSERT INTO ck.i VALUES (${T0}, 'k0', 10) (${T0 + 1000}, 'k1', NULL) (${T0 + 1000}, 'k2', 100) (${T0 + 2000}, 'ka', 30) (${T0 + 2000}, 'kb', 40) (${T0 + 4000}, 'k0', 20)`);
    const range = `RANGE(${T0 - 1000}, ${T0 + 4000}) EVERY(1s)`;
    expect(await rows(`SELECT _isfilled, interp(v) FROM i ${range} FILL(LINEAR)`)).toEqual([
      [false, 10],
      [false, null],
      [false, 30],
      [true, 25],
      [false, 20],
    ]);
    expect((await rows(`SELECT interp(v, 1) FROM i ${range} FILL(NULL)`)).map((r) => r[0])).toEqual([null, 10, null, 30, null, 20]);
  });

  it('UNIQUE keeps the first row by (timestamp, key), TAIL the last rows by (timestamp, key) (42#21, #22)', async () => {
    await t.run('CREATE TABLE ck.q (ts TIMESTAMP, k INT PRIMARY KEY, v INT)');
    await t.run(`INSERT INTO ck.q VALUES (${T0}, 7, 5) (${T0}, 3, 5) (${T0}, 9, 6) (${T0 + 1000}, 2, 6) (${T0 + 1000}, 1, 5)`);
    const sorted = (r: unknown[][]) => r.map((x) => x.join(' ')).sort();
    expect(sorted(await rows('SELECT ts, k, unique(v) FROM q'))).toEqual([`${T0} 3 5`, `${T0} 9 6`]);
    expect(sorted(await rows('SELECT ts, k, tail(v, 3) FROM q'))).toEqual([`${T0} 9 6`, `${T0 + 1000} 1 5`, `${T0 + 1000} 2 6`]);
  });

  it('leaves TWA and IRATE of a table without a composite key reading every non-NULL row', async () => {
    await t.run('CREATE TABLE ck.n (ts TIMESTAMP, v INT)');
    await t.run(`INSERT INTO ck.n VALUES (${T0}, 10) (${T0 + 1000}, NULL) (${T0 + 2000}, 30) (${T0 + 3000}, 100)`);
    expect(await rows('SELECT twa(v), irate(v) FROM n')).toEqual([[(20 + 20 + 65) / 3, 70]]);
  });
});
