import type { Precision } from '../../catalog/db-options';
import type { QueryContext } from '../context';
import type { TdError } from '../../errors';
import type { QueryLimits } from '../../limits/limits';
import type { TypeSpec } from '../../types';
import type { Pacer } from '../exec/pacer';
import type { TempTable } from '../exec/temp-table';
import type { ExplainNode } from './explain-tree';

/** A result column with its TDengine type. */
export interface PlanColumn {
  name: string;
  type: TypeSpec;
}

/**
 * What the planner hands to execution: DuckDB SQL whose first `columns.length` output columns (`c0`, `c1`, ...)
 * are the result, optional hidden columns after them, and a JS stage for what SQL cannot express (FILL, INTERP).
 */
export interface Plan {
  sql: string;
  columns: PlanColumn[];
  precision: Precision;
  /** JS pass over the SQL rows (hidden columns included); returns the visible rows */
  post?: (rows: unknown[][], stage: PostStage) => Promise<unknown[][]>;
  /**
   * A reordering of a held result (hidden columns included; returns the visible rows) that a streamed export may
   * leave out, its SQL's own order being a faithful one too: the order of ORDER BY ties (sort-ties.ts)
   */
  reorder?: (rows: unknown[][], width: number) => unknown[][];
  /** each result row is a window: more rows than `maxResultRows` is TDengine's 0x070A rather than 0x0A0E */
  windows?: boolean;
  /** temporary tables the SQL reads (system tables) */
  tempTables?: TempTable[];
  /** the operator tree EXPLAIN shows for this plan */
  explain?: ExplainNode;
}

/** What a JS stage runs with: a pacer (it yields to the event loop and stops when the query is stopped) and bounds. */
export interface PostStage {
  pace: Pacer;
  limits: QueryLimits;
  /** the error for more than `limits.maxResultRows` rows */
  tooManyRows(): TdError;
}

export interface PlanEnv {
  ctx: QueryContext;
  aliases: { n: number };
  /** temporary tables registered while binding (system tables), carried by the outermost plan */
  tempTables: TempTable[];
  /**
   * Subqueries whose rows the enclosing statement only counts (`SELECT count(*) FROM (subquery)`): a plan may give
   * them one row per output row without computing the columns (planner/windows.ts: state windows).
   */
  countedOnly?: WeakSet<object>;
}

export function nextAlias(env: PlanEnv): string {
  return `s${env.aliases.n++}`;
}
