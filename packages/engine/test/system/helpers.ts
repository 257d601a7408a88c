import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine, type QueryContext } from '../../src/engine';
import type { ResultSet, StatementResult } from '../../src/format/result';
import { systemTable, type SystemDb } from '../../src/query/system';

/**
 * A real Engine on a temp directory with its default query layer, so SHOW and SELECT on system tables run through
 * engine.execute exactly as REST runs them.
 */
export interface SystemTestEngine {
  engine: Engine;
  dir: string;
  run(sql: string, opts?: { db?: string; user?: string }): Promise<StatementResult>;
  /** a SHOW or SELECT that must return rows */
  show(sql: string, opts?: { db?: string; user?: string }): Promise<ResultSet>;
  ctx(opts?: { db?: string; user?: string }): QueryContext;
  /** information_schema / performance_schema table; throws when it does not exist */
  table(db: SystemDb, name: string, opts?: { user?: string }): Promise<{ columns: ResultSet['columns']; rows: unknown[][] }>;
  close(): Promise<void>;
}

export async function openSystemEngine(): Promise<SystemTestEngine> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-system-'));
  const engine = await Engine.open({ dataDir: dir });
  const run = (sql: string, opts: { db?: string; user?: string } = {}) => engine.execute(sql, { user: opts.user ?? 'root', db: opts.db });
  return {
    engine,
    dir,
    run,
    async show(sql, opts) {
      const r = await run(sql, opts);
      if (r.kind !== 'rows') throw new Error(`${sql} returned no rows`);
      return r;
    },
    ctx: (opts = {}) => engine.queryContext({ user: opts.user ?? 'root', db: opts.db }),
    async table(db, name, opts = {}) {
      const t = await systemTable(engine.queryContext({ user: opts.user ?? 'root' }), db, name);
      if (!t) throw new Error(`no system table ${db}.${name}`);
      return t;
    },
    async close() {
      await engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** [name, type, length] triples, as REST's column_meta prints them. */
export const meta = (columns: ResultSet['columns']): [string, string, number][] => columns.map((c) => [c.name, c.type, c.length]);

/** Rows as objects keyed by column name (for readable assertions). */
export function records(t: { columns: ResultSet['columns']; rows: unknown[][] }): Record<string, unknown>[] {
  return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c.name, r[i]])));
}

/** A demo schema: db `power` (us precision) with super table meters, two children and a normal table; db `other`. */
export async function createDemo(t: SystemTestEngine, now = Date.now()): Promise<void> {
  await t.run("CREATE DATABASE power PRECISION 'us' KEEP 365 DURATION 10 BUFFER 64 VGROUPS 4 CACHEMODEL 'last_row'");
  await t.run('CREATE DATABASE other');
  await t.run("CREATE STABLE power.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location VARCHAR(24)) COMMENT 'meters'");
  await t.run("CREATE TABLE power.d1001 USING power.meters TAGS (2, 'California.SanFrancisco')");
  await t.run('CREATE TABLE power.d1002 USING power.meters (groupid) TAGS (3)');
  await t.run('CREATE TABLE power.log (ts TIMESTAMP, msg NCHAR(16))');
  await t.run(`INSERT INTO power.d1001 VALUES (${now * 1000}, 10.3, 219, 0.31) (${now * 1000 + 1}, 12.6, 218, 0.33)`);
  await t.run(`INSERT INTO power.d1002 VALUES (${now * 1000}, 11.8, 221, 0.28)`);
  await t.run('CREATE STABLE other.s (ts TIMESTAMP, v INT) TAGS (t INT)');
  await t.run('CREATE TABLE other.s1 USING other.s TAGS (1)');
}
