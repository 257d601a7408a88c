import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../deps';
import { AGENT_HEARTBEAT_MS, AgentHub } from './agent-hub';
import { agentRoutes } from './routes';

/**
 * Replication agents: their calls and the websocket they connect to (docs/data-in.md "Agents"). AGENT_HEARTBEAT_MS
 * in the environment shortens the heartbeat (tests).
 */
export const datainAgentsPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const heartbeatMs = Number(process.env.AGENT_HEARTBEAT_MS) || AGENT_HEARTBEAT_MS;
  const hub = new AgentHub(deps.store.db, deps.clock, heartbeatMs);
  hub.attach(app);
  await app.register(agentRoutes(hub, heartbeatMs), deps);
};
