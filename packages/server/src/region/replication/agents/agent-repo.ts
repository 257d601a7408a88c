import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AgentActivity, AgentActivityKind, AgentItem } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { datainAgentActivities, datainAgents, type DatainAgentRow } from '../../../store/schema';
import { hashToken } from '../../instances/credentials';

/**
 * A connection the store says is live but whose heartbeat is this old is shown disconnected: its node died without
 * recording the close. Three missed heartbeats.
 */
export const staleAfterMs = (heartbeatMs: number) => heartbeatMs * 3;

/** A new agent id and its token `tsa_<id>.<secret>` (agentIdOfToken reads the id back); only the hash is stored. */
export function newAgentToken(agentId: string = randomUUID()): { agentId: string; token: string; hash: string } {
  const token = `tsa_${agentId}.${randomBytes(24).toString('base64url')}`;
  return { agentId, token, hash: hashToken(token) };
}

export function agentItemOf(row: DatainAgentRow, now: number, heartbeatMs: number): AgentItem {
  const stale = row.status === 'connected' && (row.lastSeenAt ?? 0) < now - staleAfterMs(heartbeatMs);
  return {
    agent_id: row.id,
    name: row.name,
    cluster_id: row.instanceId,
    dsn: row.dsn,
    user_id: row.createdBy,
    status: stale ? 'disconnected' : row.status,
    expires_at: row.expiresAt,
    created_at: row.createdAt,
    last_seen_at: row.lastSeenAt,
    host: row.host,
    version: row.version,
  };
}

export async function listAgents(db: Db, instanceId: string): Promise<DatainAgentRow[]> {
  return db.select().from(datainAgents).where(eq(datainAgents.instanceId, instanceId)).orderBy(asc(datainAgents.createdAt), asc(datainAgents.name));
}

export async function findAgent(db: Db, instanceId: string, agentId: string): Promise<DatainAgentRow | undefined> {
  const [row] = await db.select().from(datainAgents).where(and(eq(datainAgents.instanceId, instanceId), eq(datainAgents.id, agentId))).limit(1);
  return row;
}

export async function findAgentById(db: Db, agentId: string): Promise<DatainAgentRow | undefined> {
  const [row] = await db.select().from(datainAgents).where(eq(datainAgents.id, agentId)).limit(1);
  return row;
}

export async function addAgentActivity(db: Db, agent: Pick<DatainAgentRow, 'id' | 'instanceId'>, kind: AgentActivityKind, time: number, message: string | null = null): Promise<void> {
  await db.insert(datainAgentActivities).values({ agentId: agent.id, instanceId: agent.instanceId, time, kind, message });
}

/** The agent's activities, newest first (at most 200: the drawer shows the recent ones). */
export async function listAgentActivities(db: Db, agentId: string): Promise<AgentActivity[]> {
  const rows = await db
    .select()
    .from(datainAgentActivities)
    .where(eq(datainAgentActivities.agentId, agentId))
    .orderBy(desc(datainAgentActivities.time), desc(datainAgentActivities.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, agent_id: r.agentId, time: r.time, kind: r.kind, message: r.message }));
}
