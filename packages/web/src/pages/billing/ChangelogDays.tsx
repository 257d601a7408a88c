import { Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BalanceDay, LedgerTypeValue } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useChangelogDay } from '../../data/billing/changelog';
import { ledgerTypeKey } from './billingFormat';
import { ChangelogTable } from './ChangelogTable';

interface DayRow {
  day: string;
  types: BalanceDay[];
  change: number;
  closing_balance: number;
}

/** The day aggregates as one row per day (the types of the day listed in it), newest first as the server sends them. */
export function groupByDay(days: readonly BalanceDay[]): DayRow[] {
  const rows = new Map<string, DayRow>();
  for (const d of days) {
    const row = rows.get(d.day) ?? { day: d.day, types: [], change: 0, closing_balance: d.closing_balance };
    row.types.push(d);
    row.change += d.change;
    rows.set(d.day, row);
  }
  // Sums of amounts in two decimals: rounded back to the cent the parts were given in.
  return [...rows.values()].map((r) => ({ ...r, change: Math.round(r.change * 100) / 100 }));
}

/** The changelog by day (changelog-day-agg): each day's changes per type and its closing balance; a day opens its entries. */
export function ChangelogDays(props: { orgId: string | null; days: BalanceDay[] | undefined; loading: boolean; types: LedgerTypeValue[]; money: (value: number) => string; change: (value: number) => string }) {
  const { t } = useTranslation();
  const open = (day: string) => openDialog((close) => <DayDetailDialog orgId={props.orgId} day={day} types={props.types} money={props.money} change={props.change} onClose={close} />);
  return (
    <Table<DayRow>
      rowKey="day"
      size="middle"
      loading={props.loading}
      dataSource={groupByDay(props.days ?? [])}
      columns={[
        { key: 'day', title: t('billing.ledger.day'), dataIndex: 'day', render: (day: string) => <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(day)}>{day}</Button> },
        {
          key: 'types',
          title: t('billing.ledger.byType'),
          render: (_, row) => row.types.map((d) => <Tag key={d.type}>{t('billing.ledger.typeSum', { type: t(ledgerTypeKey(d.type)), count: d.count, change: props.change(d.change) })}</Tag>),
        },
        { key: 'change', title: t('billing.ledger.change'), dataIndex: 'change', align: 'right', render: props.change },
        { key: 'closing', title: t('billing.ledger.closing'), dataIndex: 'closing_balance', align: 'right', render: props.money },
      ]}
    />
  );
}

function DayDetailDialog(props: { orgId: string | null; day: string; types: LedgerTypeValue[]; money: (value: number) => string; change: (value: number) => string; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useChangelogDay(props.orgId, props.day, props.types);
  return (
    <AppModal open width={1000} title={t('billing.ledger.dayTitle', { day: props.day })} footer={null} onCancel={props.onClose}>
      <ChangelogTable rows={entries.data ?? []} loading={entries.isLoading} money={props.money} change={props.change} pagination={false} />
    </AppModal>
  );
}
