import { bigint, boolean, doublePrecision, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { AlertTypeValue } from '@tscloud/contracts';
import { instances } from './instances';

/** Table of migration 0500_monitoring.sql. */
export const monitorAlertState = pgTable(
  'monitor_alert_state',
  {
    instanceId: text('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    type: text('type').$type<AlertTypeValue>().notNull(),
    firing: boolean('firing').notNull(),
    value: doublePrecision('value').notNull(),
    changedAt: bigint('changed_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.type] })],
);
