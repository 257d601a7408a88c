import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';
import { QueryLayer } from '../../src/query';
import { parse, type QueryExpression } from '../../src/sql';

/**
 * COUNT/SUM/AVG/MIN/MAX/SPREAD answered from the per-minute pre-aggregates (storage/aggregates/buckets,
 * query/shortcuts/bucket-aggregates.ts) must equal the scan of the same data to the bit, in every precision, after
 * appends, out-of-order rows, overwrites of a timestamp, partial rows and deletes.
 */
const PRECISIONS = ['ms', 'us', 'ns'] as const;
type Precision = (typeof PRECISIONS)[number];
const UNIT: Record<Precision, bigint> = { ms: 1n, us: 1000n, ns: 1_000_000n };
/** 2023-11-14 22:13:20 UTC, in ms */
const T0_MS = 1_700_000_000_000n;
const MINUTE_MS = 60_000n;

let dir: string;
let engine: Engine;

/** A seeded generator: every run writes the same rows. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const db = (p: Precision) => `bk_${p}`;
const ts = (p: Precision, ms: bigint) => (T0_MS + ms) * UNIT[p];

async function run(p: Precision, sql: string): Promise<void> {
  await engine.execute(sql, { user: 'root', db: db(p) });
}

/** `n` random rows from `fromMs` over `spanMs`, any order, with NULLs; FLOATs of 2 decimals, integer-valued DOUBLEs. */
function rows(p: Precision, random: () => number, n: number, fromMs: number, spanMs: number): string {
  const out: string[] = [];
  const maybe = (v: string) => (random() < 0.15 ? 'NULL' : v);
  for (let k = 0; k < n; k++) {
    const at = ts(p, BigInt(fromMs + Math.floor(random() * spanMs))) + BigInt(Math.floor(random() * Number(UNIT[p])));
    const i = maybe(String(Math.floor(random() * 2000) - 1000));
    const f = maybe((Math.round(random() * 4000) / 100 - 20).toFixed(2));
    const d = maybe(String(Math.floor(random() * 1e6)));
    const b = maybe(String(BigInt(Math.floor(random() * 1e9)) * 1000n));
    const u = maybe(String(Math.floor(random() * 65535)));
    const s = maybe(`'s${Math.floor(random() * 9)}'`);
    out.push(`(${at}, ${i}, ${f}, ${d}, ${b}, ${u}, ${s})`);
  }
  return out.join(' ');
}

const COLUMNS = '(ts TIMESTAMP, i INT, f FLOAT, d DOUBLE, b BIGINT, u SMALLINT UNSIGNED, s VARCHAR(8))';

