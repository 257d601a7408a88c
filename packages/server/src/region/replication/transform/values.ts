import type { MappedType } from '@tscloud/contracts';
import { zoneOffsetMinutes } from 'tscloud-engine';

/**
 * Field values converted to a tag's or column's type, and timestamps to the target precision. A value that does
 * not convert throws, so the record is counted as failed with the reason (never written half-right).
 */
const INTEGER_RANGES: Partial<Record<MappedType, [number, number]>> = {
  TINYINT: [-128, 127],
  SMALLINT: [-32768, 32767],
  INT: [-2147483648, 2147483647],
  BIGINT: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

export function convertValue(value: unknown, type: MappedType, name: string, zone?: string): unknown {
  if (value === undefined || value === null || value === '') return null;
  switch (type) {
    case 'BOOL': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      if (['true', '1', 't'].includes(text)) return true;
      if (['false', '0', 'f'].includes(text)) return false;
      throw new Error(`${name}: '${String(value)}' is not a boolean`);
    }
    case 'FLOAT':
    case 'DOUBLE': {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      if (!Number.isFinite(n)) throw new Error(`${name}: '${String(value)}' is not a number`);
      return n;
    }
    case 'VARCHAR':
    case 'BINARY':
    case 'NCHAR':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'TIMESTAMP':
      return toEpoch(value, 'auto', 'ms', name, zone);
    default: {
      const n = typeof value === 'number' ? value : Number(String(value).trim());
      const [min, max] = INTEGER_RANGES[type]!;
      if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name}: '${String(value)}' is not a ${type}`);
      return n;
    }
  }
}

const PER_SECOND = { s: 1n, ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n } as const;
type Unit = keyof typeof PER_SECOND;
/** The same as numbers, for the number path (bigint arithmetic per row cost more than the rest of it). */
const PER_SECOND_NUMBER: Record<Unit, number> = { s: 1, ms: 1_000, us: 1_000_000, ns: 1_000_000_000 };

const QUARTER_HOUR_MS = 900_000;
/** The last offset seen per zone, by quarter hour of wall time: a batch's records mostly share it (Intl is slow). */
const lastOffsets = new Map<string, { quarter: number; offsetMs: number }>();

/** The offset of `zone` at a wall time (epoch ms as if UTC); zone transitions fall on quarter hours. */
function wallOffsetMs(zone: string, wall: number): number {
  const quarter = Math.floor(wall / QUARTER_HOUR_MS);
  const last = lastOffsets.get(zone);
  if (last?.quarter === quarter) return last.offsetMs;
  // Two steps settle the edges of a daylight-saving change.
  const first = zoneOffsetMinutes(zone, wall) * 60_000;
  const offsetMs = zoneOffsetMinutes(zone, wall - first) * 60_000;
  lastOffsets.set(zone, { quarter, offsetMs });
  return offsetMs;
}

/**
 * RFC 3339 text to epoch nanoseconds, keeping digits beyond the millisecond Date.parse drops. A text without an
 * offset is read in `zone` (UTC when absent).
 */
function rfc3339Ns(text: string, name: string, zone?: string): bigint {
  const match = /^(\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)?$/i.exec(text.trim());
  if (!match) throw new Error(`${name}: '${text}' is not an RFC 3339 time`);
  let ms = Date.parse(`${match[1].replace(' ', 'T')}${match[3] ?? 'Z'}`);
  if (Number.isNaN(ms)) throw new Error(`${name}: '${text}' is not an RFC 3339 time`);
  if (!match[3] && zone && zone !== 'UTC') ms -= wallOffsetMs(zone, ms);
  return BigInt(ms) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

/**
 * A timestamp field in the target precision: ms and us as numbers, ns as a text of digits (beyond 2^53). `auto`
 * reads numbers as ms and text as RFC 3339 (or digits as ms); a text without an offset is read in `zone` (default UTC).
 */
export function toEpoch(value: unknown, format: 'auto' | Unit | 'rfc3339', precision: 'ms' | 'us' | 'ns', name: string, zone?: string): number | string {
  // The common cases, a Date or an integer epoch in a unit no finer than the target's, in number arithmetic when
  // exact: the bigint path below cost about a microsecond a row.
  if (precision !== 'ns' && format !== 'rfc3339') {
    const isDate = value instanceof Date;
    if (isDate || (typeof value === 'number' && Number.isInteger(value))) {
      const unit: Unit = isDate || format === 'auto' ? 'ms' : format;
      if (PER_SECOND_NUMBER[unit] <= PER_SECOND_NUMBER[precision]) {
        const out = (isDate ? value.getTime() : (value as number)) * (PER_SECOND_NUMBER[precision] / PER_SECOND_NUMBER[unit]);
        if (Number.isSafeInteger(out)) return out;
      }
    }
  }
  let ns: bigint;
  const isNumeric = typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value));
  if (value instanceof Date) ns = BigInt(value.getTime()) * 1_000_000n;
  else if (format === 'rfc3339' || (format === 'auto' && !isNumeric)) ns = rfc3339Ns(String(value), name, zone);
  else {
    if (!isNumeric) throw new Error(`${name}: '${String(value)}' is not an epoch number`);
    const unit: Unit = format === 'auto' ? 'ms' : format;
    const factor = PER_SECOND.ns / PER_SECOND[unit];
    // Fractional epochs (seconds with a fraction) round to the nanosecond.
    ns = typeof value === 'number' && !Number.isInteger(value) ? BigInt(Math.round(value * Number(factor))) : BigInt(String(value).trim()) * factor;
  }
  const out = ns / (PER_SECOND.ns / PER_SECOND[precision]);
  return precision === 'ns' ? out.toString() : Number(out);
}
