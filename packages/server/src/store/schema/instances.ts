import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AppTypeValue, InstanceStatusValue, PlanLevelValue } from '@tscloud/contracts';
import { tdengineClusters } from './clusters';
import { organizations } from './orgs';

export type DesiredState = 'running' | 'suspended' | 'deleted';

/** Tables of migration 0400_instances.sql (and 0420_instance_addons.sql). */
export const instances = pgTable('instances', {
  id: text('id').primaryKey(),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  alias: text('alias').notNull(),
  appType: text('app_type').$type<AppTypeValue>().notNull(),
  cloudId: text('cloud_id').notNull(),
  regionId: text('region_id').notNull(),
  planLevel: integer('plan_level').$type<PlanLevelValue>().notNull(),
  ha: integer('ha').$type<0 | 1>().notNull().default(0),
  /** Migration 0420: add-ons beyond the plan (storage in GB, connector names). */
  additionalStorageGb: integer('additional_storage_gb').notNull().default(0),
  connectors: jsonb('connectors').$type<string[]>().notNull().default([]),
  desiredState: text('desired_state').$type<DesiredState>().notNull(),
  status: text('status').$type<InstanceStatusValue>().notNull(),
  statusReason: text('status_reason'),
  nodeId: text('node_id'),
  leaseUntil: bigint('lease_until', { mode: 'number' }),
  engineUrl: text('engine_url'),
  /** Migration 0430: the TDengine cluster it lives on (docs/clusters.md); null for an engine process of ours. */
  clusterId: text('cluster_id').references(() => tdengineClusters.id, { onDelete: 'restrict' }),
  /** Migration 0440: its namespace on that cluster (`<ns>_<name>` for all it owns there). */
  clusterNamespace: text('cluster_namespace').unique(),
  engineUser: text('engine_user').notNull(),
  enginePassword: text('engine_password').notNull(),
  tokenHash: text('token_hash').notNull(),
  ingressBytes: bigint('ingress_bytes', { mode: 'number' }).notNull().default(0),
  egressBytes: bigint('egress_bytes', { mode: 'number' }).notNull().default(0),
  /** On a TDengine cluster: rows inserted and queries, counted by the console (migration 0450). */
  clusterRowsInserted: bigint('cluster_rows_inserted', { mode: 'number' }).notNull().default(0),
  clusterQueries: bigint('cluster_queries', { mode: 'number' }).notNull().default(0),
  createdBy: text('created_by'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type InstanceRow = typeof instances.$inferSelect;

export const instanceIpAllow = pgTable('instance_ip_allow', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id')
    .notNull()
    .references(() => instances.id, { onDelete: 'cascade' }),
  ip: text('ip').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
