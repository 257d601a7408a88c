import { TdCode, TdError } from '../../errors';
import { quoteIdent } from '../../storage/names';
import { parse, type Expression, type FunctionCall, type OrderByItem, type QueryExpression, type SelectStatement } from '../../sql';
import { bindFrom, type FromBinder } from '../binder/from';
import { starColumns } from '../binder/columns';
import { functionFamily } from '../binder/functions';
import type { BoundFrom } from '../binder/relation';
import { expressionNodes, mentionedColumns } from '../binder/walk';
import { colsSelector, rideAlongFor } from './aggregate-functions';
import { compile } from './expr';
import { planIndefinite } from './indefinite';
import { fromClauseSql, windowJoinDriver } from './join';
import { planInterp } from './interp-plan';
import { lastThreshold } from './last-threshold';
import { nextAlias, resultName, type Plan, type PlanColumn, type PlanEnv } from './plan';
import type { ExprScope, PlannedSubquery, Typed } from './scope';
import { timeRange, type TimeRange } from './time-range';
import { duckCast } from './types';
import { planWindow } from './windows';

/** A select-list entry after `*` expansion: the expression and the result column name TDengine gives it. */
export interface OutputItem {
  expr: Expression;
  name: string;
}

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
}

export async function planQuery(env: PlanEnv, q: QueryExpression, db: string | undefined): Promise<Plan> {
  if (q.kind === 'union') {
    const left = await planQuery(env, q.left, db);
    const right = await planQuery(env, q.right, db);
    if (left.columns.length !== right.columns.length) throw new TdError(TdCode.PAR_INCORRECT_NUM_OF_COL, 'Query block has incorrect number of result columns');
    const cols = left.columns.map((_, i) => quoteIdent(`c${i}`)).join(', ');
    let sql = `SELECT ${cols} FROM (${left.sql}) UNION ${q.all ? 'ALL ' : ''}SELECT ${cols} FROM (${right.sql})`;
    if (q.orderBy?.length) {
      const keys = q.orderBy.map((o) => {
        const idx = left.columns.findIndex((c) => c.name === (o.expr.type === 'column' ? o.expr.name.name : o.expr.text));
        if (idx < 0) throw TdError.invalidColumn(o.expr.text);
        return `${quoteIdent(`c${idx}`)} ${o.direction ?? 'ASC'}${o.nulls ? ` NULLS ${o.nulls}` : ''}`;
      });
      sql += ` ORDER BY ${keys.join(', ')}`;
    }
    sql += limitSql(q.limit);
    return { sql, columns: left.columns, precision: left.precision };
  }
  return planSelect(env, q, db);
}

export function limitSql(limit: { count: number; offset?: number } | undefined): string {
  if (!limit) return '';
  return ` LIMIT ${limit.count}${limit.offset ? ` OFFSET ${limit.offset}` : ''}`;
}

async function planSelect(env: PlanEnv, stmt: SelectStatement, db: string | undefined): Promise<Plan> {
  const parts = await bindSelect(env, stmt, db);
  if (stmt.groupBy?.length && stmt.window) throw new TdError(TdCode.GROUPBY_WINDOW_COEXIST, 'GROUP BY and WINDOW-clause can\'t be used together');
  const calls = [...expressionNodes(parts.items.map((i) => i.expr))].filter((n): n is FunctionCall => n.type === 'function');
  for (const c of calls) if (c.name === 'cols') colsSelector(c);
  const families = new Set(calls.map((c) => functionFamily(c.name)));
  if (families.has('interp') || stmt.interp) return planInterp(parts);
  if (families.has('timeSeries') || families.has('multiRow')) return planIndefinite(parts, calls);
  if (stmt.window) return planWindow(parts, calls);
  const aggregate = families.has('aggregate') || families.has('selection') || !!stmt.groupBy?.length;
  if (aggregate) return await planAggregate(parts, calls);
  return planRows(parts);
}

