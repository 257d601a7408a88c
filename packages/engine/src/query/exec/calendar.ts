import { zoneOffsetMinutes } from '../../format/timestamp';

/**
 * Calendar (`n`/`y`) windows in a time zone: months are counted from 1970-01 in local time, and a month starts at
 * local midnight of its first day (UTC when no zone is given).
 */

/** Local month index (months since 1970-01) of an instant in ms. */
export function monthIndex(ms: number, tz: string | undefined): number {
  const d = new Date(ms + (tz ? zoneOffsetMinutes(tz, ms) * 60000 : 0));
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
}

/** The instant (ms) local month `index` starts at. */
export function monthStart(index: number, tz: string | undefined): number {
  const local = Date.UTC(1970, index, 1);
  if (!tz) return local;
  // The zone offset at the start itself: guess with the offset at the local wall time, then correct once.
  const guess = local - zoneOffsetMinutes(tz, local) * 60000;
  return local - zoneOffsetMinutes(tz, guess) * 60000;
}
