import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';
import { QueryLayer } from '../../src/query';
import { parse, type QueryExpression } from '../../src/sql';

/**
 * Picking aggregates (MIN/MAX/SPREAD/FIRST/LAST/LAST_ROW) answered from representative rows kept on write
 * (storage/aggregates/representatives.ts) must equal the plain scan of the same data, after every kind of change.
 */
const T0 = 1_700_000_000_000;
let dir: string;
let engine: Engine;

async function run(sql: string): Promise<void> {
  await engine.execute(sql, { user: 'root', db: 'r' });
}

/** The engine's answer (shortcut allowed) and the scan's (no representatives in the context), in the same order. */
async function both(sql: string): Promise<{ fast: string[]; scan: string[] }> {
  const fast = await engine.execute(sql, { user: 'root', db: 'r' });
  const ctx = { ...engine.queryContext({ user: 'root', db: 'r', sql }), representatives: undefined };
  const scan = await new QueryLayer().execute(ctx, parse(sql) as QueryExpression);
  if (fast.kind !== 'rows' || scan.kind !== 'rows') throw new Error('not a query');
  expect(fast.columns).toEqual(scan.columns);
  // group order is not part of the answer without ORDER BY
  const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).sort();
  return { fast: sorted(fast.rows), scan: sorted(scan.rows) };
}

/** Queries the shortcut answers: per table, per tag, whole super table, one child table, tag filters, HAVING, COLS. */
const SHORTCUT = [
  'select tbname, spread(f), spread(i), spread(b) from st partition by tbname',
  'select last_row(*) from st partition by tbname',
  'select tbname, last(*) from st partition by tbname',
  'select tbname, first(*) from st partition by tbname',
  'select loc, last(*) from st partition by loc',
  'select grp, max(i), min(i), max(f), min(f), max(s), min(s) from st group by grp',
  'select max(d), min(d), first(s), last(s), last_row(s), last(flag), first(flag) from st',
  'select last(f), last_row(f), first(i), max(b) from c3',
  "select grp, max(i) from st where loc = 'north' group by grp",
  "select tbname, last(i) from st where tbname in ('c1', 'c3', 'c4') partition by tbname",
  'select grp, max(f) from st group by grp having max(f) > 5',
  'select tbname, cols(last(f), ts, i) from st partition by tbname',
  'select max(i), spread(d) from nt',
  'select grp, last(i) from st group by grp order by grp slimit 2',
];

/** Queries that must scan (a data filter, a time range, a non-picking function, a computed argument, a data key). */
const SCAN = [
  `select tbname, last(*) from st where ts < ${T0 + 5000} partition by tbname`,
  'select tbname, max(i) from st where f > 2 partition by tbname',
  'select tbname, count(*), max(i) from st partition by tbname',
  'select tbname, max(abs(i)) from st partition by tbname',
  'select i, max(f) from st group by i',
  'select grp, avg(f) from st group by grp',
];

/** A column beside MAX reads a row holding the maximum (which one of a tie is free, in the scan too). */
async function rideAlong(): Promise<void> {
  const picked = await engine.execute('select tbname, ts, max(i) from st partition by tbname', { user: 'root', db: 'r' });
  if (picked.kind !== 'rows') throw new Error('not a query');
  expect(picked.rows.length).toBeGreaterThan(0);
  for (const [tbname, ts, max] of picked.rows) {
    const row = await engine.execute(`select i from ${String(tbname)} where ts = ${String(ts)}`, { user: 'root', db: 'r' });
    expect(row.kind === 'rows' && row.rows).toEqual([[max]]);
  }
}

async function compareAll(): Promise<void> {
  // a copy that must be built first is built in the background while the query scans: start them, wait for them
  for (const sql of SHORTCUT) await both(sql);
  await engine.representatives!.settled();
  await rideAlong();
  const before = engine.representatives!.stats.served;
  for (const sql of SHORTCUT) {
    const { fast, scan } = await both(sql);
    expect(fast, sql).toEqual(scan);
  }
  expect(engine.representatives!.stats.served - before).toBe(SHORTCUT.length);
  const after = engine.representatives!.stats.served;
  for (const sql of SCAN) {
    const { fast, scan } = await both(sql);
    expect(fast, sql).toEqual(scan);
  }
  expect(engine.representatives!.stats.served).toBe(after);
}

