import type { DuckDBConnection } from '@duckdb/node-api';
import { Mutex } from '../mutex';
import { TID_COLUMN, qualified, quoteIdent } from '../names';
import type { Storage } from '../storage';
import { timestampAt } from '../table-writer';
import type { WriteEvent, WriteEvents } from '../write-events';
import { buildSql } from './reps-sql';

/** A physical data table (`stb_S_data` or `ntb_T_data`) as the query layer names it. */
export interface RepSource {
  db: string;
  /** physical table name, unqualified */
  table: string;
  tsColumn: string;
  /** data columns after the timestamp, physical names */
  columns: string[];
}

/** What is known of one data table's representative rows. */
class TableReps {
  readonly lock = new Mutex();
  /** the table must be built again from scratch (never built, a schema change, a DELETE of every table) */
  stale = true;
  /** column signature the copy was built with */
  shape = '';
  /** the build running in the background, if any */
  building?: Promise<void>;
  /** tid → newest ts among its representative rows (= the table's newest row as of the last refresh) */
  readonly newest = new Map<number, bigint>();
  /** tid → oldest ts a write or delete touched since the last refresh */
  readonly pending = new Map<number, bigint>();

  touch(tid: number, fromTs: bigint): void {
    const seen = this.pending.get(tid);
    if (seen === undefined || fromTs < seen) this.pending.set(tid, fromTs);
  }
}

/**
 * Representative rows of every data table, kept on write (issue 25, "last/first/last_row … from a cache kept on
 * write", and min/max/spread from pre-aggregates). For each table id they are the rows a selection function can
 * pick: the first and the last row, and per column the rows holding its minimum, its maximum, its first and its last
 * non-NULL value. MIN, MAX, SPREAD, FIRST, LAST and LAST_ROW of any group of whole tables (per table, per tag, the
 * whole super table) pick the same value from these rows as from all rows, so such a query reads this copy
 * (≈ 14 rows a table instead of 10,000) with its SQL unchanged (query/shortcuts/representative-rows.ts).
 *
 * The copy lives in the in-memory main database (`memory.main."__rep_<db>_<table>"`), built at first use and
 * rebuilt after a restart. Writes only record what they touched (write events); the next query brings the touched
 * tables up to date before reading: rows newer than a table's newest representative are folded in (reps of
 * old reps ∪ new rows), anything else (late rows, overwrites, DELETE) recomputes that table's reps from its rows.
 */
export class Representatives {
  private readonly tables = new Map<string, TableReps>();
  /** queries answered from representative rows, and rebuilds from scratch (tests and the benchmark read these) */
  readonly stats = { served: 0, builds: 0 };

  constructor(
    private readonly storage: Storage,
    events: WriteEvents,
  ) {
    events.on((event) => this.onEvent(event));
  }

  /**
   * The qualified name of the representative rows of `source`, brought up to date with every committed write; or
   * undefined while the copy is being built (in the background, started by the first call): that query scans, so a
   * first query after a start or a schema change is never slower than the scan (the build is about ten scans).
   */
  async ready(source: RepSource): Promise<string | undefined> {
    const key = keyOf(source.db, source.table);
    let reps = this.tables.get(key);
    if (!reps) this.tables.set(key, (reps = new TableReps()));
    const state = reps;
    const name = repName(source);
    const run = () => state.lock.run(() => this.storage.withReadConnection((conn) => refresh(conn, state, source, name)));
    if (state.building) return undefined;
    if (state.stale || state.shape !== shapeOf(source)) {
      state.building = run()
        .then(
          () => void this.stats.builds++,
          (error: unknown) => console.error('representative rows: build failed', error),
        )
        .finally(() => (state.building = undefined));
      return undefined;
    }
    if (await run()) this.stats.builds++;
    this.stats.served++;
    return name;
  }

