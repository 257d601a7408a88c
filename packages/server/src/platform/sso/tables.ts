import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations, users } from '../../store/schema';

/** Tables of migration 0220_sso.sql (kept with the area: only the SSO code reads them). */
const int8 = (name: string) => bigint(name, { mode: 'number' });

export const orgSsoSettings = pgTable('org_sso_settings', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  identityProvider: text('identity_provider').$type<'azure-ad'>().notNull().default('azure-ad'),
  connectionName: text('connection_name').notNull(),
  domain: text('domain').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  verified: boolean('verified').notNull().default(false),
  verifiedAt: int8('verified_at'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: int8('created_at').notNull(),
  updatedAt: int8('updated_at').notNull(),
});
export type SsoSettingRow = typeof orgSsoSettings.$inferSelect;

export type SsoFlowKind = 'azure-ad' | 'provider';
export type SsoFlowPurpose = 'signin' | 'verify';

export const ssoFlows = pgTable('sso_flows', {
  stateHash: text('state_hash').primaryKey(),
  kind: text('kind').$type<SsoFlowKind>().notNull(),
  connection: text('connection').notNull(),
  purpose: text('purpose').$type<SsoFlowPurpose>().notNull(),
  settingId: text('setting_id').references(() => orgSsoSettings.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirect: text('redirect'),
  createdAt: int8('created_at').notNull(),
  expiresAt: int8('expires_at').notNull(),
  usedAt: int8('used_at'),
});
export type SsoFlowRow = typeof ssoFlows.$inferSelect;
