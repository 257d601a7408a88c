import type { Precision } from '../catalog/db-options';
import { formatTimestamp } from './timestamp';

/** The shortest decimal text that reads back as the same float32 (REST prints FLOAT 10.3, not 10.300000190734863). */
export function float32Text(v: number): string {
  if (!Number.isFinite(v)) return 'null';
  const f = Math.fround(v);
  for (let p = 1; p <= 9; p++) {
    const text = f.toPrecision(p);
    if (Math.fround(Number(text)) === f) return String(Number(text));
  }
  return String(f);
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** A DECIMAL as TDengine writes it: all its scale's digits, except zero, which is `0` (`0.0000000000` is not). */
export function decimalText(text: string): string {
  return /^-?0(\.0*)?$/.test(text) ? '0' : text;
}

/** One cell as JSON text per facts §1.4 (numbers, true/false, strings, null, raw JSON tags, hex for bytes). */
export function cellJson(value: unknown, type: string, precision: Precision, tz?: string): string {
  if (value === null || value === undefined) return 'null';
  switch (type) {
    case 'TIMESTAMP':
      return JSON.stringify(formatTimestamp(value as number | bigint, precision, tz));
    case 'FLOAT':
      return float32Text(Number(value));
    case 'DOUBLE':
      return Number.isFinite(value as number) ? String(value) : 'null';
    case 'BOOL':
      return value ? 'true' : 'false';
    case 'JSON':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'VARBINARY':
    case 'GEOMETRY':
    case 'BLOB':
      return JSON.stringify(value instanceof Uint8Array ? hex(value) : String(value));
    default:
      if (type.startsWith('DECIMAL')) return JSON.stringify(decimalText(String(value)));
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      if (value instanceof Uint8Array) return JSON.stringify(hex(value));
      return JSON.stringify(String(value));
  }
}
