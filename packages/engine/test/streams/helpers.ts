import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../src/engine';
import type { ResultSet, StatementResult } from '../../src/format/result';

export const T0 = 1_500_000_000_000;
export const SEC = 1000;

/** An engine on a temp dir with database `test` (ms) and super table meters (ts, v INT, c DOUBLE) TAGS (g INT). */
export class StreamFixture {
  private constructor(
    public engine: Engine,
    readonly dir: string,
  ) {}

  static async open(): Promise<StreamFixture> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streams-test-'));
    const f = new StreamFixture(await Engine.open({ dataDir: dir, limits: {} }), dir);
    await f.run('CREATE DATABASE test');
    await f.run('CREATE STABLE meters (ts TIMESTAMP, v INT, c DOUBLE) TAGS (g INT)');
    for (let t = 0; t < 3; t++) await f.run(`CREATE TABLE d${t} USING meters TAGS (${t % 2})`);
    return f;
  }

  run(sql: string, user = 'root'): Promise<StatementResult> {
    return this.engine.execute(sql, { user, db: 'test' });
  }

  async rows(sql: string): Promise<unknown[][]> {
    const r = (await this.run(sql)) as ResultSet;
    return r.rows.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
  }

  /** Inserts [table, seconds after T0, v] rows, one INSERT per call. */
  async insert(rows: [string, number, number][]): Promise<void> {
    const byTable = new Map<string, string[]>();
    for (const [t, s, v] of rows) {
      const list = byTable.get(t) ?? [];
      list.push(`(${Math.round(T0 + s * SEC)}, ${v}, ${v / 4})`);
      byTable.set(t, list);
    }
    await this.run(`INSERT INTO ${[...byTable].map(([t, values]) => `${t} VALUES ${values.join(' ')}`).join(' ')}`);
  }

  idle(): Promise<void> {
    return this.engine.streams.idle();
  }

  async restart(): Promise<void> {
    await this.engine.close();
    this.engine = await Engine.open({ dataDir: this.dir, limits: {} });
  }

  async close(): Promise<void> {
    await this.engine.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Rows sorted as strings (partition order of a query and of the output table differ). */
export function sorted(rows: unknown[][]): string[] {
  return rows.map((r) => JSON.stringify(r)).sort();
}

/** Deterministic pseudo-random numbers. */
export function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/**
 * A late row's time for table dN near `approx` seconds: tables never share a timestamp (first()/last() over several
 * tables would otherwise depend on the order of equal timestamps).
 */
export function lateAt(table: string, approx: number): number {
  return Math.floor(approx) + 0.125 + 0.25 * Number(table.slice(1));
}

/** The aggregates the window tests keep (stream select list) and the same without names (the query to compare). */
export const AGG = 'count(*) n, sum(v) sv, max(c) mc, first(v) fv, last(v) lv';
export const QAGG = 'count(*), sum(v), max(c), first(v), last(v)';

/** Every window kind as [name, clause]; `slide`: the SLIDING of the sliding INTERVAL. */
export function windowKinds(slide: string): [string, string][] {
  return [
    ['INTERVAL', 'INTERVAL(30s)'],
    ['INTERVAL SLIDING', `INTERVAL(30s) SLIDING(${slide})`],
    ['SESSION', 'SESSION(ts, 12s)'],
    ['STATE_WINDOW', 'STATE_WINDOW(v)'],
    ['STATE_WINDOW TRUE_FOR', 'STATE_WINDOW(v) TRUE_FOR(8s)'],
    ['EVENT_WINDOW', 'EVENT_WINDOW START WITH v >= 2 END WITH v = 0'],
    ['EVENT_WINDOW TRUE_FOR', 'EVENT_WINDOW START WITH v >= 2 END WITH v = 0 TRUE_FOR(15s)'],
    ['COUNT_WINDOW', 'COUNT_WINDOW(3)'],
    ['COUNT_WINDOW sliding', 'COUNT_WINDOW(4, 2)'],
  ];
}

/** In-order rows [table, seconds, v] of d0..d2 at random gaps over ~400 s, v in 0..3; tables never share a timestamp. */
export function series(seed: number): [string, number, number][] {
  const rnd = lcg(seed);
  const rows: [string, number, number][] = [];
  for (let t = 0; t < 3; t++) {
    let s = 0;
    for (let i = 0; i < 40; i++) {
      s += 1 + Math.floor(rnd() * 18);
      // a quarter second apart per table
      rows.push([`d${t}`, s + t / 4, Math.floor(rnd() * 4)]);
    }
  }
  return rows.sort((a, b) => a[1] - b[1]);
}
