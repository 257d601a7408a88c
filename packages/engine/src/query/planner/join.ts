import { TdCode, TdError } from '../../errors';
import type { Expression } from '../../sql';
import type { BoundFrom, BoundJoin } from '../binder/relation';
import { compile } from './expr';
import type { ExprScope } from './scope';

const unsupported = (what: string) => new TdError(TdCode.UNSUPPORTED, `Operation not supported: ${what}`);
/** The largest JLIMIT TDengine accepts. */
const MAX_JLIMIT = 1024;
const needsTsEquality = () =>
  new TdError(TdCode.PAR_NOT_SUPPORT_JOIN, "Not supported join since 'Join requires valid time series input and primary timestamp equal condition'");

/**
 * The FROM clause as DuckDB SQL. Inner/outer joins map one to one; LEFT SEMI / LEFT ANTI (3.3+) are DuckDB's
 * SEMI/ANTI joins, RIGHT SEMI / RIGHT ANTI the same with the right table first; LEFT/RIGHT ASOF joins are DuckDB's
 * ASOF LEFT JOIN (the driving table first); LEFT/RIGHT WINDOW joins match every row of the other table within
 * WINDOW_OFFSET of the driving row's timestamp. `where` is the statement's WHERE: a comma join's condition.
 */
export function fromClauseSql(scope: ExprScope, from: BoundFrom, where?: Expression): string {
  for (const j of from.joins) checkJoinCondition(from, j, where);
  const single = from.joins.length === 1 ? from.joins[0] : undefined;
  if (single && single.type === 'RIGHT' && (single.subType === 'ASOF' || single.subType === 'WINDOW')) {
    // The right table drives: put it first and join the left one to it.
    return `FROM (${single.right.sql}) AS ${single.right.alias} ${drivenJoin(scope, from, single, 'right')}`;
  }
  if (single && single.type === 'RIGHT' && (single.subType === 'SEMI' || single.subType === 'ANTI')) {
    const on = compile(scope, single.on!).sql;
    const { primary } = from;
    const { right } = single;
    return `FROM (${right.sql}) AS ${right.alias} ${single.subType} JOIN (${primary.sql}) AS ${primary.alias} ON ${on} ${rightColumnsAfter(single.subType, primary.sql, primary.alias, on)}`;
  }
  let sql = `FROM (${from.primary.sql}) AS ${from.primary.alias}`;
  for (const j of from.joins) {
    if (j.subType === 'ASOF' || j.subType === 'WINDOW') {
      if (j.type === 'RIGHT') throw unsupported(`RIGHT ${j.subType} JOIN after another join`);
      sql += ` ${drivenJoin(scope, from, j, 'left')}`;
      continue;
    }
    const on = j.on ? compile(scope, j.on).sql : 'TRUE';
    const kind = j.subType === 'SEMI' || j.subType === 'ANTI' ? (j.type === 'RIGHT' ? null : j.subType) : `${j.type}`;
    if (!kind) throw unsupported(`RIGHT ${j.subType} JOIN after another join`);
    sql += j.implicit ? `, (${j.right.sql}) AS ${j.right.alias}` : ` ${kind} JOIN (${j.right.sql}) AS ${j.right.alias} ON ${on}`;
    if (kind === 'SEMI' || kind === 'ANTI') sql += ` ${rightColumnsAfter(kind, j.right.sql, j.right.alias, on)}`;
  }
  return sql;
}

/**
 * TDengine joins time series on their primary timestamps (parTranslater.c): an inner, outer, SEMI or ANTI join
 * without any condition is a cross join (0x2702 "not support cross join"; a comma join counts its WHERE), and one
 * whose condition has no `a.ts = b.ts` equality is 0x2664. ASOF and WINDOW joins match by time themselves.
 */
function checkJoinCondition(from: BoundFrom, j: BoundJoin, where: Expression | undefined): void {
  if (j.subType === 'ASOF' || j.subType === 'WINDOW') return;
  const condition = j.implicit ? where : j.on;
  if (!condition) throw new TdError(TdCode.PLAN_NOT_SUPPORT_CROSS_JOIN, 'not support cross join');
  if (!conjuncts(condition).some((c) => c.type === 'binary' && c.op === '=' && tsComparison(from, c))) throw needsTsEquality();
}

/**
 * DuckDB's SEMI/ANTI joins do not expose the right table, TDengine's do: after an ANTI join its columns are NULL (a
 * LEFT JOIN to none of its rows), after a SEMI join they come from one matching row (a LATERAL lookup). DuckDB lets
 * the alias be bound again once the SEMI/ANTI join has consumed it.
 */
function rightColumnsAfter(kind: 'SEMI' | 'ANTI', rightSql: string, alias: string, on: string): string {
  if (kind === 'ANTI') return `LEFT JOIN (SELECT * FROM (${rightSql}) LIMIT 0) AS ${alias} ON TRUE`;
  return `LEFT JOIN LATERAL (SELECT * FROM (${rightSql}) AS ${alias} WHERE ${on} LIMIT 1) AS ${alias} ON TRUE`;
}

