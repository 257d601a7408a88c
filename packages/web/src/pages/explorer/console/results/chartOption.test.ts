import { describe, expect, it } from 'vitest';
import type { SqlColumnMeta } from '@tscloud/contracts';
import { axisTimePattern, chartOption, chartSeries, defaultChartChoice } from './chartOption';

const columns: SqlColumnMeta[] = [['ts', 'TIMESTAMP', 8], ['current', 'FLOAT', 4], ['voltage', 'INT', 4], ['location', 'VARCHAR', 24], ['big', 'BIGINT', 8]];
const rows = [
  ['2024-01-01T00:00:02.000Z', 11.5, 220, 'Beijing', 9007199254740993n],
  ['2024-01-01T00:00:01.000Z', 10.5, null, 'Shanghai', 2],
  ['2024-01-01T00:00:00.500Z', 9.5, 219, 'Beijing', 1],
  [null, 1, 1, 'Beijing', 1],
];

describe('result chart', () => {
  it('chooses the time column and the numeric columns, _wstart first', () => {
    expect(defaultChartChoice(columns)).toEqual({ kind: 'line', x: 0, ys: [1, 2, 4], split: null });
    expect(defaultChartChoice([['ts', 'TIMESTAMP', 8], ['_wstart', 'TIMESTAMP', 8], ['avg(v)', 'DOUBLE', 8]])).toEqual({ kind: 'line', x: 1, ys: [2], split: null });
    expect(defaultChartChoice([['name', 'VARCHAR', 8], ['v', 'INT', 4]])).toBeNull();
    expect(defaultChartChoice([['ts', 'TIMESTAMP', 8], ['name', 'VARCHAR', 8]])).toBeNull();
  });

  it('draws one series per y column in time order, leaving out NULLs and rows without time', () => {
    const series = chartSeries(columns, rows, { kind: 'line', x: 0, ys: [1, 2], split: null });
    expect(series).toEqual([
      { name: 'current', points: [[1704067200500, 9.5], [1704067201000, 10.5], [1704067202000, 11.5]] },
      { name: 'voltage', points: [[1704067200500, 219], [1704067202000, 220]] },
    ]);
  });

  it('splits series by a column, naming them by value (and column when several)', () => {
    const one = chartSeries(columns, rows, { kind: 'bar', x: 0, ys: [1], split: 3 });
    expect(one.map((s) => [s.name, s.points.length])).toEqual([['Beijing', 2], ['Shanghai', 1]]);
    const two = chartSeries(columns, rows, { kind: 'bar', x: 0, ys: [1, 4], split: 3 });
    expect(two.map((s) => s.name)).toEqual(['Beijing · current', 'Beijing · big', 'Shanghai · current', 'Shanghai · big']);
    expect(two[1].points.at(-1)).toEqual([1704067202000, 9007199254740992]);
  });

  it('builds the option: kind, series data, and axis labels in the chosen zone', () => {
    const series = chartSeries(columns, rows, { kind: 'bar', x: 0, ys: [1], split: null });
    const option = chartOption(series, 'bar', 'Asia/Shanghai', 'ts');
    expect(option.series).toEqual([{ type: 'bar', name: 'current', data: series[0].points, showSymbol: true }]);
    expect(option.xAxis.name).toBe('ts');
    expect(option.xAxis.axisLabel.formatter(1704067200500)).toBe('08:00:00');
    expect(chartOption(series, 'line', 'UTC', 'ts').xAxis.axisPointer.label.formatter({ value: 1704067200500 })).toBe('2024-01-01 00:00:00.500');
  });

  it('labels the time axis as short as the span allows', () => {
    expect(axisTimePattern(90_000)).toBe('HH:mm:ss');
    expect(axisTimePattern(40 * 60_000)).toBe('HH:mm');
    expect(axisTimePattern(3 * 86_400_000)).toBe('MM-DD HH:mm');
    const days = chartSeries(columns, [['2024-01-01T00:00:00.000Z', 1, 1, 'a', 1], ['2024-01-03T00:00:00.000Z', 2, 2, 'a', 2]], { kind: 'line', x: 0, ys: [1], split: null });
    expect(chartOption(days, 'line', 'UTC', 'ts').xAxis.axisLabel.formatter(Date.UTC(2024, 0, 2, 6))).toBe('01-02 06:00');
  });
});
