import { FuncError, TdCode, TdError } from '../../errors';
import { durationInPrecision, nowIn, parseTimestamp } from '../../format/time-parse';
import { zoneOffsetMinutes } from '../../format/timestamp';
import { quoteString } from '../../storage/names';
import type { ColumnRef, Expression } from '../../sql';
import { isFloat, isInteger, isNumeric, isString, isTimestamp, type TypeSpec } from '../../types';
import { checkCallShape, checkCastTarget, functionFamily } from '../binder/functions';
import { rowIndependent } from '../binder/walk';
import { lookupColumn } from '../binder/columns';
import { likeSql, regexMatchSql } from './pattern-match';
import type { ExprScope, Typed } from './scope';
import { castToText, textToNumber } from './text-cast';
import { addMonthsSql, arithmetic, jsonMember } from './arithmetic';
import { castValue } from './cast';
import { cInteger, wrappingInt64 } from './c-convert';
import { caseCommonType } from './case-type';
import { duckCast } from './types';
import { BIGINT, BOOL, DOUBLE, TIMESTAMP, varchar } from './result-types';

/** Today at 00:00 in the connection zone (UTC when none), in the db precision. */
function today(scope: ExprScope): bigint {
  const tz = scope.ctx.tz;
  const local = scope.ctx.nowMs + (tz ? zoneOffsetMinutes(tz, scope.ctx.nowMs) * 60000 : 0);
  const day = new Date(local).toISOString().slice(0, 10);
  return parseTimestamp(day, scope.precision, scope.ctx.tz) ?? nowIn(scope.precision, scope.ctx.nowMs);
}

function constant(sql: string, type: TypeSpec, value: unknown): Typed {
  return { sql, type, constant: value };
}

/** A time value written as a string, an integer or a timestamp expression, read as an integer in the db precision. */
export function timeOperand(scope: ExprScope, e: Expression): Typed {
  if (e.type === 'string') {
    const ts = parseTimestamp(e.value, scope.precision, scope.ctx.tz);
    // TDengine's scalar conversion of the text (TSDB_CODE_INVALID_TIMESTAMP_FORMAT, 295: `ts > 'abc'`, 35#177)
    if (ts === undefined) throw new TdError(TdCode.INVALID_TIMESTAMP_FORMAT, 'Invalid timestamp format');
    return constant(ts.toString(), TIMESTAMP, ts);
  }
  return compile(scope, e);
}

/** A comparison's result as TDengine gives it: NULL compares false (see Typed.predicate). */
export function predicateValue(t: Typed): string {
  return t.predicate ? `coalesce(${t.sql}, FALSE)` : t.sql;
}

