import { bigint, boolean, doublePrecision, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MemberStatusValue, OrgStatusValue } from '@tscloud/contracts';
import { users } from './accounts';

/** Tables of migration 0200_orgs.sql. Times are epoch milliseconds from the server's Clock. */
const int8 = (name: string) => bigint(name, { mode: 'number' });

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status').$type<OrgStatusValue>().notNull().default('ACTIVE'),
  ownerId: text('owner_id')
    .notNull()
    .references(() => users.id),
  personalOf: text('personal_of').references(() => users.id, { onDelete: 'set null' }),
  discount: doublePrecision('discount').notNull().default(1),
  marketplaceType: text('marketplace_type'),
  createdAt: int8('created_at').notNull(),
  updatedAt: int8('updated_at').notNull(),
});
export type OrganizationRow = typeof organizations.$inferSelect;

export const orgMembers = pgTable('org_members', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  status: text('status').$type<MemberStatusValue>().notNull(),
  invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  invitedAt: int8('invited_at').notNull(),
  joinedAt: int8('joined_at'),
});
export type OrgMemberRow = typeof orgMembers.$inferSelect;

export const orgInvitations = pgTable('org_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: text('member_id')
    .notNull()
    .references(() => orgMembers.id, { onDelete: 'cascade' }),
  groupIds: jsonb('group_ids').$type<string[]>().notNull().default([]),
  autoJoin: boolean('auto_join').notNull().default(false),
  createdAt: int8('created_at').notNull(),
  expiresAt: int8('expires_at').notNull(),
  acceptedAt: int8('accepted_at'),
});
