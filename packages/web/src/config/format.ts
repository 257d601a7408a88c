import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { DEFAULT_DISCOUNT } from '@tscloud/contracts';
import { edition as buildEdition, type Edition } from './edition';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Display formats of platform-shell.md §9, in the edition's time zone (UTC international, Asia/Shanghai China), so a
 * time reads the same for every user of a deployment.
 */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function formatDate(epochMs: number, variant: Edition = buildEdition): string {
  return dayjs(epochMs).tz(variant.timeZone).format(DATE_FORMAT);
}

export function formatDateTime(epochMs: number, variant: Edition = buildEdition): string {
  return dayjs(epochMs).tz(variant.timeZone).format(DATE_TIME_FORMAT);
}

/** A chart's time axis label: month, day and time, the short form of YYYY-MM-DD HH:mm:ss (the axis tooltip has the whole). */
export const AXIS_TIME_FORMAT = 'MM-DD HH:mm';

export function formatAxisTime(epochMs: number, variant: Edition = buildEdition): string {
  return dayjs(epochMs).tz(variant.timeZone).format(AXIS_TIME_FORMAT);
}

/** A data row's timestamp (milliseconds shown), in the edition's time zone. */
export function formatRowTime(epochMs: number, variant: Edition = buildEdition): string {
  return dayjs(epochMs).tz(variant.timeZone).format(`${DATE_TIME_FORMAT}.SSS`);
}

/** With the zone: "2026-11-21 08:00:00 UTC+08:00". */
export function formatDateTimeWithZone(epochMs: number, variant: Edition = buildEdition): string {
  const time = dayjs(epochMs).tz(variant.timeZone);
  return `${time.format(DATE_TIME_FORMAT)} UTC${time.format('Z')}`;
}

/**
 * Date pickers in the edition's zone. antd's pickers work in the browser's zone, so a picker is given a browser-local
 * dayjs holding the edition zone's wall-clock time, and what it gives back is read as wall-clock time of that zone:
 * the picker shows and takes the time the lists show. (Its "Now" button would take the browser's clock: hide it.)
 */
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';

export function toPickerDay(epochMs: number, variant: Edition = buildEdition): Dayjs {
  return dayjs(dayjs(epochMs).tz(variant.timeZone).format(WALL_CLOCK));
}

/** The instant a picked day and time stand for, read in the edition's zone. */
export function fromPickerDay(day: Dayjs, variant: Edition = buildEdition): number {
  return dayjs.tz(day.format(WALL_CLOCK), variant.timeZone).valueOf();
}

/** Picked days (picker values) as the instants the first one starts and the last one ends, in the edition's zone. */
export function pickedDays(first: Dayjs, last: Dayjs, variant: Edition = buildEdition): [number, number] {
  return [fromPickerDay(first.startOf('day'), variant), fromPickerDay(last.endOf('day'), variant)];
}

/** A picked day compared with the edition zone's today: negative before it, 0 today, positive after. */
export function compareWithToday(day: Dayjs, now: number, variant: Edition = buildEdition): number {
  const picked = day.format(DATE_FORMAT);
  const today = formatDate(now, variant);
  return picked < today ? -1 : picked > today ? 1 : 0;
}

/** A database list time shifted by the edition's list offset (+8 h in the China edition). */
export function listTime(epochMs: number, variant: Edition = buildEdition): number {
  return epochMs + variant.listOffsetHours * 3_600_000;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'];

/** Sizes step by 1024; a value under 0.01 shows 4 decimals, else 2. */
export function formatSize(bytes: number): string {
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const signed = bytes < 0 ? -value : value;
  return `${signed.toFixed(value !== 0 && value < 0.01 ? 4 : 2)} ${SIZE_UNITS[unit]}`;
}

/** An organization discount is used only when strictly between 0 and 1; otherwise it is 1 (no discount). */
export function effectiveDiscount(discount: number | null | undefined): number {
  return discount !== null && discount !== undefined && discount > 0 && discount < 1 ? discount : DEFAULT_DISCOUNT;
}

/** "20% off" (English) or "8折" (Chinese); empty without a discount. */
export function formatDiscount(discount: number | null | undefined, language: 'en' | 'zh'): string {
  const d = effectiveDiscount(discount);
  if (d === DEFAULT_DISCOUNT) return '';
  if (language === 'zh') return `${Number((d * 10).toFixed(2))}折`;
  return `${Number(((1 - d) * 100).toFixed(2))}% off`;
}
