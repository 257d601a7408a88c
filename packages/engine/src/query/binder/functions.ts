/**
 * TDengine's function families (facts §2.11). The family decides how a query is planned:
 * - aggregate: one value per group/window;
 * - selection: one value per group, picked from a row, so plain columns may ride along (`select ts, max(c)`);
 * - multiRow: selection functions that return several rows per group (TOP, BOTTOM, TAIL, UNIQUE, SAMPLE);
 * - timeSeries: one output row per input row (DIFF, CSUM, ...);
 * - interp: INTERP (its own plan);
 * - scalar: row-wise.
 */
export type FunctionFamily = 'aggregate' | 'selection' | 'multiRow' | 'timeSeries' | 'interp' | 'scalar';

const FAMILIES: Record<string, FunctionFamily> = {
  count: 'aggregate',
  avg: 'aggregate',
  sum: 'aggregate',
  spread: 'aggregate',
  stddev: 'aggregate',
  stddev_pop: 'aggregate',
  var_pop: 'aggregate',
  leastsquares: 'aggregate',
  hyperloglog: 'aggregate',
  percentile: 'aggregate',
  apercentile: 'aggregate',
  histogram: 'aggregate',
  elapsed: 'aggregate',
  irate: 'aggregate',
  twa: 'aggregate',
  first: 'selection',
  last: 'selection',
  last_row: 'selection',
  max: 'selection',
  min: 'selection',
  mode: 'selection',
  cols: 'selection',
  top: 'multiRow',
  bottom: 'multiRow',
  tail: 'multiRow',
  unique: 'multiRow',
  sample: 'multiRow',
  csum: 'timeSeries',
  derivative: 'timeSeries',
  diff: 'timeSeries',
  mavg: 'timeSeries',
  statecount: 'timeSeries',
  stateduration: 'timeSeries',
  interp: 'interp',
};

export function functionFamily(name: string): FunctionFamily {
  return FAMILIES[name] ?? 'scalar';
}

/** Aggregate-like: produces one value per group (aggregate + selection). */
export function isGroupFunction(name: string): boolean {
  const f = functionFamily(name);
  return f === 'aggregate' || f === 'selection';
}