/** Binds FROM, WHERE and the select list: what every plan shape needs. */
export async function bindSelect(env: PlanEnv, stmt: SelectStatement, db: string | undefined): Promise<SelectParts> {
  const ctx = env.ctx;
  const mentioned = mentionedColumns(stmt);
  let from: BoundFrom | undefined;
  const binder: FromBinder = {
    ctx,
    db,
    needsTags: false,
    grantConditions: [],
    nextAlias: () => nextAlias(env),
    registerTemp: (t) => env.tempTables.push(t),
    planSubquery: async (query, subDb) => planQuery(env, query, subDb),
  };
  binder.tagsOnly = stmt.tags;
  if (stmt.from) {
    binder.needsTags = needsTags(ctx, stmt, db, mentioned);
    from = await bindFrom(binder, stmt.from);
  }
  const precision = from?.primary.precision ?? (db ? (ctx.catalog.findDatabase(db)?.options.precision ?? 'ms') : 'ms');
  const scope: ExprScope = {
    ctx,
    from,
    precision,
    aggregate: false,
    groupKeys: new Map(),
    perTable: false,
    tsSql: from?.primary.ts?.sql,
  };
  scope.subqueries = await planSubqueries(env, stmt, db);
  const range = timeRange(scope, stmt.where);
  scope.qstart = range.start;
  scope.qend = range.end;
  const conditions: string[] = [];
  if (stmt.where) conditions.push(compile(scope, stmt.where).sql);
  for (const g of binder.grantConditions) {
    const cond = parse(`SELECT * FROM t WHERE ${g.condition}`);
    if (cond.kind === 'select' && cond.where) conditions.push(compile({ ...scope, from: { relations: [g.relation], primary: g.relation, joins: [] } }, cond.where).sql);
  }
  const fromSql = from ? fromClauseSql(scope, from) : '';
  return {
    env,
    stmt,
    from,
    fromSql,
    where: conditions.length ? conditions.map((c) => `(${c})`).join(' AND ') : undefined,
    range,
    items: expandItems(stmt, from),
    scope,
  };
}

/**
 * `x IN (SELECT ...)` lists and scalar `(SELECT ...)` values of the select list, WHERE and HAVING, planned ahead
 * (planning is async, compiling is not). Both must return exactly one column.
 */
async function planSubqueries(env: PlanEnv, stmt: SelectStatement, db: string | undefined): Promise<WeakMap<object, PlannedSubquery>> {
  const map = new WeakMap<object, PlannedSubquery>();
  const items = stmt.items.map((i) => i.expr);
  for (const node of expressionNodes([items, stmt.where, stmt.having])) {
    const query = node.type === 'in' && !Array.isArray(node.list) ? node.list : node.type === 'subquery' ? node.query : undefined;
    if (!query) continue;
    const plan = await planQuery(env, query, db);
    if (plan.columns.length !== 1) {
      // TDengine 3.4 words the scalar case on its own (0x26A4); an IN list keeps the general column-count error
      if (node.type === 'subquery') throw new TdError(TdCode.PAR_SCALAR_SUBQ_MULTI_COLUMN, 'More than 1 column returned in subquery as expr');
      throw new TdError(TdCode.PAR_INCORRECT_NUM_OF_COL, 'Query block has incorrect number of result columns');
    }
    map.set(node, { sql: plan.sql, type: plan.columns[0].type });
  }
  return map;
}

/**
 * Whether the statement reads tags or tbname (or `*` of a super table, or SELECT TAGS): only then is the tag table
 * joined to the data table.
 */
function needsTags(ctx: PlanEnv['ctx'], stmt: SelectStatement, db: string | undefined, names: Set<string>): boolean {
  if (names.has('tbname') || stmt.tags) return true;
  const star = stmt.items.some((i) => i.expr.type === 'star');
  const visit = (source: NonNullable<SelectStatement['from']>): boolean => {
    if (source.type === 'join') return visit(source.left) || visit(source.right);
    if (source.type !== 'table') return false;
    const tdb = source.name.db?.name ?? db;
    if (!tdb || !ctx.catalog.findDatabase(tdb)) return false;
    const found = ctx.catalog.lookup(tdb, source.name.name.name);
    if (!found || found.kind === 'normal') return false;
    if (star && found.kind === 'stable') return true;
    return found.stable.tags.some((t) => names.has(t.name.toLowerCase()));
  };
  return visit(stmt.from!);
}

