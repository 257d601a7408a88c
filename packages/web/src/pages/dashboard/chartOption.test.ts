import { describe, expect, it } from 'vitest';
import type { MonitorSeries } from '@tscloud/contracts';
import { chartOption, formatValue } from './chartOption';

const series: MonitorSeries = {
  app_id: 'a',
  status: 'Running',
  metric: 'mem',
  unit: 'bytes',
  start: 1000,
  end: 5000,
  interval_ms: 1000,
  limit: 2 * 1024 ** 3,
  points: [[1000, 1024], [2000, 2048]],
};

describe('metric chart option', () => {
  it('values read in the series unit', () => {
    expect(formatValue(12.345, 'plan_percent')).toBe('12.35%');
    expect(formatValue(1536, 'bytes')).toBe('1.50 KB');
    expect(formatValue(3, 'per_second')).toBe('3.00/s');
  });

  it('one line of the points over the asked range, with the plan limit as a dashed line', () => {
    const option = chartOption(series, { name: 'Memory', limit: 'Limit' });
    expect(option.xAxis).toMatchObject({ type: 'time', min: 1000, max: 5000 });
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ name: 'Memory', type: 'line', data: series.points, markLine: { data: [{ yAxis: 2 * 1024 ** 3 }] } });
    expect(option.yAxis.axisLabel.formatter(2048)).toBe('2.00 KB');
  });

  it('times read YYYY-MM-DD HH:mm:ss in the edition zone (UTC in the tests), the axis labels their short form', () => {
    const option = chartOption(series, { name: 'Memory', limit: 'Limit' });
    expect(option.xAxis.axisLabel.formatter(1_700_000_000_000)).toBe('11-14 22:13');
    expect(option.xAxis.axisPointer.label.formatter({ value: 1_700_000_000_000 })).toBe('2023-11-14 22:13:20');
  });

  it('the limit label sits inside the plot (not cut at its edge); the CPU axis says its unit', () => {
    const option = chartOption(series, { name: 'Memory', limit: 'Plan' });
    expect(option.series[0]).toMatchObject({ markLine: { label: { formatter: 'Plan', position: 'insideEndTop' } } });
    expect(option.yAxis).not.toHaveProperty('name');
    const cpu = chartOption({ ...series, metric: 'cpu', unit: 'plan_percent', limit: 100 }, { name: 'CPU', limit: 'Plan', axis: '% of plan' });
    expect(cpu.yAxis).toMatchObject({ name: '% of plan' });
    expect(cpu.yAxis.axisLabel.formatter(50)).toBe('50.00%');
  });

  it('no limit line when the plan has none', () => {
    expect(chartOption({ ...series, limit: null }, { name: 'x', limit: 'y' }).series[0]).not.toHaveProperty('markLine');
  });
});
