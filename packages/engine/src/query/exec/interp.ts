import type { FillMode, LimitClause } from '../../sql';
import { isFloat, isInteger, type TypeSpec } from '../../types';
import type { Pacer } from './pacer';

/** An INTERP output column: the slice time, whether it was filled, the origin row's time, a value, a key, a constant. */
export type InterpItem =
  | { kind: 'irowts' }
  | { kind: 'isfilled' }
  | { kind: 'origin' }
  | { kind: 'value'; index: number; valueIndex: number; ignoreNull: boolean }
  | { kind: 'key'; index: number }
  | { kind: 'const'; value: unknown };

export interface InterpSpec {
  partitions: number;
  items: InterpItem[];
  types: TypeSpec[];
  start: bigint;
  end: bigint;
  every: bigint;
  mode: FillMode;
  values: unknown[];
  limit?: LimitClause;
}

function cast(v: unknown, t: TypeSpec): unknown {
  if (v === null || v === undefined) return null;
  if (t.name === 'BIGINT' || t.name === 'TIMESTAMP' || t.name === 'BIGINT UNSIGNED') return BigInt(Math.trunc(Number(v)));
  if (isInteger(t)) return Math.trunc(Number(v));
  if (isFloat(t)) return Number(v);
  if (t.name === 'BOOL') return Boolean(v);
  return v;
}

/** One value's rows in time order, with a cursor: the row at the slice, the one before and the one after it. */
interface Timeline {
  exact?: unknown[];
  prev?: unknown[];
  next?: unknown[];
  seek(t: bigint): void;
}

function timeline(rows: unknown[][], tsAt: number): Timeline {
  const times = rows.map((r) => BigInt(r[tsAt] as bigint));
  let k = 0;
  const line: Timeline = {
    seek(t) {
      while (k < times.length && times[k] < t) k++;
      const exact = k < times.length && times[k] === t;
      line.exact = exact ? rows[k] : undefined;
      line.prev = k > 0 ? rows[k - 1] : undefined;
      line.next = rows[exact ? k + 1 : k];
    },
  };
  return line;
}

const SKIP = Symbol('skip');

/** A slice without its own row, filled by the mode from the value's timeline; SKIP when the mode cannot. */
function fillSlice(
  spec: InterpSpec,
  item: Extract<InterpItem, { kind: 'value' }>,
  type: TypeSpec,
  t: bigint,
  line: Timeline,
  tsAt: number,
  valueAt: (r: unknown[], index: number) => unknown,
): { value: unknown; from?: unknown[] } | typeof SKIP {
  const { prev, next } = line;
  // FILL(PREV|NEXT|NEAR, v …) of RANGE(t, surrounding): the value when no row is within reach
  const fallback = spec.values.length ? { value: cast(spec.values[item.valueIndex] ?? spec.values[spec.values.length - 1] ?? null, type) } : SKIP;
  switch (spec.mode) {
    case 'NULL':
    case 'NULL_F':
      return { value: null };
    case 'VALUE':
    case 'VALUE_F':
      return { value: cast(spec.values[item.valueIndex] ?? spec.values[spec.values.length - 1] ?? null, type) };
    case 'PREV':
      return prev ? { value: valueAt(prev, item.index), from: prev } : fallback;
    case 'NEXT':
      return next ? { value: valueAt(next, item.index), from: next } : fallback;
    case 'NEAR': {
      if (!prev && !next) return fallback;
      const usePrev = prev && (!next || t - BigInt(prev[tsAt] as bigint) <= BigInt(next[tsAt] as bigint) - t);
      const src = usePrev ? prev! : next!;
      return { value: valueAt(src, item.index), from: src };
    }
    case 'LINEAR': {
      if (!prev || !next) return SKIP;
      const a = valueAt(prev, item.index);
      const b = valueAt(next, item.index);
      if (a === null || b === null || a === undefined || b === undefined) return { value: null };
      const t0 = BigInt(prev[tsAt] as bigint);
      const t1 = BigInt(next[tsAt] as bigint);
      const frac = Number(t - t0) / Number(t1 - t0);
      return { value: cast(Number(a) + (Number(b) - Number(a)) * frac, type) };
    }
    default:
      return SKIP;
  }
}

