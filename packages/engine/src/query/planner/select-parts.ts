import { TdCode, TdError } from '../../errors';
import { quoteIdent } from '../../storage/names';
import type { ColumnRef, Expression, FunctionCall, OrderByItem, SelectStatement } from '../../sql';
import { functionFamily } from '../binder/functions';
import { lookupColumn } from '../binder/columns';
import type { BoundFrom } from '../binder/relation';
import type { OutputItem } from '../binder/select-list';
import { compile, predicateValue } from './expr';
import type { PlanColumn, PlanEnv } from './plan';
import type { ExprScope, Typed } from './scope';
import type { TypeSpec } from '../../types';
import type { TimeRange } from './time-range';
import { duckCast } from './types';

/**
 * What every plan shape (rows, aggregate, windows, INTERP, time-series functions) starts from and the SQL pieces
 * they share. select.ts binds the parts and picks the shape; the shapes' modules build on these.
 */

/** The bound pieces every plan shape starts from. */
export interface SelectParts {
  env: PlanEnv;
  stmt: SelectStatement;
  from?: BoundFrom;
  /** `FROM ...` SQL text (joins included); empty for FROM-less selects */
  fromSql: string;
  /** compiled WHERE (grant tag conditions included), or undefined */
  where?: string;
  range: TimeRange;
  items: OutputItem[];
  /** row-context scope over the FROM */
  scope: ExprScope;
  /**
   * Per-minute pre-aggregates of the same rows (query/shortcuts/bucket-aggregates.ts `withBucketExtremes`): `from`,
   * the FROM and WHERE over bucket rows, where each column of `columns` (its SQL, as the scan reads it) is a struct
   * with its bucket's `mn` and `mx`. TOP/BOTTOM read their k-th candidate from it instead of every row.
   */
  buckets?: { from: string; columns: Set<string> };
}

export function limitSql(limit: { count: number; offset?: number } | undefined): string {
  if (!limit) return '';
  return ` LIMIT ${bigintBound(limit.count)}${limit.offset ? ` OFFSET ${bigintBound(limit.offset)}` : ''}`;
}

type Limit = SelectStatement['limit'];

/**
 * LIMIT and SLIMIT of a partitioned query as TDengine applies them (goldens 07_select#87–#93, 28#46–#49): without
 * ORDER BY, LIMIT counts the rows of each partition (in `rowOrder`) and SLIMIT the partitions; an ORDER BY merges the
 * partitions into one sorted group, so LIMIT counts the whole result and SLIMIT/SOFFSET that single group (`slimit 2`
 * keeps every row, `soffset 1` none). Gives QUALIFY conditions and the statement's trailing LIMIT.
 */
export function partitionLimits(partitions: string[], limit: Limit, slimit: Limit, ordered: boolean, rowOrder: string): { qualify: string[]; limit: string } {
  if (!partitions.length) return { qualify: [], limit: limitSql(limit) };
  if (ordered) return { qualify: [], limit: slimit && ((slimit.offset ?? 0) > 0 || slimit.count <= 0) ? ' LIMIT 0' : limitSql(limit) };
  const qualify: string[] = [];
  const within = (l: NonNullable<Limit>) => `BETWEEN ${(l.offset ?? 0) + 1} AND ${(l.offset ?? 0) + l.count}`;
  if (limit) qualify.push(`row_number() OVER (PARTITION BY ${partitions.join(', ')} ORDER BY ${rowOrder}) ${within(limit)}`);
  if (slimit) qualify.push(`dense_rank() OVER (ORDER BY ${partitions.join(', ')}) ${within(slimit)}`);
  return { qualify, limit: '' };
}

const QUOTED_TEXT = /^'(?:[^']|'')*'$/;

/** Whether ordering by this SQL orders anything: not a text written into the SQL (DuckDB refuses ORDER BY one). */
export function ordersRows(sql: string): boolean {
  return !QUOTED_TEXT.test(sql);
}

/** A LIMIT/OFFSET past BIGINT (`limit 9223372036854775808`) means all rows in TDengine; DuckDB's LIMIT is a BIGINT. */
function bigintBound(n: number): string {
  return n >= 2 ** 63 ? '9223372036854775807' : String(n);
}

