import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import WebSocket, { WebSocketServer } from 'ws';
import { AGENT_CLOSE, agentIdOfToken } from '@tscloud/contracts';
import type { Clock } from '../../../clock';
import type { Db } from '../../../store/database';
import { datainAgents, type DatainAgentRow } from '../../../store/schema';
import { tokenMatches } from '../../instances/credentials';
import { addAgentActivity, findAgentById } from './agent-repo';

/** The path agents connect to; taosx/address answers it on the server's public URL. */
export const AGENT_SOCKET_PATH = '/agent/ws';
export const AGENT_HEARTBEAT_MS = 15_000;

interface LiveAgent {
  socket: WebSocket;
  connectionId: string;
  agentId: string;
  instanceId: string;
  answered: boolean;
  /** The store write that records the connection: its end is recorded after it, never before. */
  recorded: Promise<unknown>;
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  const body = JSON.stringify({ code: status, message: text });
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** A short text of what the agent says of itself: kept to one line of the list. */
const shortText = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : null);

/**
 * The agents' websocket (docs/data-in.md "Agents"): an upgrade on AGENT_SOCKET_PATH with `Authorization: Bearer
 * <token>` is admitted when the token is the agent's and not expired. One live connection per agent: a newer one,
 * on this node or another, replaces the older (the store's connection_id says whose it is), so a restarted agent
 * is not locked out by its own dead connection. The server pings every heartbeat; an agent that misses one is
 * dropped. Connections and their ends are recorded as the agent's status and activities.
 */
