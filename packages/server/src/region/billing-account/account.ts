import { eq } from 'drizzle-orm';
import type { CreditCheckInput } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { billingAccounts, organizations } from '../../store/schema';
import { adjustBalanceTo, balanceMicros } from '../../platform/billing/ledger/ledger';
import { fromMicros, toMicros } from '../../platform/billing/money';

/**
 * The per-organization billing account the plan-upgrade credit check reads (platform-shell.md §5): the balance
 * (derived from the ledger, docs/billing.md), card on file, marketplace-billed. Missing row: no card. A marketplace
 * deployment, an organization registered through a marketplace (organizations.marketplace_type) or the account's own
 * flag make the organization marketplace-billed. Operators change it with `npm run ops -- billing …`.
 */
export interface BillingAccount extends CreditCheckInput {
  orgId: string;
}

export async function billingAccountOf(db: Db, orgId: string, deploymentMarketplace: boolean): Promise<BillingAccount> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.orgId, orgId)).limit(1);
  const [org] = await db.select({ marketplaceType: organizations.marketplaceType }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return {
    orgId,
    balance: fromMicros(await balanceMicros(db, orgId)),
    creditCard: row?.cardOnFile === 1,
    marketplace: deploymentMarketplace || row?.marketplace === 1 || Boolean(org?.marketplaceType),
  };
}

export interface BillingAccountChange {
  /** The balance to reach, in cents: posted as an operator's adjustment of the difference, never written in place. */
  creditCents?: number;
  cardOnFile?: 0 | 1;
  marketplace?: 0 | 1;
}

/** Creates or changes an organization's account (operators, tests). */
export async function setBillingAccount(db: Db, now: number, orgId: string, change: BillingAccountChange): Promise<void> {
  const { creditCents, ...flags } = change;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .insert(billingAccounts)
      .values({ orgId, cardOnFile: flags.cardOnFile ?? 0, marketplace: flags.marketplace ?? 0, updatedAt: now })
      .onConflictDoUpdate({ target: billingAccounts.orgId, set: { ...flags, updatedAt: now } });
    if (creditCents === undefined) return;
    await adjustBalanceTo(tx, now, orgId, toMicros(creditCents / 100), 'operator: set balance');
  });
}
