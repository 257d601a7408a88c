import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** 'active' takes new instances; 'draining' keeps its instances and takes no new one (docs/clusters.md). */
export type ClusterState = 'active' | 'draining';
/** The last check's verdict: every dnode and mnode ready, some not, no answer, or not checked yet. */
export type ClusterHealth = 'healthy' | 'degraded' | 'unreachable' | 'unknown';

/** Table of migration 0430_tdengine_clusters.sql. */
export const tdengineClusters = pgTable('tdengine_clusters', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  regionId: text('region_id').notNull(),
  restUrl: text('rest_url').notNull(),
  adminUser: text('admin_user').notNull(),
  /** Sealed with the secrets key (secrets/secret-box.ts), bound to the cluster's id. */
  adminPassword: text('admin_password').notNull(),
  maxInstances: integer('max_instances').notNull(),
  state: text('state').$type<ClusterState>().notNull(),
  serverVersion: text('server_version'),
  health: text('health').$type<ClusterHealth>().notNull(),
  healthDetail: text('health_detail'),
  checkedAt: bigint('checked_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
export type ClusterRow = typeof tdengineClusters.$inferSelect;
