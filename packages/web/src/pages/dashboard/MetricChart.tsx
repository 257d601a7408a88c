import { useEffect, useRef } from 'react';
import { Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MonitorMetricValue } from '@tscloud/contracts';
import type { InstanceRef } from '../../data/instances/control';
import { useMonitorSeries } from '../../data/monitoring/series';
import type { WebKey } from '../../i18n';
import { chartOption } from './chartOption';
import { echarts } from './echarts';
import type { Range } from './range';

/** One metric over the range: an ECharts line chart, resized with its card, disposed with it. */
export function MetricChart({ instance, metric, range }: { instance: InstanceRef; metric: MonitorMetricValue; range: Range }) {
  const { t } = useTranslation();
  const title = t(`dashboard.metric.${metric}` as WebKey);
  const series = useMonitorSeries(instance, metric, range);
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const points = series.data?.points.length ?? 0;
  // The chart element exists only while there is something to draw: the chart is created and disposed with it.
  const drawable = points > 0;

  useEffect(() => {
    if (!element.current || !drawable) return;
    const instanceChart = echarts.init(element.current);
    chart.current = instanceChart;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instanceChart.resize());
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      instanceChart.dispose();
      chart.current = null;
    };
  }, [drawable]);

  useEffect(() => {
    if (chart.current && series.data && drawable) chart.current.setOption(chartOption(series.data, { name: title, limit: t('dashboard.limit'), axis: series.data.unit === 'plan_percent' ? t('dashboard.axis.planPercent') : undefined }), true);
  }, [series.data, drawable, title, t]);

  return (
    <Card size="small" title={title} data-testid={`chart-${metric}`}>
      {series.isLoading ? (
        <Spin />
      ) : series.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.loadFailed')} />
      ) : points === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noData')} />
      ) : (
        // The count and the largest value are exposed for the browser test (a canvas has no readable content).
        <div
          ref={element}
          style={{ height: 240, width: '100%' }}
          data-testid={`chart-${metric}-canvas`}
          data-points={points}
          data-peak={Math.max(...series.data!.points.map(([, value]) => value))}
        />
      )}
    </Card>
  );
}
