import { useState } from 'react';
import { Alert, Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, Privilege, type PaymentRecord, type PaymentStatus } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { formatDateTime } from '../../config/format';
import { usePaymentRecords } from '../../data/billing/payments';
import { useOrgContext } from '../org/useOrgContext';
import { PaymentFailureDialog } from './PaymentFailureDialog';

const STATUS_COLOR: Record<PaymentStatus, string> = { waiting: 'default', processing: 'processing', paid: 'success', failed: 'error' };

/**
 * The organization's payments (GET /billing/payment/record-page), newest first, with §4's processing states. When
 * the newest payment failed, a notice with the §8 message opens the payment-failure box (retry or update the card).
 */
export function PaymentsSection({ money }: { money: (value: number) => string }) {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const records = usePaymentRecords(orgId, paging);
  const newest = paging.current_page === 1 ? records.data?.list[0] : undefined;
  const canResolve = canWrite(Privilege.BILLING_PAYMENT_CREATE) || canWrite(Privilege.BILLING_PAYMENT_UPDATE);
  return (
    <Card type="inner" title={t('billing.payment.section')}>
      {newest?.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="payment-failed-notice"
          style={{ marginBottom: 16 }}
          title={t('billing.paymentFailed')}
          action={canResolve && <Button size="small" danger onClick={() => openDialog((close) => <PaymentFailureDialog paymentId={newest.id} onClose={close} />)}>{t('billing.failure.resolve')}</Button>}
        />
      )}
      <Table<PaymentRecord>
        rowKey="id"
        size="small"
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        pagination={{ current: records.data?.current_page ?? 1, pageSize: records.data?.page_size ?? DEFAULT_PAGE_SIZE, total: records.data?.total ?? 0, showSizeChanger: true, onChange: (current_page, page_size) => setPaging({ current_page, page_size }) }}
        columns={[
          { key: 'time', title: t('billing.ledger.time'), dataIndex: 'created_at', render: (v: number) => formatDateTime(v) },
          { key: 'kind', title: t('billing.ledger.type'), dataIndex: 'kind', render: (kind: PaymentRecord['kind']) => t(`billing.payment.kind.${kind}`) },
          { key: 'amount', title: t('billing.payment.amount'), dataIndex: 'amount', align: 'right', render: money },
          { key: 'status', title: t('billing.payment.status'), dataIndex: 'status', render: (status: PaymentStatus) => <Tag color={STATUS_COLOR[status]}>{t(`billing.payment.status.${status}`)}</Tag> },
          { key: 'transaction', title: t('billing.ledger.transactionNo'), dataIndex: 'transaction_no', render: (v: string | null) => v ?? '—' },
          { key: 'reason', title: t('billing.payment.reason'), dataIndex: 'failure_code', render: (v: string | null) => v ?? '' },
        ]}
      />
    </Card>
  );
}
