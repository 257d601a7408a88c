import { TdCode, TdError } from '../../errors';
import type { FillMode, LimitClause } from '../../sql';
import { isFloat, isInteger, isString, type TypeSpec } from '../../types';
import { monthIndex, monthStart } from './calendar';
import type { Pacer } from './pacer';

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
  interval: { len: bigint; slide: bigint; offset: bigint; months?: number; monthOffset?: number; unitsPerMs?: bigint; tz?: string };
  limit?: LimitClause;
  slimit?: LimitClause;
}

/** TDengine's refusal of an unbounded or too long FILL range (0x263B). */
export const FILL_RANGE_ERROR = 'Start(end) time of query range required or time range too large';

export function fillRangeError(): TdError {
  return new TdError(TdCode.FILL_NEEDS_RANGE, FILL_RANGE_ERROR);
}

/**
 * A FILL value in the filled column's type. Text into a number is read as C's strtod reads it, the number it starts
 * with or 0 (`fill(value, 'abc')` fills 0 into avg(): 35_time_functions_windows#256).
 */
function castTo(v: unknown, t: TypeSpec): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && (isInteger(t) || isFloat(t) || t.name === 'TIMESTAMP')) v = leadingNumber(v);
  if (t.name === 'TIMESTAMP' || t.name === 'BIGINT' || t.name === 'BIGINT UNSIGNED') return BigInt(typeof v === 'number' ? Math.trunc(v) : (v as bigint));
  if (isInteger(t)) return Math.trunc(Number(v));
  if (isFloat(t)) return Number(v);
  if (t.name === 'BOOL') return typeof v === 'string' ? v !== '0' && v.toLowerCase() !== 'false' : Boolean(v);
  if (isString(t)) return String(v);
  return v;
}

function leadingNumber(text: string): number {
  const n = Number.parseFloat(text.trim());
  return Number.isNaN(n) ? 0 : n;
}

