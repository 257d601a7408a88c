import { DUP_TIMESTAMP, FuncError } from '../../errors';
import type { Expression, FunctionCall } from '../../sql';
import { isFloat, isNumeric, isTimestamp, isUnsigned, type TypeSpec } from '../../types';
import { quoteString } from '../../storage/names';
import { checkArgumentCount, functionFamily } from '../binder/functions';
import { unitArg } from './aggregate-functions';
import { compile } from './expr';
import { BIGINT, DOUBLE } from './result-types';
import type { Plan } from './plan';
import type { ExprScope, Typed, WindowPseudo } from './scope';
import { durationValue } from './windows';
import { compileItems, limitSql, orderBySql, whereSql, type SelectParts } from './select-parts';

/** One time-series / multi-row function: its value column, the row filter, and columns an earlier stage needs. */
interface Computed {
  value: string;
  type: TypeSpec;
  /** row filter of the final select */
  keep: string[];
  /** columns the first stage computes (window functions the value depends on) */
  pre: string[];
  /** a second value column (`__n<i>`) */
  extra?: string;
  /** a ranking column (`__r<i>`) */
  rank?: string;
  /** QUALIFY of the first stage: drops rows that cannot be selected before anything is sorted */
  prefilter?: string;
  /** the same as a WHERE condition (cheaper: no window over the whole input) */
  prewhere?: string;
  /** whether the first stage numbers rows (`__rn`) */
  numbered?: boolean;
  /** TOP/BOTTOM without partitions: the first stage's ORDER BY … LIMIT k (a top-N instead of sorting every candidate) */
  limit?: string;
  /** an aggregate over each partition's rows, joined to its rows as `__s<i>.__l` */
  side?: string;
}

/**
 * An integer constant argument of `call` within [min, max]. Outside, TDengine answers 0x2811 for a count (`k`,
 * `offset`: `bounds = 'range'`) and 0x2803 for an option flag (`ignore_negative`: `bounds = 'value'`).
 */
function intLiteral(call: FunctionCall, e: Expression | undefined, bounds: 'range' | 'value', min: number, max: number, def?: number): number {
  if (!e) {
    if (def === undefined) throw FuncError.paramNum(call.name);
    return def;
  }
  if (e.type !== 'integer') throw FuncError.paramType(call.name);
  const n = Number(e.value);
  if (n < min || n > max) throw bounds === 'range' ? FuncError.paramRange(call.name) : FuncError.paramValue(call.name);
  return n;
}

const arity = checkArgumentCount;

/**
 * A HUGEINT kept to 64 bits as TDengine's C arithmetic keeps it: DIFF and CSUM of integers wrap around instead of
 * failing (`diff(bi)` from -9223372036854775807 to 500 is -9223372036854775309, `csum(ubi)` past UBIGINT max starts
 * again from 0: 33#194, 33#223).
 */
function wrap64(h: string, signed: boolean): string {
  const m = '18446744073709551616::HUGEINT';
  if (!signed) return `CAST(((${h} % ${m}) + ${m}) % ${m} AS UBIGINT)`;
  const half = '9223372036854775808::HUGEINT';
  return `CAST(((((${h} + ${half}) % ${m}) + ${m}) % ${m}) - ${half} AS BIGINT)`;
}

const OPS: Record<string, string> = { LT: '<', GT: '>', LE: '<=', GE: '>=', NE: '<>', EQ: '=' };

function stateCondition(scope: ExprScope, call: FunctionCall): string {
  const v = compile(scope, call.args[0]);
  const opArg = call.args[1];
  if (opArg.type !== 'string' || !OPS[opArg.value.toUpperCase()]) throw FuncError.paramValue(call.name);
  const cmp = compile(scope, call.args[2]);
  if (!isNumeric(v.type)) throw FuncError.paramType(call.name);
  return `(${v.sql} ${OPS[opArg.value.toUpperCase()]} ${cmp.sql})`;
}

