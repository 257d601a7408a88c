import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableRows } from '../../src/storage/table-writer';
import { decodeWrite, encodeWrite } from '../../src/storage/write-buffer/rows-codec';
import { WriteLog } from '../../src/storage/write-buffer/write-log';
import { Engine } from '../../src/engine';
import { openTestEngine, type TestEngine } from '../engine/helpers';

/** The write buffer (src/storage/write-buffer/): lone appends logged, committed in DuckDB later, never seen missing. */

let t: TestEngine | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const T0 = 1_700_000_000_000;
const values = (from: number, n: number) => Array.from({ length: n }, (_, r) => `(${T0 + from + r}, ${from + r})`).join(' ');
const logOf = (engine: TestEngine, db: string) => path.join(engine.dir, 'db', `${db}.duckdb.wlog`);

async function withTable(): Promise<TestEngine> {
  const engine = await openTestEngine();
  await engine.run('CREATE DATABASE wb');
  await engine.run('CREATE STABLE wb.st (ts TIMESTAMP, v INT) TAGS (g INT)');
  await engine.run('CREATE TABLE wb.a USING wb.st TAGS (1)');
  await engine.run('CREATE TABLE wb.b USING wb.st TAGS (2)');
  return engine;
}

describe('rows codec', () => {
  it('gives back packed, bigint and JSON columns exactly, with NULLs, bigints, NaN and omitted columns', () => {
    const parts: TableRows[] = [
      { tid: 3, ts: new Float64Array([T0, T0 + 1]), columns: [new Float64Array([1.5, -2]), ['x', null], [2n ** 62n, null], [NaN, -Infinity]] },
      { tid: 4, ts: [BigInt(T0) * 1000n, BigInt(T0) * 1000n + 1n], columns: [new Float64Array([3, 4]), ['é', '中'], [1n, 2n], [0.1, null]], omitted: [3] },
    ];
    const record = encodeWrite({ name: 'stb_1_data', tsColumn: 'ts', keyColumn: 'k' }, parts)!;
    const back = decodeWrite(Buffer.concat(record));
    expect(back.table).toEqual({ name: 'stb_1_data', tsColumn: 'ts', keyColumn: 'k' });
    expect(back.parts).toEqual(parts);
    expect(back.parts[0].ts).toBeInstanceOf(Float64Array);
    expect(back.parts[1].ts).toEqual([BigInt(T0) * 1000n, BigInt(T0) * 1000n + 1n]);
  });

  it('refuses values only DuckDB value objects hold, so that such a write is not buffered', () => {
    const blob = { bytes: new Uint8Array([1]) } as never;
    expect(encodeWrite({ name: 't', tsColumn: 'ts' }, [{ tid: 1, ts: [1n], columns: [[blob]] }])).toBeUndefined();
  });
});

describe('write log', () => {
  it('reads back whole records and stops at one cut short by a crash', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-wlog-'));
    const file = path.join(dir, 'x.wlog');
    const log = new WriteLog(file);
    await log.append(Buffer.from('first')).written;
    await log.append(Buffer.from('second')).written;
    log.close();
    expect(WriteLog.read(file).map((r) => Buffer.from(r).toString())).toEqual(['first', 'second']);
    // a torn last record (its length says more than is there), then a corrupt one (its CRC does not match)
    fs.truncateSync(file, fs.statSync(file).size - 2);
    expect(WriteLog.read(file).map((r) => Buffer.from(r).toString())).toEqual(['first']);
    const first = fs.readFileSync(file).subarray(0, 12 + 5);
    first[14] ^= 0xff;
    fs.writeFileSync(file, first);
    expect(WriteLog.read(file)).toEqual([]);
    expect(WriteLog.read(path.join(dir, 'missing.wlog'))).toEqual([]);
  });

  it('starts over in a new epoch: the older records behind the new ones are not read, and a reopened log appends after them', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-wlog-'));
    const file = path.join(dir, 'x.wlog');
    const log = new WriteLog(file);
    for (const text of ['old one', 'old two', 'old three']) await log.append(Buffer.from(text)).written;
    log.restart();
    await log.append(Buffer.from('new')).written;
    log.close();
    expect(WriteLog.read(file).map((r) => Buffer.from(r).toString())).toEqual(['new']);
    const reopened = new WriteLog(file);
    await reopened.append(Buffer.from('after')).written;
    reopened.close();
    expect(WriteLog.read(file).map((r) => Buffer.from(r).toString())).toEqual(['new', 'after']);
  });
});

