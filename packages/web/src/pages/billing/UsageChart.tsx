import { useEffect, useRef, useState } from 'react';
import { Card, Empty, Segmented, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UsageDay } from '@tscloud/contracts';
import { echarts } from '../explorer/console/results/echarts';
import { USAGE_MEASURES, usageChartOption, type UsageMeasure } from './usageChartOption';

/**
 * Usage per day of the filtered range, stacked by instance, in one measure at a time (cost, plan hours, storage,
 * data in, data out): their units differ, so they are not stacked together. Drawn as SVG (the app's ECharts build).
 */
export function UsageChart({ days, loading, money }: { days: UsageDay[] | undefined; loading: boolean; money: (value: number) => string }) {
  const { t } = useTranslation();
  const [measure, setMeasure] = useState<UsageMeasure>('amount');
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const drawable = (days?.length ?? 0) > 0;

  useEffect(() => {
    if (!element.current || !drawable) return;
    const created = echarts.init(element.current, null, { renderer: 'svg' });
    chart.current = created;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.resize());
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      created.dispose();
      chart.current = null;
    };
  }, [drawable]);

  useEffect(() => {
    if (chart.current && days && drawable) chart.current.setOption(usageChartOption(days, measure, money), true);
  }, [days, measure, money, drawable]);

  return (
    <Card
      size="small"
      title={t('billing.usage.chart')}
      extra={<Segmented<UsageMeasure> aria-label={t('billing.usage.measure')} value={measure} onChange={setMeasure} options={USAGE_MEASURES.map((m) => ({ value: m, label: t(`billing.usage.field.${m}`) }))} />}
    >
      {loading ? (
        <Spin />
      ) : !drawable ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.usage.empty')} />
      ) : (
        <div ref={element} style={{ height: 260, width: '100%' }} data-testid="usage-chart" data-days={new Set(days!.map((d) => d.day)).size} data-measure={measure} />
      )}
    </Card>
  );
}
