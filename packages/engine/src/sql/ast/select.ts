import type { Duration, Identifier, QualifiedName } from './common';
import type { ColumnRef, Expression } from './expression';

/** One select-list entry: an expression with an optional `AS alias` (or bare alias). */
export interface SelectItem {
  expr: Expression;
  alias?: Identifier;
}

/** A table, super table, view or system table in FROM. */
export interface TableRef {
  type: 'table';
  name: QualifiedName;
  alias?: Identifier;
  /** A 3.3.7 stream's placeholder table `%%trows` or `%%tbname` (its name as written; no `db`): only in a stream's query. */
  placeholder?: true;
}

/** `(SELECT ...) [AS] alias` in FROM. */
export interface SubquerySource {
  type: 'subquery';
  query: QueryExpression;
  alias?: Identifier;
}

export type JoinType = 'INNER' | 'LEFT' | 'RIGHT' | 'FULL';
/** 3.3.0+ join sub-types; absent for plain inner/outer joins. */
export type JoinSubType = 'OUTER' | 'SEMI' | 'ANTI' | 'ASOF' | 'WINDOW';

/**
 * `a [INNER|LEFT|RIGHT|FULL] [OUTER|SEMI|ANTI|ASOF|WINDOW] JOIN b ON cond`, or the comma form
 * `FROM a, b WHERE a.ts = b.ts` (`implicit: true`, no `on`).
 */
export interface JoinSource {
  type: 'join';
  joinType: JoinType;
  subType?: JoinSubType;
  implicit: boolean;
  left: TableSource;
  right: TableSource;
  on?: Expression;
  /** WINDOW join: `WINDOW_OFFSET(start, end)`. */
  windowOffset?: [Expression, Expression];
  /** ASOF/WINDOW join: `JLIMIT n`. */
  jlimit?: number;
}

export type TableSource = TableRef | SubquerySource | JoinSource;

export type FillMode = 'NONE' | 'VALUE' | 'VALUE_F' | 'PREV' | 'NEXT' | 'NULL' | 'NULL_F' | 'LINEAR' | 'NEAR';

/** `FILL(mode)` / `FILL(VALUE, v1, v2 ...)`; `values` only for VALUE and VALUE_F. */
export interface FillClause {
  mode: FillMode;
  values?: Expression[];
}

/** `INTERVAL(len [, offset | AUTO]) [SLIDING(step)] [FILL(...)]` */
export interface IntervalWindow {
  type: 'interval';
  interval: Duration;
  offset?: Duration | 'auto';
  sliding?: Duration;
  fill?: FillClause;
}

/** `SESSION(ts_col, gap)` */
export interface SessionWindow {
  type: 'session';
  column: ColumnRef;
  gap: Duration;
}

/** `STATE_WINDOW(expr) [TRUE_FOR(dur)]` */
export interface StateWindow {
  type: 'state';
  expr: Expression;
  trueFor?: Duration;
}

/** `EVENT_WINDOW START WITH cond END WITH cond [TRUE_FOR(dur)]` */
export interface EventWindow {
  type: 'event';
  start: Expression;
  end: Expression;
  trueFor?: Duration;
}

/** `COUNT_WINDOW(n [, slide] [, col ...])` */
export interface CountWindow {
  type: 'count';
  count: number;
  slide?: number;
  columns?: Expression[];
}

export type WindowClause = IntervalWindow | SessionWindow | StateWindow | EventWindow | CountWindow;

/** INTERP's clauses: `RANGE(t1[, t2]) EVERY(step) FILL(mode)`; each part optional in the grammar. */
export interface InterpClause {
  /** One expression (single point), two (start, end), or (point, surrounding duration) in 3.3.4.9+. */
  range?: Expression[];
  every?: Duration;
  fill?: FillClause;
}

/** `PARTITION BY expr [AS alias], ...` */
export interface PartitionItem {
  expr: Expression;
  alias?: Identifier;
}

export interface OrderByItem {
  expr: Expression;
  direction?: 'ASC' | 'DESC';
  nulls?: 'FIRST' | 'LAST';
}

/** LIMIT / SLIMIT. `LIMIT offset, count` is normalized to `{ count, offset }`. */
export interface LimitClause {
  count: number;
  offset?: number;
}

export interface SelectStatement {
  kind: 'select';
  distinct: boolean;
  /** `SELECT TAGS ...`: one row per child table. */
  tags: boolean;
  items: SelectItem[];
  from?: TableSource;
  where?: Expression;
  partitionBy?: PartitionItem[];
  interp?: InterpClause;
  window?: WindowClause;
  groupBy?: Expression[];
  having?: Expression;
  orderBy?: OrderByItem[];
  slimit?: LimitClause;
  limit?: LimitClause;
}

/** `q1 UNION [ALL] q2 [ORDER BY ..] [LIMIT ..]`; left-nested for chains. */
export interface UnionStatement {
  kind: 'union';
  all: boolean;
  left: QueryExpression;
  right: QueryExpression;
  orderBy?: OrderByItem[];
  slimit?: LimitClause;
  limit?: LimitClause;
}

export type QueryExpression = SelectStatement | UnionStatement;
