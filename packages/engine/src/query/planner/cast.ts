import { FuncError } from '../../errors';
import { isFloat, isInteger, isString, isTimestamp, isUnsigned, typeInfo, type TypeSpec } from '../../types';
import { nsPer, TIMESTAMP } from './result-types';
import type { ExprScope, Typed } from './scope';
import { castToText, textToNumber } from './text-cast';
import { duckCast } from './types';

/** CAST of a compiled value to `target` as TDengine's translator and C conversions give it. */
export function castValue(scope: ExprScope, v: Typed, target: TypeSpec): Typed {
  // translateCast: TDengine casts no VARBINARY value (its bytes are no text or number)
  if (v.type.name === 'VARBINARY') throw FuncError.paramType('cast');
  // and makes one of VARCHAR only: a number, BOOL, TIMESTAMP or NCHAR to VARBINARY is 0x2802 (32#203–#205)
  if (target.name === 'VARBINARY' && v.type.name !== 'VARCHAR') throw FuncError.paramType('cast');
  if (isTimestamp(target) && isString(v.type)) {
    // text that is no time is 0 (1970-01-01) in TDengine, NULL stays NULL
    const ns = `coalesce(epoch_ns(TRY_CAST(${v.sql} AS TIMESTAMPTZ)), 0)`;
    return { sql: `(CASE WHEN ${v.sql} IS NULL THEN NULL ELSE CAST(${ns} // ${nsPer(scope)} AS BIGINT) END)`, type: TIMESTAMP };
  }
  const text = castToText(v, target);
  if (text) return text;
  const parsed = textToNumber(v, target);
  if (isUnsigned(target) || isInteger(target)) {
    const wrapped = wrappingIntegerCast(v, target, parsed);
    if (wrapped) return { sql: wrapped, type: target };
    // TDengine truncates towards zero when casting a float to an integer.
    const src = parsed ?? (isFloat(v.type) ? `trunc(${v.sql})` : v.sql);
    return { sql: `TRY_CAST(${src} AS ${duckCast(target)})`, type: target };
  }
  if (target.name === 'DECIMAL' && v.constant === undefined) {
    // a CAST TDengine does not fold is checked at run time only: any precision passes (values past 38 digits are
    // not in the corpus; DuckDB keeps 38), and the result reports DECIMAL64/DECIMAL128's 8/16 bytes (12#74)
    const p = target.precision ?? 10;
    const sql = `TRY_CAST(${parsed ?? v.sql} AS ${duckCast({ ...target, precision: Math.min(p, 38) })})`;
    return { sql, type: { ...target, length: p > 18 ? 16 : 8 } };
  }
  // TDengine folds a CAST of a constant to DECIMAL into a 64-byte result whatever the precision (04_types_geometry_decimal_json#54–#58)
  const type = target.name === 'DECIMAL' ? { ...target, length: 64 } : target;
  return { sql: `TRY_CAST(${parsed ?? v.sql} AS ${duckCast(target)})`, type };
}

/**
 * CAST to an integer as TDengine's C conversions give it: an integer source wraps to the target width (cast(300 as
 * tinyint) is 44, cast(-1 as int unsigned) 4294967295); a float is truncated into int32 (targets up to 32 bits) or int64
 * (INT UNSIGNED, BIGINT), out of range there giving the minimum (x86's "integer indefinite": cast(1e20 as int) is
 * -2147483648), then wraps. BIGINT UNSIGNED from a float is left to DuckDB (undefined).
 */
function wrappingIntegerCast(v: Typed, target: TypeSpec, parsed?: string): string | undefined {
  const bits = 8 * (typeInfo(target).fixedBytes ?? 8);
  let wide: string;
  // text read as a number (`parsed`) wraps into a target narrower than 64 bits: cast(' 2024-02-29' as tinyint) is
  // 2024's low byte, -24 (32#168); into 64 bits it stays a checked cast
  if (parsed !== undefined) {
    if (bits >= 64) return undefined;
    wide = parsed;
  // a TIMESTAMP is its 64-bit count and wraps as BIGINT does (cast(ts as int) keeps its low 32 bits, 32#165)
  } else if (isInteger(v.type) || isTimestamp(v.type)) wide = `CAST(${v.sql} AS HUGEINT)`;
  else if (isFloat(v.type) && target.name !== 'BIGINT UNSIGNED') {
    const via = bits < 32 || target.name === 'INT' ? 32 : 64;
    const min = -(2n ** BigInt(via - 1));
    wide = `(CASE WHEN trunc(${v.sql}) >= ${min} AND trunc(${v.sql}) < ${-min} THEN CAST(trunc(${v.sql}) AS HUGEINT) WHEN ${v.sql} IS NOT NULL THEN ${min}::HUGEINT END)`;
  } else return undefined;
  const span = `${2n ** BigInt(bits)}::HUGEINT`;
  const half = `${2n ** BigInt(bits - 1)}::HUGEINT`;
  const residue = isUnsigned(target) ? `((${wide} % ${span} + ${span}) % ${span})` : `(((${wide} + ${half}) % ${span} + ${span}) % ${span} - ${half})`;
  return `CAST(${residue} AS ${duckCast(target)})`;
}
