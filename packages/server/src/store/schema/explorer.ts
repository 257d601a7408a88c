import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

/** Table of migration 0600_explorer.sql: SQL favorites, personal (shared = false) or shared with the organization. */
export const explorerFavorites = pgTable('explorer_favorites', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  instanceId: text('instance_id').notNull(),
  memberId: text('member_id').notNull(),
  shared: boolean('shared').notNull(),
  sql: text('sql').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export type ExplorerFavoriteRow = typeof explorerFavorites.$inferSelect;