/** `*`, `t.*` and `first/last/last_row(*)` expanded to one item per column, named as TDengine names them. */
function expandItems(stmt: SelectStatement, from: BoundFrom | undefined): OutputItem[] {
  const out: OutputItem[] = [];
  for (const item of stmt.items) {
    const e = item.expr;
    if (e.type === 'star') {
      if (!from) throw TdError.syntax('*');
      const rels = e.table ? from.relations.filter((r) => r.qualifiers.includes(e.table!.name.name)) : from.relations;
      if (rels.length === 0) throw TdError.tableNotExist(e.table!.name.name);
      for (const r of rels) for (const c of starColumns(r)) out.push({ expr: columnExpr(c.name, e, rels.length > 1 || from.relations.length > 1 ? r.qualifiers[0] : undefined), name: c.name });
      continue;
    }
    if (e.type === 'function' && ['first', 'last', 'last_row'].includes(e.name) && e.args.length === 1 && e.args[0].type === 'star') {
      if (!from) throw TdError.syntax('*');
      for (const c of from.primary.columns) {
        const arg = columnExpr(c.name, e);
        out.push({ expr: { ...e, args: [arg], text: `${e.name}(${c.name})` }, name: item.alias?.name ?? `${e.name}(${c.name})` });
      }
      continue;
    }
    if (e.type === 'function' && ['first', 'last', 'last_row'].includes(e.name) && e.args.length > 1) {
      // `last(a, b)` is `last(a), last(b)`.
      for (const arg of e.args) out.push({ expr: { ...e, args: [arg], text: `${e.name}(${arg.text})` }, name: `${e.name}(${arg.text})` });
      continue;
    }
    if (e.type === 'function' && e.name === 'cols' && e.args.length > 2) {
      // COLS(f(x), e1 [AS a1], e2…) returns one column per output expression, each named by its own alias or its
      // text (an alias of the whole call is refused then).
      if (item.alias) throw new TdError(TdCode.PAR_INVALID_COLS_ALIAS, 'Invalid using alias for cols function');
      for (const [k, arg] of e.args.slice(1).entries()) {
        out.push({ expr: { ...e, args: [e.args[0], arg], argAliases: undefined, text: `${e.text}#${k}` }, name: e.argAliases?.[k + 1]?.name ?? itemName(arg) });
      }
      continue;
    }
    const name = item.alias ? item.alias.name : e.type === 'function' && e.name === 'cols' && e.args.length === 2 ? (e.argAliases?.[1]?.name ?? itemName(e.args[1])) : itemName(e);
    out.push({ expr: e, name });
  }
  return out;
}

/** A result column's default name: the column name, else the expression's source text. */
function itemName(e: Expression): string {
  return e.type === 'column' ? e.name.name : resultName(e.text);
}

function columnExpr(name: string, at: Expression, qualifier?: string): Expression {
  return {
    type: 'column',
    name: { name, quoted: true },
    table: qualifier ? { name: { name: qualifier, quoted: true } } : undefined,
    text: name,
    span: at.span,
  };
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
  if (n === 'TIMESTAMP' || n === 'BIGINT' || n === 'DOUBLE' || n === 'BOOL' || n === 'INT' || n === 'FLOAT') return `CAST(${t.sql} AS ${duckCast(t.type)})`;
  if (n === 'VARCHAR' || n === 'NCHAR') return `CAST(${t.sql} AS VARCHAR)`;
  return t.sql;
}

/** ORDER BY: a select alias, a result column name, a position, or any expression of the select's scope. */
export function orderBySql(scope: ExprScope, items: OutputItem[], orderBy: OrderByItem[] | undefined, aliasRefs: boolean): string[] {
  return (orderBy ?? []).map((o) => {
    const dir = `${o.direction ?? 'ASC'}${o.nulls ? ` NULLS ${o.nulls}` : ''}`;
    const e = o.expr;
    if (e.type === 'integer') {
      const idx = Number(e.value) - 1;
      if (idx < 0 || idx >= items.length) throw new TdError(TdCode.WRONG_VALUE_TYPE, 'ORDER BY item must be the number of a SELECT-list expression');
      return `${quoteIdent(`c${idx}`)} ${dir}`;
    }
    const idx = items.findIndex((i) => (e.type === 'column' && !e.table && i.name === e.name.name) || i.expr.text === e.text);
    if (idx >= 0 && aliasRefs) return `${quoteIdent(`c${idx}`)} ${dir}`;
    return `${compile(scope, e).sql} ${dir}`;
  });
}

export function whereSql(parts: SelectParts, extra: string[] = []): string {
  const all = [...(parts.where ? [parts.where] : []), ...extra];
  return all.length ? ` WHERE ${all.join(' AND ')}` : '';
}

