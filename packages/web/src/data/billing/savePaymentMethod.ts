import { useMutation } from '@tanstack/react-query';
import type { PaymentMethodInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { queryClient } from '../queryClient';
import { billingKeys } from './keys';

/** §3's owner and address fields of a card, as the card dialog sends them with the provider's token. */
export interface CardOwnerFields {
  cardOwnerName: string;
  addressLine: string;
  city: string;
  state: string;
  postalCode: string;
}

/** A card to save: the provider's token for a new card (none: only the owner and address of the card on file change). */
export type SavePaymentMethod = CardOwnerFields & { id?: string; token?: string };

/**
 * POST /api/billing/PaymentMethod/create (a new card: a token) or /update (the card on file: its id, and a token when
 * the card itself is replaced). Silent: the card dialog shows the refusal next to what was typed.
 */
export function savePaymentMethod({ id, ...fields }: SavePaymentMethod): Promise<PaymentMethodInfo> {
  return id
    ? http.post<PaymentMethodInfo>('/billing/PaymentMethod/update', { id, ...fields }, { silent: true })
    : http.post<PaymentMethodInfo>('/billing/PaymentMethod/create', fields, { silent: true });
}

export function useSavePaymentMethod() {
  return useMutation({
    mutationFn: savePaymentMethod,
    // The card, the card list and the overview's credit_card changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
