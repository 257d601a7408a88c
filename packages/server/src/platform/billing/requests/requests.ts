import { randomUUID } from 'node:crypto';
import { asc, count, desc, eq } from 'drizzle-orm';
import { LedgerType, type InvoiceRequestRecord, type Page, type RefundRequestRecord, type invoiceRequestSchema, type refundRequestSchema } from '@tscloud/contracts';
import type { z } from 'zod';
import type { Db } from '../../../store/database';
import { isUniqueViolation } from '../../../store/unique-violation';
import { billingInvoiceRequests, billingRefundRequests, type BillingInvoiceRequestRow, type BillingRefundRequestRow } from '../../../store/schema';
import { offsetOf, pageOf, type PageQuery } from '../../../http/paging';
import { appendEntry, lockLedger } from '../ledger/ledger';
import { fromMicros, toMicros } from '../money';
import { invoiceMicros, refundMicros } from './amounts';

/** A request over the allowed amount at the moment it is written (the caller sees the matching §5-style message). */
export class AmountExceeded extends Error {
  constructor(readonly kind: 'invoice' | 'refund') {
    super(`${kind} amount over the allowed amount`);
  }
}

/** An operator's processing that cannot be done; the message says why (printed by the ops command). */
export class ProcessingRefused extends Error {}

/**
 * Each request is written under the organization's ledger lock, so two requests at once (or a request and a refund's
 * approval) cannot both take the same amount.
 */
function underLedgerLock<T>(db: Db, now: number, orgId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockLedger(tx, now, orgId);
    return work(tx);
  });
}

export function requestInvoice(db: Db, now: number, orgId: string, userId: string, input: z.output<typeof invoiceRequestSchema>): Promise<BillingInvoiceRequestRow> {
  const amountMicros = toMicros(input.apply_amount);
  return underLedgerLock(db, now, orgId, async (tx) => {
    if (amountMicros > (await invoiceMicros(tx, orgId)).invoicable) throw new AmountExceeded('invoice');
    const [row] = await tx
      .insert(billingInvoiceRequests)
      .values({ id: randomUUID(), orgId, amountMicros, companyId: input.company_id, address: input.address, phone: input.phone, bank: input.bank, bankAccount: input.bank_account, status: 'pending', createdBy: userId, createdAt: now })
      .returning();
    return row;
  });
}

export function requestRefund(db: Db, now: number, orgId: string, userId: string, input: z.output<typeof refundRequestSchema>): Promise<BillingRefundRequestRow> {
  const amountMicros = toMicros(input.amount);
  return underLedgerLock(db, now, orgId, async (tx) => {
    if (amountMicros > (await refundMicros(tx, orgId)).refundable) throw new AmountExceeded('refund');
    const [row] = await tx
      .insert(billingRefundRequests)
      .values({ id: randomUUID(), orgId, amountMicros, reason: input.reason, description: input.description, accountName: input.account_name, status: 'pending', createdBy: userId, createdAt: now })
      .returning();
    return row;
  });
}

export function toInvoiceRecord(r: BillingInvoiceRequestRow): InvoiceRequestRecord {
  return {
    id: r.id,
    status: r.status,
    apply_amount: fromMicros(r.amountMicros),
    company_id: r.companyId,
    address: r.address,
    phone: r.phone,
    bank: r.bank,
    bank_account: r.bankAccount,
    invoice_no: r.invoiceNo,
    reject_reason: r.rejectReason,
    created_at: r.createdAt,
    processed_at: r.processedAt,
  };
}

export function toRefundRecord(r: BillingRefundRequestRow): RefundRequestRecord {
  return {
    id: r.id,
    status: r.status,
    amount: fromMicros(r.amountMicros),
    reason: r.reason,
    description: r.description,
    account_name: r.accountName,
    transaction_no: r.transactionNo,
    reject_reason: r.rejectReason,
    created_at: r.createdAt,
    processed_at: r.processedAt,
  };
}

/** The organization's invoice requests, newest first. */
export async function invoicePage(db: Db, orgId: string, query: PageQuery): Promise<Page<InvoiceRequestRecord>> {
  const where = eq(billingInvoiceRequests.orgId, orgId);
  const rows = await db.select().from(billingInvoiceRequests).where(where).orderBy(desc(billingInvoiceRequests.createdAt), desc(billingInvoiceRequests.id)).limit(query.page_size).offset(offsetOf(query));
  const [{ n }] = await db.select({ n: count() }).from(billingInvoiceRequests).where(where);
  return pageOf(rows.map(toInvoiceRecord), n, query);
}

