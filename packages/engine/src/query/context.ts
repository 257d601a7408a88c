import type { Catalog } from '../catalog/catalog';
import type { UserDef } from '../catalog/model';
import type { Precision } from '../catalog/db-options';
import type { ResultColumn, ResultSet } from '../format/result';
import type { Limits } from '../limits/limits';
import type { ExplainStatement, QueryExpression, ShowStatement } from '../sql';
import type { physicalNames } from '../storage/names';
import type { Storage } from '../storage/storage';
import type { RepSource } from '../storage/aggregates/representatives';
import type { BucketSource } from '../storage/aggregates/buckets/buckets-sql';

/**
 * What the query layer (src/query, SELECT/SHOW/information_schema) receives for one statement. The engine
 * (src/engine.ts) builds it; the query layer never imports the engine. Physical layout: docs/engine-storage.md.
 */
export interface QueryContext {
  catalog: Catalog;
  /** `storage.query(sql, params)` on a pooled read connection; `storage.withReadConnection(fn)` for DuckDB's API */
  storage: Storage;
  names: typeof physicalNames;
  /** current database, if any */
  db?: string;
  user: UserDef;
  /** connection time zone (conn_tz); output formatting is the REST layer's */
  tz?: string;
  /** one instant per statement (ms since epoch) */
  nowMs: number;
  /** the statement's SQL text */
  sql: string;
  /** whether `user` may see database `db` (ins_databases filtering) */
  canSee(db: string): boolean;
  /** rows of the system tables whose objects live in the layers above (topics, consumers, streams) */
  objects?: ObjectRows;
  /** the instance's limits (result rows, FILL windows, query timeout: limits/limits.ts queryLimits) */
  limits: Limits;
  /** aborts the query (KILL QUERY, timeout, client gone) with a TdError as its reason */
  signal?: AbortSignal;
  /** representative rows kept on write (query/shortcuts/representative-rows.ts); absent: every query scans */
  representatives?: { ready(source: RepSource): Promise<string | undefined> };
  /** per-minute pre-aggregates kept on write (query/shortcuts/bucket-aggregates.ts); absent: every query scans */
  timeBuckets?: { ready(source: BucketSource): Promise<string | undefined>; served(): void };
}

/**
 * The rows of ins_topics, ins_subscriptions, perf_consumers and ins_streams as `ctx.user` may see
 * them. Topics and streams use the query layer, so they hand their rows down through this interface
 * (wired in src/engine.ts) instead of the system tables importing them.
 */
export interface ObjectRows {
  topics(ctx: QueryContext): unknown[][];
  subscriptions(ctx: QueryContext): unknown[][];
  consumers(ctx: QueryContext): unknown[][];
  streams(ctx: QueryContext): unknown[][];
}

/** Implemented by the query layer: SELECT/UNION and every SHOW except SHOW CREATE DATABASE/STABLE/TABLE. */
export interface QueryExecutor {
  execute(ctx: QueryContext, statement: QueryExpression | ShowStatement | ExplainStatement): Promise<ResultSet>;
  /** binds and plans a query without running it (names, columns, the user's read privileges) */
  check?(ctx: QueryContext, statement: QueryExpression): Promise<void>;
  /** runs a query and hands its rows to `sink` batch by batch, never holding the whole result (export) */
  stream?(ctx: QueryContext, statement: QueryExpression, sink: RowSink): Promise<number>;
  /** runs a query into a Parquet file at `file` (DuckDB's COPY, in bounded memory) */
  copyToParquet?(ctx: QueryContext, statement: QueryExpression, file: string): Promise<void>;
}

/** Where a streamed query's rows go (POST /rest/export): columns first, then batches of rows. */
export interface RowSink {
  start(columns: ResultColumn[], precision: Precision): void;
  /** The next batch is read when the returned promise settles, so a slow reader slows the query down. */
  rows(rows: unknown[][]): Promise<void>;
}
