import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { LedgerType, translate, type Language, type PaymentRecord } from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import type { Db } from '../../../store/database';
import { billingPaymentEmails, billingPaymentMethods, billingPayments, billingWebhookEvents, users, type BillingPaymentRow } from '../../../store/schema';
import { appendEntry } from '../ledger/ledger';
import { currencyOf, fromMicros } from '../money';
import type { PaymentEvent, PaymentProvider } from './provider';

export function toRecord(row: BillingPaymentRow, lang: Language): PaymentRecord {
  return {
    id: row.id,
    kind: row.kind,
    amount: fromMicros(row.amountMicros),
    currency: row.currency,
    status: row.status,
    failure_message: row.status === 'failed' ? translate('billing.paymentFailed', lang) : null,
    failure_code: row.failureCode,
    transaction_no: row.transactionNo,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The organization's default card (the latest default one), or null. */
export async function defaultCard(db: Db, orgId: string) {
  const [card] = await db
    .select()
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.orgId, orgId), eq(billingPaymentMethods.isDefault, 1)))
    .orderBy(desc(billingPaymentMethods.updatedAt))
    .limit(1);
  return card ?? null;
}

/** A recharge: a waiting payment and the provider's checkout session (the card on file offered there). */
export async function startRecharge(deps: AppDeps, provider: PaymentProvider, orgId: string, userId: string, amountMicros: number) {
  const { db } = deps.store;
  const now = deps.clock.now();
  const card = await defaultCard(db, orgId);
  const id = randomUUID();
  const currency = currencyOf(deps.config);
  await db.insert(billingPayments).values({ id, orgId, kind: 'recharge', provider: provider.name, amountMicros, currency, status: 'waiting', createdBy: userId, createdAt: now, updatedAt: now });
  const { sessionId, payUrl } = await provider.checkout({ reference: id, amountMicros, currency, token: card?.token ?? null });
  const [row] = await db.update(billingPayments).set({ sessionId }).where(eq(billingPayments.id, id)).returning();
  return { row, payUrl };
}

/**
 * An off-session charge of the card on file: §4's retry of a failed payment (`retry`, a user behind it), or a charge
 * nobody asked for at the keyboard — a monthly bill's debt, arrears at the due date (`auto`, no user).
 */
export async function chargeCardOnFile(
  deps: AppDeps,
  provider: PaymentProvider,
  orgId: string,
  userId: string | null,
  failed: Pick<BillingPaymentRow, 'amountMicros' | 'currency'>,
  token: string,
  kind: 'retry' | 'auto' = 'retry',
) {
  const { db } = deps.store;
  const now = deps.clock.now();
  const id = randomUUID();
  await db.insert(billingPayments).values({ id, orgId, kind, provider: provider.name, amountMicros: failed.amountMicros, currency: failed.currency, status: 'processing', createdBy: userId, createdAt: now, updatedAt: now });
  // The session id is recorded before the charge: the sandbox's webhook arrives before charge() returns.
  const { sessionId } = await provider.charge({ reference: id, amountMicros: failed.amountMicros, currency: failed.currency, token });
  await db.update(billingPayments).set({ sessionId }).where(eq(billingPayments.id, id));
  const [row] = await db.select().from(billingPayments).where(eq(billingPayments.id, id));
  return row;
}

/**
 * Applies a verified webhook event once: its id is recorded in the same transaction, so a delivery seen twice does
 * nothing the second time; a success posts the recharge (ledger type 1, reference = the payment id, which the ledger
 * also keeps unique). Returns the payment when it became paid now (a receipt is due), else null.
 */
export async function applyPaymentEvent(deps: AppDeps, event: PaymentEvent): Promise<BillingPaymentRow | null> {
  const now = deps.clock.now();
  return deps.store.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const fresh = await tx.insert(billingWebhookEvents).values({ eventId: event.id, receivedAt: now }).onConflictDoNothing().returning();
    if (fresh.length === 0) return null;
    const [payment] = await tx.select().from(billingPayments).where(eq(billingPayments.id, event.reference)).for('update');
    // A payment of another deployment, or already settled: nothing changes (a late "processing" never reopens it).
    if (!payment || payment.status === 'paid' || payment.status === 'failed') return null;
    if (event.type === 'payment.processing') {
      await tx.update(billingPayments).set({ status: 'processing', updatedAt: now }).where(eq(billingPayments.id, payment.id));
      return null;
    }
    if (event.type === 'payment.failed') {
      await tx.update(billingPayments).set({ status: 'failed', failureCode: event.failureCode ?? 'failed', updatedAt: now }).where(eq(billingPayments.id, payment.id));
      return null;
    }
    const entry = await appendEntry(tx, now, { orgId: payment.orgId, type: LedgerType.RECHARGE, changeMicros: payment.amountMicros, reference: payment.id, note: `payment ${payment.kind}` });
    const [paid] = await tx.update(billingPayments).set({ status: 'paid', transactionNo: entry.transactionNo, updatedAt: now }).where(eq(billingPayments.id, payment.id)).returning();
    return paid;
  });
}

/** The receipt of a paid recharge, to the organization's payment e-mails, else to who started it. */
export async function sendReceipt(deps: AppDeps, payment: BillingPaymentRow): Promise<void> {
  const { db } = deps.store;
  let recipients = (await db.select({ email: billingPaymentEmails.email }).from(billingPaymentEmails).where(eq(billingPaymentEmails.orgId, payment.orgId))).map((r) => r.email);
  if (recipients.length === 0 && payment.createdBy) {
    recipients = (await db.select({ email: users.email }).from(users).where(eq(users.id, payment.createdBy))).map((r) => r.email);
  }
  const amount = `${fromMicros(payment.amountMicros).toFixed(2)} ${payment.currency}`;
  const text = [
    'Thank you, your payment was received.',
    '',
    `Amount: ${amount}`,
    `Transaction: ${payment.transactionNo}`,
    `Payment: ${payment.id}`,
    `Date: ${new Date(payment.updatedAt).toISOString()}`,
  ].join('\n');
  for (const to of recipients) await deps.mailer.send({ to, subject: `Payment receipt ${payment.transactionNo}`, text });
}
