import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  AGENT_CLOSE,
  ApiCode,
  Privilege,
  agentBodySchema,
  agentExpiryRule,
  agentIdQuerySchema,
  ok,
  sourceUrlRule,
  type AgentAddress,
  type AgentWithToken,
} from '@tscloud/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { ApiError } from '../../../http/api-error';
import { parseWith } from '../../../http/validate';
import { datainAgents, type DatainAgentRow } from '../../../store/schema';
import { isUniqueViolation } from '../../../store/unique-violation';
import { AGENT_SOCKET_PATH, type AgentHub } from './agent-hub';
import { addAgentActivity, agentItemOf, findAgent, listAgentActivities, listAgents, newAgentToken } from './agent-repo';
import { REPLICATION_BASE, REPLICATION_READ_POLICY, replicationInstance, type ReplicationParams } from '../route-base';


const READ = REPLICATION_READ_POLICY;
/** Registering, changing and deleting an agent: replication:read and the instance's write role (db:write), instance-wide. */
const WRITE = { access: 'instance', privileges: { allOf: [Privilege.REPLICATION_READ, Privilege.DB_WRITE] }, write: true } as const;
const activity = (operation: string) => ({ type: 'replication', operation });

/** §5: expiry later than now, a data source URL in its format (empty: the agent is not tied to one source yet). */
function checkAgentBody(body: z.output<typeof agentBodySchema>, now: number): void {
  const expiry = agentExpiryRule(body.expires_at, now);
  if (expiry) throw new ApiError(ApiCode.BAD_REQUEST, expiry, [], { field: 'expires_at' });
  const url = body.dsn ? sourceUrlRule(body.dsn) : null;
  if (url) throw new ApiError(ApiCode.BAD_REQUEST, url, [], { field: 'dsn' });
}

/**
 * The agent calls (data-explorer.md §7; docs/data-in.md "Agents"): list, register, change (renew_token: a new
 * token), delete, the address agents connect to, and an agent's activities. The token is answered once, on register
 * and renew; the store keeps its hash.
 */
export function agentRoutes(hub: AgentHub, heartbeatMs: number): FastifyPluginAsync<AppDeps> {
  return async (app, deps) => {
    const { db } = deps.store;
    const now = () => deps.clock.now();
    const agentOf = async (request: FastifyRequest<{ Params: ReplicationParams }>, agentId: string) => {
      const row = await replicationInstance(deps, request);
      const agent = await findAgent(db, row.id, agentId);
      if (!agent) throw ApiError.notFound();
      return agent;
    };
    const itemOf = (agent: DatainAgentRow) => agentItemOf(agent, now(), heartbeatMs);
    /** §8 'Agent name already exists', from the check before the write or from the store's unique index. */
    const nameTaken = async <T>(write: () => Promise<T>): Promise<T> => {
      try {
        return await write();
      } catch (error) {
        if (isUniqueViolation(error)) throw ApiError.conflict('datasource.error.agentNameExists');
        throw error;
      }
    };
    const refuseTakenName = async (instanceId: string, name: string, except?: string) => {
      const taken = (await listAgents(db, instanceId)).some((a) => a.name === name && a.id !== except);
      if (taken) throw ApiError.conflict('datasource.error.agentNameExists');
    };

    app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/agents`, { config: { policy: READ } }, async (request) => {
      const row = await replicationInstance(deps, request);
      return ok((await listAgents(db, row.id)).map(itemOf));
    });

    app.post<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/agents`, { config: { policy: { ...WRITE, activity: activity('register agent') } } }, async (request) => {
      const row = await replicationInstance(deps, request);
      const body = parseWith(agentBodySchema, request.body);
      const at = now();
      checkAgentBody(body, at);
      await refuseTakenName(row.id, body.name);
      const { agentId, token, hash } = newAgentToken();
      const [agent] = await nameTaken(() =>
        db
          .insert(datainAgents)
          .values({ id: agentId, instanceId: row.id, orgId: row.orgId, name: body.name, dsn: body.dsn, tokenHash: hash, expiresAt: body.expires_at, status: 'pending', createdBy: request.auth?.userId ?? null, createdAt: at, updatedAt: at })
          .returning(),
      );
      await addAgentActivity(db, agent, 'registered', at);
      return ok<AgentWithToken>({ agent: itemOf(agent), token });
    });

    app.put<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/agents`, { config: { policy: { ...WRITE, activity: activity('update agent') } } }, async (request) => {
      const { agent_id } = parseWith(agentIdQuerySchema, request.query);
      const agent = await agentOf(request, agent_id);
      const body = parseWith(agentBodySchema, request.body);
      const at = now();
      checkAgentBody(body, at);
      await refuseTakenName(agent.instanceId, body.name, agent.id);
      const renewed = body.renew_token ? newAgentToken(agent.id) : null;
      const [updated] = await nameTaken(() =>
        db
          .update(datainAgents)
          .set({ name: body.name, dsn: body.dsn, expiresAt: body.expires_at, updatedAt: at, ...(renewed ? { tokenHash: renewed.hash } : {}) })
          .where(eq(datainAgents.id, agent.id))
          .returning(),
      );
      await addAgentActivity(db, agent, renewed ? 'token_renewed' : 'updated', at);
      if (!renewed) return ok<AgentWithToken>({ agent: itemOf(updated), token: null });
      // The old token no longer holds: its connection ends (the agent is started again with the new one).
      await hub.disconnect(agent.id, AGENT_CLOSE.TOKEN_RENEWED, 'token renewed');
      return ok<AgentWithToken>({ agent: itemOf((await findAgent(db, agent.instanceId, agent.id)) ?? updated), token: renewed.token });
    });

    app.delete<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/agents`, { config: { policy: { ...WRITE, activity: activity('delete agent') } } }, async (request) => {
      const { agent_id } = parseWith(agentIdQuerySchema, request.query);
      const agent = await agentOf(request, agent_id);
      await hub.disconnect(agent.id, AGENT_CLOSE.REMOVED, 'agent deleted');
      await db.delete(datainAgents).where(eq(datainAgents.id, agent.id));
      return ok(null);
    });

    // The address agents connect to: this server's public URL as a websocket URL.
    app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/taosx/address`, { config: { policy: READ } }, async (request) => {
      await replicationInstance(deps, request);
      return ok<AgentAddress>({ address: `${deps.config.publicUrl.replace(/^http/, 'ws')}${AGENT_SOCKET_PATH}` });
    });

    app.get<{ Params: ReplicationParams & { id: string } }>(`${REPLICATION_BASE}/agent/:id/activities`, { config: { policy: READ } }, async (request) => {
      const agent = await agentOf(request, request.params.id);
      return ok(await listAgentActivities(db, agent.id));
    });
  };
}
