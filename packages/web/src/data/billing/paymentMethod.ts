import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PaymentMethodInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { billingKeys, type PageRequest } from './keys';

/** GET /api/billing/PaymentMethod/info: the default card (§3 response form), or null. */
export function fetchPaymentMethod(): Promise<PaymentMethodInfo | null> {
  return http.get<PaymentMethodInfo | null>('/billing/PaymentMethod/info');
}

export function usePaymentMethod(orgId: string | null) {
  return useQuery({ queryKey: billingKeys.card(orgId), queryFn: fetchPaymentMethod, enabled: orgId !== null });
}

/** GET /api/billing/payment/card/page: the organization's cards, default first. */
export function fetchCardPage(page: PageRequest): Promise<Page<PaymentMethodInfo>> {
  return http.get<Page<PaymentMethodInfo>>('/billing/payment/card/page', { query: { ...page } });
}

export function useCardPage(orgId: string | null, page: PageRequest) {
  return useQuery({ queryKey: billingKeys.cardPage(orgId, page), queryFn: () => fetchCardPage(page), enabled: orgId !== null, placeholderData: keepPreviousData });
}
