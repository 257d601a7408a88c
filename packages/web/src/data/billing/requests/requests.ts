import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { InvoiceAmount, InvoiceRequestRecord, Page, RefundAmount, RefundRequestRecord, invoiceRequestSchema, refundRequestSchema } from '@tscloud/contracts';
import type { z } from 'zod';
import { http } from '../../../api/http';
import { queryClient } from '../../queryClient';
import { billingKeys, type PageRequest } from '../keys';

/** The invoice and refund queries, under the organization's billing key (a coupon or recharge refreshes them too). */
export const requestKeys = {
  all: (orgId: string | null) => [...billingKeys.org(orgId), 'requests'] as const,
  invoiceAmount: (orgId: string | null) => [...requestKeys.all(orgId), 'invoice-amount'] as const,
  refundAmount: (orgId: string | null) => [...requestKeys.all(orgId), 'refund-amount'] as const,
  invoices: (orgId: string | null, page: PageRequest) => [...requestKeys.all(orgId), 'invoices', page] as const,
  refunds: (orgId: string | null, page: PageRequest) => [...requestKeys.all(orgId), 'refunds', page] as const,
};

/** GET /api/billing/account/invoice-amount/{orgId} (§7): total paid in, invoiced, pending and invoicable. */
export function useInvoiceAmount(orgId: string | null) {
  return useQuery({ queryKey: requestKeys.invoiceAmount(orgId), queryFn: () => http.get<InvoiceAmount>(`/billing/account/invoice-amount/${encodeURIComponent(orgId ?? '')}`), enabled: orgId !== null });
}

/** GET /api/billing/account/refund-amount/{orgId} (§7): the balance, pending refunds and what is refundable. */
export function useRefundAmount(orgId: string | null) {
  return useQuery({ queryKey: requestKeys.refundAmount(orgId), queryFn: () => http.get<RefundAmount>(`/billing/account/refund-amount/${encodeURIComponent(orgId ?? '')}`), enabled: orgId !== null });
}

/** GET /api/billing/account/invoice/list: the organization's invoice requests, newest first. */
export function useInvoiceRequests(orgId: string | null, page: PageRequest) {
  return useQuery({ queryKey: requestKeys.invoices(orgId, page), queryFn: () => http.get<Page<InvoiceRequestRecord>>('/billing/account/invoice/list', { query: { ...page } }), enabled: orgId !== null, placeholderData: keepPreviousData });
}

/** GET /api/billing/account/refund/list: the organization's refund requests, newest first. */
export function useRefundRequests(orgId: string | null, page: PageRequest) {
  return useQuery({ queryKey: requestKeys.refunds(orgId, page), queryFn: () => http.get<Page<RefundRequestRecord>>('/billing/account/refund/list', { query: { ...page } }), enabled: orgId !== null, placeholderData: keepPreviousData });
}

/** Silent: the request dialogs show the server's refusal themselves, next to what was typed. */
export function useRequestInvoice(orgId: string | null) {
  return useMutation({
    mutationFn: (body: z.output<typeof invoiceRequestSchema>) => http.post<InvoiceRequestRecord>('/billing/account/invoice', body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all(orgId) }),
  });
}

export function useRequestRefund(orgId: string | null) {
  return useMutation({
    mutationFn: (body: z.output<typeof refundRequestSchema>) => http.post<RefundRequestRecord>('/billing/account/refund', body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all(orgId) }),
  });
}
