import type { SelectStatement } from '../sql';
import { parse } from '../sql';
import { boundedQuery, FILLED_SUBTABLE, HIDDEN_FIXED, type StreamPlan } from './plan';
import { lastStart, NO_LOWER, windowEnd } from './windows';

/**
 * INTERVAL ... FILL in a stream. TDengine's streams fill the windows between a partition's first and last windows
 * (tsim/stream/fillIntervalPrevNext.sim: data from 211 s to 220 s gives 10 rows whatever the WHERE range), which is
 * what the SELECT with that FILL returns over the partition's own time range. The SELECT does the filling (query
 * planner + exec/fill.ts); the stream only bounds it:
 *
 * - A change in [lo, hi) can change the filled windows back to the partition's previous window before lo (PREV,
 *   LINEAR) and on to its next window from hi (NEXT, LINEAR). The pass asks the source for those neighbours per
 *   partition — last ts before lo, first and last ts in [lo, hi), first ts from hi (`Extents`) —, runs the stream's
 *   query with FILL over the widened range and keeps, per partition, only the windows of its zone
 *   [previous (or first) window, next (or last) window]: outside it a partition's filled values may depend on rows
 *   the query did not read.
 * - Without deletes, windows only become real or appear; after a DELETE the zone of each output table is where its
 *   stale rows can be (stream.ts, staleRows).
 */

/** A partition's neighbours of a recomputed range, as window starts. */
export interface Extents {
  prev?: bigint;
  first?: bigint;
  last?: bigint;
  next?: bigint;
}

/** The window starts a partition's rows are recomputed and written for, undefined when it has no rows near. */
export function zoneOf(e: Extents): { lo: bigint; hi: bigint } | undefined {
  // a partition left with only a previous (or next) window keeps that window: the rows after (before) it are stale
  const lo = e.prev ?? e.first ?? e.next;
  const hi = e.next ?? e.last ?? e.prev;
  return lo === undefined || hi === undefined ? undefined : { lo, hi };
}

/**
 * After a DELETE: whether an output row of a partition, not produced again, is stale — it lies between the
 * partition's previous and next windows (exclusive of windows before the previous one; a row's ts is within its
 * window, `_wstart` to `_wend`), or anywhere in the query range when the partition has no such neighbour.
 */
export function staleInZone(e: Extents | undefined, ts: bigint, range: { lo: bigint; hi: bigint }): boolean {
  const above = e?.prev !== undefined ? ts > e.prev : ts >= range.lo;
  const below = e?.next !== undefined ? ts <= e.next : ts < range.hi;
  return above && below;
}

/** `agg(_c0), ...` of the stream's rows under `cond`, per partition (partition values follow the aggregates). */
export function neighbourQuery(plan: StreamPlan, aggs: string, cond: string | undefined): SelectStatement {
  const q = boundedQuery(plan, cond);
  const partitions = (plan.base.partitionBy ?? []).map((p, i) => `${p.expr.text} AS __s_p${i}`);
  q.items = (parse(`SELECT ${[aggs, ...partitions].join(', ')} FROM t`) as SelectStatement).items;
  q.window = undefined;
  return q;
}

/** Folds one neighbour query's rows into `into` (unit → partition key → extents). */
export function addExtents(
  plan: StreamPlan,
  into: Map<number, Map<string, Extents>>,
  rows: unknown[][],
  fields: (keyof Extents)[],
  unitOf: (partitionValues: unknown[]) => number | undefined,
  keyOf: (partitionValues: unknown[]) => string,
): void {
  for (const row of rows) {
    const values = row.slice(fields.length);
    const unit = unitOf(values);
    if (unit === undefined) continue;
    let map = into.get(unit);
    if (!map) into.set(unit, (map = new Map()));
    const key = keyOf(values);
    let e = map.get(key);
    if (!e) map.set(key, (e = {}));
    fields.forEach((f, i) => {
      const v = row[i];
      if (v !== null && v !== undefined) e![f] = lastStart(plan, BigInt(v as bigint));
    });
  }
}

/** The unit's query range [lo, hi) covering every partition's zone, undefined when no partition has one. */
export function unitRange(plan: StreamPlan, extents: Map<string, Extents> | undefined): { lo: bigint; hi: bigint } | undefined {
  let range: { lo: bigint; hi: bigint } | undefined;
  for (const e of extents?.values() ?? []) {
    const z = zoneOf(e);
    if (!z) continue;
    const hi = windowEnd(plan, z.hi);
    if (!range) range = { lo: z.lo, hi };
    else range = { lo: z.lo < range.lo ? z.lo : range.lo, hi: hi > range.hi ? hi : range.hi };
  }
  return range;
}

