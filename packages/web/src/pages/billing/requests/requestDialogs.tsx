import { useTranslation } from 'react-i18next';
import { invoiceRequestSchema, refundRequestSchema, withinAmount } from '@tscloud/contracts';
import { useRequestInvoice, useRequestRefund } from '../../../data/billing/requests/requests';
import { RequestDialog } from './RequestDialog';

interface Props {
  orgId: string | null;
  /** The amount allowed now (invoicable or refundable), and as shown. */
  allowed: number;
  allowedText: string;
  onClose: () => void;
}

/** §3 invoice request: apply amount (at most the invoicable amount), company identification, address, phone, bank, bank account. */
export function InvoiceRequestDialog({ orgId, allowed, allowedText, onClose }: Props) {
  const { t } = useTranslation();
  const request = useRequestInvoice(orgId);
  return (
    <RequestDialog
      title={t('billingRequests.invoice.title')}
      hint={`${t('billingRequests.invoicable')}: ${allowedText}. ${t('billingRequests.processing')}`}
      schema={withinAmount(invoiceRequestSchema, 'apply_amount', allowed, 'billingRequests.invoiceOverInvoicable')}
      fields={[
        { name: 'apply_amount', label: t('billingRequests.applyAmount'), kind: 'amount' },
        { name: 'company_id', label: t('billingRequests.companyId') },
        { name: 'address', label: t('billingRequests.address') },
        { name: 'phone', label: t('billingRequests.phone') },
        { name: 'bank', label: t('billingRequests.bank') },
        { name: 'bank_account', label: t('billingRequests.bankAccount') },
      ]}
      send={(body) => request.mutateAsync(body)}
      sending={request.isPending}
      refusal={request.error}
      onClose={onClose}
    />
  );
}

/** §3 refund request: refund amount (at most the refundable amount), reason, description (§5: at least 20 characters), account name. */
export function RefundRequestDialog({ orgId, allowed, allowedText, onClose }: Props) {
  const { t } = useTranslation();
  const request = useRequestRefund(orgId);
  return (
    <RequestDialog
      title={t('billingRequests.refund.title')}
      hint={`${t('billingRequests.refundable')}: ${allowedText}. ${t('billingRequests.processing')}`}
      schema={withinAmount(refundRequestSchema, 'amount', allowed, 'billingRequests.refundOverRefundable')}
      fields={[
        { name: 'amount', label: t('billingRequests.refundAmount'), kind: 'amount' },
        { name: 'reason', label: t('billingRequests.reason') },
        { name: 'description', label: t('billingRequests.description'), kind: 'long' },
        { name: 'account_name', label: t('billingRequests.accountName') },
      ]}
      send={(body) => request.mutateAsync(body)}
      sending={request.isPending}
      refusal={request.error}
      onClose={onClose}
    />
  );
}
