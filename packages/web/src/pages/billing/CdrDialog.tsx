import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UsageDay, UsageItem, UsageRecord } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { formatDateTime, formatSize } from '../../config/format';
import { useCdrList } from '../../data/billing/cdrList';
import { formatQuantity } from './billingFormat';
import { useUsageItemName } from './useUsageItemName';

/**
 * The hours (CDRs) of one instance-day (GET /billing/usage/cdr-list/{id}): each hour's total, and on expanding it
 * its lines — plan hours by plan level and HA, storage GB-hours, data in and out in GB — with unit price and amount.
 */
export function CdrDialog({ orgId, day, money, unitPrice, onClose }: { orgId: string | null; day: UsageDay; money: (value: number) => string; unitPrice: (value: number) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const records = useCdrList(orgId, day.id);
  const itemName = useUsageItemName();
  return (
    <AppModal open width={900} title={t('billing.cdr.title', { instance: day.instance_name, day: day.day })} footer={null} onCancel={onClose}>
      <Table<UsageRecord>
        rowKey="id"
        size="small"
        loading={records.isLoading}
        dataSource={records.data ?? []}
        pagination={false}
        scroll={{ y: 480 }}
        expandable={{
          expandedRowRender: (record) => (
            <Table<UsageItem>
              rowKey={(item) => `${item.kind}-${item.plan_level}-${item.ha}`}
              size="small"
              pagination={false}
              dataSource={record.items}
              columns={[
                { key: 'kind', title: t('billing.cdr.item'), render: (_, item) => <Tag>{itemName(item)}</Tag> },
                { key: 'quantity', title: t('billing.cdr.quantity'), align: 'right', render: (_, item) => `${formatQuantity(item.quantity)} ${t(`billing.cdr.unit.${item.kind}`)}` },
                { key: 'price', title: t('billing.cdr.unitPrice'), dataIndex: 'unit_price', align: 'right', render: unitPrice },
                { key: 'amount', title: t('billing.usage.field.amount'), dataIndex: 'amount', align: 'right', render: money },
              ]}
            />
          ),
        }}
        columns={[
          { key: 'hour', title: t('billing.cdr.hour'), dataIndex: 'hour_start', render: (v: number) => formatDateTime(v) },
          { key: 'plan_hours', title: t('billing.usage.field.plan_hours'), dataIndex: 'plan_hours', align: 'right', render: formatQuantity },
          { key: 'storage', title: t('billing.usage.field.storage_gb_hours'), dataIndex: 'storage_gb_hours', align: 'right', render: formatQuantity },
          { key: 'in', title: t('billing.usage.field.bytes_in'), dataIndex: 'bytes_in', align: 'right', render: formatSize },
          { key: 'out', title: t('billing.usage.field.bytes_out'), dataIndex: 'bytes_out', align: 'right', render: formatSize },
          { key: 'amount', title: t('billing.usage.field.amount'), dataIndex: 'amount', align: 'right', render: money },
        ]}
      />
    </AppModal>
  );
}
