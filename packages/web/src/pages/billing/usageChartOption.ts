import type { UsageDay } from '@tscloud/contracts';
import { formatSize } from '../../config/format';
import { formatQuantity } from './billingFormat';

/** What the usage chart draws per day: the cost, or one of the measured quantities. */
export const USAGE_MEASURES = ['amount', 'plan_hours', 'storage_gb_hours', 'bytes_in', 'bytes_out'] as const;
export type UsageMeasure = (typeof USAGE_MEASURES)[number];

/** A value of a measure as the chart's axis and tooltip show it: money by `money`, bytes by 1024 steps (§9). */
export function formatMeasure(value: number, measure: UsageMeasure, money: (value: number) => string): string {
  if (measure === 'amount') return money(value);
  if (measure === 'bytes_in' || measure === 'bytes_out') return formatSize(value);
  return formatQuantity(value);
}

/**
 * The usage chart's ECharts option: one bar per day (oldest left), stacked by instance, of the chosen measure.
 * Pure (tested). Days no instance used are not drawn: the calls list only instance-days with usage.
 */
export function usageChartOption(days: readonly UsageDay[], measure: UsageMeasure, money: (value: number) => string) {
  const dayAxis = [...new Set(days.map((d) => d.day))].sort();
  const instances = [...new Map(days.map((d) => [d.instance_id, d.instance_name])).entries()];
  const series = instances.map(([id, name]) => {
    const byDay = new Map(days.filter((d) => d.instance_id === id).map((d) => [d.day, d[measure]]));
    return { type: 'bar' as const, name, stack: 'usage', barMaxWidth: 32, data: dayAxis.map((day) => byDay.get(day) ?? 0) };
  });
  const format = (v: unknown) => (typeof v === 'number' ? formatMeasure(v, measure, money) : String(v ?? ''));
  return {
    animation: false,
    grid: { left: 80, right: 24, top: 40, bottom: 32 },
    tooltip: { trigger: 'axis' as const, valueFormatter: format },
    legend: { data: instances.map(([, name]) => name), top: 0 },
    xAxis: { type: 'category' as const, data: dayAxis },
    yAxis: { type: 'value' as const, min: 0, axisLabel: { formatter: format } },
    series,
  };
}
