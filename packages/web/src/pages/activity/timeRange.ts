/**
 * The activity filter's time range: quick ranges ending now, or a range picked by day where days after today are
 * refused (no future dates).
 */
export const QUICK_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

const HOUR = 60 * 60 * 1000;
const SPAN: Record<QuickRange, number> = { '1h': HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR };

export interface TimeRange {
  from: number;
  to: number;
}

export function quickRange(range: QuickRange, now: number): TimeRange {
  return { from: now - SPAN[range], to: now };
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
