import { eq } from 'drizzle-orm';
import type { CreditCheckInput } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { billingAccounts, organizations } from '../../store/schema';

/**
 * The minimal per-organization billing account the plan-upgrade credit check reads (platform-shell.md §5): credit
 * balance, card on file, marketplace-billed. Missing row: no credit, no card. A marketplace deployment, an
 * organization registered through a marketplace (organizations.marketplace_type) or the account's own flag make the
 * organization marketplace-billed. Operators change it with `npm run ops -- billing …` until a billing area exists.
 */
export interface BillingAccount extends CreditCheckInput {
  orgId: string;
}

export async function billingAccountOf(db: Db, orgId: string, deploymentMarketplace: boolean): Promise<BillingAccount> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).limit(1);
  const [org] = await db.select({ marketplaceType: organizations.marketplaceType }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return {
    orgId,
    balance: (row?.creditCents ?? 0) / 100,
    creditCard: row?.cardOnFile === 1,
    marketplace: deploymentMarketplace || row?.marketplace === 1 || Boolean(org?.marketplaceType),
  };
}

export interface BillingAccountChange {
  creditCents?: number;
  cardOnFile?: 0 | 1;
  marketplace?: 0 | 1;
}

/** Creates or changes an organization's account (operators). */
export async function setBillingAccount(db: Db, now: number, orgId: string, change: BillingAccountChange): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ orgId, creditCents: change.creditCents ?? 0, cardOnFile: change.cardOnFile ?? 0, marketplace: change.marketplace ?? 0, updatedAt: now })
    .onConflictDoUpdate({ target: billingAccounts.orgId, set: { ...change, updatedAt: now } });
}
