import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page, UsageDay } from '@tscloud/contracts';
import { formatSize } from '../../config/format';
import { formatQuantity } from './billingFormat';

/** One page of instance-days (paging is the server's); a row opens its hours (CDRs). */
export function UsageTable(props: { page: Page<UsageDay> | undefined; loading: boolean; money: (value: number) => string; onPage: (current: number, size: number) => void; onOpen: (day: UsageDay) => void }) {
  const { t } = useTranslation();
  return (
    <Table<UsageDay>
      rowKey="id"
      size="middle"
      loading={props.loading}
      dataSource={props.page?.list ?? []}
      onRow={(day) => ({ onClick: () => props.onOpen(day), style: { cursor: 'pointer' } })}
      pagination={{ current: props.page?.current_page ?? 1, pageSize: props.page?.page_size ?? 10, total: props.page?.total ?? 0, showSizeChanger: true, onChange: props.onPage }}
      columns={[
        { key: 'day', title: t('billing.usage.field.day'), dataIndex: 'day' },
        { key: 'instance', title: t('billing.usage.field.instance'), dataIndex: 'instance_name' },
        { key: 'plan_hours', title: t('billing.usage.field.plan_hours'), dataIndex: 'plan_hours', align: 'right', render: formatQuantity },
        { key: 'storage', title: t('billing.usage.field.storage_gb_hours'), dataIndex: 'storage_gb_hours', align: 'right', render: formatQuantity },
        { key: 'in', title: t('billing.usage.field.bytes_in'), dataIndex: 'bytes_in', align: 'right', render: formatSize },
        { key: 'out', title: t('billing.usage.field.bytes_out'), dataIndex: 'bytes_out', align: 'right', render: formatSize },
        { key: 'amount', title: t('billing.usage.field.amount'), dataIndex: 'amount', align: 'right', render: props.money },
      ]}
    />
  );
}
