import { bigint, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ActiveStatus, GrantStatusValue, ResTypeValue } from '@tscloud/contracts';
import { users } from './accounts';
import { orgMembers, organizations } from './orgs';

/** Tables of migration 0210_access.sql. */
const int8 = (name: string) => bigint(name, { mode: 'number' });

export const orgGroups = pgTable('org_groups', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status').$type<ActiveStatus>().notNull().default('ACTIVE'),
  createdAt: int8('created_at').notNull(),
});
export type OrgGroupRow = typeof orgGroups.$inferSelect;

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => orgGroups.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => orgMembers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.memberId] })],
);

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  builtin: text('builtin'),
  privileges: jsonb('privileges').$type<string[]>().notNull().default([]),
  createdAt: int8('created_at').notNull(),
});
export type RoleRow = typeof roles.$inferSelect;

export const roleGrants = pgTable('role_grants', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  roleId: text('role_id')
    .notNull()
    .references(() => roles.id, { onDelete: 'cascade' }),
  memberId: text('member_id').references(() => orgMembers.id, { onDelete: 'cascade' }),
  groupId: text('group_id').references(() => orgGroups.id, { onDelete: 'cascade' }),
  resType: text('res_type').$type<ResTypeValue>().notNull(),
  resId: text('res_id'),
  resName: text('res_name'),
  instanceId: text('instance_id'),
  databaseId: text('database_id'),
  status: text('status').$type<GrantStatusValue>().notNull().default('ACTIVE'),
  expiration: int8('expiration'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: int8('created_at').notNull(),
});
export type RoleGrantRow = typeof roleGrants.$inferSelect;
