import { describe, expect, it } from 'vitest';
import { fillRows, type FillSpec, type OutputKind } from '../../src/query/exec/fill';
import { Pacer } from '../../src/query/exec/pacer';
import type { FillMode } from '../../src/sql';
import type { TypeSpec } from '../../src/types';

/*
 * exec/fill.ts walks the windows once with a cursor into each partition's rows. It is compared here with the plain
 * definition of every FILL mode — for each window, look the window up, else (or for its NULLs) scan back and forth for the neighbours —
 * over random partitions, gaps, NULL values, LIMIT and SLIMIT.
 */

const DOUBLE: TypeSpec = { name: 'DOUBLE' };
const INT: TypeSpec = { name: 'INT' };
const TS: TypeSpec = { name: 'TIMESTAMP' };
const VARCHAR: TypeSpec = { name: 'VARCHAR', length: 8 };

/** The definition: windows listed, each missing one filled by scanning for its neighbours (quadratic, obviously right). */
function referenceFill(spec: FillSpec, rows: unknown[][]): unknown[][] {
  const visible = spec.kinds.length;
  const { slide, offset, len } = spec.interval;
  const align = (t: bigint) => t - ((((t - offset) % slide) + slide) % slide);
  const starts: bigint[] = [];
  for (let w = align(spec.range.start); w <= align(spec.range.end); w += slide) starts.push(w);
  const groups = new Map<string, unknown[][]>();
  for (const r of rows) {
    const key = JSON.stringify(r.slice(visible, visible + spec.partitions), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  if (groups.size === 0) {
    if ((spec.mode !== 'NULL_F' && spec.mode !== 'VALUE_F') || spec.partitions > 0) return [];
    groups.set('[]', []);
  }
  let list = [...groups.values()];
  if (spec.slimit) list = list.slice(spec.slimit.offset ?? 0, (spec.slimit.offset ?? 0) + spec.slimit.count);
  const valueCols = spec.kinds.map((k, i) => (k === 'value' ? i : -1)).filter((i) => i >= 0);
  const out: unknown[][] = [];
  for (const g of list) {
    const present = starts.map((w) => g.find((r) => r[visible + spec.partitions] === w));
    const filled: unknown[][] = [];
    // a missing window's value, and (but for LINEAR and NULL) a NULL value of a window with data, are filled
    const fillsNulls = ['VALUE', 'VALUE_F', 'PREV', 'NEXT'].includes(spec.mode);
    starts.forEach((w, i) => {
      const real = present[i];
      filled.push(
        spec.kinds.map((k, c) => {
          if (real && (k !== 'value' || real[c] !== null || !fillsNulls)) return real[c];
          if (k === 'wstart') return w;
          if (k === 'wend') return w + len;
          if (k === 'wduration') return len;
          if (k === 'key') return g[0] ? g[0][c] : null;
          if (k === 'const') return spec.constants[c] ?? null;
          const type = spec.types[c];
          switch (spec.mode) {
            case 'VALUE':
            case 'VALUE_F': {
              const v = spec.values[valueCols.indexOf(c)] ?? spec.values[spec.values.length - 1] ?? null;
              return v === null ? null : type.name === 'INT' ? Math.trunc(Number(v)) : Number(v);
            }
            case 'PREV':
              return i > 0 ? filled[i - 1][c] : null;
            case 'NEXT': {
              const n = present.findIndex((p, k) => k > i && p && p[c] !== null);
              return n < 0 ? null : present[n]![c];
            }
            case 'LINEAR': {
              const p = present.findLastIndex((x, k) => k < i && x);
              const n = present.findIndex((x, k) => k > i && x);
              if (p < 0 || n < 0 || present[p]![c] === null || present[n]![c] === null) return null;
              const a = Number(present[p]![c]);
              const b = Number(present[n]![c]);
              const v = a + (b - a) * (Number(w - starts[p]) / Number(starts[n] - starts[p]));
              return type.name === 'INT' ? Math.trunc(v) : v;
            }
            default:
              return null;
          }
        }),
      );
    });
    const off = spec.limit?.offset ?? 0;
    out.push(...(spec.limit ? filled.slice(off, off + spec.limit.count) : filled));
  }
  return out;
}

/** A small deterministic generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MODES: FillMode[] = ['NULL', 'NULL_F', 'VALUE', 'VALUE_F', 'PREV', 'NEXT', 'LINEAR'];

/** A query shape `_wstart, [tbname,] avg(v), max(i), 'c', _wend, _wduration` with SQL rows ordered by partition, window. */
function randomCase(rnd: () => number, mode: FillMode): { spec: FillSpec; rows: unknown[][] } {
  const partitions = rnd() < 0.5 ? 0 : 1;
  const kinds: OutputKind[] = ['wstart', ...(partitions ? (['key'] as OutputKind[]) : []), 'value', 'value', 'const', 'wend', 'wduration'];
  const types = [TS, ...(partitions ? [VARCHAR] : []), DOUBLE, INT, VARCHAR, TS, { name: 'BIGINT' } as TypeSpec];
  const slide = BigInt(1 + Math.floor(rnd() * 5)) * 10n;
  const start = 1000n + BigInt(Math.floor(rnd() * 100));
  const windows = Math.floor(rnd() * 40);
  const spec: FillSpec = {
    mode,
    values: mode.startsWith('VALUE') ? [rnd() < 0.2 ? null : 7.5, -3] : [],
    kinds,
    types,
    constants: kinds.map((k) => (k === 'const' ? 'c' : undefined)),
    partitions,
    range: { start, end: start + BigInt(windows) * slide },
    interval: { len: slide, slide, offset: 0n },
    limit: rnd() < 0.3 ? { count: 1 + Math.floor(rnd() * 10), offset: rnd() < 0.5 ? Math.floor(rnd() * 10) : undefined } : undefined,
    slimit: partitions && rnd() < 0.3 ? { count: 1 + Math.floor(rnd() * 2), offset: Math.floor(rnd() * 2) } : undefined,
  };
  const align = (t: bigint) => t - (t % slide);
  const rows: unknown[][] = [];
  const tables = partitions ? ['d0', 'd1', 'd2'].filter(() => rnd() < 0.8) : [''];
  for (const table of tables) {
    for (let w = align(start); w <= align(spec.range.end); w += slide) {
      if (rnd() < 0.6) continue;
      const value = (): unknown => (rnd() < 0.15 ? null : Math.round(rnd() * 1000) / 10);
      const visible = [w, ...(partitions ? [table] : []), value(), rnd() < 0.15 ? null : Math.floor(rnd() * 100), 'c', w + slide, slide];
      rows.push([...visible, ...(partitions ? [table] : []), w]);
    }
  }
  return { spec, rows };
}

describe('FILL in one pass equals the definition of every mode', () => {
  for (const mode of MODES) {
    it(mode, async () => {
      const rnd = random(MODES.indexOf(mode) + 1);
      for (let n = 0; n < 150; n++) {
        const { spec, rows } = randomCase(rnd, mode);
        expect(await fillRows(spec, rows, new Pacer(), Number.MAX_SAFE_INTEGER, () => new Error('too many'))).toEqual(referenceFill(spec, rows));
      }
    });
  }

  it('takes time linear in the windows (100k windows with one gap across them)', async () => {
    const slide = 500n;
    const spec: FillSpec = {
      mode: 'LINEAR',
      values: [],
      kinds: ['wstart', 'value'],
      types: [TS, DOUBLE],
      constants: [],
      partitions: 0,
      range: { start: 0n, end: 100_000n * slide - 1n },
      interval: { len: slide, slide, offset: 0n },
    };
    const rows = [
      [0n, 1, 0n],
      [99_999n * slide, 100_000, 99_999n * slide],
    ];
    const started = performance.now();
    const out = await fillRows(spec, rows, new Pacer(), Number.MAX_SAFE_INTEGER, () => new Error('too many'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(out).toHaveLength(100_000);
    expect(out[50_000]).toEqual([50_000n * slide, 50_000 + 1]);
  });

  it('stops at its next slice once its query is stopped, with the stop reason', async () => {
    const stopped = new AbortController();
    stopped.abort(new Error('Query killed'));
    const spec: FillSpec = {
      mode: 'NULL_F',
      values: [],
      kinds: ['wstart', 'value'],
      types: [TS, DOUBLE],
      constants: [],
      partitions: 0,
      range: { start: 0n, end: 99_999n },
      interval: { len: 1n, slide: 1n, offset: 0n },
    };
    await expect(fillRows(spec, [], new Pacer(stopped.signal), 1_000_000, () => new Error('too many'))).rejects.toThrow('Query killed');
  });

  it('refuses more output rows than the bound before building any, and jumps to an OFFSET', async () => {
    const spec: FillSpec = {
      mode: 'NULL_F',
      values: [],
      kinds: ['wstart', 'value'],
      types: [TS, DOUBLE],
      constants: [],
      partitions: 0,
      range: { start: 0n, end: 10n ** 12n },
      interval: { len: 1n, slide: 1n, offset: 0n },
    };
    await expect(fillRows(spec, [], new Pacer(), 1000, () => new Error('too many'))).rejects.toThrow('too many');
    expect(await fillRows({ ...spec, limit: { count: 3 } }, [], new Pacer(), 1000, () => new Error('too many'))).toEqual([
      [0n, null],
      [1n, null],
      [2n, null],
    ]);
    // a LIMIT's OFFSET is jumped to, not walked: the last two of 10^12 windows at once
    expect(await fillRows({ ...spec, limit: { count: 5, offset: 999_999_999_998 } }, [], new Pacer(), 1000, () => new Error('too many'))).toEqual([
      [999_999_999_998n, null],
      [999_999_999_999n, null],
      [1_000_000_000_000n, null],
    ]);
  });
});