/**
 * DIFF/CSUM/DERIVATIVE/MAVG/STATECOUNT/STATEDURATION and TOP/BOTTOM/TAIL/UNIQUE/SAMPLE (facts §2.11) as DuckDB window
 * functions over each partition ordered by time.
 */
function computeFunction(scope: ExprScope, call: FunctionCall, i: number, p: string, ts: string, alias: string, fromSql: string, buckets?: SelectParts['buckets'], key?: string): Computed {
  const w = `OVER (${p ? `PARTITION BY ${p} ` : ''}ORDER BY ${ts})`;
  const running = `OVER (${p ? `PARTITION BY ${p} ` : ''}ORDER BY ${ts} ROWS UNBOUNDED PRECEDING)`;
  // DIFF also takes BOOL and TIMESTAMP; CSUM, MAVG, DERIVATIVE, TOP and BOTTOM numbers only (0x2802: 33#161, 33#225)
  const arg = () => {
    const v = compile(scope, call.args[0]);
    const other = call.name === 'diff' && (isTimestamp(v.type) || v.type.name === 'BOOL');
    if (!isNumeric(v.type) && !other) throw FuncError.paramType(call.name);
    return v;
  };
  const nonNullPart = (v: string) => `OVER (PARTITION BY ${p ? `${p}, ` : ''}(${v}) IS NULL ORDER BY ${ts}`;
  switch (call.name) {
    case 'diff': {
      arity(call, 1, 2);
      const v = arg();
      const opt = intLiteral(call, call.args[1], 'value', 0, 3, 0);
      const t = isFloat(v.type) ? 'DOUBLE' : 'BIGINT';
      const cv = `CAST(${v.sql} AS ${t === 'DOUBLE' ? t : 'HUGEINT'})`;
      const d0 = `(${cv} - lag(${cv} IGNORE NULLS) ${w})`;
      const d = t === 'DOUBLE' ? d0 : wrap64(d0, true);
      // a negative difference is one where the value went down, whatever the 64-bit result (33#201)
      const value = opt === 1 || opt === 3 ? `CASE WHEN ${d0} < 0 THEN NULL ELSE ${d} END` : d;
      const keep = [`${alias}.__rn > 1`];
      if (opt >= 2) keep.push(`${alias}.__f${i} IS NOT NULL`);
      return { value, type: t === 'DOUBLE' ? DOUBLE : BIGINT, keep, pre: [], numbered: true };
    }
    case 'csum': {
      arity(call, 1);
      const v = arg();
      const type: TypeSpec = isFloat(v.type) ? DOUBLE : isUnsigned(v.type) ? { name: 'BIGINT UNSIGNED' } : BIGINT;
      const sum = `sum(${v.sql}) ${running}`;
      const value = type === DOUBLE ? `CAST(${sum} AS DOUBLE)` : wrap64(`CAST(${sum} AS HUGEINT)`, type === BIGINT);
      return { value, type, keep: [`${v.sql} IS NOT NULL`], pre: [] };
    }
    case 'mavg': {
      arity(call, 2);
      const v = arg();
      const k = intLiteral(call, call.args[1], 'range', 1, 1000);
      // TDengine's running sum over the partition's values (storage/td-functions/mavg.ts), read at each value's position
      const seen = `count(${v.sql}) ${running}`;
      const nonNull = `FILTER (WHERE ${v.sql} IS NOT NULL)`;
      return {
        value: `(__s${i}.__l)[${alias}.__n${i} - ${k - 1}]`,
        type: DOUBLE,
        keep: [`${v.sql} IS NOT NULL`, `${alias}.__n${i} >= ${k}`],
        pre: [`${seen} AS __n${i}`],
        side: `td_mavg(list(CAST(${v.sql} AS DOUBLE) ORDER BY ${ts}) ${nonNull}, ${k})`,
      };
    }
    case 'derivative': {
      arity(call, 3);
      const v = arg();
      const unit = unitArg(scope, call, call.args[1], 1n, 'interval');
      const ignore = intLiteral(call, call.args[2], 'value', 0, 1);
      const wn = `${nonNullPart(v.sql)})`;
      const value = `(CAST(${v.sql} AS DOUBLE) - lag(CAST(${v.sql} AS DOUBLE)) ${wn}) / (CAST(${ts} - lag(${ts}) ${wn} AS DOUBLE) / ${unit})`;
      const keep = [`${v.sql} IS NOT NULL`, `${alias}.__f${i} IS NOT NULL`];
      if (ignore) keep.push(`${alias}.__f${i} >= 0`);
      return { value, type: DOUBLE, keep, pre: [] };
    }
    case 'statecount':
    case 'stateduration': {
      arity(call, 3, call.name === 'statecount' ? 3 : 4);
      const cond = stateCondition(scope, call);
      const pre = [`${cond} AS __c${i}`, `sum(CASE WHEN ${cond} IS NULL OR ${cond} THEN 0 ELSE 1 END) ${running} AS __g${i}`];
      const c = `${alias}.__c${i}`;
      const run = `OVER (PARTITION BY ${p ? `${p}, ` : ''}${alias}.__g${i} ORDER BY ${ts} ROWS UNBOUNDED PRECEDING)`;
      if (call.name === 'statecount') {
        return { value: `CASE WHEN ${c} IS NULL THEN NULL WHEN ${c} THEN count(*) FILTER (WHERE ${c}) ${run} ELSE -1 END`, type: BIGINT, keep: [], pre };
      }
      const unit = unitArg(scope, call, call.args[3], 1n);
      return { value: `CASE WHEN ${c} IS NULL THEN NULL WHEN ${c} THEN (${ts} - min(${ts}) FILTER (WHERE ${c}) ${run}) // ${unit} ELSE -1 END`, type: BIGINT, keep: [], pre };
    }
    case 'top':
    case 'bottom': {
      arity(call, 2);
      const v = arg();
      const k = intLiteral(call, call.args[1], 'range', 1, 100);
      const top = call.name === 'top';
      const rank = `row_number() OVER (${p ? `PARTITION BY ${p} ` : ''}ORDER BY ${v.sql} ${top ? 'DESC' : 'ASC'} NULLS LAST, ${ts})`;
      // The k-th largest (smallest) value per partition (a scalar subquery without partitions, a hash-partitioned
      // window aggregate with them): only rows at or beyond it are ranked, so nothing large is sorted.
      const cmp = top ? '>=' : '<=';
      const agg = `${top ? 'list_min' : 'list_max'}(${top ? 'max' : 'min'}(${v.sql}, ${k})`;
      const c: Computed = { value: v.sql, type: v.type, keep: [`${v.sql} IS NOT NULL`, `${alias}.__r${i} <= ${k}`], pre: [], rank };
      if (p) c.prefilter = `${v.sql} ${cmp} ${agg} OVER (PARTITION BY ${p}))`;
      else if (buckets?.columns.has(v.sql)) {
        // the k-th largest (smallest) of the buckets' maxima (minima) is k rows' values: at most the k-th value of
        // the rows (at least, for BOTTOM); with fewer buckets than k, every row's value passes
        const edge = `struct_extract(${v.sql}, ${quoteString(top ? 'mx' : 'mn')})`;
        const all = `${top ? 'min' : 'max'}(struct_extract(${v.sql}, ${quoteString(top ? 'mn' : 'mx')}))`;
        c.prewhere = `${v.sql} ${cmp} (SELECT CASE WHEN count(${edge}) >= ${k} THEN ${top ? 'list_min' : 'list_max'}(${top ? 'max' : 'min'}(${edge}, ${k})) ELSE ${all} END ${buckets.from})`;
      } else c.prewhere = `${v.sql} ${cmp} (SELECT ${agg}) ${fromSql})`;
      if (!p) c.limit = `${v.sql} ${top ? 'DESC' : 'ASC'} NULLS LAST, ${ts} LIMIT ${k}`;
      return c;
    }
    case 'tail': {
      arity(call, 2, 3);
      const v = compile(scope, call.args[0]);
      const k = intLiteral(call, call.args[1], 'range', 1, 100);
      const off = intLiteral(call, call.args[2], 'range', 0, 100, 0);
      // with a composite key the last rows by (timestamp, key): TDengine 3.3.7.5 takes kb before ka at one timestamp
      const rank = `row_number() OVER (${p ? `PARTITION BY ${p} ` : ''}ORDER BY ${ts} DESC${key !== undefined ? `, ${key} DESC` : ''})`;
      return { value: v.sql, type: v.type, keep: [`${alias}.__r${i} > ${off}`, `${alias}.__r${i} <= ${off + k}`], pre: [], rank };
    }
    case 'unique': {
      arity(call, 1);
      const v = compile(scope, call.args[0]);
      // each value's first row by (timestamp, key): a value two keys of one timestamp share comes from the smaller key
      const rank = `row_number() OVER (PARTITION BY ${p ? `${p}, ` : ''}${v.sql} ORDER BY ${ts}${key !== undefined ? `, ${key}` : ''})`;
      return { value: v.sql, type: v.type, keep: [`${alias}.__r${i} = 1`], pre: [], rank };
    }
    case 'sample': {
      arity(call, 2);
      const v = compile(scope, call.args[0]);
      const k = intLiteral(call, call.args[1], 'range', 1, 1000);
      // NULL values are never sampled (TDengine: 7 of 8 rows of which one is NULL)
      const rank = `row_number() OVER (${p ? `PARTITION BY ${p} ` : ''}ORDER BY ${v.sql} IS NULL, random())`;
      return { value: v.sql, type: v.type, keep: [`${v.sql} IS NOT NULL`, `${alias}.__r${i} <= ${k}`], pre: [], rank };
    }
    default:
      throw FuncError.notExists();
  }
}

