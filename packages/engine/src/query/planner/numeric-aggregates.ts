import { isDecimal, isInteger, isUnsigned, type TypeSpec } from '../../types';
import type { Typed } from './scope';
import { sumType } from './types';

/**
 * SUM and AVG as TDengine computes them on its numeric types. Integer sums are int64/uint64 accumulators that wrap
 * (`sum(bi)` past BIGINT's maximum comes out negative, as in 02_types_numeric#100); DECIMAL keeps its scale in a
 * DECIMAL(38, s) sum and a DECIMAL(38, max(s, 6)) mean rounded half away from zero (04_types_geometry_decimal_json).
 */

/** The scale TDengine's AVG of a DECIMAL keeps: the column's, at least 6 (the goldens show 2 → 6 and 0 → 6). */
const AVG_MIN_SCALE = 6;

const decimal = (precision: number, scale: number): TypeSpec => ({ name: 'DECIMAL', precision, scale });

/** `x` modulo 2^64 into the signed or unsigned 64-bit range (DuckDB's sum of BIGINT is a HUGEINT). */
function wrap64(hugeint: string, unsigned: boolean): string {
  const span = `${2n ** 64n}::HUGEINT`;
  if (unsigned) return `CAST(((${hugeint}) % ${span} + ${span}) % ${span} AS UBIGINT)`;
  const half = `${2n ** 63n}::HUGEINT`;
  return `CAST((((${hugeint}) + ${half}) % ${span} + ${span}) % ${span} - ${half} AS BIGINT)`;
}

export function sumOf(v: Typed): Typed {
  if (isDecimal(v.type)) {
    const scale = v.type.scale ?? 0;
    return { sql: `CAST(sum(${v.sql}) AS DECIMAL(38, ${scale}))`, type: decimal(38, scale) };
  }
  const type = sumType(v.type);
  if (type.name === 'DOUBLE') return { sql: `CAST(sum(${v.sql}) AS DOUBLE)`, type };
  return { sql: wrap64(`sum(${v.sql})::HUGEINT`, isUnsigned(type)), type };
}

/**
 * AVG of a 64-bit integer column as TDengine accumulates it: an int64 (uint64) sum in scan (time) order that, at the
 * first value that would reach the type's bound, moves to a double and goes on adding doubles (tavgfunction.c's
 * CHECK_OVERFLOW_SUM_*: `avg(bi)` of 100, 200, -300, 400, MAX, -MAX, 500 is 500 / 7, not 900 / 7: 33#29). Narrower
 * integers cannot reach the bound in practice, so they keep DuckDB's exact avg.
 */
function overflowingAvg(v: Typed, order: string | undefined): string {
  const unsigned = isUnsigned(v.type);
  const [lo, hi] = unsigned ? ['0', `${2n ** 64n - 1n}`] : [`${-(2n ** 63n)}`, `${2n ** 63n - 1n}`];
  // the running state: i the exact sum while it fits, o whether it moved to d, the double sum
  const el = `{'i': CAST(x__ AS HUGEINT), 'o': false, 'd': CAST(x__ AS DOUBLE)}`;
  const l = `list_transform(list(${v.sql}${order ? ` ORDER BY ${order}` : ''}) FILTER (WHERE ${v.sql} IS NOT NULL), lambda x__: ${el})`;
  const reaches = unsigned
    ? `${hi}::HUGEINT - acc__.i <= el__.i`
    : `(acc__.i > 0 AND el__.i > 0 AND ${hi}::HUGEINT - acc__.i <= el__.i) OR (acc__.i < 0 AND el__.i < 0 AND ${lo}::HUGEINT - acc__.i >= el__.i)`;
  const step = `CASE WHEN acc__.o THEN {'i': acc__.i, 'o': true, 'd': acc__.d + el__.d} WHEN ${reaches} THEN {'i': acc__.i, 'o': true, 'd': CAST(acc__.i AS DOUBLE) + el__.d} ELSE {'i': acc__.i + el__.i, 'o': false, 'd': 0.0::DOUBLE} END`;
  // from an empty sum (a UBIGINT max overflows at once: max - 0 <= max)
  const folded = `list_reduce(list_prepend({'i': 0::HUGEINT, 'o': false, 'd': 0.0::DOUBLE}, ${l}), lambda acc__, el__: ${step})`;
  const n = `count(${v.sql})`;
  return `(CASE WHEN ${n} = 0 THEN NULL ELSE list_transform([${folded}], lambda r__: CASE WHEN r__.o THEN r__.d ELSE CAST(r__.i AS DOUBLE) END)[1] / ${n} END)`;
}