/** Compiles one TDengine expression to DuckDB SQL with its result type. */
export function compile(scope: ExprScope, e: Expression): Typed {
  const pre = scope.replaced?.get(e.text);
  if (pre) return pre;
  // A group key (PARTITION BY / GROUP BY / state expression) is read as is wherever the select list names it.
  if (scope.aggregate && !scope.inAggregateArgs) {
    const key = scope.groupKeys.get(e.text.toLowerCase());
    if (key) return key;
  }
  switch (e.type) {
    case 'integer': {
      const v = BigInt(e.value);
      // past UBIGINT the literal is a DOUBLE (DuckDB would refuse the cast)
      if (v > 18446744073709551615n) return constant(`${e.value}::DOUBLE`, DOUBLE, Number(v));
      const type = v > 9223372036854775807n ? { name: 'BIGINT UNSIGNED' as const } : BIGINT;
      return constant(`${e.value}::${type === BIGINT ? 'BIGINT' : 'UBIGINT'}`, type, v);
    }
    case 'float':
      // a literal past DOUBLE's range (1e309) is infinite; JS writes it `Infinity`, which DuckDB reads as a name
      return constant(Number.isFinite(e.value) ? `${e.value}::DOUBLE` : `'${e.value}'::DOUBLE`, DOUBLE, e.value);
    case 'string':
      return constant(quoteString(e.value), varchar(Buffer.byteLength(e.value)), e.value);
    case 'bool':
      return constant(e.value ? 'TRUE' : 'FALSE', BOOL, e.value);
    case 'null':
      return constant('NULL', { name: 'VARCHAR', length: 0 }, null);
    case 'timeKeyword': {
      const v = e.keyword === 'now' ? nowIn(scope.precision, scope.ctx.nowMs) : today(scope);
      return constant(`${v}::BIGINT`, TIMESTAMP, v);
    }
    case 'timestamp':
      return timeOperand(scope, { ...e, type: 'string' });
    case 'duration': {
      const d = durationInPrecision(e.duration.value, e.duration.unit ?? 'a', scope.precision);
      if (d === undefined) throw TdError.syntax(e.text);
      return constant(`${d}::BIGINT`, BIGINT, d);
    }
    case 'column':
      return compileColumn(scope, e);
    case 'star':
      throw TdError.syntax('*');
    case 'function':
      return compileFunction(scope, e);
    case 'unary':
      return compileUnary(scope, e);
    case 'binary':
      return compileBinary(scope, e);
    case 'like': {
      const raw = compile(scope, e.expr);
      refuseWholeJson(e.expr, raw);
      // a JSON tag's value is matched as its text
      const v = raw.type.name === 'JSON' ? { ...raw, sql: `(${raw.sql} ->> '$')`, type: varchar(raw.type.length ?? 0) } : raw;
      const p = compile(scope, e.pattern);
      const sql = e.op === 'LIKE' ? likeSql(v, p, e.not) : regexMatchSql(v, p, e.op === 'MATCH' !== e.not);
      return { sql, type: BOOL };
    }
    case 'in': {
      const v = compile(scope, e.expr);
      // TDengine's executor cannot build the IN filter over a JSON value: 0x0110 at run time (38#272)
      if (v.type.name === 'JSON') throw new TdError(TdCode.APP_ERROR, 'Unexpected generic error');
      const items = e.list.map((x) => ({ e: x, t: isTimestamp(v.type) ? timeOperand(scope, x) : compile(scope, x) }));
      // each value is compared as `=` compares it: a text column beside a number is read as a number there, beside
      // text as text (`nc in ('7', 3)` holds '7' and '3': 34#127), so such a list becomes one comparison a value
      const pairs = items.map((x) => [comparedAsNumber(v, e.expr, x.t), comparedAsNumber(x.t, x.e, v)]);
      if (pairs.some(([a]) => a.sql !== v.sql)) {
        const any = `(${pairs.map(([a, b]) => `(${a.sql} = ${b.sql})`).join(' OR ')})`;
        return { sql: e.not ? `(NOT ${any})` : any, type: BOOL, predicate: true };
      }
      return { sql: `(${v.sql} ${e.not ? 'NOT ' : ''}IN (${items.map((x) => x.t.sql).join(', ')}))`, type: BOOL, predicate: true };
    }
    case 'between': {
      const v = compile(scope, e.expr);
      const side = (x: Expression) => (isTimestamp(v.type) ? timeOperand(scope, x) : compile(scope, x));
      return { sql: `(${v.sql} ${e.not ? 'NOT ' : ''}BETWEEN ${side(e.low).sql} AND ${side(e.high).sql})`, type: BOOL, predicate: true };
    }
    case 'isNull': {
      const v = compile(scope, e.expr);
      return { sql: `(${predicateValue(v)} IS ${e.not ? 'NOT ' : ''}NULL)`, type: BOOL };
    }
    case 'case': {
      const operand = e.operand ? compile(scope, e.operand).sql : '';
      const thens = e.whens.map((w) => compile(scope, w.then));
      const elseT = e.else ? compile(scope, e.else) : undefined;
      const branches = [...thens, ...(elseT ? [elseT] : [])].filter((t) => t.sql !== 'NULL');
      const folded = rowIndependent(e) ? foldedCaseType(branches) : undefined;
      // branches of different types meet in TDengine's common type (case-type.ts), each cast to it
      const common = folded ? undefined : caseCommonType(branches.map((b) => b.type));
      const type = folded ?? common ?? caseResultType(branches);
      // branches of different types fold into text (`case when 1 = 1 then 1 else 'a' end` is '1')
      const branchSql = (t: Typed) => {
        if (folded && !isString(t.type) && t.sql !== 'NULL') return castToText(t, folded)!.sql;
        if (!common || t.sql === 'NULL' || t.type.name === common.name) return t.sql;
        return isString(common) ? (isString(t.type) ? t.sql : castToText(t, common)!.sql) : `CAST(${t.sql} AS ${duckCast(common)})`;
      };
      const parts = e.whens.map((w, i) => `WHEN ${compile(scope, w.when).sql} THEN ${branchSql(thens[i])}`);
      return { sql: `(CASE ${operand} ${parts.join(' ')}${elseT ? ` ELSE ${branchSql(elseT)}` : ''} END)`, type };
    }
    case 'cast':
      checkCastTarget(e.target);
      return compileCast(scope, e.expr, e.target);
  }
}

