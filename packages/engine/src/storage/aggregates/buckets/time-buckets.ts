import type { DuckDBConnection } from '@duckdb/node-api';
import { Mutex } from '../../mutex';
import { TID_COLUMN, qualified, quoteIdent } from '../../names';
import type { Storage } from '../../storage';
import { timestampAt } from '../../table-writer';
import type { WriteEvent, WriteEvents } from '../../write-events';
import { bucketStart } from './bucket-math';
import { BUCKET_COLUMN, bucketRowsSql, type BucketSource } from './buckets-sql';

/** What is known of one data table's bucket rows. */
class TableBuckets {
  readonly lock = new Mutex();
  /** the copy must be built again from scratch (never built, a schema change, a DELETE of every table) */
  stale = true;
  /** column signature the copy was built with */
  shape = '';
  building?: Promise<void>;
  /** whether the buckets hold several rows each on average (else reading them costs about what the rows do) */
  dense = false;
  /**
   * A copy found sparse is dropped (it would be about as large as the table, in memory) and not built again until
   * as many rows as the table then held have been written: the rows it summed, and the rows written since.
   */
  sparseRows?: number;
  written = 0;
  /** tid → the oldest and newest timestamp a write or delete touched since the last refresh */
  readonly pending = new Map<number, [bigint, bigint]>();

  touch(tid: number, lo: bigint, hi: bigint): void {
    const seen = this.pending.get(tid);
    this.pending.set(tid, seen ? [lo < seen[0] ? lo : seen[0], hi > seen[1] ? hi : seen[1]] : [lo, hi]);
  }
}

/**
 * Per-bucket pre-aggregates of every data table, kept on write (issue 25: "aggregates per group and per table come
 * from per-block pre-aggregates"). For each table id and aligned minute of its rows, one row: the bucket's start,
 * its oldest timestamp, and per data column its counts, sum, minimum and maximum (buckets-sql.ts). COUNT, SUM, AVG,
 * MIN, MAX and SPREAD over windows that are unions of whole minutes (INTERVAL(1m), (10m), (1h), (1d) …), per table,
 * per tag or over everything, read these rows instead of the table's (query/shortcuts/bucket-aggregates.ts); the
 * edges of a WHERE time range that cut a bucket are read from the rows.
 *
 * As the representative rows (representatives.ts): the copy lives in the in-memory main database
 * (`memory.main."__agg_<db>_<table>"`), built in the background at first use (that query scans) and after a
 * restart; writes only record per table id the span of timestamps they touched; the next query that uses the copy
 * recomputes the touched buckets of those tables from their rows, under the copy's lock, before planning.
 */
export class TimeBuckets {
  private readonly tables = new Map<string, TableBuckets>();
  /** queries answered from bucket rows, and rebuilds from scratch (tests and the benchmark read these) */
  readonly stats = { served: 0, builds: 0 };

  constructor(
    private readonly storage: Storage,
    events: WriteEvents,
  ) {
    events.on((event) => this.onEvent(event));
  }

  /**
   * The qualified name of the bucket rows of `source`, up to date with every committed write; undefined while the
   * copy is being built in the background (started by the first call), and while its buckets hold fewer than
   * MIN_ROWS_PER_BUCKET rows on average (a row a minute or less: the copy would be about as large as the table):
   * that query scans.
   */
  async ready(source: BucketSource): Promise<string | undefined> {
    const key = keyOf(source.db, source.table);
    let state = this.tables.get(key);
    if (!state) this.tables.set(key, (state = new TableBuckets()));
    const t = state;
    const name = copyName(source);
    const run = () => t.lock.run(() => this.storage.withReadConnection((conn) => refresh(conn, t, source, name)));
    if (t.building) return undefined;
    if (t.sparseRows !== undefined && t.written < t.sparseRows && t.shape === shapeOf(source)) return undefined;
    if (t.stale || t.shape !== shapeOf(source)) {
      t.building = run()
        .then(
          () => void this.stats.builds++,
          (error: unknown) => console.error('time buckets: build failed', error),
        )
        .finally(() => (t.building = undefined));
      return undefined;
    }
    if (await run()) this.stats.builds++;
    return t.dense ? name : undefined;
  }

  /** Counts a query the copy answered (the planner may still scan after `ready`: a sum that is not exact). */
  served(): void {
    this.stats.served++;
  }

