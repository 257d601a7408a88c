import { Table, Tag, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BalanceChange } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { ledgerTypeKey } from './billingFormat';

/** Balance changes (§3: transaction number, old, change, new), for a changelog page and a day's detail alike. */
export function ChangelogTable(props: { rows: BalanceChange[]; loading: boolean; money: (value: number) => string; change: (value: number) => string; pagination: TablePaginationConfig | false }) {
  const { t } = useTranslation();
  return (
    <Table<BalanceChange>
      rowKey="transaction_no"
      size="middle"
      loading={props.loading}
      dataSource={props.rows}
      pagination={props.pagination}
      columns={[
        { key: 'transaction_no', title: t('billing.ledger.transactionNo'), dataIndex: 'transaction_no' },
        { key: 'type', title: t('billing.ledger.type'), dataIndex: 'type', render: (type: BalanceChange['type']) => <Tag>{t(ledgerTypeKey(type))}</Tag> },
        { key: 'old', title: t('billing.ledger.old'), dataIndex: 'old_balance', align: 'right', render: props.money },
        { key: 'change', title: t('billing.ledger.change'), dataIndex: 'change', align: 'right', render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>{props.change(v)}</span> },
        { key: 'new', title: t('billing.ledger.new'), dataIndex: 'new_balance', align: 'right', render: props.money },
        { key: 'note', title: t('billing.ledger.note'), render: (_, row) => row.note ?? row.reference ?? '—' },
        { key: 'created_at', title: t('billing.ledger.time'), dataIndex: 'created_at', render: (v: number) => formatDateTime(v) },
      ]}
    />
  );
}
