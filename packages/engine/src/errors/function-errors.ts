import { TdCode } from './codes';
import { TdError } from './td-error';

/**
 * The function checker's refusals, as TDengine words them (`Invalid number of parameters : abs`). What decides the
 * code is what is wrong with the call, never where the engine happens to notice it:
 * - the name: `notExists` (884) — TDengine looks the name up before anything else;
 * - the argument count: `paramNum` (0x2801), or a syntax error for an empty list (`noArguments`);
 * - an argument's type, a constant where a column is needed or the reverse: `paramType` (0x2802);
 * - an argument's value that is not one of the allowed words/flags: `paramValue` (0x2803);
 * - a number outside the allowed interval (TOP's k, PERCENTILE's p): `paramRange` (0x2811);
 * - a time unit a function does not take: `timeUnitInvalid` (0x280A) / smaller than the database's precision:
 *   `timeUnitTooSmall` (0x280B);
 * - a malformed description argument (HISTOGRAM's bins, CAST's length): `funcError` (0x2800).
 */
/** What a plan raises with DuckDB's error() where a time-series function meets a timestamp twice (run.ts: 0x2805). */
export const DUP_TIMESTAMP = 'Duplicate timestamps not allowed in function';
/** What a plan raises with DuckDB's error() where TO_TIMESTAMP meets a text value its format does not describe (run.ts: 0x2806). */
export const TO_TIMESTAMP_MISMATCH = 'Func to_timestamp failed for format mismatch';
/** What a plan raises with DuckDB's error() where a value does not convert (CAST of text cut inside a character to NCHAR: duckdb.ts, 0x3250). */
export const CANNOT_CONVERT = 'Cannot convert to specific type';

export const FuncError = {
  notExists: (): TdError => new TdError(TdCode.FUNC_NOT_EXISTS, 'Func not exists'),
  paramNum: (fn: string): TdError => new TdError(TdCode.FUNC_PARA_NUM, `Invalid number of parameters : ${fn}`),
  paramType: (fn: string): TdError => new TdError(TdCode.FUNC_PARA_TYPE, `Invalid parameter data type : ${fn}`),
  paramValue: (fn: string): TdError => new TdError(TdCode.FUNC_PARA_VALUE, `Invalid parameter value : ${fn}`),
  paramRange: (fn: string): TdError => new TdError(TdCode.FUNC_PARA_RANGE, `Invalid parameter range : ${fn}`),
  timeUnitInvalid: (fn: string): TdError => new TdError(TdCode.FUNC_TIME_UNIT_INVALID, `Invalid timzone format : ${fn}`),
  timeUnitTooSmall: (fn: string): TdError => new TdError(TdCode.FUNC_TIME_UNIT_TOO_SMALL, `Time unit is too small : ${fn}`),
  funcError: (message: string): TdError => new TdError(TdCode.FUNC_ERROR, message),
  /** `f()` for a function that takes arguments: TDengine's grammar has no empty argument list but for NOW() & co. */
  noArguments: (): TdError => TdError.syntax(')'),
  /** an aggregate inside an aggregate's arguments */
  nested: (): TdError => new TdError(TdCode.PAR_AGG_FUNC_NESTING, 'Aggregate functions do not support nesting'),
  /** an aggregate in WHERE, GROUP BY or PARTITION BY */
  aggregateNotAllowed: (): TdError => new TdError(TdCode.ILLEGAL_USE_AGG_FUNC, "There mustn't be aggregation"),
  /** a function that may not stand where it is (multi-row with time-series, INTERP with a window …) */
  notAllowedHere: (message: string): TdError => new TdError(TdCode.PAR_NOT_ALLOWED_FUNC, message),
  /**
   * a time-series function after DIFF (a by-row function) that is not DIFF itself. The code is TDengine's
   * (43_time_series_edges, whose goldens keep no messages); the words are ours.
   */
  differentByRow: (): TdError => new TdError(TdCode.PAR_NOT_ALLOWED_DIFFERENT_BY_ROW_FUNC, 'Different by-row functions cannot be used in one query'),
  /** PERCENTILE (a repeat-scan function) over anything but one child or normal table: a super table, a subquery, a join */
  singleTableOnly: (fn: string): TdError => new TdError(TdCode.PAR_ONLY_SUPPORT_SINGLE_TABLE, `${fn} is only supported in single table query`),
  /** a function that needs rows in time order over input that has no primary timestamp */
  needsTimeline: (): TdError => new TdError(TdCode.PAR_INVALID_TIMELINE_FUNC, 'Invalid timeline function'),
} as const;
