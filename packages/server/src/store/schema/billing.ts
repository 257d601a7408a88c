import { bigint, integer, jsonb, numeric, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import type { BillStatusValue, BillingCurrency, LedgerTypeValue, PaymentStatus, UsageItem, UsageItemKind } from '@tscloud/contracts';
import { organizations } from './orgs';

/**
 * Table of migration 0410_billing_account.sql (its credit column went to the ledger in 0720): the card flag and the
 * marketplace flag the plan-upgrade credit check reads, and the row a ledger entry locks to serialise an organization.
 */
export const billingAccounts = pgTable('billing_accounts', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  cardOnFile: integer('card_on_file').$type<0 | 1>().notNull().default(0),
  marketplace: integer('marketplace').$type<0 | 1>().notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** Tables of migration 0720_billing.sql (docs/billing.md). Amounts in micros of the currency. */
export const billingMeteringPeriods = pgTable('billing_metering_periods', {
  hourStart: bigint('hour_start', { mode: 'number' }).primaryKey(),
  status: text('status').$type<'running' | 'done'>().notNull(),
  nodeId: text('node_id').notNull(),
  leaseUntil: bigint('lease_until', { mode: 'number' }).notNull(),
  cdrCount: integer('cdr_count').notNull().default(0),
  finishedAt: bigint('finished_at', { mode: 'number' }),
});

const usageColumns = {
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  instanceId: text('instance_id').notNull(),
  instanceName: text('instance_name').notNull(),
  day: text('day').notNull(),
  currency: text('currency').$type<BillingCurrency>().notNull(),
  planMs: bigint('plan_ms', { mode: 'number' }).notNull(),
  /** numeric: byte-milliseconds exceed 2^53 within hours for large instances. Read as text, summed as BigInt. */
  storageByteMs: numeric('storage_byte_ms').notNull(),
  bytesIn: bigint('bytes_in', { mode: 'number' }).notNull(),
  bytesOut: bigint('bytes_out', { mode: 'number' }).notNull(),
  amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
};

export const billingCdrs = pgTable(
  'billing_cdrs',
  {
    id: text('id').primaryKey(),
    ...usageColumns,
    hourStart: bigint('hour_start', { mode: 'number' }).notNull(),
    items: jsonb('items').$type<UsageItem[]>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.instanceId, t.hourStart)],
);
export type BillingCdrRow = typeof billingCdrs.$inferSelect;

export const billingUsageDays = pgTable(
  'billing_usage_days',
  { id: text('id').primaryKey(), ...usageColumns },
  (t) => [unique().on(t.instanceId, t.day)],
);
export type BillingUsageDayRow = typeof billingUsageDays.$inferSelect;

export const billingLedger = pgTable(
  'billing_ledger',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    transactionNo: text('transaction_no').notNull().unique(),
    type: integer('type').$type<LedgerTypeValue>().notNull(),
    oldMicros: bigint('old_micros', { mode: 'number' }).notNull(),
    changeMicros: bigint('change_micros', { mode: 'number' }).notNull(),
    newMicros: bigint('new_micros', { mode: 'number' }).notNull(),
    reference: text('reference'),
    note: text('note'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.seq] }), unique().on(t.orgId, t.type, t.reference)],
);
export type BillingLedgerRow = typeof billingLedger.$inferSelect;

