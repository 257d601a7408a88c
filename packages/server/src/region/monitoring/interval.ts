import { ApiCode, MONITOR_MAX_POINTS, MONITOR_MAX_POINTS_EXPLICIT, MONITOR_MIN_INTERVAL_MS, parseMonitorInterval } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Bucket widths a chart may get, narrowest first: round figures people read on an axis. */
const LADDER = [MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 7 * DAY];

/**
 * The bucket width for a range: the narrowest step of the ladder that keeps the chart within
 * MONITOR_MAX_POINTS (last hour → 1 min, day → 5 min, 7 days → 30 min, 30 days → 2 h, 90 days → 6 h). An
 * explicit interval is honoured when it is at least MONITOR_MIN_INTERVAL_MS and gives at most
 * MONITOR_MAX_POINTS_EXPLICIT points.
 */
export function chooseInterval(start: number, end: number, requested?: string): number {
  const span = end - start;
  if (requested !== undefined) {
    const ms = parseMonitorInterval(requested);
    if (ms === null || ms < MONITOR_MIN_INTERVAL_MS || span / ms > MONITOR_MAX_POINTS_EXPLICIT) {
      throw new ApiError(ApiCode.BAD_REQUEST, 'validation.monitorInterval', [], { field: 'interval' });
    }
    return ms;
  }
  return LADDER.find((step) => span / step <= MONITOR_MAX_POINTS) ?? LADDER[LADDER.length - 1];
}
