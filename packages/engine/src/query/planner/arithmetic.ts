import type { Precision } from '../../catalog/db-options';
import { TdCode, TdError } from '../../errors';
import { isFloat, isInteger, isString, isTimestamp, type TypeSpec } from '../../types';
import { decimalArithmetic } from './decimal-arithmetic';
import { DOUBLE, varchar } from './result-types';
import type { Typed } from './scope';
import { textToNumber } from './text-cast';

/** Binary arithmetic and JSON members as TDengine's scalar operators compute them (compiled operands in, SQL out). */

/**
 * `ts + Nn` (db units): calendar months added, the day clamped to the new month's last (`'2024-01-31' + 1n` is Feb 29),
 * the time of day kept, in UTC. The goldens show Jan 1 + 1n and the sliding month windows of 14_interval_fill#78,
 * whose [Jan 31, Feb 29) does not hold a row of Mar 1; the clamping is read from those.
 */
export function addMonthsSql(value: string, months: number, precision: Precision): string {
  const shifted = (us: string) => `epoch_us(make_timestamp(${us}) + INTERVAL (${months}) MONTH)`;
  if (precision === 'ms') return `(${shifted(`CAST(${value} AS BIGINT) * 1000`)} // 1000)`;
  if (precision === 'us') return shifted(`CAST(${value} AS BIGINT)`);
  return `(${shifted(`CAST(${value} AS BIGINT) // 1000`)} * 1000 + CAST(${value} AS BIGINT) % 1000)`;
}

/**
 * `j -> 'key'`: TDengine's translator takes a JSON tag and a text key only (0x0200 otherwise); the key is quoted in
 * the JSON path so that any text (`'[a-'`, `''`) names a member rather than breaking the path.
 */
export function jsonMember(l: Typed, r: Typed): string {
  // TDengine's type check of the JSON operators (sclGetJsonOperatorResType): 0x0200 otherwise (38#301, #304, #305)
  if (l.type.name !== 'JSON' || !isString(r.type)) throw new TdError(TdCode.TSC_INVALID_OPERATION, 'Invalid operation');
  return `json_extract(${l.sql}, '$."' || replace(${r.sql}, '"', '\\"') || '"')`;
}

/**
 * TDengine arithmetic yields DOUBLE (division by zero → NULL); a text operand is read as strtod reads it (sclvector.c
 * vectorConvertVarToDouble: `'10' + 1` is 11, `'abc' + 1` is 1).
 */
export function arithmetic(left: Typed, right: Typed, op: string): Typed {
  checkMathOperands(left.type, right.type);
  // a JSON tag's value (`info->'pop' + 1`) takes part as its text: a number as itself, other text as strtod reads it
  const jsonText = (t: Typed): Typed => (t.type.name === 'JSON' ? { sql: `(${t.sql} ->> '$')`, type: varchar(t.type.length ?? 0) } : t);
  const l = jsonText(left);
  const r = jsonText(right);
  if (!numericLike(l.type) || !numericLike(r.type)) throw new TdError(TdCode.WRONG_VALUE_TYPE, 'Invalid value type');
  const exact = decimalArithmetic(l, r, op);
  if (exact) return exact;
  const a = `CAST(${textToNumber(l, DOUBLE) ?? l.sql} AS DOUBLE)`;
  const b = `CAST(${textToNumber(r, DOUBLE) ?? r.sql} AS DOUBLE)`;
  if (op === '/') return { sql: `(CASE WHEN ${b} = 0 THEN NULL ELSE ${a} / ${b} END)`, type: DOUBLE };
  if (op === '%') return { sql: remainderSql(a, b), type: DOUBLE };
  return { sql: `(${a} ${op} ${b})`, type: DOUBLE };
}

/**
 * `a % b` as TDengine's vectorMathRemainder computes it in DOUBLE: a − (int64)(a / b) × b, NULL for a zero divisor
 * or an infinite or NaN side. Not fmod: `18446744073709551614 % 10` is 0 there (the quotient is rounded first); a
 * quotient past int64 converts to its minimum (x86's "integer indefinite").
 */
function remainderSql(a: string, b: string): string {
  const q = `(${a} / ${b})`;
  const whole = `(CASE WHEN abs(${q}) < 9223372036854775808.0 THEN trunc(${q}) ELSE -9223372036854775808.0 END)`;
  return `(CASE WHEN ${b} = 0 OR NOT isfinite(${a}) OR NOT isfinite(${b}) THEN NULL ELSE ${a} - ${whole} * ${b} END)`;
}

/**
 * The operand pairs TDengine's scalar type check (sclGetMathOperatorResType) refuses for + - * / % with 0x0200
 * "Invalid operation": two TIMESTAMPs (`_wend - _wstart`, `ts - ts`), a VARBINARY on either side, a TIMESTAMP beside
 * variable-length data (`ts + '1d'`). 14#37, 34#40–#43, #52, #53, 35#147–#153.
 */
function checkMathOperands(l: TypeSpec, r: TypeSpec): void {
  const varData = (t: TypeSpec) => isString(t) || ['VARBINARY', 'JSON', 'GEOMETRY'].includes(t.name);
  if (
    (isTimestamp(l) && isTimestamp(r)) ||
    l.name === 'VARBINARY' ||
    r.name === 'VARBINARY' ||
    (isTimestamp(l) && varData(r)) ||
    (isTimestamp(r) && varData(l))
  ) {
    throw new TdError(TdCode.TSC_INVALID_OPERATION, 'Invalid operation');
  }
}

function numericLike(t: TypeSpec): boolean {
  return isInteger(t) || isFloat(t) || isTimestamp(t) || isString(t) || t.name === 'BOOL' || t.name === 'DECIMAL';
}
