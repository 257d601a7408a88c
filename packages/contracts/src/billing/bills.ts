import { z } from 'zod';
import type { LedgerTypeValue } from './ledger';
import type { BillingCurrency, UsageItemKind } from './usage';

/**
 * A monthly bill's status (platform-shell.md §4): 1 issuing (being made), 2 issuing (the card on file is being
 * charged for the debt), 3 succeeded (the balance covered the month, or the card paid), 4 failed (the balance is
 * negative at the month's close and the card charge failed, or no card), 5 not needed (nothing was charged).
 * 1 and 2 are the state "issuing", 3 to 5 "issued".
 */
export const BillStatus = { MAKING: 1, CHARGING: 2, SUCCEEDED: 3, FAILED: 4, NOT_NEEDED: 5 } as const;
export type BillStatusValue = (typeof BillStatus)[keyof typeof BillStatus];

export function billIssued(status: BillStatusValue): boolean {
  return status >= BillStatus.SUCCEEDED;
}

/** One bill as GET /billing/payment/summary/receipt-page lists it. `amount` is what the month's usage cost. */
export interface Bill {
  id: string;
  /** The calendar month billed, YYYY-MM, in the edition's time zone. */
  month: string;
  currency: BillingCurrency;
  amount: number;
  status: BillStatusValue;
  /** When it was issued (status 3 to 5); null while issuing. */
  issued_at: number | null;
  created_at: number;
}

/** A charge line: one instance's usage of one kind (and plan level, HA choice) over the month. */
export interface BillChargeLine {
  instance_id: string;
  instance_name: string;
  kind: UsageItemKind;
  plan_level: number;
  ha: 0 | 1;
  /** Hours for 'plan', GB-hours for 'storage', GB for 'ingress' and 'egress'. */
  quantity: number;
  amount: number;
}

/** A credit line: the month's balance changes of one ledger type other than usage (recharges, coupons, …). */
export interface BillCreditLine {
  type: LedgerTypeValue;
  count: number;
  amount: number;
}

/** GET /billing/payment/summary/external-receipt: a bill with its lines; closing = opening + credits − charges. */
export interface BillDetail extends Bill {
  opening_balance: number;
  credits: number;
  closing_balance: number;
  charge_lines: BillChargeLine[];
  credit_lines: BillCreditLine[];
  /** The card payment made for a negative closing balance (status 2 to 4), else null. */
  payment_id: string | null;
}

/** GET /billing/payment/summary/receipt-page: the organization's bills, newest month first. */
export const receiptPageQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(10),
});

/** GET /billing/payment/summary/external-receipt: one bill, as JSON or (format=pdf) as a PDF document. */
export const externalReceiptQuerySchema = z.object({
  id: z.string().min(1).max(128),
  format: z.enum(['json', 'pdf']).optional().default('json'),
});
