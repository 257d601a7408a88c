import type { Dayjs } from 'dayjs';
import { MONITOR_QUICK_RANGES_MS } from '@tscloud/contracts';
import { compareWithToday, fromPickerDay } from '../../config/format';
import { edition as buildEdition, type Edition } from '../../config/edition';

/**
 * The dashboard's time range (data-explorer.md §2): quick ranges ending now — last hour, day, 7 days, 30 days,
 * 90 days — or days picked in a range picker that refuses future days. Days are the edition zone's days, as the
 * chart's axis shows them.
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

/** The picker's first and last day (toPickerDay values) as the start of the first and the end of the last, in the edition's zone. */
export function pickedDays(first: Dayjs, last: Dayjs, variant: Edition = buildEdition): [number, number] {
  return [fromPickerDay(first.startOf('day'), variant), fromPickerDay(last.endOf('day'), variant)];
}

/** A day after the edition zone's today cannot be picked. */
export function isFutureDay(day: Dayjs, now: number, variant: Edition = buildEdition): boolean {
  return compareWithToday(day, now, variant) > 0;
}
