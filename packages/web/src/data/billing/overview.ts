import { useQuery } from '@tanstack/react-query';
import type { PaymentOverview } from '@tscloud/contracts';
import { http } from '../../api/http';
import { billingKeys } from './keys';

/** GET /api/billing/payment/overview: balance, this month's cost and forecast, last month, card, marketplace, arrears. */
export function fetchPaymentOverview(): Promise<PaymentOverview> {
  return http.get<PaymentOverview>('/billing/payment/overview');
}

export function usePaymentOverview(orgId: string | null) {
  return useQuery({ queryKey: billingKeys.overview(orgId), queryFn: fetchPaymentOverview, enabled: orgId !== null });
}
