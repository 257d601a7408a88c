import { TdCode, TdError } from '../../errors';
import { quoteIdent } from '../../storage/names';
import { parse, type Expression, type FunctionCall, type QueryExpression, type SelectStatement } from '../../sql';
import { bindFrom, type FromBinder } from '../binder/from';
import { functionFamily } from '../binder/functions';
import { rowOrder, type BoundFrom } from '../binder/relation';
import { expandItems, needsTags, readsTagList } from '../binder/select-list';
import { expressionNodes, mentionedColumns, rowIndependent } from '../binder/walk';
import { colsSelector, compileAggregate, rideAlongFor } from './aggregate-functions';
import { compile } from './expr';
import { explainSelect, explainUnion, type PlanShape } from './explain-tree';
import { planIndefinite } from './indefinite';
import { fromClauseSql, windowJoinDriver } from './join';
import { planInterp } from './interp-plan';
import { lastThreshold } from './last-threshold';
import { nextAlias, type Plan, type PlanEnv } from './plan';
import type { ExprScope } from './scope';
import { orderTies, tieOrderSql } from './sort-ties';
import { checkDistinctOrder, compileItems, groupKeys, limitSql, orderBySql, orderDirectionSql, ordersRows, partitionLimits, selectionCall, unnestOutputs, whereSql, type SelectParts } from './select-parts';
import { timeRange } from './time-range';
import { compileScalarFunction } from './scalar-functions';
import { distinctTagsSource, tagGroupsSource } from './tag-groups';
import { planWindow } from './windows';
import { withRepresentatives } from '../shortcuts/representative-rows';
import { withBucketExtremes, withTimeBuckets } from '../shortcuts/bucket-aggregates';

/**
 * SELECT and UNION planning: binds a select's parts (FROM through the binder, WHERE, the select list) and picks the
 * plan shape (rows, aggregate, windows, INTERP, time-series functions; docs/engine-query.md).
 */
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
        return `${quoteIdent(`c${idx}`)} ${orderDirectionSql(o)}`;
      });
      sql += ` ORDER BY ${keys.join(', ')}`;
    }
    sql += limitSql(q.limit);
    return { sql, columns: left.columns, precision: left.precision, explain: explainUnion(left, right, q.all, left.columns) };
  }
  return planSelect(env, q, db);
}

async function planSelect(env: PlanEnv, stmt: SelectStatement, db: string | undefined): Promise<Plan> {
  if (countsRowsOnly(stmt) && stmt.from?.type === 'subquery') (env.countedOnly ??= new WeakSet()).add(stmt.from.query);
  const parts = await bindSelect(env, stmt, db);
  if (stmt.groupBy?.length && stmt.window) throw new TdError(TdCode.GROUPBY_WINDOW_COEXIST, 'GROUP BY and WINDOW-clause can\'t be used together');
  checkGroupClauses(stmt);
  if (stmt.distinct) checkDistinctOrder(parts.items, stmt.orderBy);
  const calls = [...expressionNodes(parts.items.map((i) => i.expr))].filter((n): n is FunctionCall => n.type === 'function');
  for (const c of calls) if (c.name === 'cols') colsSelector(c);
  const families = new Set(calls.map((c) => functionFamily(c.name)));
  let shape: PlanShape = 'rows';
  if (families.has('interp') || stmt.interp) shape = 'interp';
  else if (families.has('timeSeries') || families.has('multiRow')) shape = 'indefinite';
  else if (stmt.window) shape = 'window';
  else if (families.has('aggregate') || families.has('selection') || !!stmt.groupBy?.length) shape = 'aggregate';
  // a FILL without INTERVAL or INTERP is read as INTERP's, but the translator refuses window pseudo columns first
  if (shape === 'interp' && !families.has('interp') && windowPseudoColumns(parts)) {
    throw new TdError(TdCode.PAR_INVALID_WINDOW_PC, '_WSTART, _WEND and _WDURATION can only be used in window query');
  }
  // shortcuts that read a kept copy instead of the rows (query/shortcuts): the parts with another FROM
  const shortcut =
    shape === 'aggregate' ? await withTimeBuckets(await withRepresentatives(parts))
    : shape === 'window' ? await withTimeBuckets(parts)
    : shape === 'indefinite' ? await withBucketExtremes(parts, calls)
    : parts;
  const plan = await PLAN_SHAPES[shape](shortcut, calls);
  return { ...plan, explain: explainSelect(parts, shape, plan.columns, calls) };
}