  /** Resolves when no build runs in the background (tests, the benchmark). */
  async settled(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.building));
  }

  private onEvent(event: WriteEvent): void {
    if (event.kind === 'rows') {
      for (const data of event.data) {
        const state = this.tables.get(keyOf(event.db, data.table.name));
        if (state?.sparseRows !== undefined) for (const part of data.tables) state.written += part.ts.length;
        if (!state || state.stale) continue;
        // the rows of one table are sorted by ts
        for (const part of data.tables) if (part.ts.length > 0) state.touch(part.tid, timestampAt(part, 0), timestampAt(part, part.ts.length - 1));
      }
    } else if (event.kind === 'delete') {
      const state = this.tables.get(keyOf(event.db, event.table));
      if (!state) return;
      if (event.tids) for (const tid of event.tids) state.touch(tid, event.fromTs, event.toTs);
      else state.stale = true;
    } else if (!event.statement.startsWith('create')) {
      for (const state of this.tables.values()) state.stale = true;
    }
  }
}

const keyOf = (db: string, table: string): string => `${db}_${table}`;
const shapeOf = (source: BucketSource): string => [source.bucket, source.tsColumn, ...source.columns.map((c) => `${c.name}:${c.kind}`)].join('\u0000');

function copyName(source: BucketSource): string {
  return `memory.main.${quoteIdent(`__agg_${keyOf(source.db, source.table)}`)}`;
}

/** Brings one copy up to date; true when it was built from scratch. */
async function refresh(conn: DuckDBConnection, state: TableBuckets, source: BucketSource, name: string): Promise<boolean> {
  const shape = shapeOf(source);
  const data = qualified(source.db, source.table);
  if (state.stale || state.shape !== shape) {
    // taken before the build reads: a write announced from here on is recorded again and redone next time
    state.pending.clear();
    state.stale = false;
    state.shape = shape;
    try {
      await conn.run(`CREATE OR REPLACE TABLE ${name} AS ${bucketRowsSql(data, source)} ORDER BY 1, 2`);
    } catch (error) {
      state.stale = true;
      throw error;
    }
    await measure(conn, state, source, name);
    return true;
  }
  if (state.pending.size === 0) return false;
  const pending = [...state.pending];
  state.pending.clear();
  const b = source.bucket;
  // per touched table: the buckets from the oldest to the newest touched one, recomputed from the table's rows
  const spans = pending.map(([t, [lo, hi]]) => [t, bucketStart(lo, b), bucketStart(hi, b) + b] as const);
  const values = spans.map(([t, lo, hi]) => `(${t}, ${lo}, ${hi})`).join(', ');
  const tid = quoteIdent(TID_COLUMN);
  const ts = quoteIdent(source.tsColumn);
  const tids = spans.map(([t]) => t).join(',');
  const low = spans.reduce((m, s) => (s[1] < m ? s[1] : m), spans[0][1]);
  const high = spans.reduce((m, s) => (s[2] > m ? s[2] : m), spans[0][2]);
  // the tid list and the overall span let DuckDB skip the other row groups
  const rows = `d.${tid} IN (${tids}) AND d.${ts} >= ${low} AND d.${ts} < ${high} AND EXISTS (SELECT 1 FROM (VALUES ${values}) p(t, lo, hi) WHERE p.t = d.${tid} AND d.${ts} >= p.lo AND d.${ts} < p.hi)`;
  try {
    await conn.run('BEGIN');
    await conn.run(`DELETE FROM ${name} a USING (VALUES ${values}) p(t, lo, hi) WHERE a.${tid} = p.t AND a.${quoteIdent(BUCKET_COLUMN)} >= p.lo AND a.${quoteIdent(BUCKET_COLUMN)} < p.hi`);
    await conn.run(`INSERT INTO ${name} ${bucketRowsSql(data, source, rows)}`);
    await conn.run('COMMIT');
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    for (const [t, [lo, hi]] of pending) state.touch(t, lo, hi);
    throw error;
  }
  await measure(conn, state, source, name);
  return false;
}

/** Below this many rows a bucket on average, queries read the rows rather than the buckets. */
export const MIN_ROWS_PER_BUCKET = 4;

/** Sets `dense`: the copy's rows against the rows they sum (one pass over the copy, not over the table). */
async function measure(conn: DuckDBConnection, state: TableBuckets, source: BucketSource, name: string): Promise<void> {
  const first = quoteIdent(source.columns[0]?.name ?? '');
  const reader = await conn.runAndReadAll(`SELECT count(*), coalesce(sum(struct_extract(${first}, 'r')), 0) FROM ${name}`);
  const [buckets, rows] = reader.getRows()[0].map(Number);
  state.dense = rows >= buckets * MIN_ROWS_PER_BUCKET;
  state.sparseRows = undefined;
  if (state.dense || buckets === 0) return;
  // not worth its memory: dropped, and built again (from scratch) once the table has grown enough
  await conn.run(`DROP TABLE IF EXISTS ${name}`);
  state.sparseRows = rows;
  state.written = 0;
  state.stale = true;
  state.pending.clear();
}
