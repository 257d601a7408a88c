import { FuncError } from '../../errors';
import { quoteString } from '../../storage/names';
import type { Expression, FunctionCall } from '../../sql';
import { isFloat, isInteger, isNumeric, isString, type TypeSpec } from '../../types';
import { checkArgumentCount } from '../binder/functions';
import { compile } from './expr';
import { BIGINT, DOUBLE, varchar } from './result-types';
import type { ExprScope, Typed } from './scope';
import { duckCast } from './types';
import { floatToInteger } from './c-convert';
import { STRING_FUNCTIONS, ucs4Bytes } from './string-functions';
import { TIME_FUNCTIONS } from './time-functions';
import { GEOMETRY_FUNCTIONS } from './geometry-functions';
import { SERVER_VERSION } from '../system';
import os from 'node:os';
import { toJsonTag } from '../../exec/coerce';
import { typedExtremum } from './extremum';


/**
 * DATABASE(), USER(), the versions: TDengine's translator replaces them by a text constant as long as its value
 * (`server_version()` is VARCHAR(7)); no current database leaves the checker's VARCHAR(63) (TSDB_DB_NAME_LEN - 2).
 */
function sessionValue(value: string | undefined): Typed {
  if (value === undefined) return { sql: 'NULL::VARCHAR', type: varchar(63) };
  return { sql: quoteString(value), type: varchar(Buffer.byteLength(value)), constant: value };
}

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
    const typed = typedExtremum(scope, fn, args, call);
    if (typed) return typed;
    const vs = args.map((a) => compile(scope, a));
    // a NULL literal argument makes the result TDengine's NULL type, which REST shows as VARCHAR(0)
    if (vs.some((v) => v.sql === 'NULL')) return { sql: 'NULL', type: varchar(0) };
    const sql = `${fn}(${vs.map((v) => v.sql).join(', ')})`;
    if (vs.every((v) => isString(v.type))) return { sql, type: varchar(Math.max(...vs.map((v) => v.type.length ?? 0))) };
    return { sql, type: vs.every((v) => isInteger(v.type)) ? BIGINT : DOUBLE };
  };
}

/**
 * CRC-32 (zlib's, reflected polynomial 0xEDB88320) of the text's UTF-8 bytes, in SQL: DuckDB has no CRC-32. The bytes
 * are read from the hex form once, then folded bit by bit.
 */
function crc32Sql(blob: string): string {
  const bytes = `list_transform(regexp_extract_all(hex(${blob}), '..'), lambda h: CAST('0x' || h AS UBIGINT))`;
  const step = `lambda c2, k: CASE WHEN c2 & 1 = 1 THEN xor(c2 >> 1, 3988292384::UBIGINT) ELSE c2 >> 1 END`;
  const crc = `list_reduce(${bytes}, lambda c, b: list_reduce(range(8), ${step}, xor(c, b)), 4294967295::UBIGINT)`;
  return `CAST(xor(${crc}, 4294967295::UBIGINT) AS UINTEGER)`;
}

/** TRUNCATE(x, d) in DOUBLE; a value too large to scale (1e308 by 100) has no fraction digits to cut: it stays as it is. */
function truncateSql(x: string, r: string[]): string {
  const scale = `pow(10, ${r[0] ?? 0})`;
  return `(CASE WHEN isfinite(${x} * ${scale}) THEN trunc(${x} * ${scale}) / ${scale} ELSE ${x} END)`;
}

