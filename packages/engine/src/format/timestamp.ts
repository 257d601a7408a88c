import type { Precision } from '../catalog/db-options';

export const UNITS_PER_MS: Record<Precision, bigint> = { ms: 1n, us: 1000n, ns: 1000000n };
export const FRACTION_DIGITS: Record<Precision, number> = { ms: 3, us: 6, ns: 9 };

/** Throws RangeError for a zone name Intl does not know. */
export function checkTimeZone(tz: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone: tz });
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of `tz` at the instant `ms` in minutes east of UTC. */
export function zoneOffsetMinutes(tz: string, ms: number): number {
  let f = offsetFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(tz, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** 0001-01-01T00:00:00Z in ms. */
const YEAR_ONE_MS = -62135596800000n;

/** 10000-01-01T00:00:00Z in ms. */
const YEAR_TEN_THOUSAND_MS = 253402300800000n;

/**
 * Whether a timestamp lies outside years 1–9999, which taosAdapter writes as the integer itself (a four-digit year is
 * all RFC 3339 has): before year 1 (to_timestamp('', 'yyyy') is "-62167219200000") and from year 10000 on (BIGINT's
 * maximum as a TIMESTAMP is "9223372036854775807", 32#96, #199).
 */
export function outsideFourDigitYears(value: bigint, precision: Precision): boolean {
  const per = UNITS_PER_MS[precision];
  return value < YEAR_ONE_MS * per || value >= YEAR_TEN_THOUSAND_MS * per;
}

/**
 * RFC 3339 with a fixed number of fraction digits for the precision (ms .000, us .000000, ns .000000000), `Z` in UTC
 * or `+08:00` style with a time zone — as current taosAdapter versions print timestamps.
 */
export function formatTimestamp(value: number | bigint, precision: Precision, tz?: string): string {
  const v = BigInt(value);
  const per = UNITS_PER_MS[precision];
  if (outsideFourDigitYears(v, precision)) return v.toString();
  let ms = v / per;
  let sub = v % per;
  if (sub < 0n) {
    sub += per;
    ms -= 1n;
  }
  const msNum = Number(ms);
  const offset = tz ? zoneOffsetMinutes(tz, msNum) : 0;
  const d = new Date(msNum + offset * 60000);
  const fractionMs = pad(d.getUTCMilliseconds(), 3);
  const fraction = precision === 'ms' ? fractionMs : fractionMs + sub.toString().padStart(FRACTION_DIGITS[precision] - 3, '0');
  const year = d.getUTCFullYear();
  const yearText = year >= 0 && year <= 9999 ? pad(year, 4) : String(year);
  const base = `${yearText}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${fraction}`;
  if (!tz) return `${base}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${base}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
