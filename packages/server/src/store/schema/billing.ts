import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

/** Table of migration 0410_billing_account.sql: what the plan-upgrade credit check reads. */
export const billingAccounts = pgTable('billing_accounts', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
  cardOnFile: integer('card_on_file').$type<0 | 1>().notNull().default(0),
  marketplace: integer('marketplace').$type<0 | 1>().notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type BillingAccountRow = typeof billingAccounts.$inferSelect;
