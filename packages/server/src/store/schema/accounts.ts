import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { UserStatusValue } from '@tscloud/contracts';

/** Tables of migration 0100_accounts.sql. Times are epoch milliseconds from the server's Clock. */
const int8 = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  nickname: text('nickname').notNull().default(''),
  username: text('username').notNull().default(''),
  companyName: text('company_name').notNull().default(''),
  industryType: text('industry_type').notNull().default(''),
  position: text('position').notNull().default(''),
  countryCode: text('country_code').notNull().default(''),
  phone: text('phone').notNull().default(''),
  phoneVerified: boolean('phone_verified').notNull().default(false),
  avatarFileId: text('avatar_file_id'),
  status: text('status').$type<UserStatusValue>().notNull(),
  accountStatus: integer('account_status').notNull().default(1),
  roleId: text('role_id').notNull().default('1'),
  language: text('language').$type<'en' | 'zh'>().notNull().default('en'),
  createdAt: int8('created_at').notNull(),
  updatedAt: int8('updated_at').notNull(),
  activatedAt: int8('activated_at'),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: int8('created_at').notNull(),
    lastSeenAt: int8('last_seen_at').notNull(),
    expiresAt: int8('expires_at').notNull(),
    revokedAt: int8('revoked_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type AccountTokenPurpose = 'activation' | 'reset' | 'mfa_ticket' | 'verify';

export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: int8('created_at').notNull(),
    expiresAt: int8('expires_at').notNull(),
    usedAt: int8('used_at'),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: int8('created_at').notNull(),
    expiresAt: int8('expires_at').notNull(),
    verifiedAt: int8('verified_at'),
    usedAt: int8('used_at'),
  },
  (t) => [index('phone_codes_user_idx').on(t.userId, t.phone)],
);

export const userMfa = pgTable('user_mfa', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabled: boolean('enabled').notNull().default(false),
  enabledAt: int8('enabled_at'),
  lastUsedStep: int8('last_used_step'),
});

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: int8('used_at'),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

export const mfaExemptions = pgTable(
  'mfa_exemptions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    urlId: text('url_id').notNull(),
    untilAt: int8('until_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.urlId] })],
);

export const storedFiles = pgTable('stored_files', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  originalName: text('original_name').notNull().default(''),
  mimeType: text('mime_type').notNull(),
  sizeBytes: int8('size_bytes').notNull(),
  createdAt: int8('created_at').notNull(),
});
