import { and, count, desc, eq } from 'drizzle-orm';
import type { Bill, BillDetail, Page } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingBills, type BillingBillRow } from '../../../store/schema';
import { offsetOf, pageOf, type PageQuery } from '../../../http/paging';
import { fromMicros } from '../money';

function toBill(row: BillingBillRow): Bill {
  return { id: row.id, month: row.month, currency: row.currency, amount: fromMicros(row.chargesMicros), status: row.status, issued_at: row.issuedAt, created_at: row.createdAt };
}

/** GET /billing/payment/summary/receipt-page: the organization's bills, newest month first. */
export async function receiptPage(db: Db, orgId: string, page: PageQuery): Promise<Page<Bill>> {
  const where = eq(billingBills.orgId, orgId);
  const rows = await db.select().from(billingBills).where(where).orderBy(desc(billingBills.month)).limit(page.page_size).offset(offsetOf(page));
  const [{ n }] = await db.select({ n: count() }).from(billingBills).where(where);
  return pageOf(rows.map(toBill), Number(n), page);
}

/** GET /billing/payment/summary/external-receipt: one of the organization's bills with its lines; null when not its. */
export async function billDetail(db: Db, orgId: string, id: string): Promise<BillDetail | null> {
  const [row] = await db.select().from(billingBills).where(and(eq(billingBills.id, id), eq(billingBills.orgId, orgId)));
  if (!row) return null;
  return {
    ...toBill(row),
    opening_balance: fromMicros(row.openingMicros),
    credits: fromMicros(row.creditsMicros),
    closing_balance: fromMicros(row.closingMicros),
    charge_lines: row.chargeLines.map(({ amount_micros, ...line }) => ({ ...line, amount: fromMicros(amount_micros) })),
    credit_lines: row.creditLines.map(({ amount_micros, ...line }) => ({ ...line, amount: fromMicros(amount_micros) })),
    payment_id: row.paymentId,
  };
}