function num(v: unknown): number | undefined {
  if (v === null || v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The windows of the WHERE range without listing them: fixed steps aligned to epoch 0 + offset are computed from
 * their index (a range may hold millions), calendar months are listed (local month starts need the zone).
 */
interface Windows {
  count: number;
  start(i: number): bigint;
  end(start: bigint): bigint;
  /** whether a window start from SQL is one of these windows */
  has(start: bigint): boolean;
}

function windowsOf(spec: FillSpec): Windows {
  const { len, slide, offset, months, unitsPerMs, tz } = spec.interval;
  if (months && unitsPerMs) {
    const starts: bigint[] = [];
    // calendar windows start `offset` after their month's start, and `monthOffset` months into their span
    const shift = spec.interval.monthOffset ?? 0;
    let index = Math.floor((monthIndex(Number((spec.range.start - offset) / unitsPerMs), tz) - shift) / months) * months + shift;
    for (;;) {
      const start = BigInt(monthStart(index, tz)) * unitsPerMs + offset;
      if (start > spec.range.end) break;
      starts.push(start);
      index += months;
    }
    const known = new Set(starts);
    return {
      count: starts.length,
      start: (i) => starts[i],
      end: (start) => BigInt(monthStart(monthIndex(Number((start - offset) / unitsPerMs), tz) + months, tz)) * unitsPerMs + offset,
      has: (start) => known.has(start),
    };
  }
  const first = firstWindow(spec.range.start, len, slide, offset);
  const last = align(spec.range.end, slide, offset);
  return {
    count: last < first ? 0 : Number((last - first) / slide) + 1,
    start: (i) => first + BigInt(i) * slide,
    end: (start) => start + len,
    has: (start) => start >= first && start <= last && (start - first) % slide === 0n,
  };
}

/** How many windows FILL would produce per partition, checked at planning like TDengine's parser does. */
export function fillWindowCount(spec: Pick<FillSpec, 'range' | 'interval'>): number {
  const { slide, offset, months, unitsPerMs, tz } = spec.interval;
  if (months && unitsPerMs) {
    const shift = spec.interval.monthOffset ?? 0;
    const from = monthIndex(Number((spec.range.start - offset) / unitsPerMs), tz) - shift;
    const to = monthIndex(Number((spec.range.end - offset) / unitsPerMs), tz) - shift;
    return Math.floor(to / months) - Math.floor(from / months) + 1;
  }
  const span = align(spec.range.end, slide, offset) - firstWindow(spec.range.start, spec.interval.len, slide, offset);
  return span < 0n ? 0 : Number(span / slide) + 1;
}

/** The window start at or before `t` (windows every `slide` from epoch 0 + `offset`). */
function align(t: bigint, slide: bigint, offset: bigint): bigint {
  return t - ((((t - offset) % slide) + slide) % slide);
}

/**
 * The first window of a range: with SLIDING, every window that still covers the range's start (`interval(1m)
 * sliding(30s)` from 00:00 starts at 23:59:30, 28_windows_partitioned#57).
 */
function firstWindow(start: bigint, len: bigint, slide: bigint, offset: bigint): bigint {
  let first = align(start, slide, offset);
  while (first - slide + len > start) first -= slide;
  return first;
}

/**
 * FILL for INTERVAL windows (facts §2.10): every window of the WHERE range gets a row per partition; missing windows
 * are filled by the mode. Input rows are ordered by partition, then window start, so one pass over the windows with a
 * cursor into the partition's rows knows the previous and the next window with data: linear in output + rows.
 * `maxRows` bounds the output (checked before anything is built).
 */
export async function fillRows(spec: FillSpec, rows: unknown[][], pace: Pacer, maxRows: number, tooMany: () => Error): Promise<unknown[][]> {
  const visible = spec.kinds.length;
  const startAt = visible + spec.partitions;
  const windows = windowsOf(spec);
  const groups = new Map<string, unknown[][]>();
  for (const r of rows) {
    if (pace.due()) await pace.pause();
    const key = spec.partitions === 0 ? '' : JSON.stringify(r.slice(visible, startAt), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(r);
  }
  const forced = spec.mode === 'NULL_F' || spec.mode === 'VALUE_F';
  if (groups.size === 0) {
    if (!forced || spec.partitions > 0) return [];
    groups.set('', []);
  }
  let groupList = [...groups.values()];
  if (spec.slimit) groupList = groupList.slice(spec.slimit.offset ?? 0, (spec.slimit.offset ?? 0) + spec.slimit.count);
  const skip = spec.limit?.offset ?? 0;
  const take = spec.limit ? Math.max(0, Math.min(windows.count - skip, spec.limit.count)) : windows.count;
  if (groupList.length * take > maxRows) throw tooMany();

  // FILL(VALUE): the value of each value column, cast once
  const fixed: unknown[] = [];
  let valueIndex = 0;
  spec.kinds.forEach((k, c) => {
    if (k !== 'value') return;
    const v = spec.values[valueIndex] ?? spec.values[spec.values.length - 1] ?? null;
    fixed[c] = castTo(v, spec.types[c]);
    valueIndex++;
  });
  const windowStart = (r: unknown[]) => BigInt(r[startAt] as bigint);
  const fillsNulls = spec.mode === 'PREV' || spec.mode === 'NEXT' || spec.mode === 'VALUE' || spec.mode === 'VALUE_F';

  const out: unknown[][] = [];
  for (const group of groupList) {
    if (take === 0) break;
    const sample = group[0];
    // rows of windows outside the range (SLIDING windows starting before it) are never output
    const present = group.filter((r) => windows.has(windowStart(r)));
    // Start at LIMIT's offset rather than walking the skipped windows: what a window's filling reads from before it
    // is the last window with data (LINEAR), or the previous output row, whose values are that same window's (PREV).
    const first = windows.start(skip);
    let next = 0;
    while (next < present.length && windowStart(present[next]) < first) next++;
    let prevReal: unknown[] | undefined = next > 0 ? present[next - 1] : undefined;
    let prevRealStart = prevReal ? windowStart(prevReal) : 0n;
    // PREV reads the previous output row, whose NULLs are already filled; before LIMIT's offset, the last non-NULLs
    let prevRow: unknown[] | undefined = prevReal && fillsNulls ? lastNonNull(present, next, spec.kinds) : prevReal;
    const nextValues = spec.mode === 'NEXT' ? nextNonNull(present, spec.kinds) : undefined;
    for (let i = skip; i < skip + take; i++) {
      if (pace.due()) await pace.pause();
      const w = windows.start(i);
      const real = next < present.length && windowStart(present[next]) === w ? present[next] : undefined;
      let row: unknown[];
      if (real) {
        row = real.slice(0, visible);
        // TDengine fills a NULL result of a window with data as it fills a missing window (not for LINEAR)
        if (fillsNulls) {
          for (let c = 0; c < visible; c++) {
            if (spec.kinds[c] === 'value' && row[c] === null) row[c] = filledValue(spec.mode, c, spec.types[c], w, fixed, prevRow, undefined, 0n, nextValues?.(next + 1), undefined);
          }
        }
        prevReal = real;
        prevRealStart = w;
        next++;
      } else {
        const after = present[next];
        const end = windows.end(w);
        row = new Array(visible);
        for (let c = 0; c < visible; c++) {
          switch (spec.kinds[c]) {
            case 'wstart':
              row[c] = w;
              break;
            case 'wend':
              row[c] = end;
              break;
            case 'wduration':
              row[c] = end - w;
              break;
            case 'key':
              row[c] = sample ? sample[c] : null;
              break;
            case 'const':
              row[c] = spec.constants[c] ?? null;
              break;
            case 'value':
              row[c] = filledValue(spec.mode, c, spec.types[c], w, fixed, prevRow, prevReal, prevRealStart, nextValues ? nextValues(next) : after, after && windowStart(after));
          }
        }
      }
      prevRow = row;
      out.push(row);
    }
  }
  return out;
}

/** The last non-NULL value of each value column among `rows[0 .. end)` (NULL when none). */
function lastNonNull(rows: unknown[][], end: number, kinds: OutputKind[]): unknown[] {
  const row = rows[end - 1].slice(0, kinds.length);
  kinds.forEach((k, c) => {
    if (k !== 'value') return;
    let i = end - 1;
    while (i >= 0 && rows[i][c] === null) i--;
    row[c] = i >= 0 ? rows[i][c] : null;
  });
  return row;
}

/**
 * For NEXT: `at(i)` is a row whose value columns hold the first non-NULL value among `rows[i ..]`, computed in one
 * backward pass so a long run of NULLs is not walked once per window.
 */
function nextNonNull(rows: unknown[][], kinds: OutputKind[]): (i: number) => unknown[] | undefined {
  const ahead: unknown[][] = new Array(rows.length);
  let later: unknown[] | undefined;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i].slice(0, kinds.length);
    kinds.forEach((k, c) => {
      if (k === 'value' && row[c] === null && later) row[c] = later[c];
    });
    ahead[i] = later = row;
  }
  return (i) => ahead[i];
}

/** A missing window's value: from the previous output row (PREV), the next window with data (NEXT) or both (LINEAR). */
function filledValue(
  mode: FillMode,
  col: number,
  type: TypeSpec,
  w: bigint,
  fixed: unknown[],
  prevRow: unknown[] | undefined,
  prevReal: unknown[] | undefined,
  prevRealStart: bigint,
  nextReal: unknown[] | undefined,
  nextRealStart: bigint | undefined,
): unknown {
  switch (mode) {
    case 'NULL':
    case 'NULL_F':
      return null;
    case 'VALUE':
    case 'VALUE_F':
      return fixed[col];
    case 'PREV':
      return prevRow ? prevRow[col] : null;
    case 'NEXT':
      return nextReal ? nextReal[col] : null;
    case 'LINEAR': {
      if (!prevReal || !nextReal || nextRealStart === undefined) return null;
      const a = num(prevReal[col]);
      const b = num(nextReal[col]);
      if (a === undefined || b === undefined) return null;
      const t = Number(w - prevRealStart) / Number(nextRealStart - prevRealStart);
      return castTo(a + (b - a) * t, type);
    }
    default:
      return null;
  }
}