/**
 * The slices of INTERP (facts §2.11): a row exactly at a slice is used as is (even NULL, `_isfilled` false); otherwise
 * FILL decides — NULL/VALUE always produce a row, PREV needs an earlier row, NEXT a later one, LINEAR both, NEAR the
 * closer of the two (tie → previous); slices that cannot be computed are skipped. A start after the end makes no slice.
 * Rows are [partition keys..., ts, fetched values...] ordered by partition then ts.
 */
export async function interpolate(rows: unknown[][], spec: InterpSpec, pace: Pacer, maxRows: number, tooMany: () => Error): Promise<unknown[][]> {
  const groups = new Map<string, unknown[][]>();
  for (const r of rows) {
    if (pace.due()) await pace.pause();
    const key = JSON.stringify(r.slice(0, spec.partitions), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(r);
  }
  // at most one row a slice per partition (LIMIT stops earlier): refused before anything is built
  const slices = spec.end < spec.start ? 0 : Number((spec.end - spec.start) / spec.every) + 1;
  const perGroup = spec.limit ? Math.min(slices, (spec.limit.offset ?? 0) + spec.limit.count) : slices;
  if (groups.size * perGroup > maxRows) throw tooMany();
  const out: unknown[][] = [];
  const tsAt = spec.partitions;
  const valueAt = (r: unknown[], index: number) => r[tsAt + 1 + index];
  for (const g of groups.values()) {
    // each value reads its own timeline: all rows, or (INTERP(x, 1), ignore_null) the rows where x is not NULL
    const all = timeline(g, tsAt);
    const lines = spec.items.map((item) => (item.kind === 'value' && item.ignoreNull ? timeline(g.filter((r) => valueAt(r, item.index) !== null), tsAt) : all));
    const firstValue = spec.items.findIndex((item) => item.kind === 'value');
    let produced = 0;
    for (let t = spec.start; t <= spec.end; t += spec.every) {
      if (pace.due()) await pace.pause();
      for (const line of new Set(lines)) line.seek(t);
      // `_isfilled` and `_irowts_origin` follow the first value's timeline
      const { exact, prev, next } = lines[firstValue];
      let origin: unknown = exact ? exact[tsAt] : null;
      const values: unknown[] = [];
      let skip = false;
      for (const [itemIndex, item] of spec.items.entries()) {
        if (item.kind !== 'value') continue;
        const type = spec.types[itemIndex];
        const line = lines[itemIndex];
        const setOrigin = (row: unknown[]) => {
          if (itemIndex === firstValue) origin = row[tsAt];
        };
        if (line.exact) {
          values.push(valueAt(line.exact, item.index));
          continue;
        }
        const filled = fillSlice(spec, item, type, t, line, tsAt, valueAt);
        if (filled === SKIP) skip = true;
        else {
          values.push(filled.value);
          if (filled.from) setOrigin(filled.from);
        }
      }
      if (skip) continue;
      let vi = 0;
      const sample = exact ?? prev ?? next ?? g[0];
      const filled = !exact;
      out.push(
        spec.items.map((item) => {
          switch (item.kind) {
            case 'irowts':
              return t;
            case 'isfilled':
              return filled;
            case 'origin':
              return origin;
            case 'value':
              return values[vi++];
            case 'key':
              return valueAt(sample, item.index);
            case 'const':
              return item.value;
          }
        }),
      );
      produced++;
      if (spec.limit && produced >= (spec.limit.offset ?? 0) + spec.limit.count) break;
    }
    if (spec.limit?.offset) out.splice(out.length - produced, Math.min(spec.limit.offset, produced));
  }
  return out;
}
