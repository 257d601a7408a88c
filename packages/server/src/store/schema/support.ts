import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { TicketProduct, TicketStateValue } from '@tscloud/contracts';
import { storedFiles, users } from './accounts';
import { organizations } from './orgs';

/** Tables of migration 0800_support.sql (docs/support.md). */
export const supportStaff = pgTable('support_staff', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  addedAt: bigint('added_at', { mode: 'number' }).notNull(),
});

export const supportIssueTypes = pgTable('support_issue_types', {
  id: integer('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  sort: integer('sort').notNull(),
});

export const supportIssues = pgTable('support_issues', {
  id: text('id').primaryKey(),
  number: bigint('number', { mode: 'number' })
    .notNull()
    .default(sql`nextval('support_issue_number_seq')`),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  typeId: integer('type_id')
    .notNull()
    .references(() => supportIssueTypes.id),
  product: text('product').$type<TicketProduct>().notNull(),
  instanceId: text('instance_id'),
  state: text('state').$type<TicketStateValue>().notNull(),
  assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  notifyEmail: text('notify_email'),
  notifyOnProgress: boolean('notify_on_progress').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type SupportIssueRow = typeof supportIssues.$inferSelect;

export const supportComments = pgTable('support_comments', {
  id: text('id').primaryKey(),
  issueId: text('issue_id')
    .notNull()
    .references(() => supportIssues.id, { onDelete: 'cascade' }),
  authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind').$type<'customer' | 'staff' | 'internal'>().notNull(),
  content: text('content').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type SupportCommentRow = typeof supportComments.$inferSelect;

export const supportEvents = pgTable('support_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  issueId: text('issue_id')
    .notNull()
    .references(() => supportIssues.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  fromState: text('from_state').$type<TicketStateValue>(),
  toState: text('to_state').$type<TicketStateValue>().notNull(),
  actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorKind: text('actor_kind').$type<'customer' | 'staff'>().notNull(),
  assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  at: bigint('at', { mode: 'number' }).notNull(),
});

export const supportFiles = pgTable('support_files', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => storedFiles.id, { onDelete: 'cascade' }),
  orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
  uploaderId: text('uploader_id').references(() => users.id, { onDelete: 'set null' }),
  byStaff: boolean('by_staff').notNull(),
  issueId: text('issue_id').references(() => supportIssues.id, { onDelete: 'cascade' }),
  commentId: text('comment_id').references(() => supportComments.id, { onDelete: 'cascade' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
