import type { SqlColumnMeta } from '@tscloud/contracts';
import { cellText } from '../grid';
import { columnKinds, timeColumn } from './columns';
import { formatInZone, formatTimestamp, timestampParts } from './timeZone';

/**
 * A result as a chart (issue 13 "results as a chart"): x is `_wstart` or the first TIMESTAMP column, y the chosen
 * numeric columns, one series per y column and, when a split column is chosen, per value of that column
 * (tbname, location …). Pure: the option is built from the rows and tested without a canvas.
 */
export type ChartKind = 'line' | 'bar';
export interface ChartChoice {
  kind: ChartKind;
  /** The time column (x). */
  x: number;
  /** The numeric columns drawn (y). */
  ys: number[];
  /** The column whose values split the rows into series, or null. */
  split: number | null;
}

export interface ChartSeries {
  name: string;
  /** [epoch ms, value] in time order. A chart is a picture: 64-bit values are drawn as the nearest double. */
  points: [number, number][];
}

/** At most this many y columns are drawn at first; the user can choose more. */
const DEFAULT_Y_COLUMNS = 4;

/** The numeric columns a chart can draw. */
export function numericColumns(columns: readonly SqlColumnMeta[]): number[] {
  return columnKinds(columns).flatMap((kind, i) => (kind === 'number' ? [i] : []));
}

/** Line chart of the first numeric columns over the time column, unsplit; null when the result has no time or no number. */
export function defaultChartChoice(columns: readonly SqlColumnMeta[]): ChartChoice | null {
  const x = timeColumn(columns);
  const ys = numericColumns(columns);
  if (x < 0 || ys.length === 0) return null;
  return { kind: 'line', x, ys: ys.slice(0, DEFAULT_Y_COLUMNS), split: null };
}

function chartNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function epochMs(value: unknown): number | null {
  const parts = timestampParts(value);
  return parts ? parts.secondMs + Number(parts.fraction.padEnd(3, '0').slice(0, 3)) : null;
}

/** The series of the choice; rows without a time or a value (NULL) leave no point. */
export function chartSeries(columns: readonly SqlColumnMeta[], rows: readonly (readonly unknown[])[], choice: ChartChoice): ChartSeries[] {
  const series = new Map<string, ChartSeries>();
  for (const row of rows) {
    const x = epochMs(row[choice.x]);
    if (x === null) continue;
    const group = choice.split === null ? null : cellText(row[choice.split]);
    for (const y of choice.ys) {
      const value = chartNumber(row[y]);
      if (value === null) continue;
      const column = columns[y][0];
      const name = group === null ? column : choice.ys.length > 1 ? `${group} · ${column}` : group;
      let entry = series.get(name);
      if (!entry) series.set(name, (entry = { name, points: [] }));
      entry.points.push([x, value]);
    }
  }
  const list = [...series.values()];
  // Results may come newest first (ORDER BY ts DESC): a line is drawn in time order.
  for (const s of list) s.points.sort((a, b) => a[0] - b[0]);
  return list;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Axis labels as short as the span allows (a long label per tick overlaps on a narrow chart). */
export function axisTimePattern(spanMs: number): string {
  if (spanMs <= 10 * MINUTE_MS) return 'HH:mm:ss';
  if (spanMs <= DAY_MS) return 'HH:mm';
  return 'MM-DD HH:mm';
}

function timeSpan(series: readonly ChartSeries[]): number {
  let first = Infinity;
  let last = -Infinity;
  for (const s of series) {
    if (s.points.length === 0) continue;
    first = Math.min(first, s.points[0][0]);
    last = Math.max(last, s.points[s.points.length - 1][0]);
  }
  return last > first ? last - first : 0;
}

/** The ECharts option of the series: a time axis labelled in the chosen zone, zoomable, a legend that scrolls. */
export function chartOption(series: readonly ChartSeries[], kind: ChartKind, zone: string, xName: string) {
  const pattern = axisTimePattern(timeSpan(series));
  return {
    animation: false,
    tooltip: { trigger: 'axis' as const },
    legend: { type: 'scroll' as const, top: 0 },
    // The value labels' width is the data's (up to 20 digits): the plot leaves room for them.
    grid: { left: 16, right: 48, top: 40, bottom: 64, outerBoundsMode: 'same' as const, outerBoundsContain: 'axisLabel' as const },
    xAxis: {
      type: 'time' as const,
      name: xName,
      axisLabel: { hideOverlap: true, formatter: (ms: number) => formatInZone(ms, zone, pattern) },
      axisPointer: { label: { formatter: (p: { value: unknown }) => formatTimestamp(Number(p.value), zone) ?? '' } },
    },
    yAxis: { type: 'value' as const, scale: true },
    dataZoom: [{ type: 'inside' as const }, { type: 'slider' as const }],
    series: series.map((s) => ({ type: kind, name: s.name, data: s.points, showSymbol: s.points.length <= 50 })),
  };
}
