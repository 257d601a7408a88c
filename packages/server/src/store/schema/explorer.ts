import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { DemoJobStatus } from '@tscloud/contracts';
import { organizations } from './orgs';

/** The organization that owns the row; the row goes when the organization is deleted. */
const orgIdColumn = () =>
  text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * Table of migrations 0600_explorer.sql and 0620_saved_queries.sql: saved queries (favorites), personal (shared =
 * false) or shared with the organization; a name unique per author, instance and folder (personal) or per instance
 * and folder (shared); folder '' is none.
 */
export const explorerFavorites = pgTable('explorer_favorites', {
  id: text('id').primaryKey(),
  orgId: orgIdColumn(),
  instanceId: text('instance_id').notNull(),
  memberId: text('member_id').notNull(),
  shared: boolean('shared').notNull(),
  name: text('name').notNull(),
  folder: text('folder').notNull().default(''),
  sql: text('sql').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export type ExplorerFavoriteRow = typeof explorerFavorites.$inferSelect;

/** Table of migration 0610_explorer_demo.sql: demo data loads and their progress. */
export const explorerDemoJobs = pgTable('explorer_demo_jobs', {
  id: text('id').primaryKey(),
  orgId: orgIdColumn(),
  instanceId: text('instance_id').notNull(),
  memberId: text('member_id').notNull(),
  dbName: text('db_name').notNull(),
  tables: integer('tables').notNull(),
  rowsPerTable: integer('rows_per_table').notNull(),
  rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
  status: text('status').$type<DemoJobStatus>().notNull(),
  error: text('error'),
  startedAt: bigint('started_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  finishedAt: bigint('finished_at', { mode: 'number' }),
});
export type ExplorerDemoJobRow = typeof explorerDemoJobs.$inferSelect;

/** Tables of migration 0611_database_mart.sql: published databases and their imports. */
export const databaseMart = pgTable('database_mart', {
  id: text('id').primaryKey(),
  orgId: orgIdColumn(),
  instanceId: text('instance_id').notNull(),
  regionId: text('region_id').notNull(),
  dbName: text('db_name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  accessCode: text('access_code').notNull().unique(),
  platform: boolean('platform').notNull().default(false),
  createdBy: text('created_by'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
export type DatabaseMartRow = typeof databaseMart.$inferSelect;

export const databaseMartImports = pgTable(
  'database_mart_imports',
  {
    orgId: orgIdColumn(),
    entryId: text('entry_id')
      .notNull()
      .references(() => databaseMart.id, { onDelete: 'cascade' }),
    createdBy: text('created_by'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.entryId] })],
);
