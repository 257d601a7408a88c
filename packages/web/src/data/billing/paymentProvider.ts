import { useQuery } from '@tanstack/react-query';
import type { PaymentProviderInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { billingKeys } from './keys';

/** GET /api/billing/payment/provider: the processor and its tokenisation endpoint, where the card dialog sends the card. */
export function fetchPaymentProvider(): Promise<PaymentProviderInfo> {
  return http.get<PaymentProviderInfo>('/billing/payment/provider');
}

export function usePaymentProvider(orgId: string | null) {
  return useQuery({ queryKey: billingKeys.paymentProvider(orgId), queryFn: fetchPaymentProvider, enabled: orgId !== null, staleTime: Infinity });
}
