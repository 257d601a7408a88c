import { useMemo, useState } from 'react';
import { Card, Empty, Segmented, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UsageDay } from '@tscloud/contracts';
import { useEChart } from '../explorer/console/results/useEChart';
import { USAGE_MEASURES, usageChartOption, type UsageMeasure } from './usageChartOption';

/**
 * Usage per day of the filtered range, stacked by instance, in one measure at a time (cost, plan hours, storage,
 * data in, data out): their units differ, so they are not stacked together. Drawn as SVG (the app's ECharts build).
 */
export function UsageChart({ days, loading, money }: { days: UsageDay[] | undefined; loading: boolean; money: (value: number) => string }) {
  const { t } = useTranslation();
  const [measure, setMeasure] = useState<UsageMeasure>('amount');
  const drawable = (days?.length ?? 0) > 0;
  const option = useMemo(() => (days ? usageChartOption(days, measure, money) : null), [days, measure, money]);
  const element = useEChart(option, drawable);

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
