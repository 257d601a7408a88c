import type { Precision } from '../../catalog/db-options';
import { FuncError, TdError } from '../../errors';
import { durationInPrecision } from '../../format/time-parse';
import type { Expression, FunctionCall } from '../../sql';
import type { TypeSpec } from '../../types';

/**
 * TDengine's function families (facts §2.11). The family decides how a query is planned:
 * - aggregate: one value per group/window;
 * - selection: one value per group, picked from a row, so plain columns may ride along (`select ts, max(c)`);
 * - multiRow: selection functions that return several rows per group (TOP, BOTTOM, TAIL, UNIQUE, SAMPLE);
 * - timeSeries: one output row per input row (DIFF, CSUM, ...);
 * - interp: INTERP (its own plan);
 * - scalar: row-wise.
 */
export type FunctionFamily = 'aggregate' | 'selection' | 'multiRow' | 'timeSeries' | 'interp' | 'scalar';

const FAMILIES: Record<string, FunctionFamily> = {
  count: 'aggregate',
  avg: 'aggregate',
  sum: 'aggregate',
  spread: 'aggregate',
  stddev: 'aggregate',
  stddev_pop: 'aggregate',
  var_pop: 'aggregate',
  leastsquares: 'aggregate',
  hyperloglog: 'aggregate',
  percentile: 'aggregate',
  apercentile: 'aggregate',
  histogram: 'aggregate',
  elapsed: 'aggregate',
  irate: 'aggregate',
  twa: 'aggregate',
  first: 'selection',
  last: 'selection',
  last_row: 'selection',
  max: 'selection',
  min: 'selection',
  mode: 'selection',
  cols: 'selection',
  top: 'multiRow',
  bottom: 'multiRow',
  tail: 'multiRow',
  unique: 'multiRow',
  sample: 'multiRow',
  csum: 'timeSeries',
  derivative: 'timeSeries',
  diff: 'timeSeries',
  mavg: 'timeSeries',
  statecount: 'timeSeries',
  stateduration: 'timeSeries',
  interp: 'interp',
};

export function functionFamily(name: string): FunctionFamily {
  return FAMILIES[name] ?? 'scalar';
}

/** Aggregate-like: produces one value per group (aggregate + selection). */
export function isGroupFunction(name: string): boolean {
  const f = functionFamily(name);
  return f === 'aggregate' || f === 'selection';
}

/**
 * Functions TDengine's grammar lets be called with an empty argument list (`noarg_func` and RAND); for any other
 * name `f()` is a syntax error, refused before the name is looked up.
 */
const NO_ARGUMENT_FUNCTIONS = new Set(['now', 'today', 'timezone', 'database', 'client_version', 'server_version', 'server_status', 'current_user', 'user', 'pi', 'rand']);

/**
 * The function checker's count rule, in TDengine's order: an empty list where the grammar wants one is a syntax error
 * (9728), any other count outside [min, max] is 0x2801.
 */
export function checkArgumentCount(call: FunctionCall, min: number, max = min): void {
  checkCallShape(call);
  if (call.args.length < min || call.args.length > max) throw FuncError.paramNum(call.name);
}

/** Keywords of TDengine's grammar that other databases have as functions: `if(…)` is a syntax error there. */
const KEYWORDS_NOT_FUNCTIONS = new Set(['if']);

/** What the grammar refuses before any function is looked up: `f()` for a function that takes arguments, `if(…)`. */
export function checkCallShape(call: FunctionCall): void {
  if (KEYWORDS_NOT_FUNCTIONS.has(call.name)) throw TdError.syntax(`${call.name}(`);
  if (call.args.length === 0 && !NO_ARGUMENT_FUNCTIONS.has(call.name)) throw FuncError.noArguments();
}

/**
 * A time-unit argument (`1s`; for an `interval` also `10s` or an integer in the database's precision) in units of
 * `precision`. TDengine refuses a
 * calendar unit (n, y) or a unit of zero as an invalid time unit (0x280A) and a unit finer than the database's
 * precision (`1b` in an ms database) as too small (0x280B). For an `interval` argument (DERIVATIVE's) zero or less
 * is out of its range (0x2811) instead. Anything but a duration or an integer constant is the wrong type (0x2802).
 */
export function timeUnitArg(call: FunctionCall, e: Expression, precision: Precision, kind: 'unit' | 'interval'): bigint {
  const notPositive = () => (kind === 'interval' ? FuncError.paramRange(call.name) : FuncError.timeUnitInvalid(call.name));
  // a time unit is one of 1b 1u 1a 1s 1m 1h 1d 1w (builtins.c validateTimeUnitParam: `10s`, `0s`, a bare number are 0x280A)
  if (kind === 'unit' && (e.type !== 'duration' || e.duration.value !== 1)) {
    if (e.type !== 'duration' && e.type !== 'integer') throw FuncError.paramType(call.name);
    throw FuncError.timeUnitInvalid(call.name);
  }
  if (e.type === 'integer') {
    const n = BigInt(e.value);
    if (n <= 0n) throw notPositive();
    return n;
  }
  if (e.type !== 'duration') throw FuncError.paramType(call.name);
  const { value, unit } = e.duration;
  const d = durationInPrecision(value, unit ?? 'a', precision);
  if (d === undefined) throw FuncError.timeUnitInvalid(call.name);
  if (value <= 0) throw notPositive();
  if (d === 0n) throw FuncError.timeUnitTooSmall(call.name);
  return d;
}

/** TSDB_MAX_BINARY_LEN less the cell header: the most bytes a CAST result may take. */
const MAX_CAST_BYTES = 65517;

/** CAST's own check of its target: a text length of 0 or of more than 65517 bytes (an NCHAR takes 4 a character) is 0x2800. */
export function checkCastTarget(target: TypeSpec): void {
  if (target.length === undefined || !['VARCHAR', 'NCHAR', 'VARBINARY'].includes(target.name)) return;
  const bytes = target.name === 'NCHAR' ? target.length * 4 : target.length;
  if (bytes <= 0 || bytes > MAX_CAST_BYTES) throw FuncError.funcError(`CAST function converted length should be in range (0, ${MAX_CAST_BYTES}] bytes`);
}
