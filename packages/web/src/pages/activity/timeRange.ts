import type { Dayjs } from 'dayjs';
import { MONITOR_QUICK_RANGES_MS } from '@tscloud/contracts';
import { edition, type Edition } from '../../config/edition';
import { compareWithToday, pickedDays } from '../../config/format';

/**
 * The activity filter's time range: the spec's quick ranges for monitoring and logs (data-explorer.md §2: last hour,
 * day, 7 days, 30 days, 90 days) ending now, or a range picked by day where days after today are refused. Days are
 * the edition zone's, as the log's times are shown.
 */
export type QuickRange = keyof typeof MONITOR_QUICK_RANGES_MS;
export const QUICK_RANGES = Object.keys(MONITOR_QUICK_RANGES_MS) as QuickRange[];

export interface TimeRange {
  from: number;
  to: number;
}

export function quickRange(range: QuickRange, now: number): TimeRange {
  return { from: now - MONITOR_QUICK_RANGES_MS[range], to: now };
}

/** A day after the edition zone's today cannot be picked (`day`: a picker value, see toPickerDay). */
export function isFutureDay(day: Dayjs, now: number, variant: Edition = edition): boolean {
  return compareWithToday(day, now, variant) > 0;
}

/** A picked day range: from the start of the first day to the end of the last in the edition's zone, never past now. */
export function dayRange(first: Dayjs, last: Dayjs, now: number, variant: Edition = edition): TimeRange {
  const [from, to] = pickedDays(first, last, variant);
  return { from, to: Math.min(to, now) };
}