/**
 * A unit's filled rows reduced to each partition's zone; the SUBTABLE value (a filled column of the query) is taken
 * from a real row of the partition.
 */
export function zoneRows(plan: StreamPlan, rows: unknown[][], extents: Map<string, Extents> | undefined, keyOf: (row: unknown[]) => string): unknown[][] {
  const sub = HIDDEN_FIXED + plan.partitions;
  const subtableOf = new Map<string, unknown>();
  if (plan.hasSubtable) {
    for (const row of rows) {
      const v = row[sub];
      if (v !== null && v !== undefined && v !== FILLED_SUBTABLE && !subtableOf.has(keyOf(row))) subtableOf.set(keyOf(row), v);
    }
  }
  const out: unknown[][] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const e = extents?.get(key);
    const z = e && zoneOf(e);
    if (!z) continue;
    const ws = BigInt(row[0] as bigint);
    if (ws < z.lo || ws > z.hi) continue;
    if (plan.hasSubtable) {
      const copy = [...row];
      copy[sub] = subtableOf.get(key) ?? null;
      out.push(copy);
    } else out.push(row);
  }
  return out;
}

type Bounds = { lo: bigint; hi?: bigint };

/** What fillBounds needs from the stream: its query runner, its time conditions, how result values map to units. */
export interface FillContext {
  plan: StreamPlan;
  query(q: SelectStatement): Promise<{ rows: unknown[][] }>;
  /** the time condition of per-unit bounds, or of `all` units */
  condition(ranges: Map<number, Bounds>, all?: Bounds): string | undefined;
  /** the unit of a row's partition values (undefined: a table no longer there) */
  unitOf(partitionValues: unknown[]): number | undefined;
  keyOf(partitionValues: unknown[]): string;
}

/**
 * Each partition's neighbours of the recomputed ranges (`ranges` per unit, or `all` units from `all.lo`), the query
 * range per unit, and the condition of the filled query (null: nothing to compute). The overall range is ANDed at
 * the top so the SELECT's FILL has its bounds.
 */
export async function fillBounds(
  ctx: FillContext,
  ranges: Map<number, Bounds>,
  all: Bounds | undefined,
): Promise<{ cond: string | null; extents: Map<number, Map<string, Extents>>; ranges: Map<number, { lo: bigint; hi: bigint }> }> {
  const plan = ctx.plan;
  const extents = new Map<number, Map<string, Extents>>();
  const run = async (aggs: string, fields: (keyof Extents)[], r: Map<number, Bounds>, a?: Bounds): Promise<void> => {
    const rows = (await ctx.query(neighbourQuery(plan, aggs, ctx.condition(r, a)))).rows;
    addExtents(plan, extents, rows, fields, ctx.unitOf, ctx.keyOf);
  };
  const each = (f: (r: Bounds) => Bounds | undefined): Map<number, Bounds> => {
    const m = new Map<number, Bounds>();
    for (const [k, r] of ranges) {
      const b = f(r);
      if (b) m.set(k, b);
    }
    return m;
  };
  // the last row before the range, the first and last inside, the first after
  if (all) {
    if (all.lo !== NO_LOWER) await run('last(_c0)', ['prev'], new Map(), { lo: NO_LOWER, hi: all.lo });
  } else {
    const before = each((r) => (r.lo === NO_LOWER ? undefined : { lo: NO_LOWER, hi: r.lo }));
    if (before.size) await run('last(_c0)', ['prev'], before);
  }
  await run('first(_c0), last(_c0)', ['first', 'last'], ranges, all);
  if (!all) {
    const after = each((r) => (r.hi === undefined ? undefined : { lo: r.hi }));
    if (after.size) await run('first(_c0)', ['next'], after);
  }
  const unitRanges = new Map<number, { lo: bigint; hi: bigint }>();
  let lo: bigint | undefined;
  let hi: bigint | undefined;
  for (const [unit, e] of extents) {
    const r = unitRange(plan, e);
    if (!r) continue;
    unitRanges.set(unit, r);
    if (lo === undefined || r.lo < lo) lo = r.lo;
    if (hi === undefined || r.hi > hi) hi = r.hi;
  }
  if (lo === undefined || hi === undefined) return { cond: null, extents, ranges: unitRanges };
  const cond = [ctx.condition(unitRanges), `_c0 >= ${lo}`, `_c0 < ${hi}`].filter((c) => c !== undefined);
  return { cond: cond.join(' AND '), extents, ranges: unitRanges };
}
