import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

/** Tables of migration 0760_billing_requests.sql (docs/billing.md "Invoices and refunds"). Amounts in micros. */
const requestColumns = {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
  rejectReason: text('reject_reason'),
  createdBy: text('created_by'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  processedAt: bigint('processed_at', { mode: 'number' }),
};

export const billingInvoiceRequests = pgTable('billing_invoice_requests', {
  ...requestColumns,
  companyId: text('company_id').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  bank: text('bank').notNull(),
  bankAccount: text('bank_account').notNull(),
  status: text('status').$type<'pending' | 'issued' | 'rejected'>().notNull(),
  invoiceNo: text('invoice_no').unique(),
});
export type BillingInvoiceRequestRow = typeof billingInvoiceRequests.$inferSelect;

export const billingRefundRequests = pgTable('billing_refund_requests', {
  ...requestColumns,
  reason: text('reason').notNull(),
  description: text('description').notNull(),
  accountName: text('account_name').notNull(),
  status: text('status').$type<'pending' | 'refunded' | 'rejected'>().notNull(),
  transactionNo: text('transaction_no'),
});
export type BillingRefundRequestRow = typeof billingRefundRequests.$inferSelect;
