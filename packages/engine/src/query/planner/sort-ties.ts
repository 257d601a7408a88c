import type { SelectParts } from './select-parts';

/**
 * The order of rows that ORDER BY leaves tied, as TDengine 3.3.7.5 gives it.
 *
 * TDengine's sort operator sorts the rows of its input (a scan: a super table's child tables one after another, each
 * in time order) with taosqsort_r, the classic unstable quicksort (median of three, partitioning with swaps, runs
 * of at most 6 left to a final insertion sort). Rows whose keys compare equal come out in the order that algorithm
 * leaves them, which is no order of their own but a deterministic function of the input order (07#114: a tag's
 * rows 00:00, 01:00, 00:10, 01:10, …; 04#28: the points of a GEOMETRY column, which compare equal).
 *
 * The planner asks DuckDB for each row's rank under the ORDER BY (`dense_rank`: equal keys, equal rank) and its
 * position in the scan (`row_number` over the scan order); `orderTies` then sorts the positions by rank with the
 * same algorithm. Followed where TDengine sorts one scan in memory: one table, or a super table of a one-vgroup
 * database (with more vgroups each vgroup sorts its own tables and the results are merged), no LIMIT (a limited
 * sort keeps a heap instead), no DISTINCT or PARTITION BY, and not a sort by the primary timestamp (which TDengine
 * plans as a merge of the tables' time-ordered rows). Exports streamed from DuckDB keep the ties in scan order.
 */

/** The ORDER BY's rank and the scan position as SQL (window functions over the query's rows), or undefined. */
export function tieOrderSql(parts: SelectParts, order: string[], scanOrder: string[]): { rank: string; position: string } | undefined {
  const { stmt, from } = parts;
  if (!order.length || !scanOrder.length || stmt.distinct || stmt.partitionBy?.length || stmt.limit || stmt.slimit) return undefined;
  if (!from || from.joins.length > 0) return undefined;
  const primary = from.primary;
  if (!primary.ts || !['stable', 'child', 'normal'].includes(primary.kind)) return undefined;
  if (primary.kind === 'stable' && (!primary.db || parts.env.ctx.catalog.database(primary.db).options.vgroups !== 1)) return undefined;
  if (sortsByPrimaryTs(parts, order[0], primary.ts.sql)) return undefined;
  return {
    rank: `dense_rank() OVER (ORDER BY ${order.join(', ')})`,
    position: `row_number() OVER (ORDER BY ${scanOrder.join(', ')})`,
  };
}

/** Whether the first ORDER BY key is the primary timestamp (by its SQL or as the output column holding it). */
function sortsByPrimaryTs(parts: SelectParts, first: string, tsSql: string): boolean {
  const key = first.replace(/ (ASC|DESC)( NULLS (FIRST|LAST))?$/i, '');
  if (key === tsSql) return true;
  const column = /^"c(\d+)"$/.exec(key);
  if (!column) return false;
  const item = parts.items[Number(column[1])];
  return item?.expr.type === 'column' && (item.expr.name.name.toLowerCase() === parts.from?.primary.ts?.name.toLowerCase() || item.expr.name.name.toLowerCase() === '_rowts');
}

/**
 * The rows as TDengine orders them: `rows` carry the rank at `width` and the scan position at `width + 1` (after the
 * visible columns); they are put in scan order, sorted by rank with taosqsort_r's algorithm, and cut to `width`.
 */
export function orderTies(rows: unknown[][], width: number): unknown[][] {
  const scan = [...rows].sort((a, b) => Number(a[width + 1]) - Number(b[width + 1]));
  const ranks = scan.map((r) => Number(r[width]));
  return quicksortIndices(ranks).map((i) => scan[i].slice(0, width));
}

/** Runs of at most this many elements are left to the final insertion sort. */
const MAX_THRESH = 6;

/**
 * Indices 0..n-1 sorted by `keys` with the classic quicksort of C libraries' qsort (as taosqsort_r has it):
 * median-of-three pivot, Hoare-style partitioning that follows the pivot when it is swapped, the larger part kept
 * on a stack, short runs finished by one insertion sort over the whole array (its smallest of the first run moved
 * to the front as a sentinel first). Unstable: equal keys end where the swaps leave them.
 */
export function quicksortIndices(keys: readonly number[]): number[] {
  const a = keys.map((_, i) => i);
  const n = a.length;
  const less = (x: number, y: number) => keys[a[x]] < keys[a[y]];
  const swap = (x: number, y: number) => {
    const t = a[x];
    a[x] = a[y];
    a[y] = t;
  };
  if (n > MAX_THRESH) {
    let lo = 0;
    let hi = n - 1;
    const stack: [number, number][] = [];
    for (;;) {
      let mid = lo + ((hi - lo) >> 1);
      if (less(mid, lo)) swap(mid, lo);
      if (less(hi, mid)) {
        swap(mid, hi);
        if (less(mid, lo)) swap(mid, lo);
      }
      let left = lo + 1;
      let right = hi - 1;
      do {
        while (less(left, mid)) left++;
        while (less(mid, right)) right--;
        if (left < right) {
          swap(left, right);
          if (mid === left) mid = right;
          else if (mid === right) mid = left;
          left++;
          right--;
        } else if (left === right) {
          left++;
          right--;
          break;
        }
      } while (left <= right);
      if (right - lo <= MAX_THRESH) {
        if (hi - left <= MAX_THRESH) {
          const next = stack.pop();
          if (!next) break;
          [lo, hi] = next;
        } else lo = left;
      } else if (hi - left <= MAX_THRESH) hi = right;
      else if (right - lo > hi - left) {
        stack.push([lo, right]);
        lo = left;
      } else {
        stack.push([left, hi]);
        hi = right;
      }
    }
  }
  // insertion sort: the smallest of the first run goes to the front (a sentinel), then each element moves left
  // past the larger ones before it
  let smallest = 0;
  for (let run = 1; run <= Math.min(n - 1, MAX_THRESH); run++) if (less(run, smallest)) smallest = run;
  if (smallest !== 0) swap(smallest, 0);
  for (let run = 2; run < n; run++) {
    let at = run - 1;
    while (at >= 0 && keys[a[run]] < keys[a[at]]) at--;
    at++;
    if (at !== run) a.splice(at, 0, ...a.splice(run, 1));
  }
  return a;
}