export function avgOf(v: Typed, order?: string): Typed {
  if (!isDecimal(v.type)) {
    const wide = v.type.name === 'BIGINT' || v.type.name === 'BIGINT UNSIGNED';
    return { sql: wide ? overflowingAvg(v, order) : `avg(${v.sql})`, type: { name: 'DOUBLE' } };
  }
  const scale = v.type.scale ?? 0;
  const target = Math.max(scale, AVG_MIN_SCALE);
  // the sum's unscaled digits as an integer, moved to the target scale, divided by the count with rounding
  const unscaled = `(CAST(replace(CAST(CAST(sum(${v.sql}) AS DECIMAL(38, ${scale})) AS VARCHAR), '.', '') AS HUGEINT) * ${10n ** BigInt(target - scale)})`;
  const n = `count(${v.sql})`;
  const rounded = `(CASE WHEN ${unscaled} >= 0 THEN (2 * ${unscaled} + ${n}) // (2 * ${n}) ELSE -((-2 * ${unscaled} + ${n}) // (2 * ${n})) END)`;
  const unit = `CAST('${(10 ** -target).toFixed(target)}' AS DECIMAL(38, ${target}))`;
  return { sql: `(CASE WHEN ${n} = 0 THEN NULL ELSE CAST(${rounded} AS DECIMAL(38, 0)) * ${unit} END)`, type: decimal(38, target) };
}

/** `x` modulo 2^bits as a signed (two's complement) or unsigned integer, in HUGEINT. */
function wrapBits(x: string, bits: number, unsigned: boolean): string {
  const span = `${2n ** BigInt(bits)}::HUGEINT`;
  if (unsigned) return `(((${x}) % ${span} + ${span}) % ${span})`;
  const half = `${2n ** BigInt(bits - 1)}::HUGEINT`;
  return `((((${x}) + ${half}) % ${span} + ${span}) % ${span} - ${half})`;
}

/**
 * A value's square as TDengine's stddev adds it (`plist[i] * plist[i]` in C): INT and SMALLINT UNSIGNED multiply in
 * a 32-bit int, INT UNSIGNED in a 32-bit unsigned, the 64-bit types in 64 bits, all wrapping; FLOAT squares in
 * single precision. Integer squares are HUGEINT, the others DOUBLE.
 */
function cSquare(v: Typed): string {
  const x = `CAST(${v.sql} AS HUGEINT)`;
  switch (v.type.name) {
    case 'TINYINT':
    case 'SMALLINT':
    case 'TINYINT UNSIGNED':
      return `${x} * ${x}`;
    case 'INT':
    case 'SMALLINT UNSIGNED':
      return wrapBits(`${x} * ${x}`, 32, false);
    case 'INT UNSIGNED':
      return wrapBits(`${x} * ${x}`, 32, true);
    case 'BIGINT':
    case 'BIGINT UNSIGNED': {
      // modulo 2^64 from the halves (the full square of a UBIGINT does not fit a HUGEINT)
      const u = wrapBits(x, 64, true);
      const [hi, lo] = [`(${u} // 4294967296)`, `(${u} % 4294967296)`];
      return `((${lo} * ${lo} + ((2 * ${hi} * ${lo}) % 4294967296) * 4294967296) % ${2n ** 64n}::HUGEINT)`;
    }
    case 'FLOAT':
      return `CAST(CAST(${v.sql} AS FLOAT) * CAST(${v.sql} AS FLOAT) AS DOUBLE)`;
    default:
      return `CAST(${v.sql} AS DOUBLE) * CAST(${v.sql} AS DOUBLE)`;
  }
}

/**
 * The population variance as TDengine's stddev computes it: a sum and a sum of squares, `|Σx²/n − (Σx/n)²|`. For
 * integers both sums are int64 (uint64 for unsigned types) that wrap, and so do the squares of INT and wider
 * (`stddev(ii)` over 2147483647 squares to 1: 33#71); in doubles a square may overflow to infinity, and an infinite
 * or undefined result is NULL (`stddev(d)` over 1e300: 33#65). Undefined for an empty group (NULL).
 */
export function varianceOf(v: Typed): string {
  const n = `CAST(count(${v.sql}) AS DOUBLE)`;
  let mean: string;
  let squares: string;
  if (isInteger(v.type)) {
    const unsigned = isUnsigned(v.type);
    mean = `CAST(${wrapBits(`sum(CAST(${v.sql} AS HUGEINT))`, 64, unsigned)} AS DOUBLE) / ${n}`;
    squares = `CAST(${wrapBits(`sum(${cSquare(v)})`, 64, unsigned)} AS DOUBLE) / ${n}`;
  } else {
    mean = `sum(CAST(${v.sql} AS DOUBLE)) / ${n}`;
    squares = `sum(${cSquare(v)}) / ${n}`;
  }
  const variance = `abs(${squares} - (${mean}) * (${mean}))`;
  return `CASE WHEN count(${v.sql}) = 0 OR isinf(${variance}) OR isnan(${variance}) THEN NULL ELSE ${variance} END`;
}
