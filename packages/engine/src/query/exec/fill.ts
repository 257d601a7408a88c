import { TdCode, TdError } from '../../errors';
import type { FillMode, LimitClause } from '../../sql';
import { isFloat, isInteger, isString, type TypeSpec } from '../../types';
import { monthIndex, monthStart } from './calendar';

/** What each output column of an INTERVAL query is, for FILL: window bounds, partition key, constant, or a value. */
export type OutputKind = 'wstart' | 'wend' | 'wduration' | 'key' | 'const' | 'value';

export interface FillSpec {
  mode: FillMode;
  /** FILL(VALUE, v1, v2 ...): one per value column, in order */
  values: unknown[];
  kinds: OutputKind[];
  types: TypeSpec[];
  constants: unknown[];
  /** number of hidden partition-key columns after the visible ones (then one hidden window-start column) */
  partitions: number;
  range: { start: bigint; end: bigint };
  /** fixed windows (len, slide, offset in db units), or calendar windows of `months` months (`unitsPerMs`) */
  interval: { len: bigint; slide: bigint; offset: bigint; months?: number; unitsPerMs?: bigint; tz?: string };
  limit?: LimitClause;
  slimit?: LimitClause;
}

/** At most this many rows are produced by FILL (facts §2.10). */
const MAX_FILLED_ROWS = 10_000_000;

function castTo(v: unknown, t: TypeSpec): unknown {
  if (v === null || v === undefined) return null;
  if (t.name === 'TIMESTAMP' || t.name === 'BIGINT' || t.name === 'BIGINT UNSIGNED') return BigInt(typeof v === 'number' ? Math.trunc(v) : (v as bigint));
  if (isInteger(t)) return Math.trunc(Number(v));
  if (isFloat(t)) return Number(v);
  if (t.name === 'BOOL') return typeof v === 'string' ? v !== '0' && v.toLowerCase() !== 'false' : Boolean(v);
  if (isString(t)) return String(v);
  return v;
}

function num(v: unknown): number | undefined {
  if (v === null || v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * FILL for INTERVAL windows (facts §2.10): every window of the WHERE range gets a row per partition; missing windows
 * are filled by the mode. Input rows are ordered by partition, then window start.
 */
export function fillRows(spec: FillSpec, rows: unknown[][]): unknown[][] {
  const visible = spec.kinds.length;
  const starts = windowStarts(spec);
  const windows = starts.length;
  const groups = new Map<string, unknown[][]>();
  for (const r of rows) {
    const key = JSON.stringify(r.slice(visible, visible + spec.partitions), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(r);
  }
  const forced = spec.mode === 'NULL_F' || spec.mode === 'VALUE_F';
  if (groups.size === 0) {
    if (!forced || spec.partitions > 0) return [];
    groups.set('[]', []);
  }
  if (windows * groups.size > MAX_FILLED_ROWS) throw new TdError(TdCode.FILL_NEEDS_RANGE, 'Start(end) time of query range required or time range too large');
  let groupList = [...groups.values()];
  if (spec.slimit) groupList = groupList.slice(spec.slimit.offset ?? 0, (spec.slimit.offset ?? 0) + spec.slimit.count);
  const valueCols = spec.kinds.map((k, i) => (k === 'value' ? i : -1)).filter((i) => i >= 0);
  const out: unknown[][] = [];
  for (const g of groupList) {
    const byStart = new Map<bigint, unknown[]>();
    for (const r of g) byStart.set(BigInt(r[visible + spec.partitions] as bigint), r);
    const sample = g[0];
    const present = starts.map((w) => byStart.get(w));
    const filled: unknown[][] = [];
    for (let i = 0; i < starts.length; i++) {
      const w = starts[i];
      const end = windowEnd(spec, w);
      const real = present[i];
      if (real) {
        filled.push(real.slice(0, visible));
        continue;
      }
      const row = spec.kinds.map((k, c): unknown => {
        switch (k) {
          case 'wstart':
            return w;
          case 'wend':
            return end;
          case 'wduration':
            return end - w;
          case 'key':
            return sample ? sample[c] : null;
          case 'const':
            return spec.constants[c] ?? null;
          case 'value':
            return fillValue(spec, c, valueCols.indexOf(c), i, starts, present, filled);
        }
      });
      filled.push(row);
    }
    let part = filled;
    if (spec.limit) part = part.slice(spec.limit.offset ?? 0, (spec.limit.offset ?? 0) + spec.limit.count);
    out.push(...part);
  }
  return out;
}

/** Start of every window of the WHERE range: fixed steps aligned to epoch 0 + offset, or calendar months (local). */
function windowStarts(spec: FillSpec): bigint[] {
  const { slide, offset, months, unitsPerMs, tz } = spec.interval;
  const out: bigint[] = [];
  if (months && unitsPerMs) {
    let index = Math.floor(monthIndex(Number(spec.range.start / unitsPerMs), tz) / months) * months;
    for (;;) {
      const start = BigInt(monthStart(index, tz)) * unitsPerMs;
      if (start > spec.range.end) break;
      out.push(start);
      index += months;
    }
    return out;
  }
  const align = (t: bigint) => t - ((((t - offset) % slide) + slide) % slide);
  for (let w = align(spec.range.start); w <= align(spec.range.end); w += slide) out.push(w);
  return out;
}

function windowEnd(spec: FillSpec, start: bigint): bigint {
  const { len, months, unitsPerMs } = spec.interval;
  if (months && unitsPerMs) {
    const tz = spec.interval.tz;
    return BigInt(monthStart(monthIndex(Number(start / unitsPerMs), tz) + months, tz)) * unitsPerMs;
  }
  return start + len;
}

function fillValue(
  spec: FillSpec,
  col: number,
  valueIndex: number,
  i: number,
  starts: bigint[],
  present: (unknown[] | undefined)[],
  filled: unknown[][],
): unknown {
  const type = spec.types[col];
  switch (spec.mode) {
    case 'NULL':
    case 'NULL_F':
      return null;
    case 'VALUE':
    case 'VALUE_F': {
      const v = spec.values[valueIndex] ?? spec.values[spec.values.length - 1] ?? null;
      return castTo(v, type);
    }
    case 'PREV':
      return i > 0 ? filled[i - 1][col] : null;
    case 'NEXT': {
      for (let k = i + 1; k < present.length; k++) if (present[k]) return present[k]![col];
      return null;
    }
    case 'LINEAR': {
      let p = i - 1;
      while (p >= 0 && !present[p]) p--;
      let n = i + 1;
      while (n < present.length && !present[n]) n++;
      if (p < 0 || n >= present.length) return null;
      const a = num(present[p]![col]);
      const b = num(present[n]![col]);
      if (a === undefined || b === undefined) return null;
      const t = Number(starts[i] - starts[p]) / Number(starts[n] - starts[p]);
      return castTo(a + (b - a) * t, type);
    }
    default:
      return null;
  }
}
