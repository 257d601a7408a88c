import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setInternalErrorLog, toTdError, type InternalErrorLog } from '../../src/errors';
import { openTestEngine, type TestEngine } from '../engine/helpers';
import { SCHEMA, StatementGenerator, seededRandom } from './statements';

/** Fixed: the same statements every run, so a failure names a statement that fails again. */
const SEED = 20251127;
const STATEMENTS = 3000;
/** The run takes about 15 s on a shared two-core machine. */
const TIMEOUT_MS = 60_000;

/** What a DuckDB message or the engine's physical layout looks like; none of it may reach a client. */
const INTERNAL_WORDING = [
  /\bError: /,
  /\bBinder\b/,
  /\bConversion\b/,
  /\bCatalog\b/,
  /\bduckdb\b/i,
  /__tid|__rn|__wid/,
  /\b(db_[a-z0-9_]+|stb_\d+_(data|tags)|ntb_\d+_data)\b/,
  /LINE \d+:/,
  /\bINT(64|128)\b|\bUBIGINT\b/,
];

let t: TestEngine;
const internal: Parameters<InternalErrorLog>[0][] = [];
let previousLog: InternalErrorLog;

beforeAll(async () => {
  t = await openTestEngine();
  for (const sql of SCHEMA) await t.run(sql);
  previousLog = setInternalErrorLog((entry) => internal.push(entry));
});

afterAll(async () => {
  setInternalErrorLog(previousLog);
  await t?.close();
});

describe('seeded fuzz: no internal error reaches a client', () => {
  it(`${STATEMENTS} generated statements answer with TDengine codes and messages only`, async () => {
    const generate = new StatementGenerator(seededRandom(SEED));
    const leaks: string[] = [];
    let refused = 0;
    for (let i = 0; i < STATEMENTS; i++) {
      const sql = generate.statement();
      try {
        await t.run(sql, { db: 'fz' });
      } catch (error) {
        refused++;
        // what a client sees: the REST routes answer with toTdError's code and message
        const { code, message } = toTdError(error);
        if (code === 0xffff || INTERNAL_WORDING.some((w) => w.test(message))) leaks.push(`#${i} ${sql}\n  -> ${code} ${message}`);
      }
    }
    expect(leaks, leaks.slice(0, 20).join('\n')).toEqual([]);
    // the generator must keep producing both kinds of statement, or the test proves nothing
    expect(refused).toBeGreaterThan(STATEMENTS / 4);
    expect(refused).toBeLessThan(STATEMENTS);
  }, TIMEOUT_MS);

  it('statements the fuzz found failing inside DuckDB now answer as TDengine does', async () => {
    const before = internal.length;
    const rows = async (sql: string) => {
      const r = await t.run(sql, { db: 'fz' });
      return r.kind === 'rows' ? r.rows : [];
    };
    // TINYINT's max − min overflowed TINYINT
    expect(await rows('select spread(ti) from fz.c1')).toEqual([[255]]);
    // a normal table's tbname is a text in the SQL: ORDER BY it was refused
    expect(await rows('select i from fz.nt order by tbname')).toHaveLength(2);
    // an integer literal past UBIGINT is a DOUBLE
    expect(await rows('select 99999999999999999999999999')).toEqual([[1e26]]);
    // PARTITION BY a normal table's tbname ordered by that text
    expect(await rows('select i from fz.nt partition by tbname')).toHaveLength(2);
    expect(await rows("select count(*) from fz.c1 partition by 'x'")).toEqual([[4n]]);
    // SEMI/ANTI joins show the right table as TDengine does: a matching row's columns, or NULLs
    const semi = await rows('select a.ts, b.i from fz.c1 a left semi join fz.c2 b on a.ts = b.ts');
    expect(semi).toEqual([[1704067200000n, 2]]);
    const anti = await rows('select a.i, b.i, b.v from fz.c1 a left anti join fz.c2 b on a.ts = b.ts order by a.ts');
    expect(anti).toEqual([[-7, null, null], [null, null, null], [0, null, null]]);
    // -> and CONTAINS take a JSON tag: TDengine's translator answers 0x0200 otherwise (38_write_and_delete#301, #305)
    await expect(t.run("select v -> 'a' from fz.c1", { db: 'fz' })).rejects.toMatchObject({ code: 0x0200 });
    expect(internal.slice(before)).toEqual([]);
  });

  it('a failure the engine causes itself is logged for the operator with the statement and the internal text', async () => {
    const before = internal.length;
    // the storage boundary: SQL only the engine writes, failing inside DuckDB
    await expect(t.engine.storage.query('SELECT * FROM no_such_physical_table')).rejects.toMatchObject({ code: 0x2700, message: 'Planner internal error' });
    expect(internal.length).toBe(before + 1);
    expect(internal[before]).toMatchObject({ stage: 'storage', kind: 'Catalog', sql: 'SELECT * FROM no_such_physical_table' });
    expect(internal[before].detail).toContain('no_such_physical_table');
  });
});
