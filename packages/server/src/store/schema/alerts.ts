import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import type { AlertTypeValue } from '@tscloud/contracts';
import { users } from './accounts';
import { organizations } from './orgs';

/** Table of migration 0310_alerts.sql. */
export const alerts = pgTable('alerts', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  instanceId: text('instance_id'),
  type: text('type').$type<AlertTypeValue>().notNull(),
  content: text('content').notNull(),
  read: boolean('read').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
