import { useMemo, useState } from 'react';
import { Card, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type UsageDay } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { usePaymentOverview } from '../../data/billing/overview';
import { useUsageAll, useUsagePage } from '../../data/billing/usage';
import type { UsageFilter } from '../../data/billing/keys';
import { useBoot } from '../../state/boot';
import { useOrgContext } from '../org/useOrgContext';
import { monthToDate } from './billingFormat';
import { CdrDialog } from './CdrDialog';
import { DayRangeFilter } from './DayRangeFilter';
import { UsageChart } from './UsageChart';
import { UsageTable } from './UsageTable';
import { useBillingMoney } from './useBillingMoney';

/**
 * Usage per instance and per day (GET /billing/usage/page), from this month's first day by default: a chart of the
 * whole range and a paged table (the spec's default page size, 10); a row opens that day's hours.
 */
export default function UsagePage() {
  const { t } = useTranslation();
  const { orgId } = useOrgContext();
  const instances = useBoot((b) => b.instances);
  const [filter, setFilter] = useState<UsageFilter>(() => monthToDate(Date.now()));
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const overview = usePaymentOverview(orgId);
  const page = useUsagePage(orgId, filter, paging);
  const all = useUsageAll(orgId, filter);
  // The amounts' currency is the organization's (units when marketplace-billed); the rows name it too.
  const { money, unitPrice } = useBillingMoney(all.data?.[0]?.currency ?? page.data?.list[0]?.currency ?? overview.data?.currency);
  // Instances listed now, and those that used something in the range but are gone since.
  const instanceOptions = useMemo(() => {
    const names = new Map(instances.map((i) => [i.id, i.alias || i.name]));
    for (const d of all.data ?? []) if (!names.has(d.instance_id)) names.set(d.instance_id, d.instance_name);
    return [...names].map(([value, label]) => ({ value, label }));
  }, [instances, all.data]);
  const change = (next: UsageFilter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, current_page: 1 }));
  };
  const open = (day: UsageDay) => openDialog((close) => <CdrDialog orgId={orgId} day={day} money={money} unitPrice={unitPrice} onClose={close} />);
  return (
    <Card title={t('menu.usage')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<string>
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('billing.filter.allInstances')}
          aria-label={t('billing.usage.field.instance')}
          value={filter.instance_id}
          options={instanceOptions}
          onChange={(instance_id) => change({ ...filter, instance_id })}
        />
        <DayRangeFilter value={filter} onChange={(range) => change({ ...range, instance_id: filter.instance_id })} />
      </Space>
      <UsageChart days={all.data} loading={all.isLoading} money={money} />
      <div style={{ marginTop: 16 }}>
        <UsageTable page={page.data} loading={page.isFetching} money={money} onPage={(current_page, page_size) => setPaging({ current_page, page_size })} onOpen={open} />
      </div>
    </Card>
  );
}
