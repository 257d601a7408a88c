import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Bill, BillDetail, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { saveFile } from '../activity/exportCsv';
import { billingKeys, type PageRequest } from './keys';

const RECEIPT = '/billing/payment/summary/external-receipt';

/** GET /api/billing/payment/summary/receipt-page: the organization's monthly bills, newest month first. */
export function fetchBills(page: PageRequest): Promise<Page<Bill>> {
  return http.get<Page<Bill>>('/billing/payment/summary/receipt-page', { query: { ...page } });
}

export function useBills(orgId: string | null, page: PageRequest) {
  return useQuery({ queryKey: billingKeys.bills(orgId, page), queryFn: () => fetchBills(page), enabled: orgId !== null, placeholderData: keepPreviousData });
}

/** GET …/external-receipt?id=: one bill with its charge and credit lines. */
export function fetchBill(id: string): Promise<BillDetail> {
  return http.get<BillDetail>(RECEIPT, { query: { id } });
}

export function useBill(orgId: string | null, id: string) {
  return useQuery({ queryKey: billingKeys.bill(orgId, id), queryFn: () => fetchBill(id), enabled: orgId !== null });
}

/**
 * The bill as a PDF (…/external-receipt?format=pdf). The call carries the organization in its Account-Id header, which
 * a plain link cannot, so the file is fetched and then handed to the browser's download.
 */
export function useDownloadBillPdf() {
  return useMutation({
    mutationFn: async (bill: Pick<Bill, 'id' | 'month'>) => saveFile(await http.get<Blob>(RECEIPT, { query: { id: bill.id, format: 'pdf' }, responseType: 'blob' }), `bill-${bill.month}.pdf`),
  });
}