/** Compiles the select list; casts each output to its TDengine type so values come back in the expected JS form. */
export function compileItems(scope: ExprScope, items: OutputItem[]): { typed: Typed[]; columns: PlanColumn[]; list: string } {
  const typed = items.map((i) => compile(scope, i.expr));
  const columns = items.map((i, k) => ({ name: i.name, type: typed[k].type }));
  const list = typed.map((t, k) => `${outputCast(t)} AS ${quoteIdent(`c${k}`)}`).join(', ');
  return { typed, columns, list };
}

/** Wraps a plan's SQL so list-valued outputs (HISTOGRAM) become one row per element. */
export function unnestOutputs(sql: string, typed: Typed[]): string {
  if (!typed.some((t) => t.unnest)) return sql;
  const cols = typed.map((t, i) => (t.unnest ? `unnest(${quoteIdent(`c${i}`)}) AS ${quoteIdent(`c${i}`)}` : quoteIdent(`c${i}`)));
  return `SELECT ${cols.join(', ')} FROM (${sql})`;
}

export function outputCast(t: Typed): string {
  if (t.unnest) return t.sql;
  const n = t.type.name;
  if (t.sql === 'NULL') return `CAST(NULL AS ${duckCast(t.type)})`;
  if (t.predicate) return predicateValue(t);
  if (n === 'TIMESTAMP' || n === 'BIGINT' || n === 'DOUBLE' || n === 'BOOL' || n === 'INT' || n === 'FLOAT') return `CAST(${t.sql} AS ${duckCast(t.type)})`;
  if (n === 'VARCHAR' || n === 'NCHAR') return `CAST(${t.sql} AS VARCHAR)`;
  return t.sql;
}

/**
 * One ORDER BY key's direction. TDengine takes NULL as the smallest value (first in ASC, last in DESC) unless NULLS
 * FIRST/LAST says otherwise; DuckDB puts NULLs last either way, so the placement is always written out.
 */
export function orderDirectionSql(o: OrderByItem): string {
  const direction = o.direction ?? 'ASC';
  return `${direction} NULLS ${o.nulls ?? (direction === 'ASC' ? 'FIRST' : 'LAST')}`;
}

/**
 * DISTINCT orders its result only by what it selects: an ORDER BY item that is no select-list item (by name,
 * position or text) is 0x260B "Not SELECTed expression" (36_select_clauses#48).
 */
export function checkDistinctOrder(items: OutputItem[], orderBy: OrderByItem[] | undefined): void {
  for (const o of orderBy ?? []) {
    const e = o.expr;
    if (e.type === 'integer') continue;
    if (items.some((i) => (e.type === 'column' && !e.table && i.name === e.name.name) || i.expr.text === e.text)) continue;
    throw new TdError(TdCode.NOT_SELECTED_EXPRESSION, 'Not SELECTed expression');
  }
}

function isJsonColumn(scope: ExprScope, e: ColumnRef): boolean {
  try {
    return lookupColumn(scope, e).type.name === 'JSON';
  } catch {
    return false;
  }
}

/** ORDER BY: a select alias, a result column name, a position, or any expression of the select's scope. */
export function orderBySql(scope: ExprScope, items: OutputItem[], orderBy: OrderByItem[] | undefined, aliasRefs: boolean): string[] {
  return (orderBy ?? []).map((o): string | undefined => {
    const dir = orderDirectionSql(o);
    const e = o.expr;
    if (e.type === 'column' && isJsonColumn(scope, e)) throw new TdError(TdCode.QRY_JSON_NOT_SUPPORT, 'Json not support in this place');
    if (e.type === 'integer') {
      const idx = Number(e.value) - 1;
      if (idx < 0 || idx >= items.length) throw new TdError(TdCode.PAR_WRONG_NUMBER_OF_SELECT, 'ORDER BY / GROUP BY item must be the number of a SELECT-list expression');
      return orderKeySql(quoteIdent(`c${idx}`), columnType(scope, items[idx].expr), dir);
    }
    const idx = items.findIndex((i) => (e.type === 'column' && !e.table && i.name === e.name.name) || i.expr.text === e.text);
    // a name two items carry for different expressions (`select v a, grp a … order by a`) is 0x266F
    // (one column written twice, quoted or not — `select ts, \`ts\` … order by ts` — is one expression)
    if (e.type === 'column' && !e.table && new Set(items.filter((i) => i.name === e.name.name).map((i) => sameExpressionKey(i.expr))).size > 1) {
      throw new TdError(TdCode.PAR_ORDERBY_AMBIGUOUS, `ORDER BY "${e.name.name}" is ambiguous`);
    }
    if (idx >= 0 && aliasRefs) return orderKeySql(quoteIdent(`c${idx}`), columnType(scope, items[idx].expr), dir);
    const v = compile(scope, e);
    // a constant orders nothing (DuckDB refuses `ORDER BY 'x'`): it is left out, as is a text written into the SQL
    // (tbname of a normal table)
    return v.constant !== undefined || !ordersRows(v.sql) ? undefined : orderKeySql(v.sql, v.type, dir);
  }).filter((o): o is string => o !== undefined);
}

