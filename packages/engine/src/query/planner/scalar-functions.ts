import { FuncError } from '../../errors';
import { durationInPrecision, parseTimestamp } from '../../format/time-parse';
import { zoneOffsetMinutes } from '../../format/timestamp';
import { quoteString } from '../../storage/names';
import type { Expression, FunctionCall } from '../../sql';
import { isFloat, isInteger, isNumeric, isString, isTimestamp, type TypeSpec } from '../../types';
import { checkArgumentCount, timeUnitArg } from '../binder/functions';
import { BIGINT, DOUBLE, TIMESTAMP, compile, nsPer, timeOperand, varchar } from './expr';
import type { ExprScope, Typed } from './scope';
import { duckCast } from './types';
import { STRING_FUNCTIONS } from './string-functions';
import { SERVER_VERSION } from '../system';


type Impl = (scope: ExprScope, args: Expression[], call: FunctionCall) => Typed;

const arity = checkArgumentCount;

function numericArg(scope: ExprScope, e: Expression): Typed {
  const v = compile(scope, e);
  // TDengine's math functions take numbers only: BOOL and DECIMAL are 0x2802 (`abs(true)`, `abs(d)` of DECIMAL(p, s))
  if ((!isNumeric(v.type) || v.type.name === 'DECIMAL') && !(v.type.name === 'VARCHAR' && v.sql === 'NULL')) {
    throw FuncError.paramType(e.text);
  }
  return v;
}

/** An integer argument (SUBSTR's position, REPEAT's count, ROUND's digits): anything but a number is 0x2802. */
function integerArg(scope: ExprScope, call: FunctionCall, e: Expression): Typed {
  const v = compile(scope, e);
  if (!isNumeric(v.type) && v.sql !== 'NULL') throw FuncError.paramType(call.name);
  return v;
}

function stringArg(scope: ExprScope, e: Expression): Typed {
  const v = compile(scope, e);
  if (!isString(v.type) && v.sql !== 'NULL') throw FuncError.paramType(e.text);
  return v;
}

/** Math functions returning DOUBLE. */
/**
 * Math functions returning DOUBLE. Outside its domain (`domain(x)` false) a function is NULL in TDengine (`sqrt(-1)`,
 * `ln(0)`, `asin(2)`), where DuckDB would refuse the statement.
 */
function math(fn: string, domain?: (x: string) => string): Impl {
  return (scope, args, call) => {
    arity(call, 1);
    const x = `CAST(${numericArg(scope, args[0]).sql} AS DOUBLE)`;
    return { sql: domain ? `(CASE WHEN ${domain(x)} THEN ${fn}(${x}) END)` : `${fn}(${x})`, type: DOUBLE };
  };
}

const POSITIVE = (x: string) => `${x} > 0`;

/** The smallest value of each signed integer type: its ABS does not fit, and TDengine (C's abs) answers it unchanged. */
const SIGNED_MIN: Record<string, string> = { TINYINT: '-128', SMALLINT: '-32768', INT: '-2147483648', BIGINT: '-9223372036854775808' };

function absInteger(x: string, type: TypeSpec): string {
  const min = SIGNED_MIN[type.name];
  return min ? `(CASE WHEN ${x} = ${min} THEN ${x} ELSE abs(${x}) END)` : x;
}

/**
 * ABS/CEIL/FLOOR/ROUND keep the argument's type (facts §2.11 scalar functions). An integer argument takes
 * `onInteger` when given: CEIL/FLOOR/ROUND of an integer is the integer (DuckDB would go through DOUBLE and fail
 * to cast 2^63 - 1 back).
 */
function sameType(fn: (x: string, rest: string[]) => string, maxArgs = 1, onInteger?: (x: string, type: TypeSpec, rest: string[]) => string): Impl {
  return (scope, args, call) => {
    arity(call, 1, maxArgs);
    const v = numericArg(scope, args[0]);
    const rest = args.slice(1).map((a) => integerArg(scope, call, a).sql);
    // a NULL literal answers BIGINT (`abs(null)`), an integer its own type (abs of INT UNSIGNED is INT UNSIGNED)
    const type = isInteger(v.type) || isFloat(v.type) ? v.type : v.sql === 'NULL' ? BIGINT : DOUBLE;
    const sql = onInteger && isInteger(v.type) ? onInteger(v.sql, v.type, rest) : fn(v.sql, rest);
    return { sql: `CAST(${sql} AS ${duckCast(type)})`, type };
  };
}

/**
 * GREATEST/LEAST: over numbers BIGINT (all integers) or DOUBLE, over texts the text (`greatest('a', 'b')` is 'b':
 * a DOUBLE cast would refuse it).
 */
