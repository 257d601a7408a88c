import { Badge, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alert, AlertTypeValue, Page } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';

const TYPE_COLOR: Record<AlertTypeValue, string> = { CPU: 'volcano', MEMORY: 'gold', DISK: 'geekblue' };

/** One page of alerts with selection for the batch actions. */
export function AlertsTable(props: {
  page: Page<Alert> | undefined;
  loading: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onPage: (current: number, size: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table<Alert>
      rowKey="id"
      loading={props.loading}
      dataSource={props.page?.list ?? []}
      rowSelection={{ selectedRowKeys: props.selected, onChange: (keys) => props.onSelect(keys.map(String)) }}
      pagination={{ current: props.page?.current_page ?? 1, pageSize: props.page?.page_size ?? 10, total: props.page?.total ?? 0, onChange: props.onPage }}
      locale={{ emptyText: t('alerts.empty') }}
      columns={[
        { title: t('alerts.field.read'), dataIndex: 'read', width: 110, render: (read: boolean) => <Badge status={read ? 'default' : 'processing'} text={t(read ? 'alerts.read' : 'alerts.unread')} /> },
        { title: t('alerts.field.type'), dataIndex: 'type', width: 110, render: (type: AlertTypeValue) => <Tag color={TYPE_COLOR[type]}>{t(`alerts.type.${type}`)}</Tag> },
        { title: t('alerts.field.content'), dataIndex: 'content', render: (c: string, a) => (a.read ? c : <strong>{c}</strong>) },
        { title: t('alerts.field.time'), dataIndex: 'createdAt', width: 180, render: (v: number) => formatDateTime(v) },
      ]}
    />
  );
}