  /** Resolves when no build runs in the background (tests, the benchmark). */
  async settled(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.building));
  }

  private onEvent(event: WriteEvent): void {
    if (event.kind === 'rows') {
      for (const data of event.data) {
        const reps = this.tables.get(keyOf(event.db, data.table.name));
        if (!reps || reps.stale) continue;
        // the rows of one table are sorted by ts: the first is the oldest the write touched
        for (const part of data.tables) if (part.ts.length > 0) reps.touch(part.tid, timestampAt(part, 0));
      }
    } else if (event.kind === 'delete') {
      const reps = this.tables.get(keyOf(event.db, event.table));
      if (!reps) return;
      if (event.tids) for (const tid of event.tids) reps.touch(tid, event.fromTs);
      else reps.stale = true;
    } else if (!event.statement.startsWith('create')) {
      // ALTER/DROP of anything: columns, tables, databases may be gone or different (rare: rebuild everything)
      for (const reps of this.tables.values()) reps.stale = true;
    }
  }
}

const keyOf = (db: string, table: string): string => `${db}_${table}`;
const shapeOf = (source: RepSource): string => [source.tsColumn, ...source.columns].join('\u0000');

/** The connection's temporary table of rows a refresh picks from. */
const SOURCE = '__rep_source';

function repName(source: RepSource): string {
  return `memory.main.${quoteIdent(`__rep_${keyOf(source.db, source.table)}`)}`;
}

/** Brings one copy up to date; true when it was built from scratch. */
async function refresh(conn: DuckDBConnection, reps: TableReps, source: RepSource, name: string): Promise<boolean> {
  const shape = shapeOf(source);
  const data = qualified(source.db, source.table);
  const tid = quoteIdent(TID_COLUMN);
  const ts = quoteIdent(source.tsColumn);
  if (reps.stale || reps.shape !== shape) {
    // taken before the build reads: a write announced from here on is recorded again and redone next time
    reps.pending.clear();
    reps.stale = false;
    reps.shape = shape;
    try {
      await conn.run(`CREATE OR REPLACE TABLE ${name} AS ${buildSql(data, source)}`);
    } catch (error) {
      reps.stale = true;
      throw error;
    }
    reps.newest.clear();
    await readNewest(conn, reps, name, undefined, tid, ts);
    return true;
  }
  if (reps.pending.size === 0) return false;
  const pending = [...reps.pending];
  reps.pending.clear();
  // a table whose every touched row is newer than its newest representative only needs its new rows folded in
  const fold: [number, bigint][] = [];
  const redo: number[] = [];
  for (const [t, from] of pending) {
    const newest = reps.newest.get(t);
    if (newest !== undefined && from > newest) fold.push([t, newest]);
    else redo.push(t);
  }
  const all = pending.map(([t]) => t).join(',');
  const parts: string[] = [];
  if (fold.length) {
    const list = fold.map(([t]) => t).join(',');
    const since = fold.map(([t, n]) => `(${t}, ${n})`).join(', ');
    parts.push(`SELECT * FROM ${name} WHERE ${tid} IN (${list})`);
    parts.push(`SELECT d.* FROM ${data} d JOIN (VALUES ${since}) AS f(t, n) ON d.${tid} = f.t WHERE d.${tid} IN (${list}) AND d.${ts} > f.n`);
  }
  if (redo.length) parts.push(buildSql(data, source, redo.join(',')));
  const temp = `temp.main.${SOURCE}`;
  try {
    await conn.run('BEGIN');
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${SOURCE} AS ${parts.join(' UNION ALL ')}`);
    await conn.run(`DELETE FROM ${name} WHERE ${tid} IN (${all})`);
    await conn.run(`INSERT INTO ${name} ${buildSql(temp, source)}`);
    await conn.run(`DROP TABLE ${temp}`);
    await conn.run('COMMIT');
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    await conn.run(`DROP TABLE IF EXISTS ${temp}`).catch(() => undefined);
    // nothing changed: the touched tables are still to do
    for (const [t, from] of pending) reps.touch(t, from);
    throw error;
  }
  for (const [t] of pending) reps.newest.delete(t);
  await readNewest(conn, reps, name, all, tid, ts);
  return false;
}

async function readNewest(conn: DuckDBConnection, reps: TableReps, name: string, tids: string | undefined, tid: string, ts: string): Promise<void> {
  const where = tids === undefined ? '' : ` WHERE ${tid} IN (${tids})`;
  const reader = await conn.runAndReadAll(`SELECT ${tid}, max(${ts}) FROM ${name}${where} GROUP BY 1`);
  for (const [t, newest] of reader.getRows()) reps.newest.set(Number(t), BigInt(newest as bigint));
}
