import type { Precision } from '../../../catalog/db-options';

/**
 * Time-bucket arithmetic of the per-bucket pre-aggregates (time-buckets.ts): every data table's rows are summed per
 * table id and per aligned minute of its timestamps. Pure functions; the SQL and the planner hook build on these.
 */

/** One minute in the database precision: the bucket length (1m, 1h, 1d … windows are whole numbers of them). */
export function bucketLength(precision: Precision): bigint {
  return precision === 'ms' ? 60_000n : precision === 'us' ? 60_000_000n : 60_000_000_000n;
}

/** The start of the bucket holding `ts` (floor to a multiple of `bucket`, negative timestamps included). */
export function bucketStart(ts: bigint, bucket: bigint): bigint {
  return ts - (((ts % bucket) + bucket) % bucket);
}

/** Integer windows as the planner makes them: start at k·slide + offset, `len` long. */
export interface FixedWindows {
  len: bigint;
  slide: bigint;
  offset: bigint;
}

/**
 * Whether every window is an exact union of buckets: its start and its end fall on bucket boundaries. Then a row's
 * window depends only on its bucket, so summing per bucket first changes nothing.
 */
export function windowsCoverBuckets(w: FixedWindows, bucket: bigint): boolean {
  return w.len > 0n && w.slide > 0n && w.len % bucket === 0n && w.slide % bucket === 0n && ((w.offset % bucket) + bucket) % bucket === 0n;
}

/** A closed time range; an end left undefined is open. */
export interface ClosedRange {
  start?: bigint;
  end?: bigint;
}

/**
 * A query's closed time range split into whole buckets, read from the pre-aggregates (bucket starts in
 * [`from`, `to`), either side open when undefined), and edge pieces (closed ranges) that cover part of a bucket
 * only and are read from the rows. `whole` is false when no bucket lies wholly inside the range (the range is then
 * one edge, or empty).
 */
export interface RangeSplit {
  whole: boolean;
  from?: bigint;
  to?: bigint;
  edges: [bigint, bigint][];
}

export function splitRange(range: ClosedRange, bucket: bigint): RangeSplit {
  const { start, end } = range;
  if (start !== undefined && end !== undefined && start > end) return { whole: false, edges: [] };
  // first whole bucket: the first boundary at or after the start; the whole ones end before the bucket holding end+1
  const from = start === undefined ? undefined : bucketStart(start + bucket - 1n, bucket);
  const to = end === undefined ? undefined : bucketStart(end + 1n, bucket);
  if (from !== undefined && to !== undefined && from >= to) return { whole: false, edges: [[start!, end!]] };
  const edges: [bigint, bigint][] = [];
  if (start !== undefined && from! > start) edges.push([start, from! - 1n]);
  if (end !== undefined && to! <= end) edges.push([to!, end]);
  return { whole: true, from, to, edges };
}
