import { DUP_TIMESTAMP, FuncError, TdCode, TdError } from '../../errors';
import type { Expression, FunctionCall } from '../../sql';
import { isNumeric, isString, isTimestamp, type TypeSpec } from '../../types';
import { checkArgumentCount, timeUnitArg } from '../binder/functions';
import { rowIndependent } from '../binder/walk';
import { compile } from './expr';
import { BIGINT, DOUBLE, varcharOfBytes } from './result-types';
import type { ExprScope, RideAlong, Typed } from './scope';
import { histogram } from './histogram';
import { apercentileSql } from './apercentile';
import { avgOf, sumOf, varianceOf } from './numeric-aggregates';
import { modeKeyKind } from '../../storage/td-functions/mode-order';
import { quoteString } from '../../storage/names';

const arity = checkArgumentCount;

/** Result sizes TDengine's checker gives (bytes with the 2-byte header, builtins.c): LEASTSQUARES_BUFF_LENGTH, a PERCENTILE list. */
const LEASTSQUARES_BYTES = 128;
const PERCENTILE_LIST_BYTES = 3200;

/** The first argument of a numeric aggregate: a number (not BOOL, not TIMESTAMP), or the NULL literal; else 0x2802. */
function numeric(scope: ExprScope, call: FunctionCall, e: Expression): Typed {
  const v = compile(scope, e);
  if (!isNumeric(v.type) && v.sql !== 'NULL') throw FuncError.paramType(call.name);
  return v;
}

/** The primary timestamp the rows are ordered by; none (a subquery without one) is TDengine's timeline refusal. */
function ordered(scope: ExprScope): string {
  if (!scope.tsSql) throw FuncError.needsTimeline();
  return scope.tsSql;
}

/**
 * What FIRST/LAST/LAST_ROW pick their row by: the timestamp, and with a composite key the key after it (rows of one
 * timestamp are ordered by key: the last is the one with the largest key).
 */
function pickOrder(scope: ExprScope): string {
  const ts = ordered(scope);
  return scope.keySql ? `(${ts}, ${scope.keySql})` : ts;
}

/** A numeric constant argument (`50`, `-1`, `2.5`); anything else is the wrong type (0x2802). */
function numberArg(call: FunctionCall, e: Expression | undefined): number {
  if (!e) return NaN;
  if (e.type === 'integer') return Number(e.value);
  if (e.type === 'float') return e.value;
  if (e.type === 'unary' && e.op === '-' && (e.operand.type === 'integer' || e.operand.type === 'float')) return -Number(e.operand.type === 'integer' ? e.operand.value : e.operand.value);
  throw FuncError.paramType(call.name);
}

/** A constant time unit argument (`1s`, an integer in db precision); `def` when absent (binder/functions.ts timeUnitArg). */
export function unitArg(scope: ExprScope, call: FunctionCall, e: Expression | undefined, def: bigint, kind: 'unit' | 'interval' = 'unit'): bigint {
  return e ? timeUnitArg(call, e, scope.precision, kind) : def;
}

const f = (sql: string, type: TypeSpec): Typed => ({ sql, type });