/** Queries the shortcut answers (windows of whole minutes; a time range, aligned or cut; tags; no grouping). */
function shortcutQueries(p: Precision): string[] {
  const at = (ms: bigint) => String(ts(p, ms));
  return [
    'select _wstart, count(*), avg(f), sum(i), min(d), max(d), spread(f) from st interval(1m)',
    'select _wstart, avg(i), avg(f), sum(f), count(s), sum(b), avg(u) from st interval(10m)',
    'select tbname, _wstart, avg(f), count(*) from st partition by tbname interval(1h)',
    'select grp, _wstart, _wend, max(i), sum(d) from st partition by grp interval(5m) sliding(1m)',
    'select _wstart, count(*), avg(i) from st interval(1h, 7m)',
    `select tbname, _wstart, avg(f) from st where ts >= ${at(10n * MINUTE_MS)} and ts < ${at(70n * MINUTE_MS)} partition by tbname interval(10m)`,
    `select _wstart, count(*), sum(i), avg(f), min(f), max(i) from st where ts >= ${at(10n * MINUTE_MS + 1234n)} and ts <= ${at(95n * MINUTE_MS - 7n)} interval(1m)`,
    `select _wstart, count(*), avg(f) from st where ts > ${at(3n * MINUTE_MS + 5n)} and ts < ${at(3n * MINUTE_MS + 50_000n)} interval(1m)`,
    `select _wstart, count(*) from st where ts between ${at(20n * MINUTE_MS + 1n)} and ${at(40n * MINUTE_MS)} and loc = 'north' interval(1h) fill(value, 0)`,
    'select count(*), count(i), sum(i), avg(i), avg(f), min(f), max(f), spread(d), sum(u) from st',
    'select tbname, count(*), avg(f), sum(d) from st partition by tbname',
    'select loc, avg(i), max(f) from st group by loc',
    'select loc, count(*), count(f), avg(f) from st group by loc',
    'select tbname, count(*) from st partition by tbname',
    // a bare COUNT(*) too: DuckDB scans for it (about 7 ms over 10M rows), the buckets are a sum over one row a minute
    'select count(*) from st',
    "select grp, count(f), sum(f) from st where tbname in ('c1', 'c3') group by grp",
    'select _wstart, avg(f), count(*) from c2 interval(10m)',
    'select _wstart, avg(f), sum(i), count(*) from nt interval(1m) having count(*) > 1 order by 2 desc',
    `select avg(f), count(*) from nt where ts >= ${at(5n * MINUTE_MS)}`,
    'select _wstart, avg(f) from st partition by tbname interval(10m) slimit 2 limit 3',
    'select _wstart, count(*), sum(i) from st interval(1d)',
    `select _wstart, count(*), avg(f) from st where ts >= ${at(7n * MINUTE_MS)} and ts < ${at(90n * MINUTE_MS + 999n)} interval(15m) sliding(5m)`,
    // T0 is 22:13:20: 7 min 40 s later is a whole minute, so AUTO's offset is whole minutes
    `select _wstart, count(*) from st where ts >= ${at(7n * MINUTE_MS + 40_000n)} interval(1h, auto)`,
    // TOP/BOTTOM read their k-th candidate from the buckets' maxima and minima
    'select ts, top(f, 5) from st',
    'select ts, tbname, bottom(i, 3) from st',
    `select ts, top(d, 4), u from st where ts >= ${at(10n * MINUTE_MS + 5n)} and ts < ${at(40n * MINUTE_MS)} and grp = 1`,
    `select top(i, 50) from st where ts >= ${at(10n * MINUTE_MS + 5n)} and ts < ${at(12n * MINUTE_MS)}`,
    'select ts, bottom(f, 2) from c3',
    'select ts, top(u, 10) from nt order by ts desc limit 4',
  ];
}

/** Queries it leaves to the scan (a data condition, windows not of whole minutes, another function, a computed argument). */
function scanQueries(p: Precision): string[] {
  const at = (ms: bigint) => String(ts(p, ms));
  return [
    'select _wstart, avg(f) from st where i > 0 interval(1m)',
    'select _wstart, avg(f) from st interval(30s)',
    'select _wstart, avg(f) from st interval(1m, 30s)',
    'select _wstart, avg(f) from st interval(10m) sliding(30s)',
    'select _wstart, avg(f) from st interval(1n)',
    'select _wstart, avg(b) from st interval(1m)',
    'select _wstart, avg(abs(f)) from st interval(1m)',
    'select _wstart, stddev(f) from st interval(1m)',
    'select _wstart, last(f), avg(f) from st interval(1m)',
    'select i, count(*) from st group by i',
    `select avg(f) from st where ts <> ${at(0n)}`,
    'select _wstart, count(*) from st state_window(i)',
    'select tbname, top(f, 2) from st partition by tbname',
    `select _wstart, count(*) from st where ts >= ${at(7n * MINUTE_MS + 1n)} interval(1h, auto)`,
    'select top(f, 2) from st where i > 0',
  ];
}

/** The answer with the shortcut allowed and the scan's (no pre-aggregates in the context), as JSON lines. */
async function both(p: Precision, sql: string): Promise<{ fast: string[]; scan: string[] }> {
  const fast = await engine.execute(sql, { user: 'root', db: db(p) });
  const ctx = { ...engine.queryContext({ user: 'root', db: db(p), sql }), timeBuckets: undefined, representatives: undefined };
  const scan = await new QueryLayer().execute(ctx, parse(sql) as QueryExpression);
  if (fast.kind !== 'rows' || scan.kind !== 'rows') throw new Error('not a query');
  expect(fast.columns, sql).toEqual(scan.columns);
  const lines = (rs: unknown[][]) => rs.map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : Object.is(v, -0) ? '-0' : v)));
  // the order of the rows is the answer's too where the query orders them (windows): compared as is
  return { fast: lines(fast.rows), scan: lines(scan.rows) };
}

