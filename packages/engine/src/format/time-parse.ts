import type { Precision } from '../catalog/db-options';
import { zoneOffsetMinutes } from './timestamp';

export const UNITS_PER_SECOND: Record<Precision, bigint> = { ms: 1000n, us: 1000000n, ns: 1000000000n };

/** Length of one duration unit (b u a s m h d w) in nanoseconds; calendar units n/y have none. */
const UNIT_NS: Record<string, bigint> = {
  b: 1n,
  u: 1000n,
  a: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n,
  d: 86400000000000n,
  w: 604800000000000n,
};

/** A duration `value unit` in units of `precision`; undefined for calendar units (n, y) or unknown units. */
export function durationInPrecision(value: number, unit: string, precision: Precision): bigint | undefined {
  const ns = UNIT_NS[unit];
  if (ns === undefined) return undefined;
  const nsPerUnit = 1000000000n / UNITS_PER_SECOND[precision];
  return (BigInt(Math.trunc(value)) * ns) / nsPerUnit;
}

const TIME_RE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?$/i;

/**
 * Parses a timestamp string ('2021-07-13 14:06:32.272', RFC 3339 '2021-07-13T14:06:32.272+08:00', a date alone)
 * into units of `precision`. A string without an offset is read in `tz` (UTC when absent).
 * Returns undefined when the text is not a timestamp.
 */
export function parseTimestamp(text: string, precision: Precision, tz?: string): bigint | undefined {
  const m = TIME_RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return undefined;
  const wall = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s));
  if (Number.isNaN(wall)) return undefined;
  let offsetMin: number;
  if (zone) {
    if (zone.toUpperCase() === 'Z') offsetMin = 0;
    else {
      const sign = zone[0] === '-' ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
    }
  } else if (tz) {
    // The zone's offset at that wall time (two steps settle DST edges).
    offsetMin = zoneOffsetMinutes(tz, wall);
    offsetMin = zoneOffsetMinutes(tz, wall - offsetMin * 60000);
  } else offsetMin = 0;
  const seconds = BigInt((wall - offsetMin * 60000) / 1000);
  const per = UNITS_PER_SECOND[precision];
  const digits = precision === 'ms' ? 3 : precision === 'us' ? 6 : 9;
  const fraction = BigInt((frac + '000000000').slice(0, digits) || '0');
  return seconds * per + fraction;
}

/** Now in units of `precision`. */
export function nowIn(precision: Precision, nowMs: number): bigint {
  return BigInt(nowMs) * (UNITS_PER_SECOND[precision] / 1000n);
}

/** Converts an epoch value between precisions (truncating). */
export function convertPrecision(value: bigint, from: Precision, to: Precision): bigint {
  if (from === to) return value;
  const a = UNITS_PER_SECOND[from];
  const b = UNITS_PER_SECOND[to];
  return b > a ? value * (b / a) : value / (a / b);
}