/** Aggregate and selection functions of facts §2.11 as DuckDB aggregates. Arguments compile in row context. */
export function compileAggregate(scope: ExprScope, call: FunctionCall): Typed {
  const args = call.args;
  const star = args.length === 1 && args[0].type === 'star';
  switch (call.name) {
    case 'count':
      arity(call, 1);
      if (scope.countRows && (star || rowIndependent(args[0]))) return f(`count(${scope.countRows})`, BIGINT);
      if (star) return f('count(*)', BIGINT);
      return f(`count(${compile(scope, args[0]).sql})`, BIGINT);
    case 'avg':
      arity(call, 1);
      return avgOf(numeric(scope, call, args[0]), scope.tsSql);
    case 'sum':
      arity(call, 1);
      return sumOf(numeric(scope, call, args[0]));
    case 'spread': {
      arity(call, 1);
      const v = compile(scope, args[0]);
      if (!isNumeric(v.type) && !isTimestamp(v.type)) throw FuncError.paramType(call.name);
      // in DOUBLE: max − min of a small integer type overflows that type in DuckDB
      return f(`CAST(max(${v.sql}) AS DOUBLE) - CAST(min(${v.sql}) AS DOUBLE)`, DOUBLE);
    }
    case 'stddev':
    case 'stddev_pop':
      arity(call, 1);
      return f(`sqrt(${varianceOf(numeric(scope, call, args[0]))})`, DOUBLE);
    case 'var_pop':
      arity(call, 1);
      return f(varianceOf(numeric(scope, call, args[0])), DOUBLE);
    case 'hyperloglog':
      arity(call, 1);
      // TDengine's HLL (16384 registers, linear counting while sparse) is exact at small cardinalities, where
      // DuckDB's approx_count_distinct already errs (9 for 8 values): the exact count is the closer answer
      return f(`CAST(count(DISTINCT ${compile(scope, args[0]).sql}) AS BIGINT)`, BIGINT);
    case 'percentile': {
      arity(call, 2, 11);
      // TDengine scans the rows twice, which it does for one child or normal table only (translateRepeatScanFunc)
      const from = scope.from;
      if (from && (from.joins.length || (from.primary.kind !== 'child' && from.primary.kind !== 'normal'))) throw FuncError.singleTableOnly(call.name);
      const v = numeric(scope, call, args[0]);
      const ps = args.slice(1).map((a) => numberArg(call, a));
      if (ps.some((p) => !(p >= 0 && p <= 100))) throw FuncError.paramRange(call.name);
      if (ps.length === 1) return f(`quantile_cont(CAST(${v.sql} AS DOUBLE), ${ps[0] / 100})`, DOUBLE);
      const list = `quantile_cont(CAST(${v.sql} AS DOUBLE), [${ps.map((p) => p / 100).join(', ')}])`;
      return f(`'[' || array_to_string(list_transform(${list}, lambda x: printf('%f', x)), ', ') || ']'`, varcharOfBytes(PERCENTILE_LIST_BYTES));
    }
    case 'apercentile': {
      arity(call, 2, 3);
      const v = numeric(scope, call, args[0]);
      const p = numberArg(call, args[1]);
      if (!(p >= 0 && p <= 100)) throw FuncError.paramRange(call.name);
      if (args[2] && !(args[2].type === 'string' && ['default', 't-digest'].includes(args[2].value.toLowerCase()))) throw FuncError.paramValue(call.name);
      return f(apercentileSql(v.sql, p), DOUBLE);
    }
    case 'leastsquares': {
      arity(call, 3);
      const v = numeric(scope, call, args[0]);
      const start = numberArg(call, args[1]);
      const step = numberArg(call, args[2]);
      const ts = ordered(scope);
      // y over x = start, start+step, ... in timestamp order: closed-form least squares on the ordered list.
      const l = `list(CAST(${v.sql} AS DOUBLE) ORDER BY ${ts}) FILTER (WHERE ${v.sql} IS NOT NULL)`;
      const x = `(${start} + (i - 1) * ${step})`;
      const n = `len(${l})`;
      const sx = `list_sum(list_transform(range(1, ${n} + 1), lambda i: ${x}))`;
      const sy = `list_sum(${l})`;
      const sxx = `list_sum(list_transform(range(1, ${n} + 1), lambda i: ${x} * ${x}))`;
      const sxy = `list_sum(list_transform(range(1, ${n} + 1), lambda i: ${x} * (${l})[i]))`;
      const determinant = `(${n} * ${sxx} - ${sx} * ${sx})`;
      const slope = `((${n} * ${sxy} - ${sx} * ${sy}) / ${determinant})`;
      const intercept = `((${sy} - ${slope} * ${sx}) / ${n})`;
      // no line through fewer than two points: NULL, as TDengine's finalize when the determinant is 0 (28#54)
      return f(`CASE WHEN ${n} IS NULL OR ${n} = 0 OR ${determinant} = 0 THEN NULL ELSE printf('{slop:%f, intercept:%f}', ${slope}, ${intercept}) END`, varcharOfBytes(LEASTSQUARES_BYTES));
    }
    case 'elapsed': {
      arity(call, 1, 2);
      const v = compile(scope, args[0]);
      if (!isTimestamp(v.type) || args[0].type !== 'column') throw FuncError.paramType(call.name);
      const unit = unitArg(scope, call, args[1], 1n);
      const w = scope.window;
      if (w?.interval) {
        // Inside INTERVAL a window counts from its start (or the partition's first row) to its end (or the
        // partition's last row): middle windows equal the window length (facts §2.11 ELAPSED).
        const over = `OVER (${w.interval.partitions.length ? `PARTITION BY ${w.interval.partitions.join(', ')}` : ''})`;
        return f(`CAST(least(${w.wend}, max(max(${v.sql})) ${over}) - greatest(${w.wstart}, min(min(${v.sql})) ${over}) AS DOUBLE) / ${unit}`, DOUBLE);
      }
      return f(`CAST(max(${v.sql}) - min(${v.sql}) AS DOUBLE) / ${unit}`, DOUBLE);
    }
    case 'irate': {
      arity(call, 1);
      const v = numeric(scope, call, args[0]);
      const ts = ordered(scope);
      const unitPerSec = scope.precision === 'ms' ? 1000 : scope.precision === 'us' ? 1000000 : 1000000000;
      // A drop (counter reset) counts the last value as the increase.
      const rate = (vs: string, tss: string) =>
        `(CASE WHEN (${vs})[1] < (${vs})[2] THEN (${vs})[1] ELSE (${vs})[1] - (${vs})[2] END) / (CAST((${tss})[1] - (${tss})[2] AS DOUBLE) / ${unitPerSec})`;
      if (scope.keySql) {
        // a composite key: the last two samples of the first rows of each timestamp, newest first; rows without two
        // samples give 0, as without a key (a timestamp whose first key is NULL counts as no sample)
        const samples = firstRowSamples(v.sql, ts, scope.keySql);
        const last = (i: 1 | 2, field: 't' | 'v') => `(${samples})[-${i}].${field}`;
        const [vs, tss] = [`[${last(1, 'v')}, ${last(2, 'v')}]`, `[${last(1, 't')}, ${last(2, 't')}]`];
        return f(`CASE WHEN len(${samples}) < 2 THEN 0.0 ELSE ${rate(vs, tss)} END`, DOUBLE);
      }
      const nonNull = `FILTER (WHERE ${v.sql} IS NOT NULL)`;
      // the last two samples, newest first
      const vs = `max_by(CAST(${v.sql} AS DOUBLE), ${ts}, 2) ${nonNull}`;
      const tss = `max_by(${ts}, ${ts}, 2) ${nonNull}`;
      // rows without two samples (all NULL too: max_by's list is then NULL) give 0, as in TDengine
      const value = `CASE WHEN coalesce(len(${vs}), 0) < 2 THEN 0.0 ELSE ${rate(vs, tss)} END`;
      // children merged into one timeline must not share a timestamp with a value (0x2805), as for TWA
      if (scope.from?.primary.kind !== 'stable' || scope.perTable) return f(value, DOUBLE);
      return f(`CASE WHEN count(${ts}) ${nonNull} <> count(DISTINCT ${ts}) ${nonNull} THEN error('${DUP_TIMESTAMP}') ELSE ${value} END`, DOUBLE);
    }
    case 'twa': {
      arity(call, 1);
      const v = numeric(scope, call, args[0]).sql;
      const ts = ordered(scope);
      // children merged into one timeline must not share a timestamp (0x2805, 08_aggregates#105), as for DIFF; with a
      // composite key each timestamp gives one sample (its first row) and none is refused
      if (scope.from?.primary.kind !== 'stable' || scope.perTable || scope.keySql) return f(twa(scope, v, ts), DOUBLE);
      const nonNull = `FILTER (WHERE ${v} IS NOT NULL)`;
      return f(`CASE WHEN count(${ts}) ${nonNull} <> count(DISTINCT ${ts}) ${nonNull} THEN error('${DUP_TIMESTAMP}') ELSE ${twa(scope, v, ts)} END`, DOUBLE);
    }
    case 'first':
    case 'last':
    case 'last_row': {
      arity(call, 1);
      if (star) throw FuncError.paramType(call.name);
      const v = compile(scope, args[0]);
      const fn = call.name === 'first' ? 'arg_min' : call.name === 'last' ? 'arg_max' : 'arg_max_null';
      return f(`${fn}(${v.sql}, ${pickOrder(scope)})`, v.type);
    }
    case 'max':
    case 'min': {
      arity(call, 1);
      // numbers, text and VARBINARY (compared byte by byte: '' < '\x01' < '\xff', 33#42, #51): TDengine's MIN/MAX
      // refuse TIMESTAMP and BOOL
      const v = compile(scope, args[0]);
      if (!isNumeric(v.type) && !isString(v.type) && v.type.name !== 'VARBINARY' && v.sql !== 'NULL') throw FuncError.paramType(call.name);
      return f(`${call.name}(${v.sql})`, v.type);
    }
    case 'mode': {
      arity(call, 1);
      const v = compile(scope, args[0]);
      // ties go to the value TDengine's hash walk meets last (storage/td-functions/mode-order.ts), given its first-seen order
      const kind = modeKeyKind(v.type);
      if (!kind || v.sql === 'NULL') return f(`mode(${v.sql})`, v.type);
      const order = scope.tsSql ? ` ORDER BY ${scope.tsSql}` : '';
      const nonNull = `FILTER (WHERE ${v.sql} IS NOT NULL)`;
      const text = kind === 'varbinary' ? `hex(${v.sql})` : `CAST(${v.sql} AS VARCHAR)`;
      return f(`(list(${v.sql}${order}) ${nonNull})[td_mode_pick(list(${text}${order}) ${nonNull}, ${quoteString(kind)})]`, v.type);
    }
    case 'histogram':
      return histogram(scope, call);
    case 'cols':
      return cols(scope, call);
    default:
      throw FuncError.notExists();
  }
}

