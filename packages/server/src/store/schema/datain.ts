import { bigint, bigserial, doublePrecision, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ConnectorId, FromExpand, TaskActivityKind, TaskStatus } from '@tscloud/contracts';
import { instances } from './instances';
import { organizations } from './orgs';

/** Table of migration 0700_datain.sql: data-in tasks, leased by the node that runs them (docs/data-in.md). */
export const datainTasks = pgTable('datain_tasks', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id')
    .notNull()
    .references(() => instances.id, { onDelete: 'cascade' }),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  connector: text('connector').$type<ConnectorId>().notNull(),
  name: text('name').notNull(),
  labels: text('labels').notNull().default('ds'),
  targetDb: text('target_db').notNull(),
  config: jsonb('config').$type<FromExpand>().notNull(),
  transform: jsonb('transform').$type<Record<string, unknown>>().notNull(),
  status: text('status').$type<TaskStatus>().notNull(),
  statusReason: text('status_reason'),
  nodeId: text('node_id'),
  leaseUntil: bigint('lease_until', { mode: 'number' }),
  checkpoint: text('checkpoint'),
  createdBy: text('created_by'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  startedAt: bigint('started_at', { mode: 'number' }),
  stoppedAt: bigint('stopped_at', { mode: 'number' }),
});
export type DatainTaskRow = typeof datainTasks.$inferSelect;

export const datainTaskActivities = pgTable('datain_task_activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: text('task_id')
    .notNull()
    .references(() => datainTasks.id, { onDelete: 'cascade' }),
  instanceId: text('instance_id').notNull(),
  time: bigint('time', { mode: 'number' }).notNull(),
  kind: text('kind').$type<TaskActivityKind>().notNull(),
  message: text('message'),
});

/** Per-table progress as the source reports it. */
export interface StoredTableProgress {
  name: string;
  done: number;
  total: number | null;
}

export const datainTaskMetrics = pgTable('datain_task_metrics', {
  taskId: text('task_id')
    .primaryKey()
    .references(() => datainTasks.id, { onDelete: 'cascade' }),
  rowsRead: bigint('rows_read', { mode: 'number' }).notNull().default(0),
  rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
  rowsFailed: bigint('rows_failed', { mode: 'number' }).notNull().default(0),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  rate: doublePrecision('rate').notNull().default(0),
  newestTs: bigint('newest_ts', { mode: 'number' }),
  lastError: text('last_error'),
  tables: jsonb('tables').$type<StoredTableProgress[]>().notNull().default([]),
  updatedAt: bigint('updated_at', { mode: 'number' }),
});
export type DatainTaskMetricsRow = typeof datainTaskMetrics.$inferSelect;
