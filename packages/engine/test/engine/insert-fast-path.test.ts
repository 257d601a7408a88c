import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from './helpers';

/** INSERT VALUES of one width into a child/normal table: converted column by column (exec/insert-columns.ts). */
let t: TestEngine;
const NOW = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE power');
  await t.run('CREATE STABLE power.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase DOUBLE) TAGS (groupid INT)');
  await t.run('CREATE TABLE power.d1 USING power.meters TAGS (1)');
});
afterEach(async () => t.close());

const row = (r: number) => `(${NOW + r}, ${r / 8}, ${200 + (r % 50)}, ${r * 0.001})`;
const rows = (n: number, at: (r: number) => string = row) => Array.from({ length: n }, (_, r) => at(r)).join(' ');

describe('INSERT fast path', () => {
  it('stores thousands of rows over several chunks exactly, with NULLs and strings in the same columns', async () => {
    const n = 5000;
    const mixed = (r: number) => (r === 10 ? `(${NOW + r}, NULL, '7', 1e2)` : row(r));
    expect(await t.run(`INSERT INTO power.d1 VALUES ${rows(n, mixed)}`)).toEqual({ kind: 'affected', affectedRows: n });
    const stored = await t.rows('power', 'd1');
    expect(stored).toHaveLength(n);
    expect(stored[10]).toEqual([BigInt(NOW + 10), null, 7, 100]);
    expect(stored[4999]).toEqual([BigInt(NOW + 4999), Math.fround(4999 / 8), 200 + (4999 % 50), 4999 * 0.001]);
    expect(stored.every((v, r) => r === 10 || v[2] === 200 + (r % 50))).toBe(true);
  });

  it('stores BIGINT values packed or not, also when one statement names the same table twice', async () => {
    await t.run('CREATE TABLE power.big (ts TIMESTAMP, v BIGINT)');
    const big = 9007199254740993n; // beyond 2^53: that part cannot be packed
    await t.run(`INSERT INTO power.big VALUES (${NOW}, -4294967297) (${NOW + 1}, 200) power.big VALUES (${NOW + 2}, 300) (${NOW + 3}, 1700000000123)`);
    await t.run(`INSERT INTO power.big VALUES (${NOW + 4}, 5) power.big VALUES (${NOW + 5}, ${big})`);
    expect((await t.rows('power', 'big')).map((r) => r[1])).toEqual([-4294967297n, 200n, 300n, 1700000000123n, 5n, big]);
    // packed timestamps and timestamps written as text for one table: joined into one column of bigints
    const text = new Date(NOW + 7).toISOString();
    await t.run(`INSERT INTO power.big VALUES (${NOW + 6}, 6) power.big VALUES ('${text}', 7)`);
    expect((await t.rows('power', 'big')).slice(-2)).toEqual([
      [BigInt(NOW + 6), 6n],
      [BigInt(NOW + 7), 7n],
    ]);
  });

  it('keeps column lists (unlisted columns NULL) and the same-timestamp rule inside one statement', async () => {
    await t.run(`INSERT INTO power.d1 (voltage, ts) VALUES (1, ${NOW}) (2, ${NOW + 1}) (3, ${NOW})`);
    expect(await t.rows('power', 'd1')).toEqual([
      [BigInt(NOW), null, 3, null],
      [BigInt(NOW + 1), null, 2, null],
    ]);
  });

  it('reports the first bad value in row order, whichever column it is in', async () => {
    // row 1 has an INT overflow in the third column, row 2 a timestamp beyond KEEP in the first
    const sql = `INSERT INTO power.d1 VALUES ${row(0)} (${NOW + 1}, 1, 3000000000, 1) (${NOW - 3651 * 86400000}, 1, 1, 1)`;
    await expect(t.run(sql)).rejects.toMatchObject({
      code: 534,
      message: `syntax error near '3000000000, 1) (${NOW - 3651 * 86400000}, 1, 1, 1)' (int data overflow)`,
    });
    await expect(t.run(`INSERT INTO power.d1 VALUES ${row(0)} (${NOW + 1}, 4e38, 1, 1)`)).rejects.toMatchObject({
      code: 534,
      message: "syntax error near '4e38, 1, 1)' (float data overflow)",
    });
    await expect(t.run(`INSERT INTO power.d1 VALUES ${row(0)} (${NOW + 1}.5, 1, 1, 1)`)).rejects.toMatchObject({ code: 534 });
    await expect(t.run(`INSERT INTO power.d1 VALUES ${row(0)} (${NOW + 1}, 1, 1)`)).rejects.toMatchObject({ code: 534, message: "syntax error near ')' (, expected)" });
    await expect(t.run(`INSERT INTO power.d1 VALUES ${row(0)} (${NOW + 1}, 1, 1, 1, 1)`)).rejects.toMatchObject({ code: 0x263f });
    expect(await t.rows('power', 'd1')).toEqual([]);
  });

  it('converts numbers into other types and time strings or NOW into timestamps with the per-value converters', async () => {
    await t.run('CREATE TABLE power.o (ts TIMESTAMP, b BOOL, g BIGINT, s VARCHAR(8))');
    await t.run(`INSERT INTO power.o VALUES ('2026-01-02 03:04:05.006', 1, 5, 'x') (now, 0, -9007199254740993, 'y') (now + 1s, 2, 7, 9)`, { tz: 'UTC' });
    const stored = await t.rows('power', 'o');
    expect(stored[0]).toEqual([BigInt(Date.parse('2026-01-02T03:04:05.006Z')), true, 5n, 'x']);
    expect(stored[1].slice(1)).toEqual([false, -9007199254740993n, 'y']);
    expect((stored[2][0] as bigint) - (stored[1][0] as bigint)).toBe(1000n);
    expect(stored[2].slice(1)).toEqual([true, 7n, '9']);
    // a NULL timestamp is the insert parser's syntax error at that value (06_insert#33)
    await expect(t.run(`INSERT INTO power.o VALUES (now, 1, 1, 'x') (NULL, 1, 1, 'y')`)).rejects.toMatchObject({
      code: 534,
      message: "syntax error near 'null, 1, 1, 'y')' (Primary timestamp column should not be null)",
    });
  });

  it('takes the same path for USING ... TAGS and normal tables', async () => {
    await t.run('CREATE TABLE power.n (ts TIMESTAMP, v SMALLINT, w DOUBLE)');
    await t.run(`INSERT INTO power.d2 USING power.meters TAGS (2) VALUES ${rows(3)} power.n VALUES (${NOW}, -5, 2.5)`);
    expect(await t.rows('power', 'd2')).toHaveLength(3);
    expect(await t.rows('power', 'n')).toEqual([[BigInt(NOW), -5, 2.5]]);
    await expect(t.run(`INSERT INTO power.n VALUES (${NOW}, 40000, 1)`)).rejects.toMatchObject({
      message: "syntax error near '40000, 1)' (smallint data overflow)",
    });
  });
});
