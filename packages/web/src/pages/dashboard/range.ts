import { MONITOR_QUICK_RANGES_MS } from '@tscloud/contracts';
import { dayRange, isFutureDay } from '../activity/timeRange';

/**
 * The dashboard's time range (data-explorer.md §2): quick ranges ending now — last hour, day, 7 days, 30 days,
 * 90 days — or days picked in a range picker that refuses future days (the same rule as the activity filter).
 */
export type QuickRange = keyof typeof MONITOR_QUICK_RANGES_MS;
export const QUICK_RANGES = Object.keys(MONITOR_QUICK_RANGES_MS) as QuickRange[];

export interface Range {
  start: number;
  end: number;
}

export type RangeChoice = { quick: QuickRange } | { days: [Date, Date] };

export function resolveRange(choice: RangeChoice, now: number): Range {
  if ('quick' in choice) return { start: now - MONITOR_QUICK_RANGES_MS[choice.quick], end: now };
  const { from, to } = dayRange(choice.days[0], choice.days[1], now);
  return { start: from, end: to };
}

export { isFutureDay };
