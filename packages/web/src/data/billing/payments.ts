import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PaymentRecord } from '@tscloud/contracts';
import { http } from '../../api/http';
import { billingKeys, type PageRequest } from './keys';

/** GET /api/billing/payment/record-page: the organization's payments (recharges and retries), newest first. */
export function fetchPaymentRecords(page: PageRequest): Promise<Page<PaymentRecord>> {
  return http.get<Page<PaymentRecord>>('/billing/payment/record-page', { query: { ...page } });
}

export function usePaymentRecords(orgId: string | null, page: PageRequest) {
  return useQuery({ queryKey: billingKeys.payments(orgId, page), queryFn: () => fetchPaymentRecords(page), enabled: orgId !== null, placeholderData: keepPreviousData });
}

/** GET /api/billing/payment/record/{id}: one payment as it stands now (the recharge's confirm step re-reads it). */
export function fetchPaymentRecord(id: string): Promise<PaymentRecord> {
  return http.get<PaymentRecord>(`/billing/payment/record/${encodeURIComponent(id)}`);
}
