import { bigint, bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import type { AgentActivityKind, AgentStatus } from '@tscloud/contracts';
import { instances } from './instances';
import { organizations } from './orgs';

/** Tables of migration 0710_datain_agents.sql: replication agents and their activities (docs/data-in.md "Agents"). */
export const datainAgents = pgTable('datain_agents', {
  id: text('id').primaryKey(),
  instanceId: text('instance_id')
    .notNull()
    .references(() => instances.id, { onDelete: 'cascade' }),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  dsn: text('dsn').notNull().default(''),
  tokenHash: text('token_hash').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  status: text('status').$type<AgentStatus>().notNull().default('pending'),
  connectionId: text('connection_id'),
  lastSeenAt: bigint('last_seen_at', { mode: 'number' }),
  host: text('host'),
  version: text('version'),
  createdBy: text('created_by'),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
export type DatainAgentRow = typeof datainAgents.$inferSelect;

export const datainAgentActivities = pgTable('datain_agent_activities', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  agentId: text('agent_id')
    .notNull()
    .references(() => datainAgents.id, { onDelete: 'cascade' }),
  instanceId: text('instance_id').notNull(),
  time: bigint('time', { mode: 'number' }).notNull(),
  kind: text('kind').$type<AgentActivityKind>().notNull(),
  message: text('message'),
});