/** `SELECT count(*)[, count(*)…] FROM (subquery)` and nothing else: the subquery's rows are only counted. */
function countsRowsOnly(stmt: SelectStatement): boolean {
  const bare = !stmt.distinct && !stmt.tags && !stmt.where && !stmt.partitionBy?.length && !stmt.interp && !stmt.window && !stmt.groupBy?.length && !stmt.having && !stmt.orderBy?.length && !stmt.slimit && !stmt.limit;
  return bare && stmt.items.length > 0 && stmt.items.every((i) => i.expr.type === 'function' && i.expr.name === 'count' && i.expr.args.length === 1 && i.expr.args[0].type === 'star');
}

/** Whether the select list names `_wstart`, `_wend` or `_wduration` that no FROM column carries. */
function windowPseudoColumns(parts: SelectParts): boolean {
  const names = new Set(['_wstart', '_wend', '_wduration']);
  const stored = new Set((parts.from?.relations ?? []).flatMap((r) => r.columns.map((c) => c.name.toLowerCase())));
  return [...expressionNodes(parts.items.map((i) => i.expr))].some((n) => n.type === 'column' && names.has(n.name.name.toLowerCase()) && !stored.has(n.name.name.toLowerCase()));
}

/**
 * Clauses that need groups (TDengine's translator): HAVING without GROUP BY, PARTITION BY or a window is 0x260A,
 * SLIMIT/SOFFSET without PARTITION BY or GROUP BY 0x2638 (36_select_clauses#74, #135).
 */
function checkGroupClauses(stmt: SelectStatement): void {
  const grouped = !!stmt.groupBy?.length || !!stmt.partitionBy?.length;
  if (stmt.having && !grouped && !stmt.window) throw new TdError(TdCode.NOT_GROUP_BY_EXPR, 'Not a GROUP BY expression');
  if (stmt.slimit && !grouped) throw new TdError(TdCode.PAR_SLIMIT_LEAK_PARTITION_GROUP_BY, 'slimit/soffset only available for PARTITION/GROUP BY query');
}

const PLAN_SHAPES: Record<PlanShape, (parts: SelectParts, calls: FunctionCall[]) => Plan | Promise<Plan>> = {
  interp: (parts) => planInterp(parts),
  indefinite: planIndefinite,
  window: planWindow,
  aggregate: planAggregate,
  rows: (parts) => planRows(parts),
};

const FUNCTION_COMPILERS = { scalar: compileScalarFunction, aggregate: compileAggregate };

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
  binder.tagsOnly = readsTagList(ctx, stmt, db);
  if (stmt.from) {
    binder.needsTags = needsTags(ctx, stmt, db, mentioned);
    from = await bindFrom(binder, stmt.from);
  }
  const precision = from?.primary.precision ?? (db ? (ctx.catalog.findDatabase(db)?.options.precision ?? 'ms') : 'ms');
  const scope: ExprScope = {
    ctx,
    functions: FUNCTION_COMPILERS,
    from,
    precision,
    aggregate: false,
    groupKeys: new Map(),
    perTable: false,
    tsSql: from?.primary.ts?.sql,
    keySql: from?.primary.key?.sql,
  };
  const range = timeRange(scope, stmt.where);
  scope.qstart = range.start;
  scope.qend = range.end;
  const conditions: string[] = [];
  if (stmt.where) conditions.push(compile(scope, stmt.where).sql);
  for (const g of binder.grantConditions) {
    const cond = parse(`SELECT * FROM t WHERE ${g.condition}`);
    if (cond.kind === 'select' && cond.where) conditions.push(compile({ ...scope, from: { relations: [g.relation], primary: g.relation, joins: [] } }, cond.where).sql);
  }
  const fromSql = from ? fromClauseSql(scope, from, stmt.where) : '';
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

