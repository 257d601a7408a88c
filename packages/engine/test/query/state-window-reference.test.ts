import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';

/**
 * STATE_WINDOW against a plain reference on random data: states drawn from a few values with long runs, NULL states
 * (also at the end of a table: they move the last window's _wend, not its count), rows written out of time order in
 * several INSERTs (storage order is not time order), tables sharing a tag value (a partition of several tables),
 * NULL tags, an ordinary table, VARCHAR states. The reference walks each partition's rows in time order; the
 * engine's plan numbers windows with window functions over one sort (planner/windows.ts), so a wrong order, a
 * window carried across partitions or a lost NULL rule shows here.
 */

const T0 = 1600000000000;
const TABLES = 7;
const ROWS_PER_TABLE = 300;

interface Row {
  ts: number;
  s: number | null;
  v: number | null;
  name: string | null;
}

interface Table {
  name: string;
  g: number | null;
  rows: Row[];
}

/** A small deterministic generator (tests must not depend on Math.random). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

function makeTables(seed: number): Table[] {
  const rnd = lcg(seed);
  const tables: Table[] = [];
  for (let t = 0; t < TABLES; t++) {
    const rows: Row[] = [];
    let s: number | null = Math.floor(rnd() * 3);
    for (let i = 0; i < ROWS_PER_TABLE; i++) {
      const r = rnd();
      // runs: mostly keep the state, sometimes change it, sometimes NULL (NULLs keep the run's state after them)
      if (r < 0.25) s = Math.floor(rnd() * 3);
      const state = rnd() < 0.15 ? null : s;
      const tail = i >= ROWS_PER_TABLE - 3 && t % 2 === 0; // trailing NULL states on every other table
      // distinct timestamps across tables (a partition of several tables has no ties): step TABLES ms, offset t
      rows.push({
        ts: T0 + i * TABLES * 10 + t,
        s: tail ? null : state,
        v: rnd() < 0.1 ? null : Math.floor(rnd() * 100),
        name: tail || state === null ? null : ['a', 'bb', 'a '][state],
      });
    }
    tables.push({ name: `t${t}`, g: t === 5 ? null : t % 3, rows });
  }
  return tables;
}

interface RefWindow {
  part: string;
  wstart: number;
  wend: number;
  count: number;
  sum: number | null;
  state: number | string;
}

/** Windows of one partition's rows (any order in, time order used): TDengine 3.3.7.5's rules as the goldens show them. */
function reference(part: string, input: Row[], state: (r: Row) => number | string | null, trueFor = 0): RefWindow[] {
  const rows = [...input].sort((a, b) => a.ts - b.ts);
  const out: (RefWindow & { last: number })[] = [];
  let cur: (RefWindow & { last: number }) | undefined;
  for (const r of rows) {
    const st = state(r);
    if (st === null) continue;
    if (!cur || cur.state !== st) {
      cur = { part, wstart: r.ts, wend: r.ts, last: r.ts, count: 0, sum: null, state: st };
      out.push(cur);
    }
    cur.count++;
    cur.last = r.ts;
    cur.wend = r.ts;
    if (r.v !== null) cur.sum = (cur.sum ?? 0) + r.v;
  }
  // the last window ends at the partition's last row, whatever its state
  if (out.length && rows.length) out[out.length - 1].wend = rows[rows.length - 1].ts;
  return out.filter((w) => w.last - w.wstart >= trueFor).map(({ last: _last, ...w }) => w);
}

const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);

