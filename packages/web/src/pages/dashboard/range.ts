import { MONITOR_QUICK_RANGES_MS } from '@tscloud/contracts';
import { isFutureDay } from '../activity/timeRange';

/**
 * The dashboard's time range (data-explorer.md §2): quick ranges ending now — last hour, day, 7 days, 30 days,
 * 90 days — or days picked in a range picker that refuses future days (the same rule as the activity filter). Days
 * are the edition zone's days, as the chart's axis shows them.
 */
export type QuickRange = keyof typeof MONITOR_QUICK_RANGES_MS;
export const QUICK_RANGES = Object.keys(MONITOR_QUICK_RANGES_MS) as QuickRange[];

export interface Range {
  start: number;
  end: number;
}

/** A quick range, or picked days as the instants their first day starts and their last day ends. */
export type RangeChoice = { quick: QuickRange } | { days: [number, number] };

export function resolveRange(choice: RangeChoice, now: number): Range {
  if ('quick' in choice) return { start: now - MONITOR_QUICK_RANGES_MS[choice.quick], end: now };
  return { start: choice.days[0], end: Math.min(choice.days[1], now) };
}

export { isFutureDay };