/** Rows as stored: projection, filter, PARTITION BY (LIMIT per partition), ORDER BY, LIMIT. */
function planRows(parts: SelectParts): Plan {
  const { stmt, scope } = parts;
  if (stmt.having) throw new TdError(TdCode.NOT_GROUP_BY_EXPR, 'HAVING clause requires GROUP BY or aggregate');
  // an aggregate in ORDER BY makes the query one group, which its plain columns are not (`order by count(*)`: 9740)
  const orderCalls = [...expressionNodes((stmt.orderBy ?? []).map((o) => o.expr))].filter((n): n is FunctionCall => n.type === 'function');
  if (orderCalls.some((c) => ['aggregate', 'selection'].includes(functionFamily(c.name)))) throw new TdError(TdCode.NOT_SINGLE_GROUP, 'Not a single-group group function');
  const { columns, list } = compileItems(scope, parts.items);
  const distinct = stmt.distinct ? 'DISTINCT ' : '';
  const fromSql = distinctTagsSource(parts) ?? parts.fromSql;
  const primary = parts.from?.primary;
  const partitions = (stmt.partitionBy ?? []).map((p) => compile(scope, p.expr).sql);
  let order = orderBySql(scope, parts.items, stmt.orderBy, true);
  const ordered = order.length > 0;
  // rows of one timestamp follow their composite key the way the timestamp is ordered (TDengine: ts DESC, key DESC)
  const byTs = stmt.orderBy?.length === 1 ? stmt.orderBy[0] : undefined;
  if (byTs && primary?.key && primary.ts && !stmt.distinct && byTs.expr.type === 'column' && byTs.expr.name.name.toLowerCase() === primary.ts.name.toLowerCase()) {
    order.push(`${primary.key.sql} ${byTs.direction ?? 'ASC'}`);
  }
  // Without ORDER BY a super table returns its rows table by table, each in time order (the scan order).
  const scanOrder: string[] = [];
  if (primary) {
    scanOrder.push(...partitions);
    if (primary.kind === 'stable' && partitions.length === 0 && primary.tid) scanOrder.push(primary.tid);
    scanOrder.push(...rowOrder(primary));
  }
  if (order.length === 0 && primary && !stmt.distinct) order = scanOrder.filter(ordersRows);
  // rows the ORDER BY leaves tied come in the order TDengine's quicksort leaves them (sort-ties.ts): two hidden
  // columns after the visible ones, reordered when the result is held
  const ties = ordered ? tieOrderSql(parts, order, scanOrder.filter(ordersRows)) : undefined;
  const hidden = ties ? `, ${ties.rank} AS "__rank", ${ties.position} AS "__pos"` : '';
  let sql = `SELECT ${distinct}${list}${hidden}${fromSql ? ` ${fromSql}` : ''}${whereSql(parts)}`;
  if (ties) order = [...order, ...scanOrder.filter(ordersRows)];
  const limits = partitionLimits(partitions, stmt.limit, stmt.slimit, ordered, primary?.ts ? rowOrder(primary).join(', ') : '1');
  if (limits.qualify.length) sql += ` QUALIFY ${limits.qualify.join(' AND ')}`;
  if (order.length) sql += ` ORDER BY ${order.join(', ')}`;
  sql += limits.limit;
  return { sql, columns, precision: scope.precision, ...(ties ? { reorder: orderTies } : {}) };
}

