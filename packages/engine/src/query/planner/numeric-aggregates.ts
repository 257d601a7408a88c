import { isDecimal, isUnsigned, type TypeSpec } from '../../types';
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

export function avgOf(v: Typed): Typed {
  if (!isDecimal(v.type)) return { sql: `avg(${v.sql})`, type: { name: 'DOUBLE' } };
  const scale = v.type.scale ?? 0;
  const target = Math.max(scale, AVG_MIN_SCALE);
  // the sum's unscaled digits as an integer, moved to the target scale, divided by the count with rounding
  const unscaled = `(CAST(replace(CAST(CAST(sum(${v.sql}) AS DECIMAL(38, ${scale})) AS VARCHAR), '.', '') AS HUGEINT) * ${10n ** BigInt(target - scale)})`;
  const n = `count(${v.sql})`;
  const rounded = `(CASE WHEN ${unscaled} >= 0 THEN (2 * ${unscaled} + ${n}) // (2 * ${n}) ELSE -((-2 * ${unscaled} + ${n}) // (2 * ${n})) END)`;
  const unit = `CAST('${(10 ** -target).toFixed(target)}' AS DECIMAL(38, ${target}))`;
  return { sql: `(CASE WHEN ${n} = 0 THEN NULL ELSE CAST(${rounded} AS DECIMAL(38, 0)) * ${unit} END)`, type: decimal(38, target) };
}
