import { useState } from 'react';
import { Button, Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type Bill } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { formatDateTime } from '../../config/format';
import { useBills, useDownloadBillPdf } from '../../data/billing/bills';
import { BillDialog } from './BillDialog';
import { BillStatusTag } from './BillStatusTag';
import { useBillingMoney } from './useBillingMoney';

/**
 * The monthly bills (GET /billing/payment/summary/receipt-page), newest month first: month, what the month's usage
 * cost, §4 status, when issued; a bill opens its lines, and its PDF downloads from the list or the dialog.
 */
export function BillsSection(props: { orgId: string | null }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const bills = useBills(props.orgId, paging);
  // The bills' own currency (units for a marketplace-billed organization), as the server answered it.
  const { money } = useBillingMoney(bills.data?.list[0]?.currency);
  const pdf = useDownloadBillPdf();
  const open = (bill: Bill) => openDialog((close) => <BillDialog orgId={props.orgId} bill={bill} onClose={close} />);
  return (
    <Card title={t('billing.bills.section')} style={{ marginTop: 16 }} data-testid="billing-bills">
      <Table<Bill>
        rowKey="id"
        size="middle"
        loading={bills.isFetching}
        dataSource={bills.data?.list ?? []}
        locale={{ emptyText: t('billing.bills.empty') }}
        pagination={{ current: bills.data?.current_page ?? 1, pageSize: bills.data?.page_size ?? DEFAULT_PAGE_SIZE, total: bills.data?.total ?? 0, onChange: (current_page, page_size) => setPaging({ current_page, page_size }) }}
        columns={[
          { key: 'month', title: t('billing.bills.month'), dataIndex: 'month' },
          { key: 'amount', title: t('billing.bills.amount'), dataIndex: 'amount', align: 'right', render: money },
          { key: 'status', title: t('billing.bills.status'), dataIndex: 'status', render: (status: Bill['status']) => <BillStatusTag status={status} /> },
          { key: 'issued', title: t('billing.bills.issuedAt'), dataIndex: 'issued_at', render: (at: number | null) => (at === null ? '-' : formatDateTime(at)) },
          {
            key: 'actions',
            title: t('billing.bills.actions'),
            render: (_, bill) => (
              <Space>
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(bill)}>
                  {t('billing.bills.details')}
                </Button>
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => pdf.mutate(bill)}>
                  {t('billing.bills.pdf')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
