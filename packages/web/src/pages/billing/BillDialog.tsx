import { Button, Descriptions, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Bill, BillChargeLine, BillCreditLine } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { formatDateTime } from '../../config/format';
import { useBill, useDownloadBillPdf } from '../../data/billing/bills';
import { formatQuantity, ledgerTypeKey } from './billingFormat';
import { BillStatusTag } from './BillStatusTag';
import { useBillingMoney } from './useBillingMoney';
import { useUsageItemName } from './useUsageItemName';

/**
 * One monthly bill (GET …/external-receipt): opening balance, credits, charges and closing balance, the charges per
 * instance and item, the credits per type, and its PDF.
 */
export function BillDialog(props: { orgId: string | null; bill: Bill; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useBill(props.orgId, props.bill.id);
  const itemName = useUsageItemName();
  const pdf = useDownloadBillPdf();
  const bill = detail.data;
  const { money, change } = useBillingMoney(props.bill.currency);
  return (
    <AppModal
      open
      width={900}
      title={t('billing.bills.title', { month: props.bill.month })}
      onCancel={props.onClose}
      footer={
        <Button type="primary" loading={pdf.isPending} onClick={() => pdf.mutate(props.bill)}>
          {t('billing.bills.pdf')}
        </Button>
      }
    >
      {!bill ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('billing.bills.status')}>
              <BillStatusTag status={bill.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.bills.issuedAt')}>{bill.issued_at === null ? '-' : formatDateTime(bill.issued_at)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.bills.opening')}>{money(bill.opening_balance)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.bills.credits')}>{change(bill.credits)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.bills.amount')}>{money(bill.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.bills.closing')}>{money(bill.closing_balance)}</Descriptions.Item>
          </Descriptions>
          <Table<BillChargeLine>
            title={() => t('billing.bills.charges')}
            rowKey={(line) => `${line.instance_id}-${line.kind}-${line.plan_level}-${line.ha}`}
            size="small"
            pagination={false}
            dataSource={bill.charge_lines}
            columns={[
              { key: 'instance', title: t('billing.usage.field.instance'), dataIndex: 'instance_name' },
              { key: 'item', title: t('billing.cdr.item'), render: (_, line) => itemName(line) },
              { key: 'quantity', title: t('billing.cdr.quantity'), align: 'right', render: (_, line) => `${formatQuantity(line.quantity)} ${t(`billing.cdr.unit.${line.kind}`)}` },
              { key: 'amount', title: t('billing.usage.field.amount'), dataIndex: 'amount', align: 'right', render: money },
            ]}
          />
          <Table<BillCreditLine>
            title={() => t('billing.bills.credits')}
            rowKey="type"
            size="small"
            pagination={false}
            dataSource={bill.credit_lines}
            columns={[
              { key: 'type', title: t('billing.ledger.type'), render: (_, line) => t(ledgerTypeKey(line.type)) },
              { key: 'count', title: t('billing.bills.count'), dataIndex: 'count', align: 'right' },
              { key: 'amount', title: t('billing.ledger.change'), dataIndex: 'amount', align: 'right', render: change },
            ]}
          />
        </>
      )}
    </AppModal>
  );
}
