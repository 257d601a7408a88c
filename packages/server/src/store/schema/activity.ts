import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ActivityResult } from '@tscloud/contracts';
import { users } from './accounts';
import { organizations } from './orgs';

/** Table of migration 0300_activity.sql. */
export const activityLog = pgTable('activity_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  originator: text('originator').notNull(),
  type: text('type').notNull(),
  operation: text('operation').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  instanceId: text('instance_id'),
  /** What the change acted on (migration 0320): a member's e-mail, an IP, a group or role name; null when nothing. */
  target: text('target'),
  requestIp: text('request_ip').notNull(),
  result: text('result').$type<ActivityResult>().notNull(),
  code: integer('code').notNull(),
  requestTime: bigint('request_time', { mode: 'number' }).notNull(),
});
