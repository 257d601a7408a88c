import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Tables of migration 0110_accounts_extra.sql. Times are epoch milliseconds from the server's Clock. */
const int8 = (name: string) => bigint(name, { mode: 'number' });

export type EmailCodePurpose = 'verify' | 'prompt';

export const emailCodes = pgTable(
  'email_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<EmailCodePurpose>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: int8('created_at').notNull(),
    expiresAt: int8('expires_at').notNull(),
    verifiedAt: int8('verified_at'),
    usedAt: int8('used_at'),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

export const assetTokens = pgTable(
  'asset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    createdAt: int8('created_at').notNull(),
    expiresAt: int8('expires_at').notNull(),
  },
  (t) => [index('asset_tokens_user_idx').on(t.userId, t.expiresAt)],
);

export const marketplaceCustomers = pgTable(
  'marketplace_customers',
  {
    marketplace: text('marketplace').$type<'aws' | 'azure'>().notNull(),
    customerId: text('customer_id').notNull(),
    productCode: text('product_code').notNull().default(''),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    createdAt: int8('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketplace, t.customerId] })],
);
