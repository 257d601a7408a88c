import { useState } from 'react';
import { Button, Card, Col, Row, Space, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, Privilege, type BillingRequestStatus, type InvoiceRequestRecord, type Page, type RefundRequestRecord } from '@tscloud/contracts';
import type { ColumnsType } from 'antd/es/table';
import { openDialog } from '../../../components/dialogs/dialogManager';
import { formatDateTime } from '../../../config/format';
import { useInvoiceAmount, useInvoiceRequests, useRefundAmount, useRefundRequests } from '../../../data/billing/requests/requests';
import { useOrgContext } from '../../org/useOrgContext';
import { InvoiceRequestDialog, RefundRequestDialog } from './requestDialogs';

const STATUS_COLOR: Record<BillingRequestStatus, string> = { pending: 'processing', issued: 'success', refunded: 'success', rejected: 'error' };

function RequestTable<T extends { id: string; status: BillingRequestStatus; created_at: number; reject_reason: string | null }>(props: {
  title: string;
  page: Page<T> | undefined;
  loading: boolean;
  amountOf: (row: T) => number;
  money: (value: number) => string;
  extra: ColumnsType<T>;
  onPage: (current_page: number, page_size: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      size="small"
      data-testid={props.testId}
      title={() => props.title}
      loading={props.loading}
      dataSource={props.page?.list ?? []}
      pagination={{ current: props.page?.current_page ?? 1, pageSize: props.page?.page_size ?? DEFAULT_PAGE_SIZE, total: props.page?.total ?? 0, hideOnSinglePage: true, onChange: props.onPage }}
      columns={[
        { key: 'time', title: t('billingRequests.time'), dataIndex: 'created_at', render: (v: number) => formatDateTime(v) },
        { key: 'amount', title: t('billingRequests.amount'), align: 'right', render: (_, row) => props.money(props.amountOf(row)) },
        { key: 'status', title: t('billingRequests.status'), dataIndex: 'status', render: (s: BillingRequestStatus) => <Tag color={STATUS_COLOR[s]}>{t(`billingRequests.status.${s}`)}</Tag> },
        ...props.extra,
        { key: 'reject', title: t('billingRequests.rejectReason'), dataIndex: 'reject_reason', render: (v: string | null) => v ?? '' },
      ]}
    />
  );
}

/**
 * Invoices and refunds (§3, §7; docs/billing.md "Invoices and refunds"): the amounts the two §7 calls answer, the two
 * request forms for those who may pay into the account (billing:payment:create), and the requests with their status
 * and, once issued, the invoice number.
 */
export function BillingRequestsSection({ money }: { money: (value: number) => string }) {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  const invoiceAmount = useInvoiceAmount(orgId);
  const refundAmount = useRefundAmount(orgId);
  const [invoicePaging, setInvoicePaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const [refundPaging, setRefundPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const invoices = useInvoiceRequests(orgId, invoicePaging);
  const refunds = useRefundRequests(orgId, refundPaging);
  const invoicable = invoiceAmount.data?.invoicable ?? 0;
  const refundable = refundAmount.data?.refundable ?? 0;
  const canRequest = canWrite(Privilege.BILLING_PAYMENT_CREATE);
  const figure = (id: string, title: string, value: number | undefined) => (
    <Col xs={12} md={6}>
      <Statistic data-testid={`requests-${id}`} title={title} value={value === undefined ? '—' : money(value)} />
    </Col>
  );
  return (
    <Card
      type="inner"
      title={t('billingRequests.title')}
      extra={
        canRequest && (
          <Space>
            <Button disabled={!invoiceAmount.data} onClick={() => openDialog((close) => <InvoiceRequestDialog orgId={orgId} allowed={invoicable} allowedText={money(invoicable)} onClose={close} />)}>
              {t('billingRequests.invoice.open')}
            </Button>
            <Button disabled={!refundAmount.data} onClick={() => openDialog((close) => <RefundRequestDialog orgId={orgId} allowed={refundable} allowedText={money(refundable)} onClose={close} />)}>
              {t('billingRequests.refund.open')}
            </Button>
          </Space>
        )
      }
    >
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {figure('total', t('billingRequests.total'), invoiceAmount.data?.total)}
        {figure('invoiced', t('billingRequests.invoiced'), invoiceAmount.data?.invoiced)}
        {figure('invoicable', t('billingRequests.invoicable'), invoiceAmount.data?.invoicable)}
        {figure('refundable', t('billingRequests.refundable'), refundAmount.data?.refundable)}
      </Row>
      <RequestTable<InvoiceRequestRecord>
        testId="invoice-requests"
        title={t('billingRequests.invoices')}
        page={invoices.data}
        loading={invoices.isFetching}
        amountOf={(row) => row.apply_amount}
        money={money}
        extra={[{ key: 'number', title: t('billingRequests.invoiceNo'), dataIndex: 'invoice_no', render: (v: string | null) => v ?? '—' }]}
        onPage={(current_page, page_size) => setInvoicePaging({ current_page, page_size })}
      />
      <RequestTable<RefundRequestRecord>
        testId="refund-requests"
        title={t('billingRequests.refunds')}
        page={refunds.data}
        loading={refunds.isFetching}
        amountOf={(row) => row.amount}
        money={money}
        extra={[{ key: 'transaction', title: t('billingRequests.transactionNo'), dataIndex: 'transaction_no', render: (v: string | null) => v ?? '—' }]}
        onPage={(current_page, page_size) => setRefundPaging({ current_page, page_size })}
      />
    </Card>
  );
}
