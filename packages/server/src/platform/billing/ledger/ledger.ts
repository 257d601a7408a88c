import { desc, eq, sql } from 'drizzle-orm';
import { LedgerType, type LedgerTypeValue } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingAccounts, billingLedger, type BillingLedgerRow } from '../../../store/schema';

/** One balance change to append. */
export interface LedgerPosting {
  orgId: string;
  type: LedgerTypeValue;
  changeMicros: number;
  /** What the entry is for; (organization, type, reference) is unique, so a charge or coupon is posted once. */
  reference?: string | null;
  note?: string | null;
}

/**
 * Locks the organization's billing_accounts row (made if missing) for the rest of the transaction and returns the
 * last entry's number and balance. Every posting takes this lock first, so postings of one organization follow one
 * another and each starts from the balance the previous one left: old + change = new holds along the chain on
 * PostgreSQL with several servers, and on PGlite (whose transactions run one at a time anyway).
 */
export async function lockLedger(tx: Db, now: number, orgId: string): Promise<{ seq: number; balance: number }> {
  await tx.insert(billingAccounts).values({ orgId, updatedAt: now }).onConflictDoNothing();
  await tx.select({ orgId: billingAccounts.orgId }).from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).for('update');
  const [last] = await tx
    .select({ seq: billingLedger.seq, newMicros: billingLedger.newMicros })
    .from(billingLedger)
    .where(eq(billingLedger.orgId, orgId))
    .orderBy(desc(billingLedger.seq))
    .limit(1);
  return { seq: last?.seq ?? 0, balance: last?.newMicros ?? 0 };
}

async function insertEntry(tx: Db, now: number, last: { seq: number; balance: number }, posting: LedgerPosting): Promise<BillingLedgerRow> {
  // Both drivers answer execute() with { rows } (PGlite's results and node-postgres' QueryResult).
  const numbered = (await tx.execute(sql`SELECT nextval('billing_transaction_seq') AS n`)) as unknown as { rows: Array<{ n: string | number }> };
  const [row] = await tx
    .insert(billingLedger)
    .values({
      orgId: posting.orgId,
      seq: last.seq + 1,
      transactionNo: `TX${String(numbered.rows[0].n).padStart(12, '0')}`,
      type: posting.type,
      oldMicros: last.balance,
      changeMicros: posting.changeMicros,
      newMicros: last.balance + posting.changeMicros,
      reference: posting.reference ?? null,
      note: posting.note ?? null,
      createdAt: now,
    })
    .returning();
  return row;
}

/** Appends one entry inside the caller's transaction (which must be one: the lock lasts until it ends). */
export async function appendEntry(tx: Db, now: number, posting: LedgerPosting): Promise<BillingLedgerRow> {
  return insertEntry(tx, now, await lockLedger(tx, now, posting.orgId), posting);
}

/** Appends one entry in a transaction of its own. */
export function postEntry(db: Db, now: number, posting: LedgerPosting): Promise<BillingLedgerRow> {
  return db.transaction((tx) => appendEntry(tx as unknown as Db, now, posting));
}

/**
 * An operator's "the balance is now X": an adjustment of the difference, taken under the lock so that a posting in
 * between is not overwritten. Nothing is posted when the balance is already X.
 */
export async function adjustBalanceTo(tx: Db, now: number, orgId: string, targetMicros: number, note: string): Promise<BillingLedgerRow | null> {
  const last = await lockLedger(tx, now, orgId);
  if (last.balance === targetMicros) return null;
  return insertEntry(tx, now, last, { orgId, type: LedgerType.ADJUSTMENT, changeMicros: targetMicros - last.balance, note });
}

/** The balance: what the organization's last entry left (0 without entries). */
export async function balanceMicros(db: Db, orgId: string): Promise<number> {
  const [last] = await db
    .select({ newMicros: billingLedger.newMicros })
    .from(billingLedger)
    .where(eq(billingLedger.orgId, orgId))
    .orderBy(desc(billingLedger.seq))
    .limit(1);
  return last?.newMicros ?? 0;
}
