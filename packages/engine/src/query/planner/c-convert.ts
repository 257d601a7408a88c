import { isFloat, isInteger, isTimestamp, isUnsigned, typeInfo, type TypeSpec } from '../../types';
import { DOUBLE } from './result-types';
import type { Typed } from './scope';
import { textToNumber } from './text-cast';
import { duckCast } from './types';

/**
 * The C conversions of TDengine's scalar layer (sclvector.c GET_TYPED_DATA, castFunction, the math functions' result
 * store) as DuckDB SQL: where DuckDB checks a conversion and refuses a value that does not fit ("Conversion Error",
 * "Overflow in addition"), C wraps an integer to the target's width and converts a double as x86's cvttsd2si does
 * (truncated, out of range giving the "integer indefinite", the minimum). One place owns these rules: CAST, the
 * bitwise operators' BIGINT operands, ROUND/TRUNCATE's result in an integer type, timestamp ± integer.
 */

/** `wide` (an exact integer, any SQL integer type) wrapped into `target`'s width: what a C integer conversion keeps. */
export function wrapInteger(wide: string, target: TypeSpec): string {
  const bits = 8 * (typeInfo(target).fixedBytes ?? 8);
  const span = `${2n ** BigInt(bits)}::HUGEINT`;
  const half = `${2n ** BigInt(bits - 1)}::HUGEINT`;
  const w = `CAST(${wide} AS HUGEINT)`;
  const residue = isUnsigned(target) ? `((${w} % ${span} + ${span}) % ${span})` : `(((${w} + ${half}) % ${span} + ${span}) % ${span} - ${half})`;
  return `CAST(${residue} AS ${duckCast(target)})`;
}

/**
 * A DOUBLE truncated into a signed integer of `bits` (32 or 64) as cvttsd2si does: out of range, infinite or NaN gives
 * the minimum. A HUGEINT.
 */
function truncated(x: string, bits: 32 | 64): string {
  const min = -(2n ** BigInt(bits - 1));
  return `(CASE WHEN NOT isnan(${x}) AND trunc(${x}) >= ${min} AND trunc(${x}) < ${-min} THEN CAST(trunc(${x}) AS HUGEINT) WHEN ${x} IS NOT NULL THEN ${min}::HUGEINT END)`;
}

/**
 * A DOUBLE converted to an integer `target` as a C cast compiles on x86-64: into int32 then narrowed for TINYINT,
 * SMALLINT (signed or not) and INT; into int64 then narrowed for INT UNSIGNED and BIGINT; BIGINT UNSIGNED takes
 * values from 2^63 on by subtracting 2^63 first and setting the top bit after (so 1e300 gives 0 and -3.75 gives
 * 2^64 − 3). cast(1e20 as int) is -2147483648, cast(-3.4e38 as bigint unsigned) 2^63 (32#175).
 */
export function floatToInteger(x: string, target: TypeSpec): string {
  const bits = 8 * (typeInfo(target).fixedBytes ?? 8);
  let wide: string;
  if (target.name === 'BIGINT UNSIGNED') {
    const top = '9223372036854775808.0';
    wide = `(CASE WHEN NOT isnan(${x}) AND ${x} >= ${top} THEN ${truncated(`(${x} - ${top})`, 64)} + ${top.slice(0, -2)}::HUGEINT ELSE ${truncated(x, 64)} END)`;
  } else wide = truncated(x, bits < 32 || target.name === 'INT' ? 32 : 64);
  return wrapInteger(wide, target);
}

/**
 * `v` as an integer of `target` (a TIMESTAMP target is its int64 count) by the C conversion of its type: an integer,
 * TIMESTAMP or BOOL wraps, a FLOAT/DOUBLE converts as floatToInteger, text is read as strtod reads it (the scalar
 * layer's vectorConvertVarToDouble) and converted as a DOUBLE. Undefined for a type with no such conversion.
 */
export function cInteger(v: Typed, target: TypeSpec): string | undefined {
  const into = isTimestamp(target) ? { name: 'BIGINT' as const } : target;
  if (isInteger(v.type) || isTimestamp(v.type) || v.type.name === 'BOOL') return wrapInteger(`CAST(${v.sql} AS HUGEINT)`, into);
  if (isFloat(v.type)) return floatToInteger(`CAST(${v.sql} AS DOUBLE)`, into);
  const text = textToNumber(v, DOUBLE);
  if (text !== undefined) return floatToInteger(`(${text})`, into);
  return undefined;
}

/** Int64 arithmetic that wraps as C's does (`ts + bi` past 2^63 − 1 comes back from −2^63, 34#34): a BIGINT. */
export function wrappingInt64(a: string, op: '+' | '-', b: string): string {
  return wrapInteger(`(CAST(${a} AS HUGEINT) ${op} CAST(${b} AS HUGEINT))`, { name: 'BIGINT' });
}