describe.each([1, 2, 3])('STATE_WINDOW against a reference (seed %i)', (seed) => {
  let engine: Engine;
  let dir: string;
  const tables = makeTables(seed);
  const rows = async (sql: string) => {
    const r = await engine.execute(sql, { user: 'root', db: 'sw' });
    if (r.kind !== 'rows') throw new Error('not a query');
    return r.rows.map((row) => row.map(num));
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'state-window-ref-'));
    engine = await Engine.open({ dataDir: dir, limits: {} });
    const run = (sql: string) => engine.execute(sql, { user: 'root', db: 'sw' });
    await run('CREATE DATABASE sw');
    await run('CREATE STABLE sw.st (ts TIMESTAMP, s INT, v INT, name VARCHAR(8)) TAGS (g INT)');
    await run('CREATE TABLE sw.nt (ts TIMESTAMP, s INT, v INT, name VARCHAR(8))');
    const lit = (r: Row) => `(${r.ts}, ${r.s ?? 'NULL'}, ${r.v ?? 'NULL'}, ${r.name === null ? 'NULL' : `'${r.name}'`})`;
    for (const t of tables) await run(`CREATE TABLE sw.${t.name} USING sw.st TAGS (${t.g ?? 'NULL'})`);
    // out of time order: the second half first, then the first half in three statements, newest first
    for (const t of tables) {
      const half = t.rows.length / 2;
      const parts = [t.rows.slice(half), t.rows.slice(100, half), t.rows.slice(50, 100), t.rows.slice(0, 50)];
      for (const p of parts) await run(`INSERT INTO sw.${t.name} VALUES ${p.map(lit).join(' ')}`);
    }
    const nt = tables[1].rows;
    await run(`INSERT INTO sw.nt VALUES ${nt.slice(150).map(lit).join(' ')}`);
    await run(`INSERT INTO sw.nt VALUES ${nt.slice(0, 150).map(lit).join(' ')}`);
  });

  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const byTable = (state: (r: Row) => number | string | null, trueFor = 0) => tables.flatMap((t) => reference(t.name, t.rows, state, trueFor));
  const asRows = (ws: RefWindow[], cols: (w: RefWindow) => unknown[]) => ws.map(cols);

  it('partition by tbname: _wstart, _wend, _wduration, count(*), sum, the state', async () => {
    const got = await rows('select tbname, _wstart, _wend, _wduration, count(*), sum(v), s from st partition by tbname state_window(s)');
    const want = asRows(byTable((r) => r.s), (w) => [w.part, w.wstart, w.wend, w.wend - w.wstart, w.count, w.sum, w.state]);
    expect(got).toEqual(want);
  });

  it('without _wend (the plan without the last-row stage) gives the same windows', async () => {
    const got = await rows('select tbname, _wstart, count(*), sum(v), s from st partition by tbname state_window(s)');
    expect(got).toEqual(asRows(byTable((r) => r.s), (w) => [w.part, w.wstart, w.count, w.sum, w.state]));
  });

  // rows only counted take the plan of a row per window start (test/query/planner.test.ts checks the plan)
  it('counting the windows of a subquery (issue 25 Q10)', async () => {
    const got = await rows('select count(*) from (select tbname, _wstart, count(*) from st partition by tbname state_window(case when v > 50 then 1 else 0 end))');
    expect(got).toEqual([[byTable((r) => (r.v !== null && r.v > 50 ? 1 : 0)).length]]);
    const nulls = await rows('select count(*) from (select tbname, _wstart, count(*) from st partition by tbname state_window(s))');
    expect(nulls).toEqual([[byTable((r) => r.s).length]]);
  });

  it('counting windows that HAVING, TRUE_FOR, LIMIT/SLIMIT or an outer WHERE keep: the full plan', async () => {
    const windows = byTable((r) => r.s);
    const q = (inner: string) => rows(`select count(*) from (${inner})`);
    expect(await q('select tbname, count(*) from st partition by tbname state_window(s) having count(*) > 2')).toEqual([[windows.filter((w) => w.count > 2).length]]);
    expect(await q('select tbname, count(*) from st partition by tbname state_window(s) true_for(40a)')).toEqual([[byTable((r) => r.s, 40).length]]);
    expect(await q('select _wstart, count(*) from nt state_window(s) limit 7')).toEqual([[7]]);
    expect(await q('select tbname, count(*) from st partition by tbname state_window(s) slimit 2')).toEqual([[windows.filter((w) => w.part === 't0' || w.part === 't1').length]]);
    expect(await rows('select count(*) from (select tbname, count(*) c from st partition by tbname state_window(s)) where c > 1')).toEqual([[windows.filter((w) => w.count > 1).length]]);
    expect(await rows('select count(*), count(*) from (select _wstart, count(*) from nt state_window(s))')).toEqual([[reference('nt', tables[1].rows, (r) => r.s).length, reference('nt', tables[1].rows, (r) => r.s).length]]);
  });

  it('partition by a tag: several tables in one partition, a NULL tag its own', async () => {
    const groups = new Map<string, Row[]>();
    for (const t of tables) groups.set(String(t.g), [...(groups.get(String(t.g)) ?? []), ...t.rows]);
    const want = [...groups.entries()].flatMap(([g, rs]) => reference(g, rs, (r) => r.s));
    const got = await rows('select g, _wstart, _wend, count(*), sum(v) from st partition by g state_window(s) order by g, _wstart');
    const key = (g: unknown) => (g === null ? 'null' : String(g));
    const sortG = (a: unknown[], b: unknown[]) => key(a[0]).localeCompare(key(b[0])) || (a[1] as number) - (b[1] as number);
    expect([...got].sort(sortG)).toEqual(asRows(want, (w) => [w.part === 'null' ? null : Number(w.part), w.wstart, w.wend, w.count, w.sum]).sort(sortG));
  });

  it('TRUE_FOR, a VARCHAR state, a WHERE, ORDER BY … DESC and LIMIT on an ordinary table', async () => {
    const nt = tables[1].rows;
    expect(await rows('select _wstart, _wend, count(*), sum(v) from nt state_window(s) true_for(50a)')).toEqual(
      asRows(reference('nt', nt, (r) => r.s, 50), (w) => [w.wstart, w.wend, w.count, w.sum]),
    );
    expect(await rows('select _wstart, _wend, count(*), name from nt state_window(name)')).toEqual(
      asRows(reference('nt', nt, (r) => r.name), (w) => [w.wstart, w.wend, w.count, w.state]),
    );
    const filtered = nt.filter((r) => r.v !== null && r.v >= 20);
    expect(await rows('select _wstart, _wend, count(*), sum(v) from nt where v >= 20 state_window(s)')).toEqual(
      asRows(reference('nt', filtered, (r) => r.s), (w) => [w.wstart, w.wend, w.count, w.sum]),
    );
    const all = asRows(reference('nt', nt, (r) => r.s), (w) => [w.wstart, w.count]);
    expect(await rows('select _wstart, count(*) from nt state_window(s) order by _wstart desc limit 5')).toEqual(all.reverse().slice(0, 5));
  });

  it('a child table on its own', async () => {
    const t = tables[2];
    expect(await rows(`select _wstart, _wend, count(*), sum(v), s from ${t.name} state_window(s)`)).toEqual(
      asRows(reference(t.name, t.rows, (r) => r.s), (w) => [w.wstart, w.wend, w.count, w.sum, w.state]),
    );
  });
});