describe('write buffer', () => {
  it('syncs the log before answering at WAL_LEVEL 2 with WAL_FSYNC_PERIOD 0, and not at the default level 1', async () => {
    t = await withTable();
    await t.run('CREATE DATABASE synced WAL_LEVEL 2 WAL_FSYNC_PERIOD 0');
    await t.run('CREATE TABLE synced.n (ts TIMESTAMP, v INT)');
    const syncs = vi.spyOn(fs, 'fdatasync');
    try {
      await t.run(`INSERT INTO wb.a VALUES ${values(0, 10)}`);
      expect(syncs).not.toHaveBeenCalled();
      await t.run(`INSERT INTO synced.n VALUES ${values(0, 10)}`);
      expect(syncs).toHaveBeenCalledTimes(1);
    } finally {
      syncs.mockRestore();
    }
  });

  it('logs a lone append, and a query right after it sees the rows', async () => {
    t = await withTable();
    expect(await t.run(`INSERT INTO wb.a VALUES ${values(0, 100)}`)).toEqual({ kind: 'affected', affectedRows: 100 });
    expect(WriteLog.read(logOf(t, 'wb'))).toHaveLength(1);
    expect(t.engine.storage.writer('wb').buffer.pending).toBe(100);
    const rows = await t.rows('wb', 'a');
    expect(rows).toHaveLength(100);
    expect(rows[99]).toEqual([BigInt(T0 + 99), 99]);
    expect(t.engine.storage.writer('wb').buffer.pending).toBe(0);
    // the drain started the log over in a new epoch: the next record is read, not the stale one behind it
    await t.run(`INSERT INTO wb.a VALUES ${values(100, 5)}`);
    const records = WriteLog.read(logOf(t, 'wb'));
    expect(records).toHaveLength(1);
    expect(decodeWrite(records[0]).parts[0].ts).toHaveLength(5);
  });

  it('commits the buffer before a late row, a DELETE, a schema change and INSERT … SELECT', async () => {
    t = await withTable();
    await t.run(`INSERT INTO wb.a VALUES ${values(0, 50)}`);
    // a late row replaces a buffered one
    await t.run(`INSERT INTO wb.a VALUES (${T0 + 10}, -10)`);
    await t.run(`INSERT INTO wb.b VALUES ${values(0, 20)}`);
    await t.run(`DELETE FROM wb.b WHERE ts < ${T0 + 5}`);
    await t.run(`INSERT INTO wb.a VALUES ${values(50, 10)}`);
    await t.run('ALTER STABLE wb.st ADD COLUMN w DOUBLE');
    await t.run(`INSERT INTO wb.a VALUES (${T0 + 60}, 60, 0.5)`);
    await t.run(`INSERT INTO wb.b VALUES ${values(20, 5).replace(/\)/g, ', 1.5)')}`);
    // the SELECT runs while the INSERT holds the write lock: it commits the buffer in place instead of waiting
    await t.run('CREATE TABLE wb.c USING wb.st TAGS (3)');
    await t.run('INSERT INTO wb.c SELECT ts, v, w FROM wb.b');
    const a = await t.rows('wb', 'a');
    expect(a).toHaveLength(61);
    expect(a[10]).toEqual([BigInt(T0 + 10), -10, null]);
    expect(a[60]).toEqual([BigInt(T0 + 60), 60, 0.5]);
    expect((await t.rows('wb', 'b')).map((r) => Number(r[0]) - T0)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    expect(await t.rows('wb', 'c')).toEqual(await t.rows('wb', 'b'));
  });

  it('writes the log again at start after a run that ended before DuckDB committed it', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-wbuf-'));
    let engine = await Engine.open({ dataDir: dir });
    const run = (sql: string) => engine.execute(sql, { user: 'root' });
    await run('CREATE DATABASE wb');
    await run('CREATE TABLE wb.n (ts TIMESTAMP, v DOUBLE)');
    await run(`INSERT INTO wb.n VALUES ${values(0, 30)}`);
    const stored = async () => (await run('SELECT ts, v FROM wb.n')) as { rows: unknown[][] };
    const committed = (await stored()).rows;
    expect(committed).toHaveLength(30);
    const found = engine.catalog.table('wb', 'n');
    if (found.kind !== 'normal') throw new Error('normal table expected');
    const table = { name: `ntb_${found.table.tid}_data`, tsColumn: 'ts' };
    const rows = (from: number, n: number): TableRows => ({
      tid: found.table.tid,
      ts: Float64Array.from({ length: n }, (_, r) => T0 + from + r),
      columns: [Float64Array.from({ length: n }, (_, r) => from + r)],
    });
    await engine.close();
    // The log as a crash leaves it: a record of rows DuckDB committed already (a crash between the commit and the
    // log's truncation), which must come back once, not twice, and one of 10 rows it never committed.
    const file = path.join(dir, 'db', 'wb.duckdb.wlog');
    const log = new WriteLog(file);
    await log.append(encodeWrite(table, [rows(20, 10)])!).written;
    await log.append(encodeWrite(table, [rows(30, 10)])!).written;
    log.close();
    engine = await Engine.open({ dataDir: dir });
    try {
      const after = (await stored()).rows;
      expect(after.slice(0, 30)).toEqual(committed);
      expect(after.map((r) => Number(r[1]))).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expect(fs.statSync(file).size).toBe(0);
    } finally {
      await engine.close();
    }
  });

  it('writes the log again after a failed drain, so that no answered row goes missing', async () => {
    t = await withTable();
    await t.run(`INSERT INTO wb.a VALUES ${values(0, 10)}`);
    await t.run(`INSERT INTO wb.b VALUES ${values(0, 10)}`);
    const buffer = t.engine.storage.writer('wb').buffer;
    // the disk refuses the first flush (the appenders are private: the failure is planted on one of them)
    const appenders = (buffer as unknown as { appenders: Map<string, { flushSync(): void }> }).appenders;
    const [appender] = appenders.values();
    let failures = 0;
    appender.flushSync = () => {
      failures++;
      throw new Error('IO Error: no space left on device');
    };
    // the drain fails here, the query failing with it, or on the buffer's timer just before (a loaded machine)
    await t.run('SELECT count(*) FROM wb.st').catch(() => undefined);
    expect(failures).toBe(1);
    expect(await t.run('SELECT count(*) FROM wb.st')).toMatchObject({ rows: [[20n]] });
    expect(buffer.lost).toBe(false);
    expect(await t.rows('wb', 'a')).toHaveLength(10);
  });

  it('a schema change after a failed drain writes the lost rows first, in the table as it was', async () => {
    t = await withTable();
    await t.run(`INSERT INTO wb.a VALUES ${values(0, 10)}`);
    const buffer = t.engine.storage.writer('wb').buffer;
    const appenders = (buffer as unknown as { appenders: Map<string, { flushSync(): void }> }).appenders;
    const [appender] = appenders.values();
    appender.flushSync = () => {
      throw new Error('IO Error: no space left on device');
    };
    // the drain of the buffer's timer, run here (a query would restore the rows itself before answering)
    expect(() => buffer.drain()).toThrow(/no space left/);
    expect(buffer.lost).toBe(true);
    // no read in between: the DDL itself must restore the rows before it changes the table
    await t.run('ALTER STABLE wb.st ADD COLUMN w INT');
    expect(buffer.lost).toBe(false);
    expect(fs.statSync(logOf(t, 'wb')).size).toBe(0);
    expect(await t.run('SELECT count(*), count(w) FROM wb.st')).toMatchObject({ rows: [[10n, 0n]] });
  });

  it('drains by itself after a while, then cuts the log, and DROP DATABASE deletes it', async () => {
    t = await withTable();
    await t.run(`INSERT INTO wb.a VALUES ${values(0, 10)}`);
    expect(t.engine.storage.writer('wb').buffer.pending).toBe(10);
    // the drain comes a second after the write, the cut a second after the drain
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.engine.storage.writer('wb').buffer.pending).toBe(0);
    expect(fs.statSync(logOf(t, 'wb')).size).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fs.statSync(logOf(t, 'wb')).size).toBe(0);
    await t.run(`INSERT INTO wb.a VALUES ${values(10, 10)}`);
    await t.run('DROP DATABASE wb');
    expect(fs.existsSync(logOf(t, 'wb'))).toBe(false);
  });
});
