import type { Precision } from '../../catalog/db-options';
import type { Expression, JoinSubType, JoinType } from '../../sql';
import type { TypeSpec } from '../../types';
import type { ExplainNode } from './explain-node';

/** What a source column is to TDengine: the primary timestamp, a data column, a tag, tbname, or the table id. */
export type ColumnRole = 'ts' | 'column' | 'tag' | 'tbname';

/** One column a FROM item exposes, and the DuckDB SQL that reads it (qualified by the relation's alias). */
export interface SourceColumn {
  name: string;
  type: TypeSpec;
  role: ColumnRole;
  sql: string;
  /**
   * a subquery's output of an expression without alias: TDengine names it by a hash of its text (parser's
   * releaseRawExprNode), so `*` shows it but no name reaches it (`` `count(*)` `` is 9730)
   */
  unnamed?: boolean;
}

/**
 * A FROM item after binding: a DuckDB subquery (`sql`) read under `alias`, with the TDengine columns it exposes.
 * Every kind of table (super/child/normal table, view, subquery, system table) becomes one of these, so the
 * planner never looks at physical names.
 */
export interface Relation {
  kind: 'stable' | 'child' | 'normal' | 'subquery' | 'system';
  /** SQL alias of the subquery (`s0`, `s1`, ...) */
  alias: string;
  /** names a column reference may use as qualifier: table name and user alias */
  qualifiers: string[];
  sql: string;
  /** data columns in declaration order (the primary timestamp first when there is one) */
  columns: SourceColumn[];
  tags: SourceColumn[];
  tbname?: SourceColumn;
  /** SQL of the integer table id (super/child/normal tables): the cheap per-table key */
  tid?: string;
  ts?: SourceColumn;
  /**
   * The composite key (a table's second column declared PRIMARY KEY): rows are identified by (ts, key) and ordered
   * by ts, then key (rowOrder).
   */
  key?: SourceColumn;
  precision: Precision;
  db?: string;
  /**
   * The physical data table a super/child/normal table reads (`sql` as it appears in `FROM <sql> d`), when nothing
   * but the query restricts which rows are read (no read-privilege condition): shortcuts may swap it.
   */
  physical?: { db: string; table: string; sql: string };
  /**
   * a super table's child tables as rows (`__tid`, `__tbname` and the tags, no data): what TDengine's tag scan
   * reads, where a query's answer covers child tables without rows (planner/tag-groups.ts)
   */
  tagSource?: string;
  /** a subquery's or view's operator tree, for EXPLAIN */
  explain?: ExplainNode;
}

/** The bound FROM clause: the leftmost relation and the relations joined to it (left-deep, as TDengine joins). */
export interface BoundFrom {
  relations: Relation[];
  primary: Relation;
  joins: BoundJoin[];
}

/** One join of the FROM clause; WINDOW joins carry their offsets, ASOF/WINDOW joins their JLIMIT. */
export interface BoundJoin {
  type: JoinType;
  subType?: JoinSubType;
  implicit: boolean;
  right: Relation;
  on?: Expression;
  windowOffset?: [Expression, Expression];
  jlimit?: number;
}

/** The SQL that orders a table's rows as TDengine stores them: the primary timestamp, then the composite key if any. */
export function rowOrder(rel: Pick<Relation, 'ts' | 'key'>): string[] {
  return [...(rel.ts ? [rel.ts.sql] : []), ...(rel.ts && rel.key ? [rel.key.sql] : [])];
}

export const TID = '__tid';
export const TBNAME = '__tbname';