/** The type of a select-list item that is a column of the FROM (undefined for any other expression). */
function columnType(scope: ExprScope, e: Expression): TypeSpec | undefined {
  if (e.type !== 'column') return undefined;
  try {
    return lookupColumn(scope, e).type;
  } catch {
    return undefined;
  }
}

/**
 * One ORDER BY key as TDengine's sort compares it. GEOMETRY values are compared as length-prefixed C strings
 * (compareLenPrefixedStr: strncmp, then the length): the bytes up to the first zero byte, then the length. A WKB
 * value has a zero byte right after its type, so geometries of one type and size are equal (04#28: the points tie,
 * LINESTRING sorts before POLYGON before MULTIPOINT), their order left to the sort (sort-ties.ts).
 */
function orderKeySql(sql: string, type: TypeSpec | undefined, dir: string): string {
  if (type?.name !== 'GEOMETRY') return `${sql} ${dir}`;
  // the hex digits of the bytes before the first 00 byte (pairs at even positions)
  const prefix = `regexp_extract(hex(${sql}), '^(?:[0-9A-F][1-9A-F]|[1-9A-F]0)*')`;
  return `${prefix} ${dir}, octet_length(${sql}) ${dir}`;
}

export function whereSql(parts: SelectParts, extra: string[] = []): string {
  const all = [...(parts.where ? [parts.where] : []), ...extra];
  return all.length ? ` WHERE ${all.join(' AND ')}` : '';
}

/**
 * The selection function plain columns ride along with. TDengine's translator (checkAggColCoexist,
 * doCheckExprForGroupBy) allows a plain column only beside exactly one selection function and no other aggregate
 * (`last(*)` counts once per column): else the column is refused, 9738 with GROUP BY (23_errors#111), 9740 without.
 */
export function selectionCall(calls: FunctionCall[]): FunctionCall | undefined {
  // COLS(f(x), …) counts once: its selection function is not another one
  const inCols = new Set(calls.filter((c) => c.name === 'cols').map((c) => c.args[0]));
  const families = calls.filter((c) => !inCols.has(c)).map((c) => functionFamily(c.name));
  if (families.filter((f) => f === 'selection').length !== 1 || families.includes('aggregate')) return undefined;
  return calls.find((c) => functionFamily(c.name) === 'selection' && c.name !== 'mode');
}

/** Group keys of PARTITION BY / GROUP BY: `tbname` groups on the integer table id (cheaper than the name). */
export function groupKeys(scope: ExprScope, exprs: Expression[]): { keys: Map<string, Typed>; groupBy: string[]; perTable: boolean } {
  const keys = new Map<string, Typed>();
  const groupBy: string[] = [];
  let perTable = false;
  const rowScope = { ...scope, aggregate: false };
  for (const e of exprs) {
    const t = compile(rowScope, e);
    if (t.type.name === 'JSON' && e.type === 'column') throw new TdError(TdCode.QRY_JSON_IN_GROUP, 'Json not support in group/partition by');
    const primary = scope.from?.primary;
    if (e.type === 'column' && e.name.name.toLowerCase() === 'tbname' && primary?.tid && scope.from?.joins.length === 0) {
      groupBy.push(primary.tid);
      keys.set(e.text.toLowerCase(), { sql: `any_value(${t.sql})`, type: t.type });
      perTable = true;
    } else {
      groupBy.push(t.sql);
      keys.set(e.text.toLowerCase(), t);
      if (e.type === 'column') keys.set(e.name.name.toLowerCase(), t);
    }
  }
  return { keys, groupBy, perTable };
}

/** What an output expression is, for ORDER BY's ambiguity: a column by its name (however it was quoted), else its text. */
function sameExpressionKey(expr: OutputItem['expr']): string {
  return expr.type === 'column' ? `column:${expr.table?.name ?? ''}.${expr.name.name}` : expr.text;
}
