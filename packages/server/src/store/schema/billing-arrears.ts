import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

/** Tables of migration 0750_billing_arrears.sql (docs/billing.md "Arrears"). */
export const billingArrears = pgTable('billing_arrears', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  since: bigint('since', { mode: 'number' }).notNull(),
  dueAt: bigint('due_at', { mode: 'number' }).notNull(),
  dueMailedAt: bigint('due_mailed_at', { mode: 'number' }),
  chargePaymentId: text('charge_payment_id'),
  suspendedAt: bigint('suspended_at', { mode: 'number' }),
  clearWarnedAt: bigint('clear_warned_at', { mode: 'number' }),
  clearedAt: bigint('cleared_at', { mode: 'number' }),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type BillingArrearsRow = typeof billingArrears.$inferSelect;

export const billingArrearsSuspensions = pgTable(
  'billing_arrears_suspensions',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => billingArrears.orgId, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.instanceId] })],
);
