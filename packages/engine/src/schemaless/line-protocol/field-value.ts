import { wktToWkb } from '../../types/geometry/wkt';
import { FLOAT_MAX } from '../../types';
import type { FieldValue } from '../types';
import { STRING_ESCAPES, unescape } from './scan';

/** Integer suffixes → type and inclusive range (TDengine 3.x ranges). */
const INTEGER_SUFFIXES: Record<string, { type: FieldValue['type']; min: bigint; max: bigint }> = {
  i8: { type: 'TINYINT', min: -128n, max: 127n },
  i16: { type: 'SMALLINT', min: -32768n, max: 32767n },
  i32: { type: 'INT', min: -2147483648n, max: 2147483647n },
  i64: { type: 'BIGINT', min: -(2n ** 63n), max: 2n ** 63n - 1n },
  i: { type: 'BIGINT', min: -(2n ** 63n), max: 2n ** 63n - 1n },
  u8: { type: 'TINYINT UNSIGNED', min: 0n, max: 255n },
  u16: { type: 'SMALLINT UNSIGNED', min: 0n, max: 65535n },
  u32: { type: 'INT UNSIGNED', min: 0n, max: 4294967295n },
  u64: { type: 'BIGINT UNSIGNED', min: 0n, max: 2n ** 64n - 1n },
  u: { type: 'BIGINT UNSIGNED', min: 0n, max: 2n ** 64n - 1n },
};

const NUMBER = /^([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(i8|i16|i32|i64|i|u8|u16|u32|u64|u|f32|f64)?$/;
const INTEGER_TEXT = /^[-+]?\d+$/;
const TRUE = new Set(['t', 'T', 'true', 'True', 'TRUE']);
const FALSE = new Set(['f', 'F', 'false', 'False', 'FALSE']);
/** Quoted-string prefixes: none VARCHAR, L NCHAR, G GEOMETRY (WKT, stored as WKB), B VARBINARY (`\x` hex or text). */
const STRING_PREFIX: Record<string, FieldValue['type']> = { l: 'NCHAR', g: 'GEOMETRY', b: 'VARBINARY' };

function prefixedString(type: FieldValue['type'], text: string): FieldValue | string {
  if (type === 'GEOMETRY') {
    const wkb = wktToWkb(text);
    return wkb ? { type, value: new Uint8Array(wkb) } : `invalid geometry ${text}`;
  }
  if (type === 'VARBINARY') {
    const hex = /^\\x([0-9a-f]{2})*$/i.test(text);
    return { type, value: new Uint8Array(hex ? Buffer.from(text.slice(2), 'hex') : Buffer.from(text)) };
  }
  return { type, value: text };
}

/** A field literal → its typed value; a string naming the problem when the literal is malformed. */
export function parseFieldValue(raw: string): FieldValue | string {
  const last = raw.length - 1;
  if (last >= 1 && raw[last] === '"') {
    if (raw[0] === '"') return { type: 'VARCHAR', value: unescape(raw.slice(1, last), STRING_ESCAPES) };
    const prefixed = STRING_PREFIX[raw[0].toLowerCase()];
    if (prefixed && raw[1] === '"' && last >= 2) return prefixedString(prefixed, unescape(raw.slice(2, last), STRING_ESCAPES));
    return `invalid string value ${raw}`;
  }
  if (TRUE.has(raw)) return { type: 'BOOL', value: true };
  if (FALSE.has(raw)) return { type: 'BOOL', value: false };
  const m = NUMBER.exec(raw);
  if (!m) return `invalid field value ${raw || '(empty)'}`;
  const [, digits, suffix] = m;
  if (suffix === undefined || suffix === 'f64' || suffix === 'f32') {
    const value = Number(digits);
    if (!Number.isFinite(value)) return `value ${raw} out of range`;
    if (suffix === 'f32') {
      if (Math.abs(value) > FLOAT_MAX) return `value ${raw} out of range of FLOAT`;
      return { type: 'FLOAT', value };
    }
    return { type: 'DOUBLE', value };
  }
  const spec = INTEGER_SUFFIXES[suffix];
  if (!INTEGER_TEXT.test(digits)) return `invalid integer value ${raw}`;
  const big = BigInt(digits);
  if (big < spec.min || big > spec.max) return `value ${raw} out of range of ${spec.type}`;
  const wide = spec.type === 'BIGINT' || spec.type === 'BIGINT UNSIGNED';
  return { type: spec.type, value: wide ? big : Number(big) };
}