export class AgentHub {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly live = new Map<string, LiveAgent>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly heartbeatMs = AGENT_HEARTBEAT_MS,
  ) {}

  attach(app: FastifyInstance): void {
    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://agents');
      if (url.pathname !== AGENT_SOCKET_PATH) return;
      this.admit(request, socket, head).catch(() => refuseUpgrade(socket, 502, 'agent endpoint error'));
    };
    app.server.on('upgrade', onUpgrade);
    this.timer = setInterval(() => void this.beat(), this.heartbeatMs);
    this.timer.unref();
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      if (this.timer) clearInterval(this.timer);
      // Recorded here, while the store is open: the sockets' own close events may come after it closes.
      await Promise.all([...this.live.values()].map((agent) => this.end(agent, 1001, 'server stopping')));
    });
  }

  /** Closes the agent's connection on this node (deleted, or its token renewed: the old token no longer holds). */
  async disconnect(agentId: string, code: number, reason: string): Promise<void> {
    const agent = this.live.get(agentId);
    if (agent) await this.end(agent, code, reason);
  }

  private async admit(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = bearer?.[1] ?? '';
    const agentId = agentIdOfToken(token);
    const row = agentId ? await findAgentById(this.db, agentId) : undefined;
    if (!row || !tokenMatches(token, row.tokenHash)) return refuseUpgrade(socket, 401, 'Authentication failure');
    const now = this.clock.now();
    if (row.expiresAt <= now) {
      await addAgentActivity(this.db, row, 'expired', now, 'connection refused: the token has expired');
      return refuseUpgrade(socket, 401, 'Token expired');
    }
    // A store failure while recording the connection ends it: the agent retries, and the store stays right.
    this.server.handleUpgrade(request, socket, head, (ws) => void this.connected(row, ws, request.socket.remoteAddress ?? null).catch(() => ws.terminate()));
  }

  private async connected(row: DatainAgentRow, socket: WebSocket, address: string | null): Promise<void> {
    const agent: LiveAgent = { socket, connectionId: randomUUID(), agentId: row.id, instanceId: row.instanceId, answered: true, recorded: Promise.resolve() };
    const previous = this.live.get(row.id);
    this.live.set(row.id, agent);
    socket.on('pong', () => {
      agent.answered = true;
    });
    socket.on('message', (data) => void this.heard(agent, data.toString()).catch(() => undefined));
    socket.on('close', (code, reason) => void this.end(agent, code, reason.toString()).catch(() => undefined));
    socket.on('error', () => socket.terminate());
    if (previous) {
      previous.connectionId = '';
      previous.socket.close(AGENT_CLOSE.REPLACED, 'replaced by a newer connection');
    }
    const now = this.clock.now();
    agent.recorded = (async () => {
      await this.db
        .update(datainAgents)
        .set({ status: 'connected', connectionId: agent.connectionId, lastSeenAt: now, updatedAt: now })
        .where(eq(datainAgents.id, row.id));
      await addAgentActivity(this.db, row, 'connected', now, address ? `from ${address}` : null);
    })();
    await agent.recorded;
    // Admitted on the row read before the socket opened: a renewal or a deletion in between found no live
    // connection here to close, so the store is read again now that this one is live.
    const current = await findAgentById(this.db, row.id);
    if (!current) await this.end(agent, AGENT_CLOSE.REMOVED, 'agent deleted');
    else if (current.tokenHash !== row.tokenHash) await this.end(agent, AGENT_CLOSE.TOKEN_RENEWED, 'token renewed');
  }

  /** The agent's hello: its host name and version, shown in the list. */
  private async heard(agent: LiveAgent, text: string): Promise<void> {
    let message: { type?: unknown; host?: unknown; version?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.type !== 'hello') return;
    // The agent says hello as soon as its socket opens, often before this connection is in the store: the update
    // below matches on the connection, so it waits for that record (else the hello was lost, on PostgreSQL mostly).
    await agent.recorded;
    await this.db
      .update(datainAgents)
      .set({ host: shortText(message.host), version: shortText(message.version) })
      .where(and(eq(datainAgents.id, agent.agentId), eq(datainAgents.connectionId, agent.connectionId)));
  }

  /**
   * Once per connection: it leaves the live set and, when it is still the agent's connection in the store (not
   * replaced by a newer one), the agent becomes disconnected.
   */
  private async end(agent: LiveAgent, code: number, reason: string): Promise<void> {
    if (agent.connectionId === '') return;
    if (this.live.get(agent.agentId) === agent) this.live.delete(agent.agentId);
    const connectionId = agent.connectionId;
    agent.connectionId = '';
    if (agent.socket.readyState === WebSocket.OPEN || agent.socket.readyState === WebSocket.CONNECTING) agent.socket.close(code, reason);
    // A connection that ends at once: its connected record first, so the disconnected one is not overwritten.
    await agent.recorded.catch(() => undefined);
    const now = this.clock.now();
    const ended = await this.db
      .update(datainAgents)
      .set({ status: 'disconnected', connectionId: null, lastSeenAt: now, updatedAt: now })
      .where(and(eq(datainAgents.id, agent.agentId), eq(datainAgents.connectionId, connectionId)))
      .returning({ id: datainAgents.id });
    if (ended.length > 0) await addAgentActivity(this.db, { id: agent.agentId, instanceId: agent.instanceId }, 'disconnected', now, reason || `closed (${code})`);
  }

  /**
   * The heartbeat: drops connections that missed the last ping, ends those whose token expired, whose agent was
   * deleted or replaced on another node, and records the others as seen now.
   */
  private async beat(): Promise<void> {
    const now = this.clock.now();
    for (const agent of [...this.live.values()]) {
      try {
        if (!agent.answered) {
          await this.end(agent, AGENT_CLOSE.SILENT, 'no heartbeat');
          agent.socket.terminate();
          continue;
        }
        const row = await findAgentById(this.db, agent.agentId);
        if (!row) {
          await this.end(agent, AGENT_CLOSE.REMOVED, 'agent deleted');
        } else if (row.connectionId !== agent.connectionId) {
          if (this.live.get(agent.agentId) === agent) this.live.delete(agent.agentId);
          agent.connectionId = '';
          agent.socket.close(AGENT_CLOSE.REPLACED, 'replaced by a newer connection');
        } else if (row.expiresAt <= now) {
          await addAgentActivity(this.db, row, 'expired', now, 'the token has expired');
          await this.end(agent, AGENT_CLOSE.EXPIRED, 'token expired');
        } else {
          agent.answered = false;
          agent.socket.ping();
          await this.db.update(datainAgents).set({ lastSeenAt: now }).where(and(eq(datainAgents.id, agent.agentId), eq(datainAgents.connectionId, agent.connectionId)));
        }
      } catch {
        // The store may be briefly unavailable; the next beat tries again.
      }
    }
  }
}
