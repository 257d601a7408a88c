import { z } from 'zod';

/**
 * Replication (data collection) agents (data-explorer.md §3, §4, §5, §7; docs/data-in.md "Agents"): a program the
 * user runs next to sources the cloud cannot reach. Registered under /region/{region}/replication/{appId}/agents, it
 * gets an id and a secret token with an expiry, and connects out to the region server's websocket (taosx/address).
 */

/** §4: pending (registered, never connected), connected, disconnected. */
export const AGENT_STATUSES = ['pending', 'connected', 'disconnected'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** What the activities drawer lists, newest first. */
export const AGENT_ACTIVITY_KINDS = ['registered', 'updated', 'token_renewed', 'connected', 'disconnected', 'expired'] as const;
export type AgentActivityKind = (typeof AGENT_ACTIVITY_KINDS)[number];

/** How long an agent's setup takes (§5, data-in.md §9: "about 2 minutes"), as the console tells the user. */
export const AGENT_SETUP_MINUTES = 2;

/** §3: name, agent_id, cluster_id (the instance), dsn, user_id (who registered it); data-in.md §3: created_at. */
export interface AgentItem {
  agent_id: string;
  name: string;
  cluster_id: string;
  dsn: string;
  user_id: string | null;
  status: AgentStatus;
  /** Epoch ms. */
  expires_at: number;
  created_at: number;
  /** The last heartbeat or connection change, epoch ms; null before the first connection. */
  last_seen_at: number | null;
  /** What the agent said of itself when it connected (host name, version). */
  host: string | null;
  version: string | null;
}

/**
 * POST and PUT /agents (body): §7's cluster_id, dsn, user_id, name, and our expires_at (epoch ms, later than now:
 * agentExpiryRule). cluster_id and user_id are set by the server (the instance in the path, the caller); dsn, the
 * data source URL the agent reads, is optional and checked with sourceUrlRule. PUT with renew_token issues a new token.
 */
export const agentBodySchema = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(64, { message: 'validation.formFormat' }),
  expires_at: z.coerce.number().int({ message: 'validation.formFormat' }),
  dsn: z.string().trim().max(1024, { message: 'validation.formFormat' }).default(''),
  cluster_id: z.string().optional(),
  user_id: z.string().optional(),
  renew_token: z.boolean().optional(),
});
export type AgentBody = z.input<typeof agentBodySchema>;

/** §7: agent_id as query (PUT, DELETE). */
export const agentIdQuerySchema = z.object({ agent_id: z.string().min(1, { message: 'validation.required' }) });

/** POST /agents, and PUT with renew_token: the token is shown once; the server keeps only its hash. */
export interface AgentWithToken {
  agent: AgentItem;
  token: string | null;
}

/** GET /taosx/address: the websocket URL agents connect to. */
export interface AgentAddress {
  address: string;
}

export interface AgentActivity {
  id: number;
  agent_id: string;
  time: number;
  kind: AgentActivityKind;
  message: string | null;
}

/**
 * The websocket protocol: the agent connects to the address with `Authorization: Bearer <token>`, then sends
 * `{ type: 'hello', host, version }`; the server pings (the heartbeat) and the agent's websocket answers pongs.
 * Close codes the server uses.
 */
export const AGENT_CLOSE = { EXPIRED: 4001, REMOVED: 4002, REPLACED: 4003, SILENT: 4004, TOKEN_RENEWED: 4005 } as const;

/** The token carries the agent's id before its secret, so the server finds the agent without a search. */
export function agentIdOfToken(token: string): string | null {
  const match = /^tsa_([\w-]+)\.([\w-]+)$/.exec(token);
  return match ? match[1] : null;
}