/** An ASOF or WINDOW join seen from its driving side: `left` (LEFT/INNER) or `right` (RIGHT, the only join). */
function drivenJoin(scope: ExprScope, from: BoundFrom, j: BoundJoin, driving: 'left' | 'right'): string {
  if (j.type === 'FULL') throw unsupported(`FULL ${j.subType} JOIN`);
  const outer = j.type === 'LEFT' || j.type === 'RIGHT';
  const joined = driving === 'left' ? j.right : from.primary;
  const drivingTs = (driving === 'left' ? from.primary : j.right).ts?.sql;
  const joinedTs = joined.ts?.sql;
  if (!drivingTs || !joinedTs) throw unsupported(`${j.subType} JOIN without primary timestamps`);
  const conds = conjuncts(j.on);
  // TDengine checks JLIMIT's range before anything it does with it
  if (j.jlimit !== undefined && (j.jlimit < 0 || j.jlimit > MAX_JLIMIT)) throw new TdError(TdCode.TSC_INVALID_OPERATION, `JLIMIT value is out of valid range [0, ${MAX_JLIMIT}]`);
  const isTsComparison = (e: Expression) => tsComparison(from, e);
  const target = `(${joined.sql}) AS ${joined.alias}`;
  if (j.subType === 'WINDOW') {
    if (!j.windowOffset) throw new TdError(TdCode.INCOMPLETE_SQL, 'Incomplete SQL statement');
    if (conds.some(isTsComparison)) throw new TdError(TdCode.PAR_NOT_SUPPORT_JOIN, 'Primary timestamp equal condition is not allowed in WINDOW JOIN');
    for (const e of j.windowOffset) {
      const d = e.type === 'unary' && e.op === '-' ? e.operand : e;
      const unit = d.type === 'duration' ? d.duration.unit : undefined;
      if (unit === 'n' || unit === 'y') throw new TdError(TdCode.PAR_INVALID_WIN_OFFSET_UNIT, `Invalid WINDOW_OFFSET unit "${unit}"`);
    }
    const [a, b] = j.windowOffset.map((e) => compile(scope, e).sql);
    // the offsets in either order give the same window: `window_offset(1s, -1s)` is [-1s, 1s] (18_subquery_join#66)
    const [lo, hi] = [`least(${a}, ${b})`, `greatest(${a}, ${b})`];
    const on = [`${joinedTs} BETWEEN ${drivingTs} + ${lo} AND ${drivingTs} + ${hi}`, ...conds.map((c) => compile(scope, c).sql)];
    // JLIMIT n: the window's first n rows
    if (j.jlimit !== undefined) return firstMatches(joined, on, `${joinedTs} ASC`, j.jlimit, outer);
    return `${outer ? 'LEFT ' : ''}JOIN ${target} ON ${on.join(' AND ')}`;
  }
  // ASOF: the closest row of the other table by the timestamp comparison (`>=` when ON names none).
  const tsCond = conds.find(isTsComparison);
  // besides the timestamp comparison an ASOF join matches on equalities only (TDengine's join-condition check)
  const rest = conds.filter((c) => c !== tsCond);
  if (rest.some((c) => c.type !== 'binary' || c.op !== '=')) throw new TdError(TdCode.JOIN_ON_COND_NOT_SUPPORTED, 'Not supported join on condition');
  const others = rest.map((c) => compile(scope, c).sql);
  if (tsCond?.type === 'binary' && tsCond.op === '=') {
    return `${outer ? 'LEFT ' : ''}JOIN ${target} ON ${[compile(scope, tsCond).sql, ...others].join(' AND ')}`;
  }
  const inequality = tsCond ? compile(scope, tsCond).sql : driving === 'left' ? `${drivingTs} >= ${joinedTs}` : `${joinedTs} >= ${drivingTs}`;
  if (j.jlimit !== undefined && j.jlimit !== 1) {
    // JLIMIT n: the n closest rows, nearest first; the comparison says on which side of the driving row they lie
    const joinedIsLeft = tsCond?.type === 'binary' && compile(scope, tsCond.left).sql === joinedTs;
    const below = !tsCond || ['>=', '>'].includes(tsCond.type === 'binary' ? tsCond.op : '') !== joinedIsLeft;
    return firstMatches(joined, [...others, inequality], `${joinedTs} ${below ? 'DESC' : 'ASC'}`, j.jlimit, outer);
  }
  return `ASOF ${outer ? 'LEFT ' : ''}JOIN ${target} ON ${[...others, inequality].join(' AND ')}`;
}

/** The first `limit` rows of `joined` matching `on` in `order`, for each driving row (JLIMIT). */
function firstMatches(joined: BoundFrom['primary'], on: string[], order: string, limit: number, outer: boolean): string {
  const rows = `(SELECT * FROM (${joined.sql}) AS ${joined.alias} WHERE ${on.join(' AND ')} ORDER BY ${order} LIMIT ${limit})`;
  return `${outer ? 'LEFT ' : ''}JOIN LATERAL ${rows} AS ${joined.alias} ON TRUE`;
}

function conjuncts(e: Expression | undefined): Expression[] {
  if (!e) return [];
  if (e.type === 'binary' && e.op === 'AND') return [...conjuncts(e.left), ...conjuncts(e.right)];
  return [e];
}

/** `a.ts >= b.ts` style: a comparison between two primary timestamp columns (their names, or `_rowts`). */
function tsComparison(from: BoundFrom, e: Expression): boolean {
  if (e.type !== 'binary' || !['=', '>=', '>', '<=', '<'].includes(e.op)) return false;
  const isTs = (x: Expression) => {
    if (x.type !== 'column') return false;
    const n = x.name.name.toLowerCase();
    return n === '_rowts' || n === '_c0' || from.relations.some((r) => r.ts?.name.toLowerCase() === n);
  };
  return isTs(e.left) && isTs(e.right);
}

/** With a WINDOW JOIN, the driving relation's alias and row keys (table id, timestamp): aggregates group on them. */
export function windowJoinDriver(from: BoundFrom): { alias: string; keys: string[] } | undefined {
  const j = from.joins.find((x) => x.subType === 'WINDOW');
  if (!j) return undefined;
  const driver = j.type === 'RIGHT' ? j.right : from.primary;
  return { alias: driver.alias, keys: [...(driver.tid ? [driver.tid] : []), ...(driver.ts ? [driver.ts.sql] : [])] };
}