/**
 * The selection function whose row plain columns come from (`select ts, max(current)`), as a ride-along reader;
 * undefined when the select list has none (then plain columns are an error unless they are group keys).
 */
export function rideAlongFor(scope: ExprScope, call: FunctionCall | undefined): RideAlong | undefined {
  // Plain columns next to COLS(f(x), ...) come from the row f picks.
  if (call?.name === 'cols') return rideAlongFor(scope, colsSelector(call));
  if (!call || call.args.length !== 1 || call.args[0].type === 'star') return undefined;
  const v = compile({ ...scope, inAggregateArgs: true }, call.args[0]).sql;
  const ts = scope.tsSql && pickOrder(scope);
  switch (call.name) {
    case 'max':
      return (c) => `arg_max_null(${c}, ${v})`;
    case 'min':
      return (c) => `arg_min_null(${c}, ${v})`;
    case 'first':
      return ts ? (c) => `arg_min_null(${c}, ${ts}) FILTER (WHERE ${v} IS NOT NULL)` : undefined;
    case 'last':
      return ts ? (c) => `arg_max_null(${c}, ${ts}) FILTER (WHERE ${v} IS NOT NULL)` : undefined;
    case 'last_row':
      return ts ? (c) => `arg_max_null(${c}, ${ts})` : undefined;
    default:
      return undefined;
  }
}


