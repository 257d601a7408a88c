import { useEffect, useMemo, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskMetrics } from '@tscloud/contracts';
import { formatAxisTime, formatDateTime, formatSize } from '../../config/format';
// The result charts' ECharts build: line charts drawn as SVG (a few hundred points; SVG also draws in jsdom tests).
import { useEChart } from '../explorer/console/results/useEChart';

/** One reading of the task's counters, kept by the page while it is open (the server answers only the current ones). */
export interface MetricsPoint {
  time: number;
  rows_read: number;
  rows_written: number;
  rows_failed: number;
  rate: number;
}

/** The readings seen while the page is open, at most this many (an hour at the detail page's 3 s refresh). */
const HISTORY_MAX = 1200;

/** Appends each new reading to the history the charts draw. */
export function useMetricsHistory(metrics: TaskMetrics | undefined, fetchedAt: number): MetricsPoint[] {
  const [history, setHistory] = useState<MetricsPoint[]>([]);
  useEffect(() => {
    if (!metrics) return;
    const point = { time: fetchedAt, rows_read: metrics.rows_read, rows_written: metrics.rows_written, rows_failed: metrics.rows_failed, rate: metrics.rate };
    setHistory((previous) => [...previous.filter((p) => p.time !== fetchedAt), point].slice(-HISTORY_MAX));
  }, [metrics, fetchedAt]);
  return history;
}

/** The counters as figures, and two ECharts line charts (rows over time, rows per second) refreshed with each reading. */
export function MetricsCharts({ metrics, history }: { metrics: TaskMetrics; history: MetricsPoint[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="task-metrics">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col span={4}><Statistic title={t('dataIn.metric.rows_read')} value={metrics.rows_read} /></Col>
        <Col span={4}><Statistic title={t('dataIn.metric.rows_written')} value={metrics.rows_written} /></Col>
        <Col span={4}><Statistic title={t('dataIn.metric.rows_failed')} value={metrics.rows_failed} /></Col>
        <Col span={4}><Statistic title={t('dataIn.metric.bytes_read')} value={formatSize(metrics.bytes)} /></Col>
        <Col span={4}><Statistic title={t('dataIn.metric.rate')} value={metrics.rate} precision={1} /></Col>
        <Col span={4}><Statistic title={t('dataIn.metric.lag')} value={`${(metrics.lag_ms / 1000).toFixed(1)} s`} /></Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <LineChart testId="chart-rows" history={history} series={(['rows_read', 'rows_written', 'rows_failed'] as const).map((key) => ({ key, name: t(`dataIn.metric.${key}`) }))} />
        </Col>
        <Col xs={24} lg={12}>
          <LineChart testId="chart-rate" history={history} series={[{ key: 'rate', name: t('dataIn.metric.rate') }]} />
        </Col>
      </Row>
    </div>
  );
}

type SeriesKey = Exclude<keyof MetricsPoint, 'time'>;

function LineChart({ testId, history, series }: { testId: string; history: MetricsPoint[]; series: Array<{ key: SeriesKey; name: string }> }) {
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 64, right: 24, top: 32, bottom: 32 },
      tooltip: { trigger: 'axis' },
      legend: { data: series.map((s) => s.name), top: 0 },
      // Labels in the edition's zone and format (ECharts alone uses the browser's zone).
      xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (ms: number) => formatAxisTime(ms) }, axisPointer: { label: { formatter: (p: { value: unknown }) => formatDateTime(Number(p.value)) } } },
      yAxis: { type: 'value' },
      series: series.map((s) => ({ type: 'line', name: s.name, showSymbol: false, data: history.map((p) => [p.time, p[s.key]]) })),
    }),
    [history, series],
  );
  const element = useEChart(option);
  return (
    <Card size="small">
      <div ref={element} style={{ height: 220, width: '100%' }} data-testid={testId} data-points={history.length} />
    </Card>
  );
}
