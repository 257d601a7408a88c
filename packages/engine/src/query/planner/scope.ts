import type { Precision } from '../../catalog/db-options';
import type { QueryContext } from '../context';
import type { FunctionCall } from '../../sql';
import type { TypeSpec } from '../../types';
import type { BoundFrom } from '../binder/relation';

/** A compiled expression: DuckDB SQL and the TDengine type of its value. */
export interface Typed {
  sql: string;
  type: TypeSpec;
  /** constant folded at plan time (time literals, numbers): lets time bounds and FILL values be read */
  constant?: unknown;
  /** a list of values, one output row each (HISTOGRAM): the plan unnests it */
  unnest?: boolean;
  /**
   * a comparison (=, <, IN, BETWEEN …, and AND/OR over them): TDengine's is two-valued, NULL compares false. The SQL
   * stays three-valued (a filter reads NULL as false already, and DuckDB pushes plain comparisons down); where the
   * value itself is seen (output, NOT, IS NULL) it is read through `predicateValue`.
   */
  predicate?: boolean;
}

/** SQL of the window pseudo columns in a window query. */
export interface WindowPseudo {
  wstart: string;
  wend: string;
  wduration: string;
  /**
   * INTERVAL windows: the partition keys, for functions that look at the whole partition (ELAPSED) or at the
   * neighbouring windows (TWA, when windows do not overlap: no SLIDING)
   */
  interval?: { partitions: string[]; disjoint: boolean };
}

/**
 * How a plain (non-aggregate) column is read where the query aggregates: a group key as is, otherwise from the row
 * a selection function picked (`select ts, max(c)` → `arg_max_null(ts, c)`), else it is an error.
 */
export type RideAlong = (sql: string) => string;

/**
 * The compilers of function calls (scalar-functions.ts, aggregate-functions.ts). They compile their arguments with
 * expr.ts's `compile`; the planner hands them to the scope so that expr.ts does not import them back.
 */
export interface FunctionCompilers {
  scalar(scope: ExprScope, call: FunctionCall): Typed;
  aggregate(scope: ExprScope, call: FunctionCall): Typed;
}

/** Everything the expression compiler needs to know about where an expression sits. */
export interface ExprScope {
  ctx: QueryContext;
  functions: FunctionCompilers;
  from?: BoundFrom;
  precision: Precision;
  /** aggregate: the select list is evaluated once per group (GROUP BY, PARTITION BY + aggregate, windows) */
  aggregate: boolean;
  /** expression text → compiled group key (PARTITION BY / GROUP BY / state expression) */
  groupKeys: Map<string, Typed>;
  /** set when a selection function decides the row plain columns come from */
  rideAlong?: RideAlong;
  /** PARTITION BY without GROUP BY has no select-list restrictions: plain columns read any value of the slice */
  anyValue?: boolean;
  /** the keys are PARTITION BY's (no GROUP BY): a plain column that is none is 0x260C, not 0x260A */
  partitioned?: boolean;
  /** plain tags may be read with any_value when every group lies inside one child table (PARTITION BY tbname) */
  perTable: boolean;
  window?: WindowPseudo;
  /** `_qstart`/`_qend` from the WHERE time range */
  qstart?: bigint;
  qend?: bigint;
  /** select-list aliases (ORDER BY / HAVING may name them) */
  aliases?: Map<string, Typed>;
  /** the ordering key (the primary timestamp) for FIRST/LAST/DIFF..., when the FROM has one */
  tsSql?: string;
  /** the composite key of the FROM's table, if any: rows of one timestamp are ordered by it (FIRST/LAST pick by both) */
  keySql?: string;
  /** expression text → precomputed column (time-series functions computed in an earlier stage) */
  replaced?: Map<string, Typed>;
  /**
   * the FROM holds rows without data besides the rows (one per child table: planner/tag-groups.ts): COUNT(*) and
   * COUNT of a constant count the rows where this (the primary timestamp) is set
   */
  countRows?: string;
  /** errors name the query's kind: inside an aggregate function's arguments plain columns are fine */
  inAggregateArgs?: boolean;
}
