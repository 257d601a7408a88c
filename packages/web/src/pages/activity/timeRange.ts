import { MONITOR_QUICK_RANGES_MS } from '@tscloud/contracts';

/**
 * The activity filter's time range: the spec's quick ranges for monitoring and logs (data-explorer.md §2: last hour,
 * day, 7 days, 30 days, 90 days) ending now, or a range picked by day where days after today are refused.
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

/** A day after today cannot be picked. */
export function isFutureDay(day: Date, now: number): boolean {
  const endOfToday = new Date(now);
  endOfToday.setHours(23, 59, 59, 999);
  return day.getTime() > endOfToday.getTime();
}

/** A picked day range: from the start of the first day to the end of the last, never past now. */
export function dayRange(first: Date, last: Date, now: number): TimeRange {
  const from = new Date(first);
  from.setHours(0, 0, 0, 0);
  const to = new Date(last);
  to.setHours(23, 59, 59, 999);
  return { from: from.getTime(), to: Math.min(to.getTime(), now) };
}
