import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { PaymentMethodInfo } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingAccounts, billingPaymentMethods, type BillingPaymentMethodRow } from '../../../store/schema';
import type { CardDetails } from './provider';

/** §3's response form of a card: last four behind a mask, the CVC never known. */
export function toInfo(row: BillingPaymentMethodRow): PaymentMethodInfo {
  return {
    id: row.id,
    brand: row.brand,
    cardNumber: `**** **** **** ${row.last4}`,
    cardExpMonth: row.expMonth,
    cardExpYear: row.expYear,
    cvcCode: '***',
    cardOwnerName: row.ownerName,
    addressLine: row.addressLine,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    isDefault: row.isDefault === 1,
  };
}

export interface CardOwner {
  cardOwnerName: string;
  addressLine: string;
  city: string;
  state: string;
  postalCode: string;
}

const ownerColumns = (owner: CardOwner) => ({ ownerName: owner.cardOwnerName, addressLine: owner.addressLine, city: owner.city, state: owner.state, postalCode: owner.postalCode });
const cardColumns = (card: CardDetails) => ({ brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear });

/** Keeps billing_accounts.card_on_file (the plan dialog's credit check) in step with the cards held. */
async function syncCardFlag(tx: Db, now: number, orgId: string): Promise<void> {
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(billingPaymentMethods).where(eq(billingPaymentMethods.orgId, orgId));
  await tx
    .insert(billingAccounts)
    .values({ orgId, cardOnFile: count > 0 ? 1 : 0, updatedAt: now })
    .onConflictDoUpdate({ target: billingAccounts.orgId, set: { cardOnFile: count > 0 ? 1 : 0, updatedAt: now } });
}

async function clearOtherDefaults(tx: Db, orgId: string, keepId: string): Promise<void> {
  await tx.update(billingPaymentMethods).set({ isDefault: 0 }).where(and(eq(billingPaymentMethods.orgId, orgId), ne(billingPaymentMethods.id, keepId)));
}

export async function addCard(db: Db, now: number, orgId: string, provider: string, token: string, card: CardDetails, owner: CardOwner, isDefault: boolean): Promise<BillingPaymentMethodRow> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(billingPaymentMethods).where(eq(billingPaymentMethods.orgId, orgId));
    // The first card is the default whatever was asked: a recharge and a retry need one.
    const makeDefault = isDefault || count === 0;
    const [row] = await tx
      .insert(billingPaymentMethods)
      .values({ id: randomUUID(), orgId, provider, token, ...cardColumns(card), ...ownerColumns(owner), isDefault: makeDefault ? 1 : 0, createdAt: now, updatedAt: now })
      .returning();
    if (makeDefault) await clearOtherDefaults(tx, orgId, row.id);
    await syncCardFlag(tx, now, orgId);
    return row;
  });
}

/** Changes a card's owner and address, and its card when a new token is given; null when the organization has no such card. */
export async function updateCard(
  db: Db,
  now: number,
  orgId: string,
  id: string,
  change: { token?: string; card?: CardDetails; owner: CardOwner; isDefault?: boolean },
): Promise<BillingPaymentMethodRow | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .update(billingPaymentMethods)
      .set({
        ...ownerColumns(change.owner),
        ...(change.token && change.card ? { token: change.token, ...cardColumns(change.card) } : {}),
        ...(change.isDefault === undefined ? {} : { isDefault: change.isDefault ? 1 : 0 }),
        updatedAt: now,
      })
      .where(and(eq(billingPaymentMethods.orgId, orgId), eq(billingPaymentMethods.id, id)))
      .returning();
    if (row?.isDefault === 1) await clearOtherDefaults(tx, orgId, row.id);
    return row ?? null;
  });
}

export function cardsOf(db: Db, orgId: string): Promise<BillingPaymentMethodRow[]> {
  return db.select().from(billingPaymentMethods).where(eq(billingPaymentMethods.orgId, orgId)).orderBy(desc(billingPaymentMethods.isDefault), desc(billingPaymentMethods.updatedAt));
}