/** Rows as stored: projection, filter, PARTITION BY (LIMIT per partition), ORDER BY, LIMIT. */
function planRows(parts: SelectParts): Plan {
  const { stmt, scope } = parts;
  if (stmt.having) throw new TdError(TdCode.NOT_SINGLE_GROUP, 'HAVING clause requires GROUP BY or aggregate');
  const { columns, list } = compileItems(scope, parts.items);
  const distinct = stmt.distinct ? 'DISTINCT ' : '';
  let sql = `SELECT ${distinct}${list}${parts.fromSql ? ` ${parts.fromSql}` : ''}${whereSql(parts)}`;
  const primary = parts.from?.primary;
  const partitions = (stmt.partitionBy ?? []).map((p) => compile(scope, p.expr).sql);
  let order = orderBySql(scope, parts.items, stmt.orderBy, true);
  if (order.length === 0 && primary && !stmt.distinct) {
    // Without ORDER BY a super table returns its rows table by table, each in time order.
    const keys = [...partitions];
    if (primary.kind === 'stable' && partitions.length === 0 && primary.tid) keys.push(primary.tid);
    if (primary.ts) keys.push(primary.ts.sql);
    order = keys;
  }
  if (partitions.length && (stmt.limit || stmt.slimit)) {
    const quals: string[] = [];
    if (stmt.limit) {
      const off = stmt.limit.offset ?? 0;
      quals.push(`row_number() OVER (PARTITION BY ${partitions.join(', ')} ORDER BY ${primary?.ts?.sql ?? '1'}) BETWEEN ${off + 1} AND ${off + stmt.limit.count}`);
    }
    if (stmt.slimit) {
      const off = stmt.slimit.offset ?? 0;
      quals.push(`dense_rank() OVER (ORDER BY ${partitions.join(', ')}) BETWEEN ${off + 1} AND ${off + stmt.slimit.count}`);
    }
    sql += ` QUALIFY ${quals.join(' AND ')}`;
    if (order.length) sql += ` ORDER BY ${order.join(', ')}`;
    return { sql, columns, precision: scope.precision };
  }
  if (order.length) sql += ` ORDER BY ${order.join(', ')}`;
  sql += limitSql(stmt.limit);
  return { sql, columns, precision: scope.precision };
}

/** The selection function plain columns ride along with (the first one of the select list). */
export function selectionCall(calls: FunctionCall[]): FunctionCall | undefined {
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

/** GROUP BY / PARTITION BY / whole-table aggregation: one row per group. */
async function planAggregate(parts: SelectParts, calls: FunctionCall[]): Promise<Plan> {
  const { stmt } = parts;
  const keyExprs = [...(stmt.partitionBy ?? []).map((p) => p.expr), ...(stmt.groupBy ?? [])];
  const { keys, groupBy, perTable } = groupKeys(parts.scope, keyExprs);
  // WINDOW JOIN: aggregates run over each driving row's window; the driving row's columns are read as is.
  const driving = parts.from ? windowJoinDriver(parts.from) : undefined;
  groupBy.push(...(driving?.keys ?? []));
  const anyValue = (!!stmt.partitionBy?.length && !stmt.groupBy?.length) || !!driving;
  const scope: ExprScope = { ...parts.scope, aggregate: true, groupKeys: keys, perTable, anyValue };
  const rideAlong = rideAlongFor(scope, selectionCall(calls));
  // the driving row's own columns are constant within its window: never read from a selected row
  scope.rideAlong = rideAlong && driving ? (c) => (c.startsWith(`${driving.alias}.`) ? `any_value(${c})` : rideAlong(c)) : rideAlong;
  const { columns, list, typed } = compileItems(scope, parts.items);
  const bound = await lastThreshold(parts, calls, groupBy);
  let sql = `SELECT ${stmt.distinct ? 'DISTINCT ' : ''}${list} ${parts.fromSql}${whereSql(parts, bound ? [bound] : [])}`;
  if (groupBy.length) sql += ` GROUP BY ${groupBy.join(', ')}`;
  if (stmt.having) sql += ` HAVING ${compile(scope, stmt.having).sql}`;
  const order = orderBySql(scope, parts.items, stmt.orderBy, true);
  if (stmt.slimit && groupBy.length) {
    const off = stmt.slimit.offset ?? 0;
    sql += ` QUALIFY dense_rank() OVER (ORDER BY ${groupBy.join(', ')}) BETWEEN ${off + 1} AND ${off + stmt.slimit.count}`;
  }
  if (order.length) sql += ` ORDER BY ${order.join(', ')}`;
  else if (groupBy.length) sql += ` ORDER BY ${groupBy.join(', ')}`;
  sql += limitSql(stmt.limit);
  if (!groupBy.length && !parts.fromSql) sql = `SELECT ${list}`;
  return { sql: unnestOutputs(sql, typed), columns, precision: scope.precision };
}
