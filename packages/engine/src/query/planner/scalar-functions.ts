import { TdCode, TdError } from '../../errors';
import { durationInPrecision } from '../../format/time-parse';
import { zoneOffsetMinutes } from '../../format/timestamp';
import { quoteString } from '../../storage/names';
import type { Expression, FunctionCall } from '../../sql';
import { isFloat, isInteger, isNumeric, isString, type TypeSpec } from '../../types';
import { BIGINT, BOOL, DOUBLE, TIMESTAMP, compile, invalidParams, nsPer, timeOperand, varchar } from './expr';
import type { ExprScope, Typed } from './scope';
import { SERVER_VERSION } from '../system';


type Impl = (scope: ExprScope, args: Expression[], call: FunctionCall) => Typed;

function arity(call: FunctionCall, min: number, max = min): void {
  if (call.args.length < min || call.args.length > max) throw invalidParams(`Invalid number of parameters : ${call.name}`);
}

function numericArg(scope: ExprScope, e: Expression): Typed {
  const v = compile(scope, e);
  if (!isNumeric(v.type) && v.type.name !== 'BOOL' && !(v.type.name === 'VARCHAR' && v.sql === 'NULL')) {
    throw invalidParams(`Invalid parameter data type : ${e.text}`);
  }
  return v;
}

function stringArg(scope: ExprScope, e: Expression): Typed {
  const v = compile(scope, e);
  if (!isString(v.type) && v.sql !== 'NULL') throw invalidParams(`Invalid parameter data type : ${e.text}`);
  return v;
}

/** Math functions returning DOUBLE. */
function math(fn: string): Impl {
  return (scope, args, call) => {
    arity(call, 1);
    return { sql: `${fn}(CAST(${numericArg(scope, args[0]).sql} AS DOUBLE))`, type: DOUBLE };
  };
}

/** ABS/CEIL/FLOOR/ROUND keep the argument's type (facts §2.11 scalar functions). */
function sameType(fn: (x: string, rest: string[]) => string, maxArgs = 1): Impl {
  return (scope, args, call) => {
    arity(call, 1, maxArgs);
    const v = numericArg(scope, args[0]);
    const rest = args.slice(1).map((a) => compile(scope, a).sql);
    const type = isInteger(v.type) || isFloat(v.type) ? v.type : DOUBLE;
    return { sql: `CAST(${fn(v.sql, rest)} AS ${type.name === 'FLOAT' ? 'FLOAT' : isInteger(type) ? 'BIGINT' : 'DOUBLE'})`, type: isInteger(type) ? BIGINT : type };
  };
}

function stringFn(fn: (s: string) => string, type: (v: Typed) => TypeSpec = (v) => v.type): Impl {
  return (scope, args, call) => {
    arity(call, 1);
    const v = stringArg(scope, args[0]);
    return { sql: fn(v.sql), type: type(v) };
  };
}