/**
 * CASE's type: the first non-NULL branch's, but text branches (all VARCHAR/NCHAR) take the longest length, as
 * TDengine sizes `case … then 'pos' … else 'zero-or-null' end` VARCHAR(12). TDengine's translator starts the fold
 * from the NULL type, which gives a VARCHAR at least its type's own 4 bytes: VARCHAR(2) for one-letter branches
 * (`case … then 'T' else 'N' end`, 36#250; folded or not).
 */
function caseResultType(branches: Typed[]): TypeSpec {
  if (branches.length === 0) return BIGINT;
  if (!branches.every((b) => isString(b.type))) return branches[0].type;
  const name = branches.some((b) => b.type.name === 'NCHAR') ? 'NCHAR' : 'VARCHAR';
  const longest = Math.max(...branches.map((b) => b.type.length ?? 0));
  return { name, length: name === 'VARCHAR' ? Math.max(longest, 2) : longest };
}

/**
 * The type of a CASE that reads no row, which TDengine's translator folds to a value (goldens 22_expressions_nulls
 * #40–#43, #63, #64): text branches as caseResultType sizes them (`case when 1 > 0 then 'a' end` is VARCHAR(2)),
 * branches of different types VARCHAR(63) holding the value as text; branches of one other type keep it. Undefined
 * where folding changes nothing.
 */
function foldedCaseType(branches: Typed[]): TypeSpec | undefined {
  if (branches.length === 0) return undefined;
  if (branches.every((b) => isString(b.type))) return caseResultType(branches);
  return branches.every((b) => b.type.name === branches[0].type.name) ? undefined : varchar(63);
}

function compileColumn(scope: ExprScope, e: ColumnRef): Typed {
  const name = e.name.name;
  if (!e.table && scope.aliases?.has(name)) return scope.aliases.get(name)!;
  const lower = name.toLowerCase();
  // outside window queries a stored column may carry a window pseudo column's name (stream output: `_wstart`)
  const stored = !scope.window && WINDOW_PSEUDO.has(lower) && hasColumn(scope, e);
  const pseudo = stored ? undefined : pseudoColumn(scope, lower, e);
  if (pseudo) return pseudo;
  const col = lookupColumn(scope, e);
  const typed: Typed = { sql: col.sql, type: col.type };
  if (!scope.aggregate || scope.inAggregateArgs) return typed;
  // A plain column where the query aggregates.
  const key = scope.groupKeys.get(col.name.toLowerCase());
  if (key) return key;
  if (scope.rideAlong) return { sql: scope.rideAlong(col.sql), type: col.type };
  if (scope.anyValue || ((col.role === 'tag' || col.role === 'tbname') && scope.perTable)) return { sql: `any_value(${col.sql})`, type: col.type };
  // in a window query (its partitions and state included) TDengine's translator names the column
  if (scope.window) throw new TdError(TdCode.PAR_INVALID_OPTR_USAGE, `Invalid usage of expr: ${col.name}`);
  if (scope.groupKeys.size > 0 && !scope.partitioned) throw new TdError(TdCode.NOT_GROUP_BY_EXPR, 'Not a GROUP BY expression');
  throw new TdError(TdCode.NOT_SINGLE_GROUP, 'Not a single-group group function');
}

