import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { AppType, type Instance } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { InstanceActions } from './InstanceActions';
import { StatusBadge } from './StatusBadge';
import { placeLabel } from '../../components/instances/placeNames';

export function InstancesTable(props: { instances: Instance[]; loading: boolean; currentId: string | null; readOnly: boolean; onSelect: (i: Instance) => void }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Instance> = [
    // Short names never break inside a word ("dem / o"): the cell keeps the alias on one line.
    { key: 'alias', title: t('instances.field.alias'), onCell: () => ({ style: { whiteSpace: 'nowrap' } }), render: (_, i) => <Typography.Text strong>{i.alias || i.name}</Typography.Text> },
    { key: 'name', title: t('instances.field.name'), dataIndex: 'name' },
    { key: 'type', title: t('instances.field.type'), render: (_, i) => t(i.app_type === AppType.TDASSET ? 'instances.type.idmp' : 'instances.type.tsdb') },
    { key: 'region', title: t('instances.field.region'), render: (_, i) => placeLabel(i) },
    { key: 'plan', title: t('instances.field.plan'), render: (_, i) => t(`instances.plan.${i.app_price_plan_level ?? i.plan}` as 'instances.plan.0') },
    {
      key: 'server',
      title: t('instances.field.server'),
      // what serves it: our engine, or the TDengine cluster it lives on, with the version its forms follow
      render: (_, i) => (
        <span data-testid={`instance-server-${i.id}`}>
          {i.backend?.kind === 'tdengine-cluster'
            ? t('instances.server.cluster', { version: i.image_version, name: i.backend.cluster_name })
            : t('instances.server.engine', { version: i.image_version })}
        </span>
      ),
    },
    { key: 'ha', title: t('instances.field.ha'), render: (_, i) => (i.ha ? <Tag color="green">{t('instances.ha.on')}</Tag> : <Tag>{t('instances.ha.off')}</Tag>) },
    { key: 'status', title: t('common.status'), render: (_, i) => <StatusBadge status={i.cluster_status} reason={i.status_reason} /> },
    { key: 'created', title: t('instances.field.created'), render: (_, i) => formatDateTime(i.create_time) },
    {
      key: 'actions',
      title: t('instances.field.actions'),
      render: (_, i) => <InstanceActions instance={i} current={i.id === props.currentId} readOnly={props.readOnly} onSelect={() => props.onSelect(i)} />,
    },
  ];
  return <Table<Instance> rowKey="id" size="middle" columns={columns} dataSource={props.instances} loading={props.loading} pagination={{ pageSize: 10, hideOnSinglePage: true }} scroll={{ x: true }} />;
}

