/**
 * APERCENTILE as TDengine estimates it (thistogram.c, Ben-Haim & Tom-Tov's streaming histogram). TDengine keeps up
 * to 500 bins of (value, count); while a group has no more distinct values than that, every value is its own bin and
 * `tHistogramUniform` interpolates between two neighbouring bins:
 *   N = p/100 × n; N = 0 gives the minimum, N within the first bin its value, N = n the maximum; otherwise bin j+1 is
 *   the first whose running count exceeds N, t the count up to bin j, δ = N − t, c0/c1 the two bins' counts, and the
 *   result v_j + (v_{j+1} − v_j) × f with f = δ / c0 when c0 = c1, else (−2c0 + √(4c0² + 8(c1 − c0)δ)) / (2(c1 − c0)).
 * (`apercentile(v, 50)` of 2 3 5 8 8 9 40 50 55 60 is 8, where the exact median is 8.5.)
 *
 * Past 500 distinct values TDengine merges the closest bins in arrival order, which the engine does not replay: it
 * keeps one bin per value (the same formula) up to EXACT_BINS_LIMIT values, and above that gives DuckDB's exact
 * interpolated quantile, sorting a list that long per group costing more than it is worth.
 */
const EXACT_BINS_LIMIT = 65536;

/** SQL of the estimate of percentile `p` (0–100) of the numeric SQL expression `value` over a group. */
export function apercentileSql(value: string, p: number): string {
  const x = `CAST(${value} AS DOUBLE)`;
  const sorted = `list_sort(list(${x}) FILTER (WHERE ${x} IS NOT NULL))`;
  // in the lambda, s is the group's values in ascending order (1-based); a value's bin is its run of equal values
  const n = 'len(s)';
  const N = `(${p} / 100.0 * ${n})`;
  const first = (v: string) => `list_position(s, ${v})`;
  const count = (v: string) => `(${n} + 2 - list_position(list_reverse(s), ${v}) - ${first(v)})`;
  const next = `s[floor(${N})::BIGINT + 1]`; // v_{j+1}: the value at 0-based position ⌊N⌋
  const below = `(${first(next)} - 1)`; // t: the values before bin j+1
  const prev = `s[${below}]`; // v_j
  const c0 = count(prev);
  const c1 = count(next);
  const delta = `(${N} - ${below})`;
  const estimate =
    `CASE WHEN s IS NULL THEN NULL WHEN ${N} <= ${count('s[1]')} THEN s[1] WHEN ${N} = ${n} THEN s[-1] ` +
    `WHEN ${c1} = ${c0} THEN (${next} - ${prev}) * ${delta} / ${c0} + ${prev} ` +
    `ELSE ${prev} + (${next} - ${prev}) * ((-2 * ${c0} + sqrt(4 * ${c0} * ${c0} - 4 * (${c1} - ${c0}) * (-2 * ${delta}))) / (2 * (${c1} - ${c0}))) END`;
  // the one-element list binds the sorted values to s once
  return `(CASE WHEN count(${x}) <= ${EXACT_BINS_LIMIT} THEN list_transform([${sorted}], lambda s: ${estimate})[1] ELSE quantile_cont(${x}, ${p / 100}) END)`;
}