/** GROUP BY / PARTITION BY / whole-table aggregation: one row per group. */
async function planAggregate(parts: SelectParts, calls: FunctionCall[]): Promise<Plan> {
  const { stmt } = parts;
  // GROUP BY n names the n-th select-list expression, as in TDengine (`group by 1` over count(*) is 0x2608)
  const positional = (e: Expression) => (e.type === 'integer' && Number(e.value) >= 1 && Number(e.value) <= parts.items.length ? parts.items[Number(e.value) - 1].expr : e);
  const keyExprs = [...(stmt.partitionBy ?? []).map((p) => p.expr), ...(stmt.groupBy ?? []).map(positional)];
  const { keys, groupBy, perTable } = groupKeys(parts.scope, keyExprs);
  // WINDOW JOIN: aggregates run over each driving row's window; the driving row's columns are read as is.
  const driving = parts.from ? windowJoinDriver(parts.from) : undefined;
  groupBy.push(...(driving?.keys ?? []));
  // PARTITION BY checks its select list as GROUP BY does, but refuses with 0x260C (TDengine's checkAggColCoexist):
  // `select loc, count(*) … partition by grp` is 9740; tags under PARTITION BY tbname are read as keys
  const anyValue = !!driving;
  // keys of tags only and a COUNT: every child table the tag conditions keep has its group (tag-groups.ts)
  const tagGroups = driving ? undefined : tagGroupsSource(parts, keyExprs, calls);
  const partitioned = !!stmt.partitionBy?.length && !stmt.groupBy?.length;
  const scope: ExprScope = { ...parts.scope, aggregate: true, groupKeys: keys, perTable, anyValue, partitioned, countRows: tagGroups?.countRows };
  const rideAlong = rideAlongFor(scope, selectionCall(calls));
  // the driving row's own columns are constant within its window: never read from a selected row
  scope.rideAlong = rideAlong && driving ? (c) => (c.startsWith(`${driving.alias}.`) ? `any_value(${c})` : rideAlong(c)) : rideAlong;
  const { columns, list, typed } = compileItems(scope, parts.items);
  const bound = tagGroups ? undefined : await lastThreshold(parts, calls, groupBy);
  let sql = tagGroups
    ? `SELECT ${stmt.distinct ? 'DISTINCT ' : ''}${list} ${tagGroups.fromSql}`
    : `SELECT ${stmt.distinct ? 'DISTINCT ' : ''}${list} ${parts.fromSql}${whereSql(parts, bound ? [bound] : [])}`;
  if (groupBy.length) sql += ` GROUP BY ${groupBy.join(', ')}`;
  // TDengine folds a WHERE that reads no row before the scan: a false one (`where 1 = 0`) leaves no group to count,
  // so even an aggregate without GROUP BY answers no row (a WHERE that just matches nothing still counts 0)
  const having = [
    ...(stmt.having ? [compile(scope, stmt.having).sql] : []),
    ...(!groupBy.length && stmt.where && rowIndependent(stmt.where) ? [compile(parts.scope, stmt.where).sql] : []),
  ];
  if (having.length) sql += ` HAVING ${having.join(' AND ')}`;
  const order = orderBySql(scope, parts.items, stmt.orderBy, true);
  // PARTITION BY: one row per partition, limited as partitions are; GROUP BY groups are rows of one result
  const limits = partitioned
    ? partitionLimits(groupBy, stmt.limit, stmt.slimit, order.length > 0, '1')
    : { qualify: partitionLimits(groupBy, undefined, stmt.slimit, false, '1').qualify, limit: limitSql(stmt.limit) };
  if (limits.qualify.length) sql += ` QUALIFY ${limits.qualify.join(' AND ')}`;
  if (order.length) sql += ` ORDER BY ${order.join(', ')}`;
  else if (groupBy.some(ordersRows)) sql += ` ORDER BY ${groupBy.filter(ordersRows).join(', ')}`;
  sql += limits.limit;
  if (!groupBy.length && !parts.fromSql) sql = `SELECT ${list}`;
  return { sql: unnestOutputs(sql, typed), columns, precision: scope.precision };
}
