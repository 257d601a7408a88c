import type { MonitorSeries, MonitorUnit } from '@tscloud/contracts';
import { formatAxisTime, formatDateTime, formatSize } from '../../config/format';

/**
 * The ECharts option of one metric chart, built from the series the server answered. Pure (tested): values are
 * shown in the series' unit — percent of the plan's CPU (named on the axis), bytes (1024 steps, §9), rows per second.
 */
export function formatValue(value: number, unit: MonitorUnit): string {
  if (unit === 'plan_percent') return `${value.toFixed(2)}%`;
  if (unit === 'bytes') return formatSize(value);
  return `${value.toFixed(2)}/s`;
}

export interface ChartTexts {
  name: string;
  limit: string;
  /** What the value axis measures when the unit alone does not say (CPU: "% of plan"). */
  axis?: string;
}

export function chartOption(series: MonitorSeries, texts: ChartTexts) {
  const unit = series.unit;
  return {
    animation: false,
    grid: { left: 64, right: 24, top: 32, bottom: 56 },
    tooltip: {
      trigger: 'axis' as const,
      valueFormatter: (v: unknown) => (typeof v === 'number' ? formatValue(v, unit) : String(v ?? '')),
    },
    legend: { data: [texts.name], top: 0 },
    // Labels and the tooltip's time in the edition's zone and format (ECharts alone uses the browser's zone).
    xAxis: {
      type: 'time' as const,
      min: series.start,
      max: series.end,
      axisLabel: { hideOverlap: true, formatter: (ms: number) => formatAxisTime(ms) },
      axisPointer: { label: { formatter: (p: { value: unknown }) => formatDateTime(Number(p.value)) } },
    },
    yAxis: {
      type: 'value' as const,
      min: 0,
      ...(texts.axis ? { name: texts.axis, nameLocation: 'end' as const, nameTextStyle: { align: 'left' as const } } : {}),
      axisLabel: { formatter: (v: number) => formatValue(v, unit) },
    },
    dataZoom: [{ type: 'inside' as const }, { type: 'slider' as const, height: 18, bottom: 8 }],
    series: [
      {
        name: texts.name,
        type: 'line' as const,
        showSymbol: false,
        connectNulls: false,
        data: series.points,
        // The limit's label sits above the line inside the plot: at the line's end it was cut by the grid ("Pla").
        ...(series.limit !== null
          ? { markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed' as const, color: '#cf1322' }, label: { formatter: texts.limit, position: 'insideEndTop' as const }, data: [{ yAxis: series.limit }] } }
          : {}),
      },
    ],
  };
}
