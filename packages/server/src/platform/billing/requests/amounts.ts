import { and, eq, sql } from 'drizzle-orm';
import { LedgerType, type InvoiceAmount, type RefundAmount } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingInvoiceRequests, billingLedger, billingRefundRequests } from '../../../store/schema';
import { balanceMicros } from '../ledger/ledger';
import { fromMicros } from '../money';

/** The micros the amounts are made of, so the checks compare whole numbers and the calls convert once. */
export interface InvoiceMicros {
  total: number;
  invoiced: number;
  pending: number;
  invoicable: number;
}
export interface RefundMicros {
  balance: number;
  pending: number;
  refundable: number;
}

async function ledgerSum(db: Db, orgId: string, type: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${billingLedger.changeMicros})` })
    .from(billingLedger)
    .where(and(eq(billingLedger.orgId, orgId), eq(billingLedger.type, type as never)));
  return Number(row?.sum ?? 0);
}

/** Recharges paid in less what was refunded (a refund's entry is negative): the money the organization put in and left. */
async function netPaidIn(db: Db, orgId: string): Promise<number> {
  return (await ledgerSum(db, orgId, LedgerType.RECHARGE)) + (await ledgerSum(db, orgId, LedgerType.REFUND));
}

async function invoiceSums(db: Db, orgId: string): Promise<{ invoiced: number; pending: number }> {
  const rows = await db
    .select({ status: billingInvoiceRequests.status, sum: sql<string>`sum(${billingInvoiceRequests.amountMicros})` })
    .from(billingInvoiceRequests)
    .where(eq(billingInvoiceRequests.orgId, orgId))
    .groupBy(billingInvoiceRequests.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.sum ?? 0);
  return { invoiced: of('issued'), pending: of('pending') };
}

/**
 * §7 invoice-amount: total = recharges net of refunds (coupons, grants and adjustments are not paid in), invoiced =
 * issued invoices, pending = requests not yet processed; invoicable = total − invoiced − pending, never below 0.
 */
export async function invoiceMicros(db: Db, orgId: string): Promise<InvoiceMicros> {
  const total = await netPaidIn(db, orgId);
  const { invoiced, pending } = await invoiceSums(db, orgId);
  return { total, invoiced, pending, invoicable: Math.max(0, total - invoiced - pending) };
}

/**
 * §7 refund-amount: usage is taken from coupon and granted credit first, so the unused paid-in part is the balance up
 * to the money paid in and not yet refunded; less the refunds asked for and pending, never below 0.
 * `excluding` leaves one pending request out (the one an operator is approving).
 */
export async function refundMicros(db: Db, orgId: string, excluding?: string): Promise<RefundMicros> {
  const balance = await balanceMicros(db, orgId);
  const paidIn = await netPaidIn(db, orgId);
  const pendingRows = await db
    .select({ id: billingRefundRequests.id, amountMicros: billingRefundRequests.amountMicros })
    .from(billingRefundRequests)
    .where(and(eq(billingRefundRequests.orgId, orgId), eq(billingRefundRequests.status, 'pending')));
  const pending = pendingRows.filter((r) => r.id !== excluding).reduce((sum, r) => sum + r.amountMicros, 0);
  return { balance, pending, refundable: Math.max(0, Math.min(balance, paidIn) - pending) };
}

export function toInvoiceAmount(m: InvoiceMicros): InvoiceAmount {
  return { total: fromMicros(m.total), invoiced: fromMicros(m.invoiced), pending: fromMicros(m.pending), invoicable: fromMicros(m.invoicable) };
}

export function toRefundAmount(m: RefundMicros): RefundAmount {
  return { balance: fromMicros(m.balance), pending: fromMicros(m.pending), refundable: fromMicros(m.refundable) };
}