function families(calls: FunctionCall[]): Set<string> {
  return new Set(calls.map((c) => functionFamily(c.name)).filter((f) => f !== 'scalar'));
}

const MIXED_ROWS = 'Some functions are allowed only in the SELECT list of a query. And, cannot be mixed with other non scalar functions or columns.';

/**
 * How many rows a time-series function returns of N (TDengine's estimateReturnRows): DIFF and DERIVATIVE drop the
 * first, the others return N but MAVG, whose count TDengine leaves indefinite. Functions that return different
 * counts do not mix (`diff(c), csum(c)` is 0x264F, 09_selection#91), nor does MAVG with any other, itself included
 * (`mavg(v, 2), mavg(f, 2)`, 43#41).
 */
function returnedRows(call: FunctionCall, index: number): string {
  if (call.name === 'diff' || call.name === 'derivative') return 'n-1';
  if (call.name === 'mavg') return `indefinite:${index}`;
  return 'n';
}

/**
 * TOP/BOTTOM inside a plain INTERVAL (no SLIDING, FILL or calendar unit): TDengine picks k rows per window
 * (14_interval_fill#34, 30_console_functions#76). The window pseudo columns of a row's window, or undefined for any
 * other query with a window (still refused).
 */
function topWindow(parts: SelectParts, calls: FunctionCall[], ts: string): WindowPseudo | undefined {
  const w = parts.stmt.window;
  if (w?.type !== 'interval' || w.sliding || w.fill || parts.stmt.groupBy?.length) return undefined;
  if (!calls.every((c) => functionFamily(c.name) === 'scalar' || c.name === 'top' || c.name === 'bottom')) return undefined;
  const unit = w.interval.unit;
  if (unit === 'n' || unit === 'y' || w.offset === 'auto' || w.offset?.unit === 'n' || w.offset?.unit === 'y') return undefined;
  const len = durationValue(parts.scope, w.interval);
  const off = w.offset ? durationValue(parts.scope, w.offset) : 0n;
  if (len < 1n || off >= len) return undefined;
  const wstart = `(${ts} - (((${ts} - ${off}) % ${len}) + ${len}) % ${len})`;
  return { wstart, wend: `(${wstart} + ${len})`, wduration: `${len}::BIGINT` };
}

