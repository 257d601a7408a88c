import { isFloat, isInteger, isString, isTimestamp, isUnsigned, type TypeSpec } from '../../types';
import { checkArgumentCount } from '../binder/functions';
import { compile } from './expr';
import { varchar } from './result-types';
import type { ExprScope, Typed } from './scope';
import { castToText } from './text-cast';
import { duckCast } from './types';
import type { Expression, FunctionCall } from '../../sql';

const SIGNED = ['TINYINT', 'SMALLINT', 'INT', 'BIGINT'] as const;
const WIDTH: Record<string, number> = { TINYINT: 1, SMALLINT: 2, INT: 4, BIGINT: 8 };

const integerWidth = (t: TypeSpec): number => WIDTH[t.name.replace(' UNSIGNED', '')];

/** The signed integer type of at least `bytes` bytes, DOUBLE past BIGINT. */
function signedOf(bytes: number): TypeSpec {
  const name = SIGNED.find((n) => WIDTH[n] >= bytes);
  return name ? { name } : { name: 'DOUBLE' };
}

/**
 * The type GREATEST/LEAST compare two arguments in and answer, as TDengine 3.3.7.5 answers it (probed over every pair
 * of column types, 32#90–#97): DOUBLE, then FLOAT, win; BOOL takes the other type; TIMESTAMP wins over integers but
 * BIGINT UNSIGNED (then DOUBLE); two integers of one signedness the wider; signed and unsigned the signed type wider
 * than both (TINYINT and TINYINT UNSIGNED are SMALLINT), DOUBLE with BIGINT UNSIGNED; text wins over numbers, VARCHAR
 * with NCHAR a VARCHAR as long as both in bytes, a number
 * with text the text type at least VARCHAR(23) / NCHAR(5). Undefined for types the rule does not cover (DECIMAL, VARBINARY, …).
 */
export function extremumType(a: TypeSpec, b: TypeSpec): TypeSpec | undefined {
  if (isString(a) || isString(b)) {
    if (isString(a) && isString(b)) {
      if (a.name === b.name) return { name: a.name, length: Math.max(a.length ?? 0, b.length ?? 0) };
      const bytes = (t: TypeSpec) => (t.length ?? 0) * (t.name === 'NCHAR' ? 4 : 1);
      return varchar(Math.max(bytes(a), bytes(b)));
    }
    const [text, other] = isString(a) ? [a, b] : [b, a];
    if (!numberLike(other)) return undefined;
    // a number as text is sized VARCHAR(23) / NCHAR(5) (probed: greatest(bi, 'a') is VARCHAR(23))
    return { name: text.name, length: Math.max(text.length ?? 0, text.name === 'NCHAR' ? 5 : 23) };
  }
  if (!numberLike(a) || !numberLike(b)) return undefined;
  if (a.name === b.name) return a;
  if (a.name === 'DOUBLE' || b.name === 'DOUBLE') return { name: 'DOUBLE' };
  if (a.name === 'FLOAT' || b.name === 'FLOAT') return { name: 'FLOAT' };
  if (a.name === 'BOOL') return b;
  if (b.name === 'BOOL') return a;
  if (isTimestamp(a) || isTimestamp(b)) {
    const other = isTimestamp(a) ? b : a;
    return other.name === 'BIGINT UNSIGNED' ? { name: 'DOUBLE' } : { name: 'TIMESTAMP' };
  }
  const [wa, wb] = [integerWidth(a), integerWidth(b)];
  if (isUnsigned(a) === isUnsigned(b)) return wa >= wb ? a : b;
  const [s, u] = isUnsigned(a) ? [b, a] : [a, b];
  if (u.name === 'BIGINT UNSIGNED') return { name: 'DOUBLE' };
  return integerWidth(s) > integerWidth(u) ? s : signedOf(integerWidth(u) * 2);
}

function numberLike(t: TypeSpec): boolean {
  return isInteger(t) || isFloat(t) || t.name === 'BOOL' || isTimestamp(t);
}

/** One argument in the common type: numbers cast, text as its text. */
function inType(v: Typed, t: TypeSpec): string {
  if (isString(t)) return isString(v.type) ? v.sql : (castToText(v, { name: 'VARCHAR', length: t.length })?.sql ?? v.sql);
  if (isTimestamp(t)) return `CAST(${v.sql} AS BIGINT)`;
  return `CAST(${v.sql} AS ${duckCast(t)})`;
}

/**
 * GREATEST/LEAST over arguments whose common type `extremumType` gives; undefined when one is outside the rule (the
 * caller's older handling answers then).
 */
export function typedExtremum(scope: ExprScope, fn: 'greatest' | 'least', args: Expression[], call: FunctionCall): Typed | undefined {
  checkArgumentCount(call, 2, Infinity);
  const vs = args.map((a) => compile(scope, a));
  if (vs.some((v) => v.sql === 'NULL')) return undefined;
  let t: TypeSpec | undefined = vs[0]?.type;
  for (const v of vs.slice(1)) t = t && extremumType(t, v.type);
  if (!t) return undefined;
  const type = t;
  return { sql: `${fn}(${vs.map((v) => inType(v, type)).join(', ')})`, type };
}