function extremum(fn: 'greatest' | 'least'): Impl {
  return (scope, args, call) => {
    arity(call, 2, Infinity);
    const vs = args.map((a) => compile(scope, a));
    const sql = `${fn}(${vs.map((v) => v.sql).join(', ')})`;
    if (vs.every((v) => isString(v.type) || v.sql === 'NULL')) return { sql, type: varchar(Math.max(...vs.map((v) => v.type.length ?? 0))) };
    return { sql, type: vs.every((v) => isInteger(v.type)) ? BIGINT : DOUBLE };
  };
}

/** A time value of TIMEDIFF/TIMETRUNCATE: a TIMESTAMP, an integer or a time text; a FLOAT/DOUBLE/BOOL is 0x2802. */
function timeValueArg(scope: ExprScope, call: FunctionCall, e: Expression): Typed {
  const v = timeOperand(scope, e);
  if (v.sql !== 'NULL' && !isTimestamp(v.type) && !isInteger(v.type) && !isString(v.type)) throw FuncError.paramType(call.name);
  return v;
}

/** An integer flag argument that must be one of `allowed` (WEEK's mode, TIMETRUNCATE's use_current_timezone); else 0x2803. */
function flagArg(call: FunctionCall, e: Expression | undefined, allowed: number[]): number | undefined {
  if (!e) return undefined;
  if (e.type !== 'integer' || !allowed.includes(Number(e.value))) throw FuncError.paramValue(call.name);
  return Number(e.value);
}

/** TO_ISO8601's time zone: `Z`, `±hh` or `±hh:mm`; anything else is TDengine's 0x2800 "Invalid timzone format". */
const ISO_ZONE = /^(z|[+-]\d{2}(:\d{2})?)$/i;

/** A timestamp argument (a TIMESTAMP or an integer in the database's precision) of TO_CHAR/TO_ISO8601: text is 0x2802. */
function timeArg(scope: ExprScope, call: FunctionCall, e: Expression): Typed {
  const v = compile(scope, e);
  if (isString(v.type) && v.sql !== 'NULL') throw FuncError.paramType(call.name);
  return v;
}

/** `yyyy-mm-dd hh24:mi:ss.ms` (TO_CHAR/TO_TIMESTAMP formats) → strftime/strptime patterns. */
function strftimeFormat(fmt: string): string {
  const map: [RegExp, string][] = [
    [/yyyy/gi, '%Y'],
    [/yy/gi, '%y'],
    [/month/gi, '%B'],
    [/mon/gi, '%b'],
    [/mm/gi, '%m'],
    [/dd/gi, '%d'],
    [/day/gi, '%A'],
    [/dy/gi, '%a'],
    [/hh24/gi, '%H'],
    [/hh12/gi, '%I'],
    [/hh/gi, '%I'],
    [/mi/gi, '%M'],
    [/ss/gi, '%S'],
    [/ms/gi, '%g'],
    [/us/gi, '%f'],
    [/ns/gi, '%n'],
    [/am|pm/gi, '%p'],
  ];
  let out = '';
  let i = 0;
  outer: while (i < fmt.length) {
    for (const [re, rep] of map) {
      re.lastIndex = 0;
      const m = new RegExp(`^(?:${re.source})`, 'i').exec(fmt.slice(i));
      if (m) {
        out += rep;
        i += m[0].length;
        continue outer;
      }
    }
    out += fmt[i] === '%' ? '%%' : fmt[i];
    i++;
  }
  return out;
}

/** A timestamp column value (db precision integer) as a DuckDB TIMESTAMP shifted into the connection zone. */
function localTimestamp(scope: ExprScope, sql: string): { ts: string; offsetText: string } {
  const offset = scope.ctx.tz ? zoneOffsetMinutes(scope.ctx.tz, scope.ctx.nowMs) : 0;
  const us = scope.precision === 'ms' ? `(${sql}) * 1000` : scope.precision === 'us' ? `(${sql})` : `(${sql}) // 1000`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const offsetText = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return { ts: `make_timestamp(${us} + ${offset * 60000000})`, offsetText };
}