const WINDOW_PSEUDO = new Set(['_wstart', '_wend', '_wduration']);

function hasColumn(scope: ExprScope, e: ColumnRef): boolean {
  try {
    lookupColumn(scope, e);
    return true;
  } catch {
    return false;
  }
}

function pseudoColumn(scope: ExprScope, name: string, e: ColumnRef): Typed | undefined {
  switch (name) {
    case '_rowts':
    case '_c0': {
      if (!scope.tsSql) throw TdError.invalidColumn(e.text);
      if (scope.aggregate && !scope.inAggregateArgs) {
        if (scope.window) return { sql: scope.window.wstart, type: TIMESTAMP };
        if (scope.rideAlong) return { sql: scope.rideAlong(scope.tsSql), type: TIMESTAMP };
      }
      return { sql: scope.tsSql, type: TIMESTAMP };
    }
    case '_wstart':
    case '_wend':
    case '_wduration': {
      if (!scope.window) throw new TdError(TdCode.PAR_INVALID_WINDOW_PC, '_WSTART, _WEND and _WDURATION can only be used in window query');
      if (name === '_wduration') return { sql: scope.window.wduration, type: BIGINT };
      return { sql: name === '_wstart' ? scope.window.wstart : scope.window.wend, type: TIMESTAMP };
    }
    case '_qstart':
    case '_qend': {
      const v = name === '_qstart' ? scope.qstart : scope.qend;
      return v === undefined ? { sql: 'NULL::BIGINT', type: TIMESTAMP } : constant(`${v}::BIGINT`, TIMESTAMP, v);
    }
    default:
      return undefined;
  }
}

function compileFunction(scope: ExprScope, e: Extract<Expression, { type: 'function' }>): Typed {
  checkCallShape(e);
  const family = functionFamily(e.name);
  if (family === 'aggregate' || family === 'selection') {
    // the select list of an aggregating query is the only place an aggregate may stand (not WHERE, GROUP BY …)
    if (!scope.aggregate) throw FuncError.aggregateNotAllowed();
    if (scope.inAggregateArgs) throw FuncError.nested();
    return scope.functions.aggregate({ ...scope, inAggregateArgs: true }, e);
  }
  if (family !== 'scalar') throw new TdError(TdCode.UNSUPPORTED, `Operation not supported: ${e.name} here`);
  return scope.functions.scalar(scope, e);
}

function compileUnary(scope: ExprScope, e: Extract<Expression, { type: 'unary' }>): Typed {
  const v = compile(scope, e.operand);
  switch (e.op) {
    case '+':
      return v;
    case '-':
      // a negative integer literal is one BIGINT value in TDengine's grammar (`-9223372036854775808`), DOUBLE past it
      if (typeof v.constant === 'bigint' && isInteger(v.type)) {
        const c = -v.constant;
        return c >= -(2n ** 63n) ? constant(`CAST(${c} AS BIGINT)`, BIGINT, c) : constant(`CAST(${c} AS DOUBLE)`, DOUBLE, Number(c));
      }
      if (v.constant !== undefined && (typeof v.constant === 'bigint' || typeof v.constant === 'number')) {
        const c = -(v.constant as number);
        return constant(`(-${v.sql})`, v.type, c);
      }
      // TDengine's unary minus takes no variable-length value (text, VARBINARY: 0x0200, 34#97, #98, #100) and is
      // DOUBLE whatever the operand (`-b` of BIGINT's minimum does not fit back)
      if ((isString(v.type) && v.sql !== 'NULL') || v.type.name === 'VARBINARY') throw new TdError(TdCode.TSC_INVALID_OPERATION, 'Invalid operation');
      return { sql: `(-CAST(${v.sql} AS DOUBLE))`, type: DOUBLE };
    case 'NOT':
      return { sql: `(NOT ${predicateValue(v)})`, type: BOOL };
    case '~':
      return { sql: `(~CAST(${v.sql} AS BIGINT))`, type: BIGINT };
  }
}

