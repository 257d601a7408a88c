import type { DataTypeName } from '../types';

/** A field's value with the TDengine type its literal names (facts §2.8: suffixes, quotes, booleans). */
export interface FieldValue {
  type: DataTypeName;
  /**
   * number for DOUBLE/FLOAT and small integers, bigint for BIGINT (UNSIGNED), string for VARCHAR/NCHAR, boolean for
   * BOOL, bytes for VARBINARY and GEOMETRY (WKB)
   */
  value: number | bigint | string | boolean | Uint8Array;
}

/** One parsed line (or OpenTSDB data point): what `apply` turns into a row of a child table. */
export interface Point {
  /** super table name (unescaped) */
  measurement: string;
  /** tag key/value pairs in the order written; values are text (NCHAR) */
  tags: [string, string][];
  /** field key → typed value, in the order written */
  fields: [string, FieldValue][];
  /** timestamp in nanoseconds since the epoch; undefined = now */
  ts?: bigint;
  /** 1-based line number and text, for errors that name the line */
  line: number;
  text: string;
}

/** Request precisions of the InfluxDB endpoint (facts §1.7), in nanoseconds per unit. */
export const PRECISION_NS: Record<string, bigint> = {
  ns: 1n,
  u: 1_000n,
  us: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** Nanoseconds per unit of a database precision (schemaless timestamps are read in nanoseconds). */
export const NS_PER_UNIT = { ms: 1_000_000n, us: 1_000n, ns: 1n } as const;

export interface ApplyOptions {
  /** a tag whose value names the child table (taosAdapter's `table_name_key`); that tag is not stored */
  tableNameKey?: string;
  /** runs schema changes one at a time with every other DDL (the engine's DDL lock) */
  ddl: <T>(fn: () => Promise<T>) => Promise<T>;
  /** the engine's count of line batches written by the fast path and handed to the row-by-row path */
  lineBatches?: LineBatchCounts;
}

/** Line batches written column-major (fast) and handed to the row-by-row path (fallback), per engine. */
export interface LineBatchCounts {
  fast: number;
  fallback: number;
}