const FUNCTIONS: Record<string, Impl> = {
  abs: sameType((x) => `abs(${x})`, 1, absInteger),
  ceil: sameType((x) => `ceil(${x})`, 1, (x) => x),
  floor: sameType((x) => `floor(${x})`, 1, (x) => x),
  round: sameType((x, r) => `round(${x}${r.length ? `, CAST(${r[0]} AS INTEGER)` : ''})`, 2, (x, _t, r) => (r.length ? `round(${x}, CAST(${r[0]} AS INTEGER))` : x)),
  truncate: sameType((x, r) => `trunc(${x} * pow(10, ${r[0] ?? 0})) / pow(10, ${r[0] ?? 0})`, 2),
  sqrt: math('sqrt', (x) => `${x} >= 0`),
  sin: math('sin'),
  cos: math('cos'),
  tan: math('tan'),
  asin: math('asin', (x) => `${x} BETWEEN -1 AND 1`),
  acos: math('acos', (x) => `${x} BETWEEN -1 AND 1`),
  atan: math('atan'),
  exp: math('exp'),
  ln: math('ln', POSITIVE),
  degrees: math('degrees'),
  radians: math('radians'),
  sign: sameType((x) => `sign(${x})`),
  pi: (_s, _a, call) => (arity(call, 0), { sql: 'pi()', type: DOUBLE }),
  log: (scope, args, call) => {
    arity(call, 1, 2);
    const x = `CAST(${numericArg(scope, args[0]).sql} AS DOUBLE)`;
    if (args.length === 1) return { sql: `(CASE WHEN ${POSITIVE(x)} THEN ln(${x}) END)`, type: DOUBLE };
    // NULL outside the domain, as TDengine: x <= 0, a base <= 0 or of 1
    const base = `CAST(${numericArg(scope, args[1]).sql} AS DOUBLE)`;
    return { sql: `(CASE WHEN ${POSITIVE(x)} AND ${POSITIVE(base)} AND ${base} <> 1 THEN ln(${x}) / ln(${base}) END)`, type: DOUBLE };
  },
  pow: (scope, args, call) => {
    arity(call, 2);
    return { sql: `pow(CAST(${numericArg(scope, args[0]).sql} AS DOUBLE), ${numericArg(scope, args[1]).sql})`, type: DOUBLE };
  },
  mod: (scope, args, call) => {
    arity(call, 2);
    // C's fmod, as TDengine: the remainder takes the dividend's sign (mod(-10, 3) is -1). DuckDB's fmod() floors
    // (2); its DOUBLE `%` truncates as C does. A zero divisor gives NULL in TDengine (DuckDB: NaN for 0 % 0).
    return { sql: `(CAST(${numericArg(scope, args[0]).sql} AS DOUBLE) % nullif(CAST(${numericArg(scope, args[1]).sql} AS DOUBLE), 0))`, type: DOUBLE };
  },
  ...STRING_FUNCTIONS,
  to_iso8601: (scope, args, call) => {
    arity(call, 1, 2);
    const v = timeArg(scope, call, args[0]);
    if (args[1] && !(args[1].type === 'string' && ISO_ZONE.test(args[1].value))) throw FuncError.funcError('Invalid timzone format');
    const { ts, offsetText } = localTimestamp(scope, v.sql);
    const frac = scope.precision === 'ms' ? '.%g' : scope.precision === 'us' ? '.%f' : '.%n';
    return { sql: `(strftime(${ts}, '%Y-%m-%dT%H:%M:%S${frac}') || '${offsetText}')`, type: varchar(64) };
  },
  to_unixtimestamp: (scope, args, call) => {
    arity(call, 1, 2);
    const s = stringArg(scope, args[0]);
    const asTs = args[1]?.type === 'integer' && args[1].value === '1';
    // text that is no time is NULL in TDengine
    if (args[0].type === 'string') {
      const ts = parseTimestamp(args[0].value, scope.precision, scope.ctx.tz);
      return ts === undefined ? { sql: 'NULL::BIGINT', type: asTs ? TIMESTAMP : BIGINT } : { sql: `${ts}::BIGINT`, type: asTs ? TIMESTAMP : BIGINT, constant: ts };
    }
    return { sql: `CAST(epoch_ns(TRY_CAST(${s.sql} AS TIMESTAMPTZ)) // ${nsPer(scope)} AS BIGINT)`, type: asTs ? TIMESTAMP : BIGINT };
  },
  to_char: (scope, args, call) => {
    arity(call, 2);
    const v = timeArg(scope, call, args[0]);
    if (args[1].type !== 'string') throw FuncError.paramType(call.name);
    const { ts } = localTimestamp(scope, v.sql);
    return { sql: `strftime(${ts}, ${quoteString(strftimeFormat(args[1].value))})`, type: varchar(4096) };
  },
  to_timestamp: (scope, args, call) => {
    arity(call, 2);
    const s = stringArg(scope, args[0]);
    // the NULL literal has no text type for TDengine's checker: 0x2802
    if (s.sql === 'NULL' || args[1].type !== 'string') throw FuncError.paramType(call.name);
    const offset = scope.ctx.tz ? zoneOffsetMinutes(scope.ctx.tz, scope.ctx.nowMs) : 0;
    return {
      sql: `CAST((epoch_ns(try_strptime(${s.sql}, ${quoteString(strftimeFormat(args[1].value))})) - ${offset * 60}000000000) // ${nsPer(scope)} AS BIGINT)`,
      type: TIMESTAMP,
    };
  },
  timediff: (scope, args, call) => {
    arity(call, 2, 3);
    const a = timeValueArg(scope, call, args[0]);
    const b = timeValueArg(scope, call, args[1]);
    const unit = args[2] ? timeUnitArg(call, args[2], scope.precision, 'unit') : 1n;
    return { sql: `CAST(((${a.sql}) - (${b.sql})) // ${unit} AS BIGINT)`, type: BIGINT };
  },
  timetruncate: (scope, args, call) => {
    arity(call, 2, 3);
    const a = timeValueArg(scope, call, args[0]);
    const unit = timeUnitArg(call, args[1], scope.precision, 'unit');
    // Day and week units truncate in the connection zone unless the third argument is 0 (use_current_timezone).
    const useZone = flagArg(call, args[2], [0, 1]) !== 0;
    const dayUnit = durationInPrecision(1, 'd', scope.precision)!;
    const offMin = useZone && unit >= dayUnit && scope.ctx.tz ? zoneOffsetMinutes(scope.ctx.tz, scope.ctx.nowMs) : 0;
    const off = durationInPrecision(offMin, 'm', scope.precision)!;
    const x = off === 0n ? `(${a.sql})` : `((${a.sql}) + ${off})`;
    return { sql: `(${x} - ((${x} % ${unit}) + ${unit}) % ${unit}${off === 0n ? '' : ` - ${off}`})`, type: TIMESTAMP };
  },
  weekday: (scope, args, call) => {
    arity(call, 1);
    const { ts } = localTimestamp(scope, timeOperand(scope, args[0]).sql);
    return { sql: `CAST((isodow(${ts}) - 1) AS BIGINT)`, type: BIGINT };
  },
  dayofweek: (scope, args, call) => {
    arity(call, 1);
    const { ts } = localTimestamp(scope, timeOperand(scope, args[0]).sql);
    return { sql: `CAST(dayofweek(${ts}) + 1 AS BIGINT)`, type: BIGINT };
  },
  week: (scope, args, call) => {
    arity(call, 1, 2);
    flagArg(call, args[1], [0, 1, 2, 3, 4, 5, 6, 7]);
    const { ts } = localTimestamp(scope, timeOperand(scope, args[0]).sql);
    return { sql: `CAST(week(${ts}) AS BIGINT)`, type: BIGINT };
  },
  weekofyear: (scope, args, call) => FUNCTIONS.week(scope, args.slice(0, 1), { ...call, args: call.args.slice(0, 1) }),
  timezone: (scope, _a, call) => {
    arity(call, 0);
    const tz = scope.ctx.tz ?? 'UTC';
    const offset = zoneOffsetMinutes(tz, scope.ctx.nowMs);
    const hhmm = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    return { sql: quoteString(`${tz} (UTC, ${hhmm})`), type: varchar(64) };
  },
  now: (scope, _a, call) => (arity(call, 0), compile(scope, { type: 'timeKeyword', keyword: 'now', text: 'now()', span: call.span })),
  today: (scope, _a, call) => (arity(call, 0), compile(scope, { type: 'timeKeyword', keyword: 'today', text: 'today()', span: call.span })),
  database: (scope, _a, call) => (arity(call, 0), { sql: scope.ctx.db ? quoteString(scope.ctx.db) : 'NULL', type: varchar(64) }),
  client_version: (_s, _a, call) => (arity(call, 0), { sql: quoteString(SERVER_VERSION), type: varchar(64) }),
  server_version: (_s, _a, call) => (arity(call, 0), { sql: quoteString(SERVER_VERSION), type: varchar(64) }),
  server_status: (_s, _a, call) => (arity(call, 0), { sql: '1::INTEGER', type: { name: 'INT' } }),
  current_user: (scope, _a, call) => (arity(call, 0), { sql: quoteString(`${scope.ctx.user.name}@127.0.0.1`), type: varchar(64) }),
  user: (scope, args, call) => FUNCTIONS.current_user(scope, args, call),
  rand: (_s, args, call) => (arity(call, 0, 1), { sql: 'random()', type: DOUBLE }),
  greatest: extremum('greatest'),
  least: extremum('least'),
};

/** A scalar function call (facts §2.11 math/string/conversion/time/system functions). */
export function compileScalarFunction(scope: ExprScope, call: FunctionCall): Typed {
  const impl = FUNCTIONS[call.name];
  if (!impl) throw FuncError.notExists();
  if (call.args.some((a) => a.type === 'star')) throw FuncError.paramType(call.name);
  return impl(scope, call.args, call);
}