function timeUnitArg(scope: ExprScope, e: Expression | undefined): bigint | undefined {
  if (!e) return undefined;
  if (e.type === 'duration') {
    const d = durationInPrecision(e.duration.value, e.duration.unit ?? 'a', scope.precision);
    if (d === undefined || d <= 0n) throw invalidParams();
    return d;
  }
  if (e.type === 'integer') return BigInt(e.value);
  throw invalidParams();
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
  abs: sameType((x) => `abs(${x})`),
  ceil: sameType((x) => `ceil(${x})`),
  floor: sameType((x) => `floor(${x})`),
  round: sameType((x, r) => `round(${x}${r.length ? `, CAST(${r[0]} AS INTEGER)` : ''})`, 2),
  truncate: sameType((x, r) => `trunc(${x} * pow(10, ${r[0] ?? 0})) / pow(10, ${r[0] ?? 0})`, 2),
  sqrt: math('sqrt'),
  sin: math('sin'),
  cos: math('cos'),
  tan: math('tan'),
  asin: math('asin'),
  acos: math('acos'),
  atan: math('atan'),
  exp: math('exp'),
  ln: math('ln'),
  degrees: math('degrees'),
  radians: math('radians'),
  sign: math('sign'),
  pi: (_s, _a, call) => (arity(call, 0), { sql: 'pi()', type: DOUBLE }),
  log: (scope, args, call) => {
    arity(call, 1, 2);
    const x = numericArg(scope, args[0]).sql;
    if (args.length === 1) return { sql: `ln(${x})`, type: DOUBLE };
    return { sql: `(ln(${x}) / ln(${numericArg(scope, args[1]).sql}))`, type: DOUBLE };
  },
  pow: (scope, args, call) => {
    arity(call, 2);
    return { sql: `pow(CAST(${numericArg(scope, args[0]).sql} AS DOUBLE), ${numericArg(scope, args[1]).sql})`, type: DOUBLE };
  },
  mod: (scope, args, call) => {
    arity(call, 2);
    return { sql: `fmod(CAST(${numericArg(scope, args[0]).sql} AS DOUBLE), ${numericArg(scope, args[1]).sql})`, type: DOUBLE };
  },
  // Bytes as TDengine stores them: UTF-8 for VARCHAR (strlen: a cast to BLOB would read backslashes as escapes
  // and fail on 'a\\b'), 4 per character for NCHAR (UCS-4; sclfunc.c tlength)
  length: (scope, args, call) => {
    arity(call, 1);
    const v = stringArg(scope, args[0]);
    return { sql: v.type.name === 'NCHAR' ? `CAST(4 * length(${v.sql}) AS BIGINT)` : `CAST(strlen(${v.sql}) AS BIGINT)`, type: BIGINT };
  },
  char_length: stringFn((s) => `CAST(length(${s}) AS BIGINT)`, () => BIGINT),
  lower: stringFn((s) => `lower(${s})`),
  upper: stringFn((s) => `upper(${s})`),
  ltrim: stringFn((s) => `ltrim(${s})`),
  rtrim: stringFn((s) => `rtrim(${s})`),
  trim: stringFn((s) => `trim(${s})`),
  ascii: stringFn((s) => `ascii(${s})`, () => ({ name: 'TINYINT UNSIGNED' })),
  concat: (scope, args, call) => {
    if (args.length < 2 || args.length > 8) throw invalidParams(`Invalid number of parameters : ${call.name}`);
    const vs = args.map((a) => stringArg(scope, a));
    // TDengine's CONCAT is NULL when any argument is NULL.
    return { sql: `(${vs.map((v) => v.sql).join(' || ')})`, type: { name: vs.some((v) => v.type.name === 'NCHAR') ? 'NCHAR' : 'VARCHAR', length: vs.reduce((n, v) => n + (v.type.length ?? 0), 0) } };
  },
  concat_ws: (scope, args, call) => {
    if (args.length < 3 || args.length > 9) throw invalidParams(`Invalid number of parameters : ${call.name}`);
    const [sep, ...vs] = args.map((a) => stringArg(scope, a));
    const len = vs.reduce((n, v) => n + (v.type.length ?? 0), 0) + (sep.type.length ?? 0) * (vs.length - 1);
    return { sql: `CASE WHEN ${sep.sql} IS NULL THEN NULL ELSE concat_ws(${sep.sql}, ${vs.map((v) => v.sql).join(', ')}) END`, type: varchar(len) };
  },
  substr: (scope, args, call) => {
    arity(call, 2, 3);
    const s = stringArg(scope, args[0]);
    const pos = compile(scope, args[1]).sql;
    const len = args[2] ? `, ${compile(scope, args[2]).sql}` : '';
    // Negative positions count from the end, as in TDengine.
    return { sql: `substring(${s.sql}, CASE WHEN ${pos} < 0 THEN length(${s.sql}) + ${pos} + 1 ELSE ${pos} END${len})`, type: s.type };
  },
  substring: (scope, args, call) => FUNCTIONS.substr(scope, args, call),
  replace: (scope, args, call) => {
    arity(call, 3);
    const [s, a, b] = args.map((x) => stringArg(scope, x));
    return { sql: `replace(${s.sql}, ${a.sql}, ${b.sql})`, type: s.type };
  },
  repeat: (scope, args, call) => {
    arity(call, 2);
    const s = stringArg(scope, args[0]);
    return { sql: `repeat(${s.sql}, ${compile(scope, args[1]).sql})`, type: s.type };
  },
  position: (scope, args, call) => {
    arity(call, 2);
    return { sql: `CAST(strpos(${stringArg(scope, args[1]).sql}, ${stringArg(scope, args[0]).sql}) AS BIGINT)`, type: BIGINT };
  },
  to_iso8601: (scope, args, call) => {
    arity(call, 1, 2);
    const v = compile(scope, args[0]);
    const { ts, offsetText } = localTimestamp(scope, v.sql);
    const frac = scope.precision === 'ms' ? '.%g' : scope.precision === 'us' ? '.%f' : '.%n';
    return { sql: `(strftime(${ts}, '%Y-%m-%dT%H:%M:%S${frac}') || '${offsetText}')`, type: varchar(64) };
  },
  to_unixtimestamp: (scope, args, call) => {
    arity(call, 1, 2);
    const s = stringArg(scope, args[0]);
    const asTs = args[1]?.type === 'integer' && args[1].value === '1';
    if (args[0].type === 'string') {
      const v = timeOperand(scope, args[0]);
      return { sql: v.sql, type: asTs ? TIMESTAMP : BIGINT, constant: v.constant };
    }
    return { sql: `CAST(epoch_ns(CAST(${s.sql} AS TIMESTAMPTZ)) // ${nsPer(scope)} AS BIGINT)`, type: asTs ? TIMESTAMP : BIGINT };
  },
  to_char: (scope, args, call) => {
    arity(call, 2);
    const v = compile(scope, args[0]);
    if (args[1].type !== 'string') throw invalidParams();
    const { ts } = localTimestamp(scope, v.sql);
    return { sql: `strftime(${ts}, ${quoteString(strftimeFormat(args[1].value))})`, type: varchar(4096) };
  },
  to_timestamp: (scope, args, call) => {
    arity(call, 2);
    const s = stringArg(scope, args[0]);
    if (args[1].type !== 'string') throw invalidParams();
    const offset = scope.ctx.tz ? zoneOffsetMinutes(scope.ctx.tz, scope.ctx.nowMs) : 0;
    return {
      sql: `CAST((epoch_ns(try_strptime(${s.sql}, ${quoteString(strftimeFormat(args[1].value))})) - ${offset * 60}000000000) // ${nsPer(scope)} AS BIGINT)`,
      type: TIMESTAMP,
    };
  },
  timediff: (scope, args, call) => {
    arity(call, 2, 3);
    const a = timeOperand(scope, args[0]);
    const b = timeOperand(scope, args[1]);
    const unit = timeUnitArg(scope, args[2]) ?? 1n;
    return { sql: `CAST(((${a.sql}) - (${b.sql})) // ${unit} AS BIGINT)`, type: BIGINT };
  },
  timetruncate: (scope, args, call) => {
    arity(call, 2, 3);
    const a = timeOperand(scope, args[0]);
    const unit = timeUnitArg(scope, args[1]);
    if (unit === undefined) throw invalidParams();
    // Day and week units truncate in the connection zone unless the third argument is 0 (use_current_timezone).
    const useZone = !(args[2]?.type === 'integer' && args[2].value === '0');
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
  isnull: (scope, args, call) => (arity(call, 1), { sql: `(${compile(scope, args[0]).sql} IS NULL)`, type: BOOL }),
  isnotnull: (scope, args, call) => (arity(call, 1), { sql: `(${compile(scope, args[0]).sql} IS NOT NULL)`, type: BOOL }),
  ifnull: (scope, args, call) => {
    arity(call, 2);
    const a = compile(scope, args[0]);
    return { sql: `coalesce(${a.sql}, ${compile(scope, args[1]).sql})`, type: a.type };
  },
  coalesce: (scope, args, call) => {
    if (args.length < 1) throw invalidParams(`Invalid number of parameters : ${call.name}`);
    const vs = args.map((a) => compile(scope, a));
    return { sql: `coalesce(${vs.map((v) => v.sql).join(', ')})`, type: vs[0].type };
  },
  if: (scope, args, call) => {
    arity(call, 3);
    const t = compile(scope, args[1]);
    return { sql: `(CASE WHEN ${compile(scope, args[0]).sql} THEN ${t.sql} ELSE ${compile(scope, args[2]).sql} END)`, type: t.type };
  },
  greatest: (scope, args) => {
    const vs = args.map((a) => compile(scope, a));
    return { sql: `greatest(${vs.map((v) => v.sql).join(', ')})`, type: vs.every((v) => isInteger(v.type)) ? BIGINT : DOUBLE };
  },
  least: (scope, args) => {
    const vs = args.map((a) => compile(scope, a));
    return { sql: `least(${vs.map((v) => v.sql).join(', ')})`, type: vs.every((v) => isInteger(v.type)) ? BIGINT : DOUBLE };
  },
};

/** A scalar function call (facts §2.11 math/string/conversion/time/system functions). */
export function compileScalarFunction(scope: ExprScope, call: FunctionCall): Typed {
  const impl = FUNCTIONS[call.name];
  if (!impl) throw new TdError(TdCode.FUNCTION_NOT_FOUND, `Invalid function name: ${call.name}`);
  if (call.args.some((a) => a.type === 'star')) throw invalidParams();
  return impl(scope, call.args, call);
}
