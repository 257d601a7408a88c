import { timestampNs } from './timeZone';

/**
 * Time-range presets on a result (docs/web-console.md "Results"): each keeps the last N of the result's own time
 * span — rows whose time is within N of the newest time in the rows held — for the grid and the chart alike. It is a
 * zoom over the rows already read, not a new query: the statement stays as typed and no call is made.
 */
export const TIME_RANGE_PRESETS = ['15m', '1h', '24h', '7d', 'all'] as const;
export type TimeRangePreset = (typeof TIME_RANGE_PRESETS)[number];

const MINUTE_NS = 60_000_000_000n;
const SPAN_NS: Record<Exclude<TimeRangePreset, 'all'>, bigint> = {
  '15m': 15n * MINUTE_NS,
  '1h': 60n * MINUTE_NS,
  '24h': 24n * 60n * MINUTE_NS,
  '7d': 7n * 24n * 60n * MINUTE_NS,
};

/** The rows within the preset's span before the newest time of column `column` (all rows for 'all' or no column). */
export function rowsInRange<T extends readonly unknown[]>(rows: readonly T[], column: number, preset: TimeRangePreset): T[] {
  if (preset === 'all' || column < 0) return [...rows];
  const times = rows.map((row) => timestampNs(row[column]));
  let newest: bigint | null = null;
  for (const time of times) if (time !== null && (newest === null || time > newest)) newest = time;
  if (newest === null) return [];
  const from = newest - SPAN_NS[preset];
  return rows.filter((_, i) => times[i] !== null && times[i]! >= from);
}
