import { z } from 'zod';
import { REFUND_DESCRIPTION_MIN } from '../constants';

/**
 * Invoice and refund requests (platform-shell.md §3, §5, §7; docs/billing.md "Invoices and refunds"). The spec names
 * the two amount calls; the request calls are ours: POST /billing/account/invoice and /billing/account/refund, and
 * GET /billing/account/invoice/list and /billing/account/refund/list.
 */

/** Ours: the longest text a request's field takes. */
export const BILLING_REQUEST_FIELD_MAX = 200;
/** Ours: the longest refund description. */
export const REFUND_DESCRIPTION_MAX = 1000;
/** §9 "Invoice and refund processing: within 2 working days". */
export const BILLING_REQUEST_WORKING_DAYS = 2;

/** §5 "Invoice and refund amounts must be greater than 0"; ours: at most two decimals. A form's text or a number. */
export const requestAmountSchema = z.coerce
  .number({ message: 'billingRequests.amountPositive' })
  .refine((v) => Number.isFinite(v) && v > 0, { message: 'billingRequests.amountPositive' })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'billingRequests.amountDecimals' });

const field = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(BILLING_REQUEST_FIELD_MAX, { message: 'billingRequests.fieldLength' });

/** POST /billing/account/invoice: the §3 invoice request's fields (the amount is also checked against the invoicable amount). */
export const invoiceRequestSchema = z.object({
  apply_amount: requestAmountSchema,
  company_id: field,
  address: field,
  phone: field,
  bank: field,
  bank_account: field,
});
export type InvoiceRequestInput = z.input<typeof invoiceRequestSchema>;

/** POST /billing/account/refund: the §3 refund request's fields (the amount is also checked against the refundable amount). */
export const refundRequestSchema = z.object({
  amount: requestAmountSchema,
  reason: field,
  description: z
    .string({ message: 'billingRequests.descriptionLength' })
    .trim()
    .min(REFUND_DESCRIPTION_MIN, { message: 'billingRequests.descriptionLength' })
    .max(REFUND_DESCRIPTION_MAX, { message: 'billingRequests.descriptionMax' }),
  account_name: field,
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

/** The amount rule a form shows before sending: the request's own schema plus "at most the allowed amount". */
export function withinAmount<S extends z.ZodType>(schema: S, key: 'apply_amount' | 'amount', allowed: number, message: 'billingRequests.invoiceOverInvoicable' | 'billingRequests.refundOverRefundable') {
  return schema.superRefine((value, ctx) => {
    const amount = (value as Record<string, number>)[key];
    if (amount > allowed + 1e-9) ctx.addIssue({ code: 'custom', path: [key], message });
  });
}

/** GET /billing/account/invoice-amount/{orgId}: recharges paid in (net of refunds), invoiced, and what may still be asked. */
export interface InvoiceAmount {
  total: number;
  invoiced: number;
  /** Asked for in requests not yet issued or rejected. */
  pending: number;
  invoicable: number;
}

/** GET /billing/account/refund-amount/{orgId}: the balance's unused paid-in part, less refunds asked for and pending. */
export interface RefundAmount {
  balance: number;
  pending: number;
  refundable: number;
}

export type BillingRequestStatus = 'pending' | 'issued' | 'refunded' | 'rejected';

interface BillingRequestBase {
  id: string;
  status: BillingRequestStatus;
  /** Why an operator rejected it. */
  reject_reason: string | null;
  created_at: number;
  processed_at: number | null;
}

export interface InvoiceRequestRecord extends BillingRequestBase {
  apply_amount: number;
  company_id: string;
  address: string;
  phone: string;
  bank: string;
  bank_account: string;
  /** Once issued. */
  invoice_no: string | null;
}

export interface RefundRequestRecord extends BillingRequestBase {
  amount: number;
  reason: string;
  description: string;
  account_name: string;
  /** The ledger entry (type 4) of an approved refund. */
  transaction_no: string | null;
}
