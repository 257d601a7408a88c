import { monthIndex, monthStart } from '../query';
import type { StreamPlan } from './plan';

/** Window arithmetic of the stream kinds, in the database precision (bigint). */

/** No lower bound: a recompute from the beginning. */
export const NO_LOWER = -(2n ** 63n);

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Calendar INTERVAL (`n`/`y`): the start of the window holding `t` (months counted as the SELECT counts them). */
function calendarStart(plan: StreamPlan, t: bigint): bigint {
  const { months, tz, unitsPerMs } = plan.interval!.calendar!;
  const index = monthIndex(Number(floorDiv(t, unitsPerMs)), tz);
  return BigInt(monthStart(Math.floor(index / months) * months, tz)) * unitsPerMs;
}

/** INTERVAL: end (exclusive) of the window starting at `start`. */
export function windowEnd(plan: StreamPlan, start: bigint): bigint {
  const { interval, calendar } = plan.interval!;
  if (!calendar) return start + interval;
  const index = monthIndex(Number(floorDiv(start, calendar.unitsPerMs)), calendar.tz);
  return BigInt(monthStart(index + calendar.months, calendar.tz)) * calendar.unitsPerMs;
}

/** INTERVAL: start of the last (latest) window containing `t`. */
export function lastStart(plan: StreamPlan, t: bigint): bigint {
  const { sliding, offset, calendar } = plan.interval!;
  if (calendar) return calendarStart(plan, t);
  return offset + floorDiv(t - offset, sliding) * sliding;
}

/** INTERVAL: start of the first (earliest) window containing `t`. */
export function firstStart(plan: StreamPlan, t: bigint): bigint {
  const { interval, sliding, offset, calendar } = plan.interval!;
  if (calendar) return calendarStart(plan, t);
  return offset + (floorDiv(t - interval - offset, sliding) + 1n) * sliding;
}

/**
 * Rows with ts below the returned bound are expired once the watermark clock reads `threshold` (= newest ts −
 * WATERMARK): for INTERVAL a row is expired when every window holding it has closed; for the other kinds when it is
 * older than the threshold itself.
 */
export function expiryBound(plan: StreamPlan, threshold: bigint): bigint {
  if (plan.window !== 'interval') return threshold;
  // the first window still open at `threshold` (its end lies past it)
  return firstStart(plan, threshold);
}

/** One computed window of a partition. */
export interface ComputedWindow {
  start: bigint;
  end: bigint;
  rows: number;
  /** the last window of its partition in the computed range (which runs to the newest row) */
  last: boolean;
}

/**
 * Whether a computed window is closed at watermark clock `threshold` (facts §3.2: the newest ts − WATERMARK has
 * passed its end), and if not, the clock value at which it may close (undefined: only new rows can close it).
 */
export function closing(plan: StreamPlan, w: ComputedWindow, threshold: bigint | undefined): { closed: boolean; at?: bigint } {
  let at: bigint | undefined;
  switch (plan.window) {
    case 'interval':
      at = windowEnd(plan, w.start);
      break;
    case 'session':
      at = w.end + plan.sessionGap! + 1n;
      break;
    case 'state':
      at = w.last ? undefined : w.end + 1n;
      break;
    case 'event':
      at = w.end;
      break;
    case 'count':
      at = w.rows >= plan.count!.n ? w.end : undefined;
      break;
  }
  return { closed: at !== undefined && threshold !== undefined && threshold >= at, at };
}
