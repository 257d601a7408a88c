import { FuncError, TdCode, TdError } from '../../errors';
import { isFloat, isInteger, isString, isTimestamp, isUnsigned, type DataTypeName, type TypeSpec } from '../../types';

/**
 * The type a CASE answers in when its branches have different types: TDengine's translator folds the branches'
 * types pairwise into one (selectCommonType) and casts each branch to it. The pairs, as the goldens show them
 * (34_operators_types#109–#119, 36_select_clauses#248–#259) and stated here in our own terms:
 *
 * - BOOL takes the other type (a TIMESTAMP makes it BIGINT);
 * - integers of one signedness: the wider; a signed one with an unsigned one: the signed type wide enough for both
 *   (TINYINT and INT UNSIGNED is BIGINT), and with BIGINT UNSIGNED text;
 * - FLOAT with DOUBLE is DOUBLE, a float with an integer is text;
 * - TIMESTAMP with an integer is BIGINT (with BIGINT UNSIGNED or a float, text);
 * - text with anything else is text; VARCHAR with NCHAR is NCHAR; JSON, VARBINARY and GEOMETRY mix with nothing.
 *
 * Text made of a number (or BOOL, TIMESTAMP) is sized for the number's display: at least VARCHAR(63) / NCHAR(64)
 * (QUERY_NUMBER_MAX_DISPLAY_LEN, 65 bytes with the header). VARCHAR with NCHAR keeps the larger byte size.
 */

const SIGNED: DataTypeName[] = ['TINYINT', 'SMALLINT', 'INT', 'BIGINT'];
const UNSIGNED: DataTypeName[] = ['TINYINT UNSIGNED', 'SMALLINT UNSIGNED', 'INT UNSIGNED', 'BIGINT UNSIGNED'];
const VARCHAR_FOR_NUMBERS = 63;
const NCHAR_FOR_NUMBERS = 64;

const isText = (t: TypeSpec) => isString(t);
/** numbers, BOOL and TIMESTAMP: what TDengine calls mathable */
const mathable = (t: TypeSpec) => isInteger(t) || isFloat(t) || t.name === 'BOOL' || isTimestamp(t) || t.name === 'DECIMAL';

/** The common type's name of two different types, or undefined when TDengine refuses the pair. */
function commonName(a: TypeSpec, b: TypeSpec): DataTypeName | undefined {
  const names: string[] = [a.name, b.name];
  const has = (n: string) => names.includes(n);
  const other = (n: string) => (a.name === n ? b : a);
  // VARCHAR with VARBINARY would be VARBINARY, but the cast of the text to it is refused (0x2802, 34#117)
  if (has('VARBINARY') && has('VARCHAR')) throw FuncError.paramType('cast');
  if (names.some((n) => ['JSON', 'VARBINARY', 'GEOMETRY'].includes(n))) return undefined;
  if (has('NCHAR')) return 'NCHAR';
  if (isText(a) || isText(b)) return 'VARCHAR';
  if (has('BOOL')) return isTimestamp(other('BOOL')) ? 'BIGINT' : other('BOOL').name;
  if (has('TIMESTAMP')) {
    const o = other('TIMESTAMP');
    return isInteger(o) && o.name !== 'BIGINT UNSIGNED' ? 'BIGINT' : 'VARCHAR';
  }
  if (isFloat(a) && isFloat(b)) return 'DOUBLE';
  if (isFloat(a) || isFloat(b)) return 'VARCHAR';
  if (isUnsigned(a) === isUnsigned(b)) {
    const list = isUnsigned(a) ? UNSIGNED : SIGNED;
    return list[Math.max(list.indexOf(a.name), list.indexOf(b.name))];
  }
  const [s, u] = isUnsigned(a) ? [b, a] : [a, b];
  const ur = UNSIGNED.indexOf(u.name);
  if (ur === 3) return 'VARCHAR';
  return SIGNED[Math.max(SIGNED.indexOf(s.name), ur + 1)];
}

const bytesOf = (t: TypeSpec) => (t.name === 'NCHAR' ? (t.length ?? 0) * 4 : (t.length ?? 0));

function pair(a: TypeSpec, b: TypeSpec): TypeSpec {
  if (a.name === b.name) return isText(a) ? { name: a.name, length: Math.max(a.length ?? 0, b.length ?? 0) } : a;
  const name = commonName(a, b);
  if (!name) throw new TdError(TdCode.SCALAR_CONVERT_ERROR, 'Cannot convert to specific type');
  if (name === 'VARCHAR') {
    const text = isText(a) ? a : isText(b) ? b : undefined;
    return { name, length: Math.max(text?.length ?? 0, mathable(a) || mathable(b) ? VARCHAR_FOR_NUMBERS : 0) };
  }
  if (name === 'NCHAR') {
    const chars = Math.floor(Math.max(bytesOf(a), bytesOf(b)) / 4);
    return { name, length: Math.max(chars, mathable(a) || mathable(b) ? NCHAR_FOR_NUMBERS : 0) };
  }
  return { name };
}

/** The CASE's type over its non-NULL branches' types (undefined when they all have one type: nothing to do). */
export function caseCommonType(types: TypeSpec[]): TypeSpec | undefined {
  if (types.length < 2 || types.every((t) => t.name === types[0].name)) return undefined;
  if (types.some((t) => t.name === 'DECIMAL')) return undefined;
  return types.slice(1).reduce(pair, types[0]);
}
