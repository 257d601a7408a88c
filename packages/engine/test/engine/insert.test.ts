import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from './helpers';

let t: TestEngine;
const NOW = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE power');
  await t.run('CREATE STABLE power.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location BINARY(24))');
});
afterEach(async () => t.close());

describe('INSERT', () => {
  it('writes multi-row, multi-table inserts with USING ... TAGS auto-create and column lists', async () => {
    const r = await t.run(
      `INSERT INTO d1 USING meters TAGS (2, 'California.SanFrancisco') VALUES (${NOW}, 10.3, 219, 0.31) (${NOW + 1}, 12.6, 218, 0.33) ` +
        `d2 USING meters (location) TAGS ('California.SanJose') (ts, voltage) VALUES (${NOW}, 220)`,
      { db: 'power' },
    );
    expect(r).toEqual({ kind: 'affected', affectedRows: 3 });
    expect(await t.rows('power', 'd1')).toEqual([
      [BigInt(NOW), Math.fround(10.3), 219, Math.fround(0.31)],
      [BigInt(NOW + 1), Math.fround(12.6), 218, Math.fround(0.33)],
    ]);
    expect(await t.rows('power', 'd2')).toEqual([[BigInt(NOW), null, 220, null]]);
    expect(await t.tags('power', 'd2')).toEqual([null, 'California.SanJose']);
    // an existing child keeps its tags when USING ... TAGS names it again
    await t.run(`INSERT INTO power.d1 USING power.meters TAGS (9, 'other') VALUES (${NOW + 2}, 1, 1, 1)`);
    expect(await t.tags('power', 'd1')).toEqual([2, 'California.SanFrancisco']);
  });

  it('counts rows of one table sharing a timestamp once, as TDengine merges them before writing (last wins)', async () => {
    await t.run('CREATE TABLE power.n (ts TIMESTAMP, v INT)');
    // the same timestamp twice in one VALUES list, and again through a second target naming the same table
    const r = await t.run(`INSERT INTO power.n VALUES (${NOW}, 1) (${NOW}, 2) (${NOW + 1}, 3) power.n VALUES (${NOW + 1}, 4) (${NOW - 1}, 5)`);
    expect(r).toEqual({ kind: 'affected', affectedRows: 3 });
    expect(await t.rows('power', 'n')).toEqual([
      [BigInt(NOW - 1), 5],
      [BigInt(NOW), 2],
      [BigInt(NOW + 1), 4],
    ]);
    // the same timestamp in two tables is two rows
    await t.run('CREATE TABLE power.m (ts TIMESTAMP, v INT)');
    expect(await t.run(`INSERT INTO power.n VALUES (${NOW + 5}, 1) power.m VALUES (${NOW + 5}, 1)`)).toEqual({ kind: 'affected', affectedRows: 2 });
  });

  it('accepts time strings, epochs and now ± durations; every NOW in a statement is the same instant', async () => {
    await t.run('CREATE TABLE power.n (ts TIMESTAMP, v INT)');
    await t.run(`INSERT INTO power.n VALUES ('2026-01-02 03:04:05.678', 1) ('2026-01-02T03:04:05.679+08:00', 2) (now, 3) (now - 1h, 4) (now + 10a, 5)`);
    const rows = await t.rows('power', 'n');
    expect(rows[0]).toEqual([Date.UTC(2026, 0, 1, 19, 4, 5, 679) * 1 === 0 ? 0n : BigInt(Date.UTC(2026, 0, 1, 19, 4, 5, 679)), 2]);
    expect(rows[1]).toEqual([BigInt(Date.UTC(2026, 0, 2, 3, 4, 5, 678)), 1]);
    const now = rows[3][0] as bigint;
    expect(rows[2]).toEqual([now - 3600000n, 4]);
    expect(rows[4]).toEqual([now + 10n, 5]);
  });

  it('reads zone-less time strings in the connection time zone', async () => {
    await t.run('CREATE TABLE power.z (ts TIMESTAMP, v INT)');
    await t.run(`INSERT INTO power.z VALUES ('2026-01-02 08:00:00', 1)`, { tz: 'Asia/Shanghai' });
    expect(await t.rows('power', 'z')).toEqual([[BigInt(Date.UTC(2026, 0, 2, 0, 0, 0)), 1]]);
  });

  it('replaces a row whose timestamp exists, also for late rows', async () => {
    await t.run(`INSERT INTO power.d1 USING power.meters TAGS (1, 'a') VALUES (${NOW}, 1, 1, 1) (${NOW + 10}, 2, 2, 2)`);
    await t.run(`INSERT INTO power.d1 VALUES (${NOW}, 5, 5, 5) (${NOW - 10}, 0, 0, 0) (${NOW + 10}, 7, 7, 7)`);
    expect((await t.rows('power', 'd1')).map((r) => r[2])).toEqual([0, 5, 7]);
  });

  it('writes the super-table form routed by tbname, auto-creating children', async () => {
    const r = await t.run(
      `INSERT INTO power.meters (tbname, location, groupid, ts, current) VALUES ('d31001', 'California.SanJose', 2, ${NOW}, 10.2) ('d31002', 'x', 3, ${NOW}, 11.1) ('d31001', 'California.SanJose', 2, ${NOW + 1}, 10.5)`,
    );
    expect(r).toEqual({ kind: 'affected', affectedRows: 3 });
    expect((await t.rows('power', 'd31001')).map((row) => row[1])).toEqual([Math.fround(10.2), Math.fround(10.5)]);
    expect(await t.tags('power', 'd31002')).toEqual([3, 'x']);
  });

  it('checks values against column types and KEEP', async () => {
    await t.run('CREATE TABLE power.ty (ts TIMESTAMP, a TINYINT, b VARCHAR(3), c NCHAR(2), d BOOL, e BIGINT UNSIGNED, f VARBINARY(4), g DECIMAL(6,2))');
    // '\\x..' reaches the engine as \x.. (the tokenizer resolves one backslash level), the hex form of VARBINARY
    await t.run(`INSERT INTO power.ty VALUES (${NOW}, -128, 'abc', '中文', true, 18446744073709551615, '\\\\x0aff', '1234.567')`);
    const [row] = await t.rows('power', 'ty');
    expect(row.slice(1)).toEqual([-128, 'abc', '中文', true, 18446744073709551615n, new Uint8Array([10, 255]), '1234.57']);
    await expect(t.run(`INSERT INTO power.ty (ts, a) VALUES (${NOW + 1}, 128)`)).rejects.toMatchObject({
      code: 534,
      message: "syntax error near '128)' (tinyint data overflow)",
    });
    await expect(t.run(`INSERT INTO power.ty (ts, d) VALUES (${NOW + 1}, 'maybe')`)).rejects.toMatchObject({
      code: 534,
      message: "syntax error near ''maybe')' (invalid bool data)",
    });
    await expect(t.run(`INSERT INTO power.ty (ts) VALUES ('yesterday')`)).rejects.toMatchObject({
      code: 534,
      message: "syntax error near ''yesterday')' (invalid timestamp)",
    });
    await expect(t.run(`INSERT INTO power.c9 USING power.meters TAGS (99999999999, 'x') VALUES (${NOW}, 1, 1, 1)`)).rejects.toMatchObject({
      code: 534,
      message: "syntax error near '99999999999, 'x') values (" + NOW + ", 1, 1, 1)' (int data overflow)",
    });
    await expect(t.run(`INSERT INTO power.ty (ts, b) VALUES (${NOW + 1}, 'abcd')`)).rejects.toMatchObject({ code: 0x2653 });
    await expect(t.run(`INSERT INTO power.ty (ts, c) VALUES (${NOW + 1}, '中文字')`)).rejects.toMatchObject({ code: 0x2653 });
    await expect(t.run(`INSERT INTO power.ty (ts, zz) VALUES (${NOW + 1}, 1)`)).rejects.toMatchObject({ code: 0x2602 });
    // a column list without the timestamp is the insert parser's 0x0200 (06_insert#57); a short row a missing `,` (#54)
    await expect(t.run(`INSERT INTO power.ty (a) VALUES (1)`)).rejects.toMatchObject({ code: 0x0200, message: 'Primary timestamp column should not be null' });
    await expect(t.run(`INSERT INTO power.ty VALUES (${NOW + 1}, 1)`)).rejects.toMatchObject({ code: 534, message: "syntax error near ')' (, expected)" });
    await expect(t.run(`INSERT INTO power.ty (ts) VALUES (${NOW - 3651 * 86400000})`)).rejects.toMatchObject({ code: 0x060b });
    // a failed statement writes nothing
    expect(await t.rows('power', 'ty')).toHaveLength(1);
  });

  it('copies rows with INSERT ... SELECT through the query layer', async () => {
    await t.run(`INSERT INTO power.d1 USING power.meters TAGS (1, 'a') VALUES (${NOW}, 1.5, 220, 0.5) (${NOW + 1}, 2.5, 221, 0.6)`);
    await t.run('CREATE TABLE power.copy (ts TIMESTAMP, v INT, c DOUBLE)');
    expect(await t.run('INSERT INTO power.copy (ts, v, c) SELECT ts, voltage, current FROM power.d1')).toEqual({
      kind: 'affected',
      affectedRows: 2,
    });
    expect(await t.rows('power', 'copy')).toEqual([
      [BigInt(NOW), 220, 1.5],
      [BigInt(NOW + 1), 221, 2.5],
    ]);
  });

  it('reads a CSV file with INSERT ... FILE', async () => {
    const fs = await import('node:fs');
    fs.mkdirSync(`${t.dir}/import`);
    fs.writeFileSync(`${t.dir}/import/rows.csv`, `${NOW},1.5,220,0.5\n'${new Date(NOW + 1).toISOString()}',2.5,221,0.6\n`);
    await t.run(`INSERT INTO power.f1 USING power.meters TAGS (1, 'csv') FILE 'rows.csv'`);
    expect((await t.rows('power', 'f1')).map((r) => r[2])).toEqual([220, 221]);
    // nothing outside DIR/import is readable
    fs.writeFileSync(`${t.dir}/secret.csv`, `${NOW + 5},1,1,1\n`);
    await expect(t.run(`INSERT INTO power.f1 FILE '../secret.csv'`)).rejects.toMatchObject({ code: 0xffff });
    await expect(t.run(`INSERT INTO power.f1 FILE '${t.dir}/secret.csv'`)).rejects.toMatchObject({ code: 0xffff });
  });

  it('refuses a child of another super table and unknown tables', async () => {
    await t.run('CREATE STABLE power.other (ts TIMESTAMP, v INT) TAGS (x INT)');
    await t.run(`INSERT INTO power.c1 USING power.other TAGS (1) VALUES (${NOW}, 1)`);
    await expect(t.run(`INSERT INTO power.c1 USING power.meters TAGS (1, 'a') VALUES (${NOW}, 1, 1, 1)`)).rejects.toMatchObject({
      code: 0x061d,
    });
    await expect(t.run(`INSERT INTO power.zz VALUES (${NOW}, 1)`)).rejects.toMatchObject({ code: 0x2603, message: 'Table does not exist : zz' });
    await expect(t.run(`INSERT INTO zz VALUES (${NOW}, 1)`)).rejects.toMatchObject({ code: 0x2616 });
  });
});

describe('DELETE', () => {
  it('deletes by time and tag condition', async () => {
    await t.run(`INSERT INTO power.d1 USING power.meters TAGS (1, 'a') VALUES (${NOW}, 1, 1, 1) (${NOW + 1}, 2, 2, 2)`);
    await t.run(`INSERT INTO power.d2 USING power.meters TAGS (2, 'b') VALUES (${NOW}, 1, 1, 1) (${NOW + 1}, 2, 2, 2)`);
    await expect(t.run('DELETE FROM power.meters WHERE current > 1')).rejects.toMatchObject({ code: 0x2655 });
    expect(await t.run(`DELETE FROM power.meters WHERE ts >= ${NOW + 1} AND groupid = 1`)).toEqual({ kind: 'affected', affectedRows: 1 });
    expect(await t.run(`DELETE FROM power.d2 WHERE ts BETWEEN ${NOW} AND ${NOW + 5}`)).toEqual({ kind: 'affected', affectedRows: 2 });
    expect(await t.rows('power', 'd1')).toHaveLength(1);
    expect(await t.rows('power', 'd2')).toHaveLength(0);
  });
});