/** A whole JSON tag (not a `->` member) where TDengine's executor takes none: compared, matched, ordered by (0x072D). */
export function refuseWholeJson(e: Expression, t: Typed): void {
  if (t.type.name === 'JSON' && e.type === 'column') throw new TdError(TdCode.QRY_JSON_NOT_SUPPORT, 'Json not support in this place');
}

/** A JSON member as a number where it holds one, else NULL (compares false). */
function jsonNumber(t: Typed): Typed {
  return { sql: `(CASE WHEN json_type(${t.sql}) IN ('BIGINT', 'UBIGINT', 'DOUBLE') THEN CAST(${t.sql} ->> '$' AS DOUBLE) END)`, type: DOUBLE };
}

/** One side of a comparison as TDengine converts it when the other side is a number (see compileBinary). */
function comparedAsNumber(v: Typed, e: Expression, other: Typed): Typed {
  const numberLike = isNumeric(other.type) || other.type.name === 'BOOL';
  if (isString(v.type) && e.type !== 'string' && numberLike) return { sql: textToNumber(v, DOUBLE) ?? v.sql, type: DOUBLE };
  if (v.type.name === 'BOOL' && isFloat(other.type)) return { sql: `CAST(${v.sql} AS DOUBLE)`, type: DOUBLE };
  return v;
}

function binaryBesideNumber(v: Typed, other: Typed): boolean {
  return v.type.name === 'VARBINARY' && (isNumeric(other.type) || other.type.name === 'BOOL' || isTimestamp(other.type));
}

