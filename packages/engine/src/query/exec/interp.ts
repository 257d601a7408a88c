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

/**
 * The slices of INTERP (facts §2.11): a row exactly at a slice is used as is (even NULL, `_isfilled` false); otherwise
 * FILL decides — NULL/VALUE always produce a row, PREV needs an earlier row, NEXT a later one, LINEAR both, NEAR the
 * closer of the two (tie → previous); slices that cannot be computed are skipped.
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
  const slices = Number((spec.end - spec.start) / spec.every) + 1;
  const perGroup = spec.limit ? Math.min(slices, (spec.limit.offset ?? 0) + spec.limit.count) : slices;
  if (groups.size * perGroup > maxRows) throw tooMany();
  const out: unknown[][] = [];
  const tsAt = spec.partitions;
  const valueAt = (r: unknown[], index: number) => r[tsAt + 1 + index];
  for (const g of groups.values()) {
    const times = g.map((r) => BigInt(r[tsAt] as bigint));
    let produced = 0;
    let k = 0;
    for (let t = spec.start; t <= spec.end; t += spec.every) {
      if (pace.due()) await pace.pause();
      while (k < times.length && times[k] < t) k++;
      const exact = k < times.length && times[k] === t ? g[k] : undefined;
      const prevIdx = exact ? k - 1 : k - 1;
      const nextIdx = exact ? k + 1 : k;
      const prev = prevIdx >= 0 ? g[prevIdx] : undefined;
      const next = nextIdx < g.length ? g[nextIdx] : undefined;
      let origin: unknown = exact ? times[k] : null;
      const values: unknown[] = [];
      let skip = false;
      for (const item of spec.items) {
        if (item.kind !== 'value') continue;
        const type = spec.types[spec.items.indexOf(item)];
        if (exact) {
          values.push(valueAt(exact, item.index));
          continue;
        }
        switch (spec.mode) {
          case 'NULL':
          case 'NULL_F':
            values.push(null);
            break;
          case 'VALUE':
          case 'VALUE_F':
            values.push(cast(spec.values[item.valueIndex] ?? spec.values[spec.values.length - 1] ?? null, type));
            break;
          case 'PREV':
            if (!prev) skip = true;
            else {
              values.push(valueAt(prev, item.index));
              origin = prev[tsAt];
            }
            break;
          case 'NEXT':
            if (!next) skip = true;
            else {
              values.push(valueAt(next, item.index));
              origin = next[tsAt];
            }
            break;
          case 'NEAR': {
            if (!prev && !next) skip = true;
            else {
              const usePrev = prev && (!next || t - BigInt(prev[tsAt] as bigint) <= BigInt(next[tsAt] as bigint) - t);
              const src = usePrev ? prev! : next!;
              values.push(valueAt(src, item.index));
              origin = src[tsAt];
            }
            break;
          }
          case 'LINEAR': {
            if (!prev || !next) {
              skip = true;
              break;
            }
            const a = valueAt(prev, item.index);
            const b = valueAt(next, item.index);
            if (a === null || b === null || a === undefined || b === undefined) {
              values.push(null);
              break;
            }
            const t0 = BigInt(prev[tsAt] as bigint);
            const t1 = BigInt(next[tsAt] as bigint);
            const frac = Number(t - t0) / Number(t1 - t0);
            values.push(cast(Number(a) + (Number(b) - Number(a)) * frac, type));
            break;
          }
          default:
            skip = true;
        }
      }
      if (skip) continue;
      let vi = 0;
      const sample = exact ?? prev ?? next ?? g[0];
      out.push(
        spec.items.map((item) => {
          switch (item.kind) {
            case 'irowts':
              return t;
            case 'isfilled':
              return !exact;
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