const FUNCTIONS: Record<string, Impl> = {
  abs: sameType((x) => `abs(${x})`, 1, absInteger),
  ceil: sameType((x) => `ceil(${x})`, 1, (x) => x),
  floor: sameType((x) => `floor(${x})`, 1, (x) => x),
  // with digits an integer is rounded as a DOUBLE and stored back by C's conversion (round(127, -1) of a TINYINT is
  // -126, round of BIGINT's maximum its minimum: 32#72, #73)
  round: sameType((x, r) => `round(${x}${r.length ? `, CAST(${r[0]} AS INTEGER)` : ''})`, 2, (x, t, r) => (r.length ? floatToInteger(`round(CAST(${x} AS DOUBLE), CAST(${r[0]} AS INTEGER))`, t) : x)),
  truncate: sameType(truncateSql, 2, (x, t, r) => floatToInteger(truncateSql(`CAST(${x} AS DOUBLE)`, r), t)),
  // TRUNC is TRUNCATE's other name in TDengine 3.3 (builtins.c registers both)
  trunc: (scope, args, call) => FUNCTIONS.truncate(scope, args, call),
  crc32: (scope, args, call) => {
    arity(call, 1);
    const v = compile(scope, args[0]);
    // the value's bytes as TDengine stores them: NCHAR as UCS-4, VARBINARY as is, an integer as its decimal text
    // (crc32(0) is crc32('0'), 32#86–#88)
    let blob: string;
    if (v.type.name === 'NCHAR') blob = ucs4Bytes(v.sql);
    else if (v.type.name === 'VARBINARY') blob = v.sql;
    else if (isString(v.type) || v.sql === 'NULL') blob = `encode(${v.sql})`;
    else if (isInteger(v.type)) blob = `encode(CAST(${v.sql} AS VARCHAR))`;
    else throw FuncError.paramType(call.name);
    return { sql: crc32Sql(blob), type: { name: 'INT UNSIGNED' } };
  },
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
  ...TIME_FUNCTIONS,
  ...GEOMETRY_FUNCTIONS,
  now: (scope, _a, call) => (arity(call, 0), compile(scope, { type: 'timeKeyword', keyword: 'now', text: 'now()', span: call.span })),
  today: (scope, _a, call) => (arity(call, 0), compile(scope, { type: 'timeKeyword', keyword: 'today', text: 'today()', span: call.span })),
  database: (scope, _a, call) => (arity(call, 0), sessionValue(scope.ctx.db)),
  client_version: (_s, _a, call) => (arity(call, 0), sessionValue(SERVER_VERSION)),
  server_version: (_s, _a, call) => (arity(call, 0), sessionValue(SERVER_VERSION)),
  server_status: (_s, _a, call) => (arity(call, 0), { sql: '1::INTEGER', type: { name: 'INT' } }),
  // user@host of the client's machine (taosGetFqdn); behind REST the client runs on the server's host
  current_user: (scope, _a, call) => (arity(call, 0), sessionValue(`${scope.ctx.user.name}@${os.hostname()}`)),
  user: (scope, args, call) => FUNCTIONS.current_user(scope, args, call),
  rand: (_s, args, call) => (arity(call, 0, 1), { sql: 'random()', type: DOUBLE }),
  greatest: extremum('greatest'),
  least: extremum('least'),
  to_json: toJson,
};

/**
 * TO_JSON(text constant): the text read as a JSON tag is (an object of plain values, keys sorted), or NULL where a
 * tag would be refused (`to_json('not json')`; 12_conversion_time#106, #114).
 */
function toJson(scope: ExprScope, args: Expression[], call: FunctionCall): Typed {
  arity(call, 1);
  const v = compile(scope, args[0]);
  if (typeof v.constant !== 'string' || !isString(v.type)) throw FuncError.paramType(call.name);
  let json: string | null;
  try {
    json = toJsonTag(v.constant);
  } catch {
    json = null;
  }
  return { sql: json === null ? 'NULL::JSON' : `${quoteString(json)}::JSON`, type: { name: 'JSON' } };
}

/** A scalar function call (facts §2.11 math/string/conversion/time/system functions). */
export function compileScalarFunction(scope: ExprScope, call: FunctionCall): Typed {
  const impl = FUNCTIONS[call.name];
  if (!impl) throw FuncError.notExists();
  if (call.args.some((a) => a.type === 'star')) throw FuncError.paramType(call.name);
  return impl(scope, call.args, call);
}
