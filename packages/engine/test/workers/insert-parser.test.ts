import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultSet } from '../../src/format/result';
import { parse } from '../../src/sql';
import { InsertParser, OFF_THREAD_MIN_LENGTH } from '../../src/workers/insert-parser';
import { WorkerPool } from '../../src/workers/worker-pool';
import { openTestEngine, type TestEngine } from '../engine/helpers';

/**
 * Large INSERT statements are parsed in the engine's parse workers (workers/insert-parser.ts): the statement that comes back
 * must be the one this thread's parser makes, and anything the worker does not take is left to this thread.
 */

const T0 = 1_700_000_000_000;

/** `n` rows of plain numbers for table `t` (the packed columns of the fast path). */
const numberRows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `(${T0 + (from + i) * 1000},${(i % 300) / 10},${200 + (i % 40)},${(i % 100) / 100})`).join(' ');

/** A large statement of every kind of value: packed rows, strings, NULL, booleans, an expression, USING … TAGS. */
function mixedInsert(): string {
  const texts = Array.from({ length: 400 }, (_, i) => `(${T0 + i}, '名前 ${i} ''q''', ${i % 7 === 0 ? 'NULL' : i}, ${i % 2 === 0 ? 'true' : 'false'})`).join(' ');
  return (
    `INSERT INTO d0 USING meters TAGS ('Nord', 3) VALUES ${numberRows(3000)} ` +
    `d1 USING meters TAGS ('Süd', 4) VALUES ${numberRows(2000, 5000)}, (now, 1.5, 2, 0.5) ` +
    `notes VALUES ${texts}`
  );
}

describe('INSERT parsed off the engine thread', () => {
  let workers: WorkerPool;
  let parser: InsertParser;

  beforeAll(() => {
    workers = new WorkerPool(1);
    parser = new InsertParser(workers);
  });

  afterAll(async () => {
    await workers.close();
  });

  it('gives the statement this thread parses, packed columns and all', async () => {
    const sql = mixedInsert();
    expect(sql.length).toBeGreaterThan(OFF_THREAD_MIN_LENGTH);
    const here = parse(sql);
    const there = await parser.parse(sql);
    expect(there).toBeDefined();
    if (there?.kind !== 'insert' || here.kind !== 'insert') throw new Error('not an insert');
    // the row offsets come back packed (a transferred Float64Array) with the same numbers
    const plainOffsets = (stmt: typeof there) => ({
      ...stmt,
      targets: stmt.targets.map((t) => (t.source.type === 'values' ? { ...t, source: { ...t.source, rowOffsets: Array.from(t.source.rowOffsets) } } : t)),
    });
    expect(plainOffsets(there)).toEqual(here);
    const [packed, mixed, texts] = there.targets.map((t) => (t.source.type === 'values' ? t.source.rows : undefined));
    expect(packed?.columns?.every((col) => col instanceof Float64Array)).toBe(true);
    expect(mixed?.rowCount).toBe(2001);
    expect(texts?.row(7)).toEqual([T0 + 7, "名前 7 'q'", null, false]);
  });

  it('leaves small statements, other statements and statements that do not parse to this thread', async () => {
    expect(await parser.parse(`INSERT INTO d0 VALUES ${numberRows(10)}`)).toBeUndefined();
    expect(await parser.parse(`SELECT 1 ${' '.repeat(OFF_THREAD_MIN_LENGTH)}`)).toBeUndefined();
    // a syntax error: this thread parses again and reports TDengine's message itself
    expect(await parser.parse(`INSERT INTO d0 VALUES ${numberRows(2000)} (1, 2`)).toBeUndefined();
    expect(await new InsertParser(new WorkerPool(0)).parse(mixedInsert())).toBeUndefined();
  });

  it('leaves the parse to this thread when no worker can start (a bundler-served module URL)', async () => {
    const pool = new WorkerPool(1, () => [], new URL('http://localhost/parse-worker-entry.mjs'));
    expect(await new InsertParser(pool).parse(mixedInsert())).toBeUndefined();
    expect(pool.available).toBe(false);
    await pool.close();
  });

  it('leaves the parse to this thread when the worker is gone', async () => {
    const pool = new WorkerPool(1);
    const own = new InsertParser(pool);
    expect(await own.parse(mixedInsert())).toBeDefined();
    const slot = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots[0];
    const pending = own.parse(mixedInsert());
    await slot.worker.terminate();
    expect(await pending).toBeUndefined();
    await pool.close();
  });
});

describe('a large INSERT through the engine', () => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await openTestEngine();
    await t.run('CREATE DATABASE big');
    await t.run('CREATE STABLE big.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (location VARCHAR(16), groupid INT)');
    await t.run('CREATE TABLE big.notes (ts TIMESTAMP, note NCHAR(20), n INT, ok BOOL)');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('writes every row, and a bad value deep in it is refused with the message as before', async () => {
    await t.run(mixedInsert(), { db: 'big' });
    const counts = (await t.run('SELECT tbname, count(*) FROM big.meters PARTITION BY tbname ORDER BY tbname', { db: 'big' })) as ResultSet;
    expect(counts.rows).toEqual([
      ['d0', 3000n],
      ['d1', 2001n],
    ]);
    const notes = (await t.run('SELECT count(*), count(n), sum(n) FROM big.notes')) as ResultSet;
    expect(notes.rows[0].slice(0, 2)).toEqual([400n, 400n - 58n]);
    // the statement went to a parse worker (one started for it)
    expect((t.engine.lineParser.workers as unknown as { slots: unknown[] }).slots).toHaveLength(1);
    const bad = `INSERT INTO big.d0 VALUES ${numberRows(3000, 20_000)} (${T0}, 1.5, 'x', 0.1)`;
    const refusal = await t.run(bad).then(
      () => undefined,
      (error: unknown) => error,
    );
    // the offsets of the value's message are found in the statement's text, as for a statement parsed here
    expect(String((refusal as Error).message)).toContain(`'x', 0.1)`);
    const [[after]] = ((await t.run('SELECT count(*) FROM big.d0')) as ResultSet).rows;
    expect(after).toBe(3000n);
  });
});