/** The organization's refund requests, newest first. */
export async function refundPage(db: Db, orgId: string, query: PageQuery): Promise<Page<RefundRequestRecord>> {
  const where = eq(billingRefundRequests.orgId, orgId);
  const rows = await db.select().from(billingRefundRequests).where(where).orderBy(desc(billingRefundRequests.createdAt), desc(billingRefundRequests.id)).limit(query.page_size).offset(offsetOf(query));
  const [{ n }] = await db.select({ n: count() }).from(billingRefundRequests).where(where);
  return pageOf(rows.map(toRefundRecord), n, query);
}

/** Every pending request, oldest first: the operators' queue. */
export async function pendingRequests(db: Db): Promise<{ invoices: BillingInvoiceRequestRow[]; refunds: BillingRefundRequestRow[] }> {
  const invoices = await db.select().from(billingInvoiceRequests).where(eq(billingInvoiceRequests.status, 'pending')).orderBy(asc(billingInvoiceRequests.createdAt));
  const refunds = await db.select().from(billingRefundRequests).where(eq(billingRefundRequests.status, 'pending')).orderBy(asc(billingRefundRequests.createdAt));
  return { invoices, refunds };
}

async function pendingInvoice(tx: Db, id: string): Promise<BillingInvoiceRequestRow> {
  const [row] = await tx.select().from(billingInvoiceRequests).where(eq(billingInvoiceRequests.id, id)).for('update');
  if (!row) throw new ProcessingRefused(`no invoice request ${id}`);
  if (row.status !== 'pending') throw new ProcessingRefused(`invoice request ${id} is already ${row.status}`);
  return row;
}

async function pendingRefund(tx: Db, id: string): Promise<BillingRefundRequestRow> {
  const [row] = await tx.select().from(billingRefundRequests).where(eq(billingRefundRequests.id, id)).for('update');
  if (!row) throw new ProcessingRefused(`no refund request ${id}`);
  if (row.status !== 'pending') throw new ProcessingRefused(`refund request ${id} is already ${row.status}`);
  return row;
}

function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((txn) => work(txn as unknown as Db));
}

/** Issues a pending invoice request under the operator's invoice number (never given twice). */
export async function issueInvoice(db: Db, now: number, id: string, invoiceNo: string): Promise<BillingInvoiceRequestRow> {
  if (!invoiceNo.trim()) throw new ProcessingRefused('an invoice number is required');
  try {
    return await inTransaction(db, async (tx) => {
      await pendingInvoice(tx, id);
      const [row] = await tx.update(billingInvoiceRequests).set({ status: 'issued', invoiceNo: invoiceNo.trim(), processedAt: now }).where(eq(billingInvoiceRequests.id, id)).returning();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProcessingRefused(`the invoice number ${invoiceNo} was already given`);
    throw error;
  }
}

export function rejectInvoice(db: Db, now: number, id: string, reason: string): Promise<BillingInvoiceRequestRow> {
  if (!reason.trim()) throw new ProcessingRefused('a reason is required');
  return inTransaction(db, async (tx) => {
    await pendingInvoice(tx, id);
    const [row] = await tx.update(billingInvoiceRequests).set({ status: 'rejected', rejectReason: reason.trim(), processedAt: now }).where(eq(billingInvoiceRequests.id, id)).returning();
    return row;
  });
}

/**
 * Approves a pending refund: posts the ledger entry of type 4 (the balance goes down by the amount) and marks the
 * request refunded, in one transaction. Usage charged since the request may have used the money: then it is refused
 * (the operator rejects it, and the organization may ask for what is left).
 */
export async function approveRefund(db: Db, now: number, id: string): Promise<BillingRefundRequestRow> {
  return inTransaction(db, async (tx) => {
    const request = await pendingRefund(tx, id);
    await lockLedger(tx, now, request.orgId);
    const { refundable } = await refundMicros(tx, request.orgId, request.id);
    if (request.amountMicros > refundable) throw new ProcessingRefused(`only ${fromMicros(refundable).toFixed(2)} is refundable now; reject the request`);
    const entry = await appendEntry(tx, now, { orgId: request.orgId, type: LedgerType.REFUND, changeMicros: -request.amountMicros, reference: request.id, note: 'refund request' });
    const [row] = await tx.update(billingRefundRequests).set({ status: 'refunded', transactionNo: entry.transactionNo, processedAt: now }).where(eq(billingRefundRequests.id, id)).returning();
    return row;
  });
}

export function rejectRefund(db: Db, now: number, id: string, reason: string): Promise<BillingRefundRequestRow> {
  if (!reason.trim()) throw new ProcessingRefused('a reason is required');
  return inTransaction(db, async (tx) => {
    await pendingRefund(tx, id);
    const [row] = await tx.update(billingRefundRequests).set({ status: 'rejected', rejectReason: reason.trim(), processedAt: now }).where(eq(billingRefundRequests.id, id)).returning();
    return row;
  });
}
