import type { Identifier, QualifiedName } from './common';
import type { Expression } from './expression';
import type { QueryExpression } from './select';
import type { ValueRows } from './value-rows';

/**
 * One value of a VALUES row or TAGS list in an INSERT. Plain literals are primitives (the fast path, no trees):
 * - `null` for NULL;
 * - `boolean` for TRUE/FALSE;
 * - `number` for numeric literals (optionally signed) that fit a double exactly enough: integers within
 *   ±2^53, decimals and scientific notation;
 * - `bigint` for integer literals beyond ±2^53 (BIGINT / BIGINT UNSIGNED precision kept);
 * - `string` for quoted strings (escapes already resolved);
 * - an `Expression` only for anything else: `now`, `now() + 1h`, `today()`, `1626006833640 + 10a` ...
 */
export type InsertValue = null | boolean | number | bigint | string | Expression;

export interface InsertValuesSource {
  type: 'values';
  rows: ValueRows;
  /**
   * Source offset of each row's `(`. Value errors name the SQL from the bad value on (TDengine's insert
   * messages); `insertValueOffsets(sql, rowOffsets[i])` finds the values' offsets when one is needed. Packed when
   * the statement was parsed in a worker (workers/insert-wire.ts).
   */
  rowOffsets: number[] | Float64Array;
}

/** `FILE 'path.csv'`: CSV, no header, strings quoted. */
export interface InsertFileSource {
  type: 'file';
  path: string;
}

/** `INSERT INTO tb [(cols)] SELECT ...` */
export interface InsertSelectSource {
  type: 'select';
  query: QueryExpression;
}

/** `USING stb [(tag cols)] TAGS (v, ...)`: auto-create the child table. */
export interface InsertUsing {
  stable: QualifiedName;
  tagColumns?: Identifier[];
  tags: InsertValue[];
  /** Source offset of the TAGS tuple's `(` (see InsertValuesSource.rowOffsets). */
  tagsOffset: number;
}

/**
 * One table clause of an INSERT. The super-table form (`INSERT INTO meters (tbname, ...) VALUES`) has the same
 * shape: the binder sees that `table` is a super table and that `columns` contains `tbname`.
 */
export interface InsertTarget {
  table: QualifiedName;
  /** source offset just after the table name (VALUES/FILE form): where the insert parser's complaints about it start */
  tableEnd?: number;
  using?: InsertUsing;
  columns?: Identifier[];
  source: InsertValuesSource | InsertFileSource | InsertSelectSource;
}

/** `INSERT INTO t1 ... [t2 ...]`: one or more targets (multi-table insert). */
export interface InsertStatement {
  kind: 'insert';
  targets: InsertTarget[];
}

/** `DELETE FROM tb|stb [WHERE cond]` (the binder enforces the definite time range). */
export interface DeleteStatement {
  kind: 'delete';
  table: QualifiedName;
  where?: Expression;
}
