import { useMutation } from '@tanstack/react-query';
import type { PaymentRecord, RechargeSession } from '@tscloud/contracts';
import { http } from '../../api/http';
import { queryClient } from '../queryClient';
import { billingKeys } from './keys';

/**
 * GET /api/billing/recharge/init?value=… (§7: recharge sends {value}): a waiting payment and the provider's hosted
 * page. Silent: the recharge prompt shows a refusal beside the amount typed.
 */
export function initRecharge(value: string): Promise<RechargeSession> {
  return http.get<RechargeSession>('/billing/recharge/init', { query: { value }, silent: true });
}

export function useInitRecharge() {
  return useMutation({ mutationFn: initRecharge });
}

/**
 * POST /api/billing/payment/retry (§4 payment failure → retry): the failed payment charged again on the card on
 * file. Silent: the failure box shows the §8 message itself.
 */
export function retryPayment(id: string): Promise<PaymentRecord> {
  return http.post<PaymentRecord>('/billing/payment/retry', { id }, { silent: true });
}

export function useRetryPayment() {
  return useMutation({
    mutationFn: retryPayment,
    // A retry that paid changed the balance and the payments; one that failed added a failed payment.
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