/** Rows of one child table: i distinct per row, NULLs in every column somewhere, timestamps unique across tables. */
function values(table: number, from: number, to: number): string {
  const rows: string[] = [];
  for (let r = from; r < to; r++) {
    const ts = T0 + r * 1000 + table;
    const nul = (k: number) => (r + table) % k === 0;
    const f = nul(5) ? 'NULL' : ((r * 7 + table * 3) % 11) + 0.25;
    const i = nul(7) ? 'NULL' : (r * 13 + table * 5) % 17;
    const b = nul(4) ? 'NULL' : `${(r * 31 + table) % 23}000000000000`;
    const d = nul(6) ? 'NULL' : ((r * 3 + table) % 9) / 4;
    const s = nul(3) ? 'NULL' : `'s${(r * 5 + table) % 8}'`;
    const flag = nul(8) ? 'NULL' : r % 2 === 0 ? 'true' : 'false';
    rows.push(`(${ts}, ${f}, ${i}, ${b}, ${d}, ${s}, ${flag})`);
  }
  return rows.join(' ');
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reps-test-'));
  engine = await Engine.open({ dataDir: dir, limits: {} });
  await run('CREATE DATABASE r');
  await run('CREATE STABLE st (ts TIMESTAMP, f FLOAT, i INT, b BIGINT, d DOUBLE, s VARCHAR(8), flag BOOL) TAGS (grp INT, loc VARCHAR(8))');
  await run('CREATE TABLE nt (ts TIMESTAMP, f FLOAT, i INT, b BIGINT, d DOUBLE, s VARCHAR(8), flag BOOL)');
  for (let t = 1; t <= 4; t++) await run(`INSERT INTO c${t} USING st TAGS (${t % 2}, '${t <= 2 ? 'north' : 'south'}') VALUES ${values(t, 0, 30)}`);
  await run(`INSERT INTO nt VALUES ${values(9, 0, 30)}`);
});

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('representative rows: the shortcut equals the scan', () => {
  it('on the loaded data (the first use builds the copy)', async () => {
    const builds = engine.representatives!.stats.builds;
    await compareAll();
    expect(engine.representatives!.stats.builds).toBeGreaterThan(builds);
  });

  it('after newer rows (folded in), in several statements and tables', async () => {
    await run(`INSERT INTO c1 VALUES ${values(1, 30, 40)}`);
    await run(`INSERT INTO c2 VALUES ${values(2, 30, 32)} c3 VALUES ${values(3, 30, 45)}`);
    await run(`INSERT INTO nt VALUES ${values(9, 30, 33)}`);
    // a new maximum and a new last value that only the new rows hold
    await run(`INSERT INTO c4 VALUES (${T0 + 100_000}, 99.5, 1000, NULL, -5, 'zz', NULL)`);
    await compareAll();
  });

  it('after out-of-order rows, overwrites of the same timestamp and partial rows', async () => {
    // older than the newest row: a new minimum in the past
    await run(`INSERT INTO c1 VALUES (${T0 - 50_000}, -3.5, -100, 1, 0, 'a', true)`);
    // overwrite the row holding c2's maximum of i and a last row
    const { fast } = await both('select tbname, cols(max(i), ts) from st partition by tbname');
    const c2max = fast.map((r) => JSON.parse(r) as [string, string]).find((r) => r[0] === 'c2')![1];
    await run(`INSERT INTO c2 VALUES (${c2max}, 0.5, 0, 0, 0, 'b', false)`);
    await run(`INSERT INTO c3 (ts, f) VALUES (${T0 + 44 * 1000 + 3}, 77.25)`);
    await compareAll();
  });

  it('after DELETE of a time range (a maximum gone), of a whole child table and of newer rows only', async () => {
    await run(`DELETE FROM c4 WHERE ts = ${T0 + 100_000}`);
    await run(`DELETE FROM st WHERE ts >= ${T0} AND ts < ${T0 + 3000}`);
    await run(`DELETE FROM c3 WHERE ts > ${T0 + 40_000}`);
    await compareAll();
    await run(`DELETE FROM c2 WHERE ts > 0`);
    await compareAll();
  });

  it('after DROP TABLE, ALTER (a new column, a tag change) and new child tables', async () => {
    await run('DROP TABLE c1');
    await run('ALTER STABLE st ADD COLUMN e INT');
    await run(`INSERT INTO c5 USING st TAGS (1, 'south') VALUES (${T0 + 7}, 4.5, 3, 2, 1, 'q', true, 8)`);
    await run("ALTER TABLE c3 SET TAG loc = 'east'");
    await compareAll();
    const { fast, scan } = await both('select tbname, max(e), last(e) from st partition by tbname');
    expect(fast).toEqual(scan);
  });

  it('after writes that race with the queries refreshing the copy', async () => {
    const work: Promise<unknown>[] = [];
    for (let k = 0; k < 12; k++) {
      const t = [3, 4, 5][k % 3];
      // newer rows, then rows in the middle of what is stored (late: overwrite and new timestamps)
      const rows = k % 2 === 0 ? values(t, 300 + k * 5, 305 + k * 5) : values(t, 10 + k, 12 + k);
      work.push(run(`INSERT INTO c${t} VALUES ${rows.replace(/\)( \(|$)/g, ', NULL)$1')}`));
      work.push(both(SHORTCUT[k % SHORTCUT.length]));
    }
    await Promise.all(work);
    await compareAll();
  });

  it('not for a user whose read grant carries a tag condition: that query scans its rows only', async () => {
    await run("CREATE USER lim PASS 'lim_pass1'");
    await run('GRANT READ ON r.st WITH grp = 1 TO lim');
    const sql = 'select grp, max(i), last(f) from st group by grp';
    const served = engine.representatives!.stats.served;
    const limited = await engine.execute(sql, { user: 'lim', db: 'r' });
    expect(engine.representatives!.stats.served).toBe(served);
    const all = await engine.execute(`${sql.replace(' group by', ' where grp = 1 group by')}`, { user: 'root', db: 'r' });
    expect(limited.kind === 'rows' && limited.rows).toEqual(all.kind === 'rows' && all.rows);
    expect(engine.representatives!.stats.served).toBe(served + 1);
  });

  it('after a restart (rebuilt from the stored rows)', async () => {
    await engine.close();
    engine = await Engine.open({ dataDir: dir, limits: {} });
    await compareAll();
    await run(`INSERT INTO c3 VALUES (${T0 + 200_000}, 1.25, 2, 3, 4, 'x', false, 5)`);
    await compareAll();
  });
});
