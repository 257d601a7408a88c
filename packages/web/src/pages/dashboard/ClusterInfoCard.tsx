import { Card, Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { formatDateTime, formatSize } from '../../config/format';
import { useClusterInfo } from '../../data/monitoring/cluster';
import { StatusBadge } from '../instances/StatusBadge';
import { formatValue } from './chartOption';
import { placeLabel } from '../../components/instances/placeNames';

const dash = '—';

/** The instance now (GET …/monitor/user-cluster): version, uptime, counts, last sample against the plan's limits. */
export function ClusterInfoCard({ instance }: { instance: Instance }) {
  const { t } = useTranslation();
  const info = useClusterInfo(instance);
  const d = info.data;
  const uptime = d?.uptime_ms != null ? t('dashboard.info.uptimeValue', { hours: Math.floor(d.uptime_ms / 3_600_000), minutes: Math.floor((d.uptime_ms % 3_600_000) / 60_000) }) : dash;
  return (
    <Card size="small" title={t('dashboard.info.title')} data-testid="cluster-info">
      {info.isLoading ? (
        <Spin />
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 4 }}>
          <Descriptions.Item label={t('common.status')}>
            <StatusBadge status={d?.status ?? instance.cluster_status} reason={instance.status_reason} />
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.version')}>{d?.version ?? instance.image_version}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.uptime')}>{uptime}</Descriptions.Item>
          <Descriptions.Item label={t('instances.field.region')}>{placeLabel(instance)}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.databases')}>{d?.databases ?? dash}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.stables')}>{d?.stables ?? dash}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.tables')}>{d?.tables ?? dash}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.cores')}>{d?.cores ?? dash}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.cpuOfPlan')}>{d?.cpu != null ? formatValue(d.cpu, 'plan_percent') : dash}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.metric.mem')}>{d?.mem_bytes != null ? `${formatSize(d.mem_bytes)} / ${formatSize(d.mem_limit_bytes)}` : dash}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.metric.disk-used')}>{d?.disk_bytes != null ? `${formatSize(d.disk_bytes)} / ${formatSize(d.storage_limit_bytes)}` : dash}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.info.sampledAt')}>{d?.sampled_at != null ? formatDateTime(d.sampled_at) : dash}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