export const billingCoupons = pgTable('billing_coupons', {
  code: text('code').primaryKey(),
  amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }),
  singleUse: integer('single_use').$type<0 | 1>().notNull().default(1),
  note: text('note'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
export type BillingCouponRow = typeof billingCoupons.$inferSelect;

export const billingCouponRedemptions = pgTable(
  'billing_coupon_redemptions',
  {
    code: text('code')
      .notNull()
      .references(() => billingCoupons.code),
    slot: text('slot').notNull(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    transactionNo: text('transaction_no').notNull(),
    redeemedAt: bigint('redeemed_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.slot] })],
);

/** Tables of migration 0730_billing_payments.sql (docs/billing.md "Payments"): no card number or CVC anywhere. */
export const billingPaymentSettings = pgTable('billing_payment_settings', { name: text('name').primaryKey(), value: text('value').notNull() });

export const billingPaymentMethods = pgTable('billing_payment_methods', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  token: text('token').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  ownerName: text('owner_name').notNull(),
  addressLine: text('address_line').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  isDefault: integer('is_default').$type<0 | 1>().notNull().default(0),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type BillingPaymentMethodRow = typeof billingPaymentMethods.$inferSelect;

export const billingPayments = pgTable('billing_payments', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'recharge' | 'retry' | 'auto'>().notNull(),
  provider: text('provider').notNull(),
  sessionId: text('session_id').unique(),
  amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
  currency: text('currency').$type<BillingCurrency>().notNull(),
  status: text('status').$type<PaymentStatus>().notNull(),
  failureCode: text('failure_code'),
  transactionNo: text('transaction_no'),
  createdBy: text('created_by'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type BillingPaymentRow = typeof billingPayments.$inferSelect;

export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
});

export const billingPaymentEmails = pgTable(
  'billing_payment_emails',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.orgId, t.email)],
);

/** What a sandbox card does when charged: pays, is declined (with that reason), or asks the customer to confirm. */
export type SandboxBehaviour = 'succeed' | 'card_declined' | 'insufficient_funds' | 'confirm';
export const sandboxPayTokens = pgTable('sandbox_pay_tokens', {
  token: text('token').primaryKey(),
  behaviour: text('behaviour').$type<SandboxBehaviour>().notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export type SandboxSessionStatus = 'open' | 'needs_confirmation' | 'succeeded' | 'failed' | 'cancelled';
export const sandboxPaySessions = pgTable('sandbox_pay_sessions', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  token: text('token').references(() => sandboxPayTokens.token),
  status: text('status').$type<SandboxSessionStatus>().notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** Tables of migration 0740_billing_bills.sql (docs/billing.md "Bills"). Amounts in micros. */
export const billingBillPeriods = pgTable('billing_bill_periods', {
  month: text('month').primaryKey(),
  status: text('status').$type<'running' | 'done'>().notNull(),
  nodeId: text('node_id').notNull(),
  leaseUntil: bigint('lease_until', { mode: 'number' }).notNull(),
  billCount: integer('bill_count').notNull().default(0),
  finishedAt: bigint('finished_at', { mode: 'number' }),
});

/** A charge line in micros, as stored (the calls turn micros into amounts). */
export interface StoredChargeLine {
  instance_id: string;
  instance_name: string;
  kind: UsageItemKind;
  plan_level: number;
  ha: 0 | 1;
  quantity: number;
  amount_micros: number;
}
export interface StoredCreditLine {
  type: LedgerTypeValue;
  count: number;
  amount_micros: number;
}

export const billingBills = pgTable(
  'billing_bills',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    status: integer('status').$type<BillStatusValue>().notNull(),
    currency: text('currency').$type<BillingCurrency>().notNull(),
    periodStart: bigint('period_start', { mode: 'number' }).notNull(),
    periodEnd: bigint('period_end', { mode: 'number' }).notNull(),
    openingMicros: bigint('opening_micros', { mode: 'number' }).notNull().default(0),
    chargesMicros: bigint('charges_micros', { mode: 'number' }).notNull().default(0),
    creditsMicros: bigint('credits_micros', { mode: 'number' }).notNull().default(0),
    closingMicros: bigint('closing_micros', { mode: 'number' }).notNull().default(0),
    chargeLines: jsonb('charge_lines').$type<StoredChargeLine[]>().notNull().default([]),
    creditLines: jsonb('credit_lines').$type<StoredCreditLine[]>().notNull().default([]),
    paymentId: text('payment_id').references(() => billingPayments.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    issuedAt: bigint('issued_at', { mode: 'number' }),
  },
  (t) => [unique().on(t.orgId, t.month)],
);
export type BillingBillRow = typeof billingBills.$inferSelect;
