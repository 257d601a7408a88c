import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Result, Row, Space, Spin } from 'antd';
import { IdmpNotice } from '../instances/IdmpNotice';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MonitorMetric } from '@tscloud/contracts';
import { usePageVisible } from '../../app/pageVisibility';
import { notifier } from '../../components/feedback/notifier';
import { useInstanceControl } from '../../data/instances/control';
import { useShell } from '../../routes/shell';
import { StatusBadge } from '../instances/StatusBadge';
import { rowRights } from '../instances/instanceRights';
import { useCurrentInstance } from '../instances/useCurrentInstance';
import { ClusterInfoCard } from './ClusterInfoCard';
import { MetricChart } from './MetricChart';
import { RangePicker } from './RangePicker';
import { resolveRange, type RangeChoice } from './range';

/** A quick range moves with the clock: it is resolved again this often while the page is visible. */
const QUICK_REFRESH_MS = 60_000;

/**
 * dashboard (instance screen; supports Suspended): the cluster card and one chart per metric over the chosen range.
 * A Suspended instance shows its state (and Start, for who may) instead of empty charts.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  const { readOnly } = useShell();
  const control = useInstanceControl();
  const visible = usePageVisible();
  const [choice, setChoice] = useState<RangeChoice>({ quick: 'hour' });
  const [range, setRange] = useState(() => resolveRange(choice, Date.now()));

  useEffect(() => setRange(resolveRange(choice, Date.now())), [choice]);
  useEffect(() => {
    if (!('quick' in choice) || !visible) return;
    const timer = setInterval(() => setRange(resolveRange(choice, Date.now())), QUICK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [choice, visible]);

  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dashboard.noInstance')} />;

  if (instance.cluster_status === 'Suspended') {
    const canStart = rowRights(instance, readOnly).start;
    return (
      <Result
        status="warning"
        title={t('dashboard.suspended.title', { alias: instance.alias || instance.name })}
        subTitle={t('dashboard.suspended.body')}
        extra={
          canStart && (
            <Button
              type="primary"
              loading={control.isPending}
              onClick={() => control.mutate({ action: 'start', instance }, { onSuccess: () => notifier.success(t('instances.start.done')), onError: () => undefined })}
            >
              {t('instances.action.start')}
            </Button>
          )
        }
      />
    );
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {instance.cluster_status !== 'Running' && (
        <Alert type="info" showIcon title={<Space>{t('dashboard.notRunning')}<StatusBadge status={instance.cluster_status} reason={instance.status_reason} /></Space>} />
      )}
      <IdmpNotice appType={instance.app_type} />
      <ClusterInfoCard instance={instance} />
      <Card
        size="small"
        title={t('menu.dashboard')}
        extra={
          <Space wrap>
            <RangePicker value={choice} onChange={setChoice} />
            <Button aria-label={t('dashboard.refresh')} icon={<ReloadOutlined />} onClick={() => setRange(resolveRange(choice, Date.now()))} />
          </Space>
        }
      >
        <Row gutter={[16, 16]}>
          {MonitorMetric.map((metric) => (
            <Col key={metric} xs={24} xl={12}>
              <MetricChart instance={instance} metric={metric} range={range} />
            </Col>
          ))}
        </Row>
      </Card>
    </Space>
  );
}