/** Single-row selection functions COLS can pick a row with (TOP/BOTTOM/... are multi-row: not supported). */
const COLS_SELECTORS = new Set(['first', 'last', 'last_row', 'max', 'min']);

/**
 * `COLS(f(x), e)` (3.3.6+): e evaluated on the row the selection function f picks. The select list expands
 * `COLS(f(x), e1, e2…)` into one two-argument call per output (see `expandItems`).
 */
function cols(scope: ExprScope, call: FunctionCall): Typed {
  const selector = colsSelector(call);
  const rideAlong = rideAlongFor({ ...scope, inAggregateArgs: false }, selector);
  if (!rideAlong) throw FuncError.needsTimeline();
  return compile({ ...scope, inAggregateArgs: false, rideAlong }, call.args[1]);
}

/** The selection function of a COLS call, checked (planning calls this before picking a plan shape). */
export function colsSelector(call: FunctionCall): FunctionCall {
  const selector = call.args[0];
  if (call.args.length < 2 || selector.type !== 'function' || !COLS_SELECTORS.has(selector.name)) {
    throw new TdError(TdCode.PAR_INVALID_COLS_SELECTFUNC, "Cols function's first param must be a select function that output a single row");
  }
  arity(selector, 1);
  return selector;
}

/**
 * The signed area under the segment (ta, va)–(tb, vb) as TDengine's twa_get_area computes it in doubles: a trapezoid
 * when both values lie on one side of zero, else two triangles meeting where the segment crosses zero, found from
 * products of raw timestamps and values. Those products lose precision with epoch timestamps (twa(ti) of values
 * averaging 17 is 16.999995666503906: 33#119) and overflow to infinity for values near 1e300.
 */
