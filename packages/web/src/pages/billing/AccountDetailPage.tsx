import { useState } from 'react';
import { Card, Select, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHANGELOG_TYPES, DEFAULT_PAGE_SIZE, LEDGER_TYPES, type LedgerTypeValue } from '@tscloud/contracts';
import { usePaymentOverview } from '../../data/billing/overview';
import { useChangelog, useChangelogDays } from '../../data/billing/changelog';
import type { ChangelogFilter } from '../../data/billing/keys';
import { useOrgContext } from '../org/useOrgContext';
import { ledgerTypeKey } from './billingFormat';
import { BillsSection } from './BillsSection';
import { BillingRequestsPanel } from './requests/BillingRequestsPanel';
import { ChangelogDays } from './ChangelogDays';
import { ChangelogTable } from './ChangelogTable';
import { DayRangeFilter } from './DayRangeFilter';
import { useBillingMoney } from './useBillingMoney';

type View = 'entries' | 'days';

/**
 * Account detail: the balance change log (GET /billing/balance/changelog), filtered by type — by default [1,2,4,5,6]
 * as §7 says, so the hourly usage charges are left to the usage page unless chosen — and by days; as entries (paged)
 * or by day (changelog-day-agg), where a day opens its entries (changelog-day-detail). Under it the monthly bills,
 * then invoices and refunds (the spec's accountDetail: ledger, bills, invoices, refunds).
 */
export default function AccountDetailPage() {
  const { t } = useTranslation();
  const { orgId } = useOrgContext();
  const [view, setView] = useState<View>('entries');
  const [filter, setFilter] = useState<ChangelogFilter>({ type: [...DEFAULT_CHANGELOG_TYPES] });
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const overview = usePaymentOverview(orgId);
  const { money, change } = useBillingMoney(overview.data?.currency);
  const entries = useChangelog(orgId, filter, paging);
  const days = useChangelogDays(orgId, filter, view === 'days');
  const update = (next: ChangelogFilter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, current_page: 1 }));
  };
  return (
    <>
      <Card title={t('menu.accountDetail')}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<LedgerTypeValue[]>
            mode="multiple"
            style={{ minWidth: 320 }}
            aria-label={t('billing.ledger.type')}
            value={filter.type}
            options={LEDGER_TYPES.map((type) => ({ value: type, label: t(ledgerTypeKey(type)) }))}
            // No type at all would ask for nothing: an emptied filter goes back to the default.
            onChange={(type) => update({ ...filter, type: type.length > 0 ? type : [...DEFAULT_CHANGELOG_TYPES] })}
          />
          <DayRangeFilter value={filter} onChange={(range) => update({ ...range, type: filter.type })} />
        </Space>
        <Tabs
          activeKey={view}
          onChange={(key) => setView(key as View)}
          items={[
            {
              key: 'entries',
              label: t('billing.ledger.entries'),
              children: (
                <ChangelogTable
                  rows={entries.data?.list ?? []}
                  loading={entries.isFetching}
                  money={money}
                  change={change}
                  pagination={{ current: entries.data?.current_page ?? 1, pageSize: entries.data?.page_size ?? DEFAULT_PAGE_SIZE, total: entries.data?.total ?? 0, showSizeChanger: true, onChange: (current_page, page_size) => setPaging({ current_page, page_size }) }}
                />
              ),
            },
            { key: 'days', label: t('billing.ledger.days'), children: <ChangelogDays orgId={orgId} days={days.data} loading={days.isFetching} types={filter.type} money={money} change={change} /> },
          ]}
        />
      </Card>
      <BillsSection orgId={orgId} />
      <Card style={{ marginTop: 16 }}>
        <BillingRequestsPanel money={money} />
      </Card>
    </>
  );
}
