import { DATA_TYPES, isDecimal, isInteger, type TypeSpec } from '../../types';
import type { Typed } from './scope';

/**
 * + − × ÷ with a DECIMAL operand and a DECIMAL or integer other operand: an exact DECIMAL result whose precision and
 * scale follow TDengine's decimal rules (04_types_geometry_decimal_json#47: DECIMAL(10,2) + DECIMAL(5,0) is
 * DECIMAL(11,2), × 2 DECIMAL(30,2), DECIMAL(5,0) ÷ 3 DECIMAL(25,20)); an integer counts as DECIMAL(digits, 0). The
 * result reports 16 bytes (a 128-bit decimal). With a float or text operand the arithmetic stays DOUBLE.
 */
const MAX_PRECISION = 38;
const RESULT_BYTES = 16;
/** The least scale of a quotient. */
const DIVISION_MIN_SCALE = 6;

interface DecimalShape {
  precision: number;
  scale: number;
}

function shapeOf(t: TypeSpec): DecimalShape | undefined {
  if (isDecimal(t)) return { precision: t.precision ?? 10, scale: t.scale ?? 0 };
  // an integer type as the decimal digits of its range (BIGINT 19, INT 10, TINYINT UNSIGNED 3 …)
  if (isInteger(t)) return { precision: DATA_TYPES[t.name].range!.max.toString().length, scale: 0 };
  return undefined;
}

function resultShape(a: DecimalShape, b: DecimalShape, op: string): DecimalShape {
  let precision: number;
  let scale: number;
  if (op === '*') {
    precision = a.precision + b.precision + 1;
    scale = a.scale + b.scale;
  } else if (op === '/') {
    scale = Math.max(DIVISION_MIN_SCALE, a.scale + b.precision + 1);
    precision = a.precision - a.scale + b.scale + scale;
  } else {
    scale = Math.max(a.scale, b.scale);
    precision = Math.max(a.precision - a.scale, b.precision - b.scale) + scale + 1;
  }
  return { precision: Math.min(precision, MAX_PRECISION), scale: Math.min(scale, MAX_PRECISION) };
}

/** A decimal or integer value's unscaled digits as a HUGEINT (`12.34` of scale 2 → 1234). */
const unscaled = (v: Typed, shape: DecimalShape): string =>
  shape.scale === 0 ? `CAST(${v.sql} AS HUGEINT)` : `CAST(replace(CAST(${v.sql} AS VARCHAR), '.', '') AS HUGEINT)`;

/** The quotient a ÷ b at `scale`, rounded half away from zero, as an exact DECIMAL(38, scale). */
function quotientSql(l: Typed, a: DecimalShape, r: Typed, b: DecimalShape, scale: number): string {
  const num = `(${unscaled(l, a)} * ${10n ** BigInt(scale + b.scale - a.scale)})`;
  const den = unscaled(r, b);
  const q = `(CASE WHEN (${num} >= 0) = (${den} > 0) THEN (2 * abs(${num}) + abs(${den})) // (2 * abs(${den})) ELSE -((2 * abs(${num}) + abs(${den})) // (2 * abs(${den}))) END)`;
  const unit = `CAST('${scale === 0 ? '1' : `0.${'0'.repeat(scale - 1)}1`}' AS DECIMAL(38, ${scale}))`;
  return `(CASE WHEN ${den} = 0 THEN NULL ELSE CAST(${q} AS DECIMAL(38, 0)) * ${unit} END)`;
}

/** The DECIMAL arithmetic of `l op r`, or undefined when it is not DECIMAL arithmetic (no DECIMAL, or a float side). */
export function decimalArithmetic(l: Typed, r: Typed, op: string): Typed | undefined {
  if (!isDecimal(l.type) && !isDecimal(r.type)) return undefined;
  const a = shapeOf(l.type);
  const b = shapeOf(r.type);
  if (!a || !b || !['+', '-', '*', '/'].includes(op)) return undefined;
  const shape = resultShape(a, b, op);
  const target = `DECIMAL(${shape.precision}, ${shape.scale})`;
  const value = op === '/' ? quotientSql(l, a, r, b, shape.scale) : `(CAST(${l.sql} AS DECIMAL(38, ${a.scale})) ${op} CAST(${r.sql} AS DECIMAL(38, ${b.scale})))`;
  return { sql: `CAST(${value} AS ${target})`, type: { name: 'DECIMAL', precision: shape.precision, scale: shape.scale, length: RESULT_BYTES } };
}