function twaArea(ta: string, va: string, tb: string, vb: string): string {
  const [a, b] = [`CAST(${ta} AS DOUBLE)`, `CAST(${tb} AS DOUBLE)`];
  const x = `((${a} * ${vb} - ${b} * ${va}) / (${vb} - ${va}))`;
  return `(CASE WHEN (${va} >= 0 AND ${vb} >= 0) OR (${va} <= 0 AND ${vb} <= 0) THEN (${va} + ${vb}) * CAST(${tb} - ${ta} AS DOUBLE) / 2 ELSE (${va} * (${x} - ${a}) + ${vb} * (${b} - ${x})) / 2 END)`;
}

/**
 * The samples TWA and IRATE read from a composite-key table (TDengine's funcInputGetNextRow with a primary key): the
 * first row (smallest key) of each timestamp, then those whose value is not NULL, as a list of `{t, v}` (v a DOUBLE)
 * in time order. A NULL at a timestamp's first key hides the other keys' values there (3.3.7.5: over (0, 10),
 * (1, NULL | 100), (2, 30 | 40) TWA is 20 and IRATE 10). Each row is compared with the one before it through
 * list_zip, not by index inside a lambda (which copies the captured list once per element).
 */
function firstRowSamples(v: string, ts: string, key: string): string {
  const rows = `list({'t': ${ts}, 'v': CAST(${v} AS DOUBLE)} ORDER BY ${ts}, ${key})`;
  const tss = `list(${ts} ORDER BY ${ts}, ${key})`;
  const before = `list_concat([NULL], list_slice(${tss}, 1, len(${tss}) - 1))`;
  const kept = `list_filter(list_zip(${rows}, ${before}), lambda p__: (p__[2] IS NULL OR p__[2] <> p__[1].t) AND p__[1].v IS NOT NULL)`;
  return `list_transform(${kept}, lambda p__: p__[1])`;
}

/** Consecutive pairs of a list of samples: `[{a, b}, …]` for p[1] the earlier and p[2] the later. */
function pairs(list: string): string {
  return `list_zip(list_slice(${list}, 1, len(${list}) - 1), list_slice(${list}, 2, len(${list})))`;
}

/**
 * TWA: the area under the piecewise-linear curve through the non-NULL samples divided by the time it covers, the
 * segments' areas added in time order. Inside INTERVAL windows that do not overlap, the curve is extended to the
 * window edges by interpolating with the last sample of the previous window with data and the first sample of the
 * next one (read with lag/lead over the grouped windows): the start edge is `_wstart`, the end edge TDengine's
 * inclusive window end `_wend - 1`. An infinite or undefined average is NULL.
 */
