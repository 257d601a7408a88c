import { useMemo, useState } from 'react';
import { Empty, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SqlColumnMeta } from '@tscloud/contracts';
import { chartOption, chartSeries, defaultChartChoice, numericColumns, type ChartChoice, type ChartKind } from './chartOption';
import { useEChart } from './useEChart';

/**
 * A result drawn as a line or bar chart over its time column (loaded with the chart view only, so ECharts is not in
 * the console's own chunk). The chart is created with its element and disposed with it, resized with its box.
 */
export default function ResultChart({ columns, rows, zone }: { columns: SqlColumnMeta[]; rows: unknown[][]; zone: string }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ChartChoice | null>(() => defaultChartChoice(columns));
  const series = useMemo(() => (choice ? chartSeries(columns, rows, choice) : []), [columns, rows, choice]);
  const option = useMemo(() => (choice ? chartOption(series, choice.kind, zone, columns[choice.x][0]) : null), [series, choice, zone, columns]);
  const points = series.reduce((sum, s) => sum + s.points.length, 0);
  const drawable = points > 0;
  const element = useEChart(option, drawable);

  if (!choice) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.result.chart.unavailable')} />;
  const change = (next: Partial<ChartChoice>) => setChoice({ ...choice, ...next });
  const name = (i: number) => columns[i][0];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<ChartKind>
          aria-label={t('console.result.chart.kind')}
          value={choice.kind}
          onChange={(kind) => change({ kind })}
          options={[
            { value: 'line', label: t('console.result.chart.line') },
            { value: 'bar', label: t('console.result.chart.bar') },
          ]}
        />
        <Select<number[]>
          mode="multiple"
          aria-label={t('console.result.chart.values')}
          placeholder={t('console.result.chart.values')}
          style={{ minWidth: 220 }}
          value={choice.ys}
          onChange={(ys) => change({ ys })}
          options={numericColumns(columns).map((i) => ({ value: i, label: name(i) }))}
        />
        <Select<number>
          allowClear
          aria-label={t('console.result.chart.split')}
          placeholder={t('console.result.chart.split')}
          style={{ minWidth: 200 }}
          value={choice.split ?? undefined}
          onChange={(split) => change({ split: split ?? null })}
          options={columns.flatMap((_, i) => (i === choice.x || choice.ys.includes(i) ? [] : [{ value: i, label: name(i) }]))}
        />
      </Space>
      {drawable ? (
        // The series and point counts are exposed for tests (a canvas has no readable content).
        <div
          ref={element}
          role="img"
          aria-label={t('console.result.chart.label', { x: name(choice.x) })}
          data-testid="result-chart"
          data-series={series.map((s) => s.name).join('|')}
          data-points={points}
          style={{ height: 320, width: '100%' }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.result.chart.empty')} />
      )}
    </Space>
  );
}
