import { FuncError } from '../../errors';
import { isInteger, isString, isTimestamp, isUnsigned, typeInfo, type TypeSpec } from '../../types';
import { nsPer, TIMESTAMP } from './result-types';
import type { ExprScope, Typed } from './scope';
import { cInteger, wrapInteger } from './c-convert';
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
    // text read as a number (`parsed`, strtoll's prefix) wraps into a target narrower than 64 bits: cast(' 2024-02-29'
    // as tinyint) is 2024's low byte, -24 (32#168); into 64 bits it stays a checked cast
    if (parsed !== undefined) {
      const bits = 8 * (typeInfo(target).fixedBytes ?? 8);
      return { sql: bits < 64 ? wrapInteger(parsed, target) : `TRY_CAST(${parsed} AS ${duckCast(target)})`, type: target };
    }
    const converted = cInteger(v, target);
    if (converted) return { sql: converted, type: target };
    return { sql: `TRY_CAST(${v.sql} AS ${duckCast(target)})`, type: target };
  }
  // a number to TIMESTAMP is its int64 count by the same C conversion (cast(-3.75 as timestamp) is -3, 32#199)
  if (isTimestamp(target)) {
    const converted = cInteger(v, target);
    if (converted) return { sql: converted, type: target };
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