function twa(scope: ExprScope, v: string, ts: string): string {
  const nonNull = `FILTER (WHERE ${v} IS NOT NULL)`;
  const key = scope.keySql;
  const samples = key ? firstRowSamples(v, ts, key) : `list({'t': ${ts}, 'v': CAST(${v} AS DOUBLE)} ORDER BY ${ts}) ${nonNull}`;
  const areas = `list_transform(${pairs(samples)}, lambda p__: ${twaArea('p__[1].t', 'p__[1].v', 'p__[2].t', 'p__[2].v')})`;
  // added one by one from 0 as TDengine's dOutput
  const added = (parts: string) => `list_reduce(list_prepend(0.0::DOUBLE, ${parts}), lambda acc__, el__: acc__ + el__)`;
  const finite = (e: string) => `list_transform([${e}], lambda r__: CASE WHEN isinf(r__) OR isnan(r__) THEN NULL ELSE r__ END)[1]`;
  const [firstT, lastT] = [`(${samples})[1].t`, `(${samples})[-1].t`];
  const [firstV, lastV] = [`(${samples})[1].v`, `(${samples})[-1].v`];
  const w = scope.window;
  if (!w?.interval?.disjoint) {
    return `CASE WHEN ${firstT} IS NULL THEN NULL WHEN ${firstT} = ${lastT} THEN ${firstV} ELSE ${finite(`${added(areas)} / CAST(${lastT} - ${firstT} AS DOUBLE)`)} END`;
  }
  const over = `OVER (${w.interval.partitions.length ? `PARTITION BY ${w.interval.partitions.join(', ')} ` : ''}ORDER BY ${w.wstart})`;
  // The window's edges are interpolated between the rows on either side of them, NULL rows included: TDengine's
  // interval operator reads their value slot, which holds 0 (14_interval_fill#30). A window whose first (last) row
  // lies on its edge gets no interpolated point there; the integral itself runs over non-NULL rows only.
  const anyV = `coalesce(CAST(${v} AS DOUBLE), 0)`;
  const [anyFirstT, anyLastT] = [`min(${ts})`, `max(${ts})`];
  // With a composite key (3.3.7.5, 42_composite_key_functions): the window's own edge points start from the first
  // row (smallest key) of its first and of its last timestamp, as the samples do (a NULL there counts as 0); the
  // previous window's point is its very last row, the largest key of its last timestamp.
  const anyFirstV = `arg_min(${anyV}, ${key ? `(${ts}, ${key})` : ts})`;
  const anyLastV = key ? `arg_min(${anyV}, (-(${ts}), ${key}))` : `arg_max(${anyV}, ${ts})`;
  const prevT = `lag(${anyLastT}) ${over}`;
  const prevV = `lag(${key ? `arg_max(${anyV}, (${ts}, ${key}))` : anyLastV}) ${over}`;
  const nextT = `lead(${anyFirstT}) ${over}`;
  const nextV = `lead(${anyFirstV}) ${over}`;
  const ws = w.wstart;
  const we = `(${w.wend} - 1)`;
  // value of the segment (ta, va)–(tb, vb) at t
  const at = (ta: string, va: string, tb: string, vb: string, t: string) => `(${va} + (${vb} - ${va}) * CAST(${t} - ${ta} AS DOUBLE) / (${tb} - ${ta}))`;
  const hasLeft = `(${prevT} IS NOT NULL AND ${anyFirstT} > ${ws})`;
  const hasRight = `(${nextT} IS NOT NULL AND ${anyLastT} < ${we})`;
  const left = `CASE WHEN ${hasLeft} THEN ${twaArea(ws, at(prevT, prevV, anyFirstT, anyFirstV, ws), firstT, firstV)} ELSE 0.0 END`;
  const right = `CASE WHEN ${hasRight} THEN ${twaArea(lastT, lastV, we, at(anyLastT, anyLastV, nextT, nextV, we))} ELSE 0.0 END`;
  const start = `CASE WHEN ${hasLeft} THEN ${ws} ELSE ${firstT} END`;
  const end = `CASE WHEN ${hasRight} THEN ${we} ELSE ${lastT} END`;
  // a window whose rows hold no sample (all NULL) answers 0 in TDengine while a later window has rows, NULL when none
  // has (43#12, #23), as a whole query does
  return `CASE WHEN ${firstT} IS NULL THEN (CASE WHEN ${nextT} IS NULL THEN NULL ELSE 0.0 END) WHEN ${start} = ${end} THEN ${firstV} ELSE ${finite(`${added(`list_concat([${left}], ${areas}, [${right}])`)} / CAST(${end} - ${start} AS DOUBLE)`)} END`;
}