async function compareAll(p: Precision): Promise<void> {
  const buckets = engine.timeBuckets!;
  for (const sql of shortcutQueries(p)) await both(p, sql);
  await buckets.settled();
  const before = buckets.stats.served;
  for (const sql of shortcutQueries(p)) {
    const was = buckets.stats.served;
    const { fast, scan } = await both(p, sql);
    expect(buckets.stats.served - was, `served: ${p}: ${sql}`).toBe(1);
    expect(fast, `${p}: ${sql}`).toEqual(scan);
    expect(fast.length, `${p}: ${sql}`).toBeGreaterThan(0);
  }
  expect(buckets.stats.served - before).toBe(shortcutQueries(p).length);
  const after = buckets.stats.served;
  for (const sql of scanQueries(p)) {
    const { fast, scan } = await both(p, sql);
    expect(fast, `${p}: ${sql}`).toEqual(scan);
  }
  expect(buckets.stats.served, 'the scan queries scanned').toBe(after);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'buckets-test-'));
  engine = await Engine.open({ dataDir: dir, limits: {} });
  for (const p of PRECISIONS) {
    await engine.execute(`CREATE DATABASE ${db(p)} PRECISION '${p}'`, { user: 'root' });
    await run(p, `CREATE STABLE st ${COLUMNS} TAGS (grp INT, loc VARCHAR(8))`);
    await run(p, `CREATE TABLE nt ${COLUMNS}`);
    const random = rng(7 + p.length);
    // ~10 rows a table and minute (a copy of buckets of fewer than 4 rows on average is not used: below)
    for (let t = 1; t <= 4; t++) await run(p, `INSERT INTO c${t} USING st TAGS (${t % 2}, '${t <= 2 ? 'north' : 'south'}') VALUES ${rows(p, random, 1000, 0, 100 * 60_000)}`);
    await run(p, `INSERT INTO nt VALUES ${rows(p, random, 800, 0, 100 * 60_000)}`);
    // a child table without rows: GROUP BY its tag still counts 0 for it
    await run(p, "CREATE TABLE c9 USING st TAGS (9, 'east')");
  }
});

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(PRECISIONS)('time buckets (precision %s): the pre-aggregates equal the scan', (p) => {
  it('on the loaded data (the first use builds the copy)', async () => {
    await compareAll(p);
  });

  it('after appends, out-of-order rows, overwrites and partial rows', async () => {
    const random = rng(99);
    // newer rows in two tables of one statement, and in the normal table
    await run(p, `INSERT INTO c1 VALUES ${rows(p, random, 50, 100 * 60_000, 20 * 60_000)} c3 VALUES ${rows(p, random, 20, 100 * 60_000, 5 * 60_000)}`);
    await run(p, `INSERT INTO nt VALUES ${rows(p, random, 30, 100 * 60_000, 20 * 60_000)}`);
    // late rows inside old buckets, and a new table in the middle of the span
    await run(p, `INSERT INTO c2 VALUES ${rows(p, random, 40, 10 * 60_000, 60 * 60_000)}`);
    await run(p, `INSERT INTO c5 USING st TAGS (5, 'south') VALUES ${rows(p, random, 40, 30 * 60_000, 10 * 60_000)}`);
    // overwrites of stored timestamps (the same ts, new values) and a partial row merged into a stored one
    const stored = await engine.execute('select ts from c4 order by ts limit 3', { user: 'root', db: db(p) });
    if (stored.kind !== 'rows') throw new Error('not a query');
    const [a, b, c] = stored.rows.map((r) => String(r[0]));
    await run(p, `INSERT INTO c4 VALUES (${a}, 123456, 99.99, 5, 7000, 1, 'x') (${b}, NULL, NULL, NULL, NULL, NULL, NULL)`);
    await run(p, `INSERT INTO c4 (ts, f) VALUES (${c}, -42.5)`);
    await compareAll(p);
  });

  it('after deletes of a range, of one table and of a whole bucket', async () => {
    await run(p, `DELETE FROM c1 WHERE ts >= ${ts(p, 20n * MINUTE_MS + 17n)} AND ts < ${ts(p, 25n * MINUTE_MS)}`);
    await run(p, `DELETE FROM st WHERE ts >= ${ts(p, 50n * MINUTE_MS)} AND ts < ${ts(p, 51n * MINUTE_MS)}`);
    await run(p, `DELETE FROM nt WHERE ts < ${ts(p, 3n * MINUTE_MS)}`);
    await compareAll(p);
  });
});

