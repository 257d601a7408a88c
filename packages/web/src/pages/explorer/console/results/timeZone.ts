import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DATE_TIME_FORMAT } from '../../../../config/format';
import { edition } from '../../../../config/edition';
import { readJson, writeJson } from '../../../../state/storage';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The zone results are shown in (issue 13: "results shown in a chosen time zone"). The engine sends timestamps as
 * RFC 3339 text with every digit of the column's precision; they are shown as YYYY-MM-DD HH:mm:ss.SSS in the zone,
 * the µs/ns digits copied from the text, so nothing is rounded.
 */
/** Local storage key of the chosen zone (through state/storage, which tolerates a browser refusing storage). */
export const TIME_ZONE_KEY = 'tscloud.console.timeZone';

/** True for a zone name the browser knows (`UTC`, `Asia/Shanghai` …). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zones offered: UTC, the browser's and Shanghai first, then every IANA zone the browser knows. */
export function timeZoneChoices(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', browserTimeZone(), 'Asia/Shanghai', ...known])];
}

/** The remembered zone, else the edition's (UTC international, Asia/Shanghai China). */
export function savedTimeZone(fallback: string = edition.timeZone): string {
  const saved = readJson<unknown>(TIME_ZONE_KEY, null);
  return typeof saved === 'string' && isTimeZone(saved) ? saved : fallback;
}

export function saveTimeZone(zone: string): void {
  if (isTimeZone(zone)) writeJson(TIME_ZONE_KEY, zone);
}

/** A timestamp's whole second (epoch ms) and its fraction digits as written ("123456789" for ns). */
export interface TimestampParts {
  secondMs: number;
  fraction: string;
}

const RFC3339 = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)?$/;

/** Reads the engine's timestamp text (or epoch ms as a number); null for anything else. */
export function timestampParts(value: unknown): TimestampParts | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const secondMs = Math.floor(value / 1000) * 1000;
    return { secondMs, fraction: String(value - secondMs).padStart(3, '0') };
  }
  if (typeof value !== 'string') return null;
  const match = RFC3339.exec(value);
  if (!match) return null;
  const secondMs = Date.parse(`${match[1]}T${match[2]}${match[4] ?? 'Z'}`);
  return Number.isNaN(secondMs) ? null : { secondMs, fraction: match[3] ?? '' };
}

/** Nanoseconds since the epoch, exact (for sorting and time ranges); null when the value is no timestamp. */
export function timestampNs(value: unknown): bigint | null {
  const parts = timestampParts(value);
  if (!parts) return null;
  return BigInt(parts.secondMs) * 1_000_000n + BigInt(parts.fraction.padEnd(9, '0'));
}

/**
 * "2023-11-15 06:13:20.123456789" for 2023-11-14T22:13:20.123456789Z in Asia/Shanghai: at least the ms digits, more
 * when the text has them. Zone offsets are whole minutes, so only the whole second goes through the zone.
 */
export function formatTimestamp(value: unknown, zone: string): string | null {
  const parts = timestampParts(value);
  if (!parts) return null;
  return `${dayjs(parts.secondMs).tz(zone).format(DATE_TIME_FORMAT)}.${parts.fraction.padEnd(3, '0')}`;
}

/** The zone's offset at an instant, "UTC+08:00", for the caption beside the zone's name. */
export function zoneOffset(zone: string, at = Date.now()): string {
  return `UTC${dayjs(at).tz(zone).format('Z')}`;
}

/** An instant (epoch ms) in the zone with a dayjs pattern: the chart's axis labels. */
export function formatInZone(epochMs: number, zone: string, pattern: string): string {
  return dayjs(epochMs).tz(zone).format(pattern);
}