function compileBinary(scope: ExprScope, e: Extract<Expression, { type: 'binary' }>): Typed {
  let l = compile(scope, e.left);
  if ((e.op === '+' || e.op === '-') && e.right.type === 'duration' && isTimestamp(l.type)) {
    const { value, unit } = e.right.duration;
    if (unit === 'n' || unit === 'y') return { sql: addMonthsSql(l.sql, (e.op === '-' ? -value : value) * (unit === 'y' ? 12 : 1), scope.precision), type: TIMESTAMP };
  }
  let r = compile(scope, e.right);
  switch (e.op) {
    case 'AND':
    case 'OR':
      return { sql: `(${l.sql} ${e.op} ${r.sql})`, type: BOOL, predicate: l.predicate || r.predicate };
    case '=':
    case '<>':
    case '<':
    case '<=':
    case '>':
    case '>=':
      refuseWholeJson(e.left, l);
      refuseWholeJson(e.right, r);
      // a JSON value compared with a number: only JSON numbers compare (a JSON string "7" is not 7: 38#258, #259)
      if (l.type.name === 'JSON' && isNumeric(r.type)) l = jsonNumber(l);
      if (r.type.name === 'JSON' && isNumeric(l.type)) r = jsonNumber(r);
      // `ts > '2017-07-14 10:40:00'`: a string compared with a timestamp is a time literal.
      if (isTimestamp(l.type) && e.right.type === 'string') r = timeOperand(scope, e.right);
      if (isTimestamp(r.type) && e.left.type === 'string') l = timeOperand(scope, e.left);
      // `info->'k' = 'a'`: a JSON value compared with a string compares its text.
      if (l.type.name === 'JSON' && isString(r.type)) l = { sql: `(${l.sql} ->> '$')`, type: r.type };
      if (r.type.name === 'JSON' && isString(l.type)) r = { sql: `(${r.sql} ->> '$')`, type: l.type };
      // a VARBINARY compared with a number is converted to it by TDengine's scalar layer, which cannot (0x3250, 34#73)
      if (binaryBesideNumber(l, r) || binaryBesideNumber(r, l)) throw new TdError(TdCode.SCALAR_CONVERT_ERROR, 'Cannot convert to specific type');
      // a text column compared with a number is read as a number (its numeric prefix, 0 without one), BOOL as 0/1
      // beside a FLOAT/DOUBLE, as TDengine compares them ('12abc' < 70000, false >= -0.5: 34#64-#67)
      [l, r] = [comparedAsNumber(l, e.left, r), comparedAsNumber(r, e.right, l)];
      return { sql: `(${l.sql} ${e.op} ${r.sql})`, type: BOOL, predicate: true };
    case '+':
    case '-': {
      // timestamp ± duration stays a timestamp (`now - 1h`), folded when both are constants. A string is no time
      // here: it is read as a number like any text operand (TDengine: `ts >= '2024-01-01' - 1d` is ts >= 2024 - 86400000)
      if (isTimestamp(l.type) && (e.right.type === 'duration' || isInteger(r.type))) {
        if (typeof l.constant === 'bigint' && typeof r.constant === 'bigint') {
          const v = e.op === '+' ? l.constant + r.constant : l.constant - r.constant;
          return constant(`${v}::BIGINT`, TIMESTAMP, v);
        }
        // in int64 arithmetic that wraps as C's does (`tt + bi` past BIGINT's maximum comes back negative: 34#34)
        return { sql: wrappingInt64(l.sql, e.op, r.sql), type: TIMESTAMP };
      }
      return arithmetic(l, r, e.op);
    }
    case '*':
    case '/':
    case '%':
      return arithmetic(l, r, e.op);
    case '|': {
      // TDengine's OR reads a NULL operand as 0 (`i | 8` of a NULL i is 8, goldens 02#78, 10#136); AND keeps NULL
      const [a, b] = bitwiseOperands(l, r);
      return { sql: `(CASE WHEN ${a} IS NULL AND ${b} IS NULL THEN NULL ELSE coalesce(${a}, 0) | coalesce(${b}, 0) END)`, type: BIGINT };
    }
    case '&':
    case '<<':
    case '>>': {
      const [a, b] = bitwiseOperands(l, r);
      return { sql: `(${a} ${e.op} ${b})`, type: BIGINT };
    }
    case '->':
      return { sql: jsonMember(l, r), type: { name: 'JSON' } };
    case 'CONTAINS':
      return { sql: `(${jsonMember(l, r)} IS NOT NULL)`, type: BOOL };
  }
}

/**
 * The operands of & | << >> as TDengine's bitwise operators take them (sclGetBitwiseOperatorResType, vectorBitAnd):
 * a VARBINARY side is 0x0200 (34#87); every other side becomes BIGINT by the C conversion of its type (c-convert.ts:
 * BIGINT UNSIGNED wraps, a DOUBLE truncates or gives the minimum, text is read as strtod reads it: 34#81–#89).
 */
function bitwiseOperands(l: Typed, r: Typed): [string, string] {
  if (l.type.name === 'VARBINARY' || r.type.name === 'VARBINARY') throw new TdError(TdCode.TSC_INVALID_OPERATION, 'Invalid operation');
  return [l, r].map((t) => cInteger(t, BIGINT) ?? `CAST(${t.sql} AS BIGINT)`) as [string, string];
}

export function compileCast(scope: ExprScope, arg: Expression, target: TypeSpec): Typed {
  if (isTimestamp(target) && arg.type === 'string') {
    // text that is no time is 0 (1970-01-01) in TDengine's CAST, as castValue does for text known per row (40#207)
    const ts = parseTimestamp(arg.value, scope.precision, scope.ctx.tz);
    return ts === undefined ? constant('0', TIMESTAMP, 0n) : constant(ts.toString(), TIMESTAMP, ts);
  }
  const v = compile(scope, arg);
  return castValue(scope, v, target);
}