describe('time buckets: schema changes', () => {
  it('rebuilds the copy after a column is added, and answers with it', async () => {
    const p = 'ms';
    const builds = engine.timeBuckets!.stats.builds;
    await run(p, 'ALTER STABLE st ADD COLUMN z INT');
    await run(p, `INSERT INTO c1 (ts, z) VALUES (${ts(p, 200n * MINUTE_MS)}, 5) (${ts(p, 201n * MINUTE_MS)}, 7)`);
    const sql = 'select _wstart, count(z), sum(z), avg(f), count(*) from st interval(1h)';
    await both(p, sql);
    await engine.timeBuckets!.settled();
    expect(engine.timeBuckets!.stats.builds).toBeGreaterThan(builds);
    const served = engine.timeBuckets!.stats.served;
    const { fast, scan } = await both(p, sql);
    expect(fast).toEqual(scan);
    expect(engine.timeBuckets!.stats.served).toBe(served + 1);
  });
});

describe('time buckets: sparse tables', () => {
  it('scans a table of about a row a minute (its copy would be as large as the table)', async () => {
    const p = 'ms';
    await run(p, 'CREATE TABLE sparse (ts TIMESTAMP, v INT)');
    await run(p, `INSERT INTO sparse VALUES ${Array.from({ length: 50 }, (_, k) => `(${ts(p, BigInt(k) * MINUTE_MS)}, ${k})`).join(' ')}`);
    const sql = 'select _wstart, avg(v), count(*) from sparse interval(10m)';
    await both(p, sql);
    await engine.timeBuckets!.settled();
    const served = engine.timeBuckets!.stats.served;
    const { fast, scan } = await both(p, sql);
    expect(fast).toEqual(scan);
    expect(engine.timeBuckets!.stats.served).toBe(served);
    // its copy is dropped, and built again once the table has grown as much as it held: then dense, and used
    const tables = async () => (await engine.storage.query("SELECT count(*) FROM duckdb_tables() WHERE database_name = 'memory' AND table_name LIKE '__agg_%'")).rows[0][0] as bigint;
    const before = await tables();
    const dense = Array.from({ length: 50 * 20 }, (_, k) => `(${ts(p, BigInt(k) * 3000n + 1n)}, ${k % 7})`);
    await run(p, `INSERT INTO sparse VALUES ${dense.join(' ')}`);
    await both(p, sql);
    await engine.timeBuckets!.settled();
    expect(await tables()).toBe(before + 1n);
    const { fast: after, scan: scanned } = await both(p, sql);
    expect(after).toEqual(scanned);
    expect(engine.timeBuckets!.stats.served).toBe(served + 1);
  });
});

describe('time buckets: FLOAT/DOUBLE sums are used only when exact', () => {
  it('scans when a DOUBLE sum could depend on the order of addition', async () => {
    const p = 'ms';
    await run(p, 'CREATE TABLE inexact (ts TIMESTAMP, d DOUBLE)');
    const values = Array.from({ length: 8 }, (_, k) => `(${ts(p, BigInt(k))}, 0.${k + 1}) (${ts(p, 70_000n + BigInt(k))}, ${k % 2 ? '1e16' : '1'})`);
    await run(p, `INSERT INTO inexact VALUES ${values.join(' ')}`);
    const sql = 'select _wstart, sum(d), avg(d), max(d) from inexact interval(1h)';
    await both(p, sql);
    await engine.timeBuckets!.settled();
    const served = engine.timeBuckets!.stats.served;
    const { fast, scan } = await both(p, sql);
    expect(fast).toEqual(scan);
    expect(engine.timeBuckets!.stats.served).toBe(served);
    // MAX alone needs no sum: served from the buckets
    await both(p, 'select _wstart, max(d), count(*) from inexact interval(1h)');
    expect(engine.timeBuckets!.stats.served).toBe(served + 1);
  });
});
