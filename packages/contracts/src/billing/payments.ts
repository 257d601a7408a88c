import { z } from 'zod';
import { emailSchema } from '../validation/signin';
import type { BillingCurrency } from './usage';

/**
 * Payments (issue 17, docs/billing.md "Payments"). A card never reaches our API: the browser sends it to the payment
 * provider's tokenisation endpoint and gives us the provider's token and the display fields only.
 */

/** Body fields that would carry card data (§3's request form and common spellings); a body with any is refused. */
export const CARD_DATA_FIELDS = ['cardNumber', 'cardCvv', 'cvcCode', 'cvc', 'cvv', 'number', 'card_number', 'pan'] as const;

/** §3's address fields of a card, as the card dialog sends and shows them. */
const addressFields = {
  cardOwnerName: z.string().trim().min(1, { message: 'validation.formFormat' }).max(100),
  addressLine: z.string().trim().max(200).optional().default(''),
  city: z.string().trim().max(100).optional().default(''),
  state: z.string().trim().max(100).optional().default(''),
  postalCode: z.string().trim().max(20).optional().default(''),
};

const providerToken = z.string().regex(/^tok_[A-Za-z0-9]{8,64}$/, { message: 'validation.formFormat' });

/** POST /billing/PaymentMethod/create: a provider token and the display fields. */
export const paymentMethodCreateSchema = z.strictObject({ token: providerToken, ...addressFields, isDefault: z.boolean().optional().default(true) });
/** POST /billing/PaymentMethod/update: the card on file's owner and address, or a new token replacing the card. */
export const paymentMethodUpdateSchema = z.strictObject({ id: z.string().min(1).max(64), token: providerToken.optional(), ...addressFields, isDefault: z.boolean().optional() });

/** A card on file as §3's response form shows it: never a number beyond the last four, never a CVC. */
export interface PaymentMethodInfo {
  id: string;
  brand: string;
  /** The last four digits behind a masked prefix ("**** **** **** 4242"). */
  cardNumber: string;
  cardExpMonth: number;
  cardExpYear: number;
  /** Always "***": the CVC is not kept by anyone after the provider's check. */
  cvcCode: string;
  cardOwnerName: string;
  addressLine: string;
  city: string;
  state: string;
  postalCode: string;
  isDefault: boolean;
}

/** §4 "billing processing" states of a payment. */
export type PaymentStatus = 'waiting' | 'processing' | 'paid' | 'failed';

/** A payment (a recharge or a retry) as the overview and the recharge flow read it. */
export interface PaymentRecord {
  id: string;
  /** recharge: through the pay page; retry: a failed payment charged again; auto: the card on file charged by a bill or arrears. */
  kind: 'recharge' | 'retry' | 'auto';
  amount: number;
  currency: BillingCurrency;
  status: PaymentStatus;
  /** The §8 message of a failed payment, in the caller's language. */
  failure_message: string | null;
  /** The provider's reason for a failure (e.g. card_declined). */
  failure_code: string | null;
  /** The ledger entry of a paid recharge. */
  transaction_no: string | null;
  created_at: number;
  updated_at: number;
}

/** The largest recharge one payment may carry (ours; a larger one is a bank transfer). */
export const MAX_RECHARGE = 100_000;

/** §5: a recharge amount is not negative and has at most two decimals; ours: above 0, at most MAX_RECHARGE. */
export const rechargeAmountSchema = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, { message: 'billing.rechargeAmount' })
  .refine((text) => Number(text) > 0 && Number(text) <= MAX_RECHARGE, { message: 'billing.rechargeAmount' });

/** GET /billing/recharge/init?value=… (§7: recharge sends {value}). */
export const rechargeInitQuerySchema = z.object({ value: rechargeAmountSchema });

/** The answer of recharge/init: the payment and the provider's hosted page the web app opens in a new window. */
export interface RechargeSession {
  payment: PaymentRecord;
  pay_url: string;
}

/** POST /billing/payment/retry: a failed payment to charge again on the card on file (the latest failed one when absent). */
export const paymentRetrySchema = z.object({ id: z.string().min(1).max(64).optional() });

/**
 * GET /billing/payment/provider: the processor the card dialog sends the card to (its tokenisation endpoint), so the
 * web app names no processor itself. The sandbox's endpoint is on the console's own host.
 */
export interface PaymentProviderInfo {
  provider: string;
  tokenize_url: string;
}

/** A payment e-mail (receipts go there). */
export interface PaymentEmail {
  id: string;
  email: string;
  created_at: number;
}
export const paymentEmailCreateSchema = z.object({ email: emailSchema });