/** TDengine's "process by row" functions: after one, a different time-series function in the select is 0x2680. */
const BY_ROW = new Set(['diff']);
/** Time-series functions that read one row per timestamp of a composite-key table: its first (smallest key). */
const FIRST_ROW_OF_TIMESTAMP = new Set(['diff', 'derivative']);
/** Time-series functions TDengine refuses over rows sharing a timestamp (a composite-key table): 0x2805. */
const ONE_ROW_PER_TIMESTAMP = new Set(['csum', 'mavg', 'statecount', 'stateduration']);

export function planIndefinite(parts: SelectParts, calls: FunctionCall[]): Plan {
  const { stmt } = parts;
  const primary = parts.from?.primary;
  if (!primary?.ts) throw FuncError.needsTimeline();
  if (calls.some((c) => ['aggregate', 'selection'].includes(functionFamily(c.name)))) {
    throw FuncError.notAllowedHere(`${calls[0].name} function cannot be mixed with aggregate functions`);
  }
  const ts = primary.ts.sql;
  const window = topWindow(parts, calls, ts);
  if (!window && (stmt.window || stmt.groupBy?.length)) throw FuncError.notAllowedHere(`${calls[0].name} function is not supported in window query or group query`);
  const alias = primary.alias;
  const scope: ExprScope = window ? { ...parts.scope, window } : parts.scope;
  const partitions = (stmt.partitionBy ?? []).map((pi) => {
    const e = pi.expr;
    if (e.type === 'column' && e.name.name === 'tbname' && primary.tid) return primary.tid;
    return compile(scope, e).sql;
  });
  // TOP/BOTTOM per INTERVAL window: the window is one more partition key
  if (window) partitions.push(window.wstart);
  const p = partitions.join(', ');
  const indefinite = calls.filter((c) => ['timeSeries', 'multiRow'].includes(functionFamily(c.name)));
  if (calls.filter((c) => functionFamily(c.name) === 'multiRow').length > 1 || (families(calls).size > 1)) {
    throw FuncError.notAllowedHere('Multi-row and time-series functions cannot be mixed with each other');
  }
  if (new Set(indefinite.map(returnedRows)).size > 1) throw FuncError.notAllowedHere(MIXED_ROWS);
  // After a by-row function, another time-series function is refused unless it is the same one (TDengine checks in
  // select order: `diff(v), derivative(…)` is 0x2680, `derivative(…), diff(v)` and `diff(a), diff(b)` are taken).
  const byRow = indefinite.findIndex((c) => BY_ROW.has(c.name));
  if (byRow >= 0 && indefinite.slice(byRow + 1).some((c) => c.name !== indefinite[byRow].name)) throw FuncError.differentByRow();
  const replaced = new Map<string, Typed>();
  const pre: string[] = [];
  const post: string[] = [];
  const keep: string[] = [];
  const prefilters: string[] = [];
  const prewheres: string[] = [];
  const sides: string[] = [];
  let limit = '';
  indefinite.forEach((call, i) => {
    const c = computeFunction(scope, call, i, p, ts, alias, `${parts.fromSql}${whereSql(parts)}`, parts.buckets, primary.key?.sql);
    if (c.limit && indefinite.length === 1) limit = ` ORDER BY ${c.limit}`;
    if (c.numbered && !pre.some((x) => x.endsWith('AS __rn'))) pre.push(`row_number() OVER (${p ? `PARTITION BY ${p} ` : ''}ORDER BY ${ts}) AS __rn`);
    if (c.prefilter) prefilters.push(c.prefilter);
    if (c.prewhere) prewheres.push(c.prewhere);
    if (c.side) {
      // one row per partition (keys __k<j>), joined to the rows of its partition
      const keys = partitions.map((e, j) => `${e} AS __k${j}`);
      const agg = `SELECT ${[...keys, `${c.side} AS __l`].join(', ')} ${parts.fromSql}${whereSql(parts)}${keys.length ? ' GROUP BY ALL' : ''}`;
      const on = partitions.map((e, j) => `__s${i}.__k${j} IS NOT DISTINCT FROM ${e}`);
      sides.push(on.length ? ` LEFT JOIN (${agg}) AS __s${i} ON ${on.join(' AND ')}` : ` CROSS JOIN (${agg}) AS __s${i}`);
    }
    pre.push(...c.pre);
    post.push(`${c.value} AS __f${i}`);
    if (c.extra) post.push(`${c.extra} AS __n${i}`);
    if (c.rank) post.push(`${c.rank} AS __r${i}`);
    keep.push(...c.keep);
    replaced.set(call.text, { sql: `${alias}.__f${i}`, type: c.type });
  });
  const key = primary.key?.sql;
  if (key !== undefined && indefinite.some((c) => FIRST_ROW_OF_TIMESTAMP.has(c.name))) {
    // a composite-key table: DIFF and DERIVATIVE read the first row (smallest key) of each timestamp (TDengine 3.3.7.5)
    prefilters.push(`row_number() OVER (PARTITION BY ${p ? `${p}, ` : ''}${ts} ORDER BY ${key}) = 1`);
  }
  const timelineMerged = primary.kind === 'stable' && !partitions.length && indefinite.some((c) => functionFamily(c.name) === 'timeSeries');
  const keysShareTimestamps = key !== undefined && indefinite.some((c) => ONE_ROW_PER_TIMESTAMP.has(c.name));
  if (timelineMerged || keysShareTimestamps) {
    // Children merged into one timeline must not share a timestamp (TDengine refuses, facts §2.11 DIFF); nor may the
    // rows of a composite-key table's timestamp for CSUM, MAVG, STATECOUNT and STATEDURATION (0x2805, checked)
    const over = `OVER (${p && !timelineMerged ? `PARTITION BY ${p} ` : ''}ORDER BY ${ts}${key !== undefined ? `, ${key}` : ''})`;
    pre.push(`CASE WHEN ${ts} = lag(${ts}) ${over} THEN error('${DUP_TIMESTAMP}') END AS __dup`);
    keep.push(`${alias}.__dup IS NULL`);
  }
  const stageA = `SELECT ${[`${alias}.*`, ...pre].join(', ')} ${parts.fromSql}${whereSql(parts, prewheres)}${prefilters.length ? ` QUALIFY ${prefilters.join(' AND ')}` : ''}${limit}`;
  const stageB = `SELECT ${alias}.*, ${post.join(', ')} FROM (${stageA}) AS ${alias}${sides.join('')}`;
  const outScope: ExprScope = { ...scope, replaced };
  const { columns, list } = compileItems(outScope, parts.items);
  let sql = `SELECT ${list} FROM (${stageB}) AS ${alias}${keep.length ? ` WHERE ${keep.join(' AND ')}` : ''}`;
  if (partitions.length && stmt.limit) {
    const off = stmt.limit.offset ?? 0;
    sql += ` QUALIFY row_number() OVER (PARTITION BY ${p} ORDER BY ${ts}) BETWEEN ${off + 1} AND ${off + stmt.limit.count}`;
  }
  const order = orderBySql(outScope, parts.items, stmt.orderBy, true);
  sql += ` ORDER BY ${(order.length ? order : [...partitions, ts]).join(', ')}`;
  if (!partitions.length) sql += limitSql(stmt.limit);
  return { sql, columns, precision: scope.precision };
}

