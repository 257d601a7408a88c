import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentEmail } from '@tscloud/contracts';
import { http } from '../../api/http';
import { queryClient } from '../queryClient';
import { billingKeys } from './keys';

/** GET /api/billing/UserBillAccount/email/list: where payment receipts go. */
export function fetchPaymentEmails(): Promise<PaymentEmail[]> {
  return http.get<PaymentEmail[]>('/billing/UserBillAccount/email/list');
}

export function usePaymentEmails(orgId: string | null) {
  return useQuery({ queryKey: billingKeys.paymentEmails(orgId), queryFn: fetchPaymentEmails, enabled: orgId !== null });
}

const refreshEmails = () => queryClient.invalidateQueries({ queryKey: billingKeys.all });

/** POST /api/billing/UserBillAccount/email. Silent: the form shows a refusal (a listed address) beside what was typed. */
export function addPaymentEmail(email: string): Promise<PaymentEmail> {
  return http.post<PaymentEmail>('/billing/UserBillAccount/email', { email }, { silent: true });
}

export function useAddPaymentEmail() {
  return useMutation({ mutationFn: addPaymentEmail, onSuccess: refreshEmails });
}

/** DELETE /api/billing/UserBillAccount/email/remove/{id}. */
export function removePaymentEmail(id: string): Promise<null> {
  return http.delete<null>(`/billing/UserBillAccount/email/remove/${encodeURIComponent(id)}`);
}

export function useRemovePaymentEmail() {
  return useMutation({ mutationFn: removePaymentEmail, onSuccess: refreshEmails });
}
