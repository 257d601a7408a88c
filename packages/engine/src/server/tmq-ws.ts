import { ENGINE_VERSION } from '@tscloud/contracts';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { touch, withClient, type ClientSocket } from '../auth/clients';
import type { UserDef } from '../catalog/model';
import type { Engine } from '../engine';
import { TdCode, TdError, toTdError } from '../errors';
import type { SubscribeRequest, TopicVgroup } from '../topics/consumers';
import { binaryFrame, PRECISION_CODES } from '../format/raw-block';
import { parsePosition, protocolOffset, type Block, type Position } from '../topics/model';
import { fieldTypeCode, topicRawBlock } from '../topics/raw-blocks';
import type { Precision } from '../catalog/db-options';
import { authorize } from './authorization';
import { clientSocket } from './client-socket';

/** The path of the consume protocol (taosAdapter's TMQ WebSocket path, facts §1.1). */
export const TMQ_PATH = '/rest/tmq';
/** Longest blocking poll a client may ask for. */
const MAX_BLOCKING_MS = 60_000;
/** Pings keep a subscribed connection's heartbeat going (a client that answers no ping for session.timeout.ms is gone). */
const PING_MS = 1000;
const VERSION = ENGINE_VERSION;

type Args = Record<string, unknown>;

const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));
const num = (v: unknown): number | undefined => (v === undefined || v === null || v === '' ? undefined : Number(v));
const bool = (v: unknown): boolean | undefined => (v === undefined || v === null || v === '' ? undefined : v === true || String(v).toLowerCase() === 'true');

function badArgs(what: string): TdError {
  return new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `Invalid subscribe option: ${what}`);
}

const logOffset = (p: Position): number => (typeof p === 'number' ? p : p.log);
const offsetOrNull = (p: Position | null): number | string | null => (p === null ? null : protocolOffset(p));

function pairsOf(args: Args): TopicVgroup[] {
  const list = args.topic_vgroup_ids;
  if (!Array.isArray(list)) throw badArgs('topic_vgroup_ids must be an array');
  return list.map((p: { topic?: unknown; vgroup_id?: unknown }) => ({ topic: String(p.topic), vgroupId: Number(p.vgroup_id) }));
}

/**
 * One WebSocket connection of the consume protocol (docs/engine-tmq.md): at most one consumer, requests handled
 * one at a time in arrival order. Closing the socket without `unsubscribe`/`close` removes the consumer without
 * committing (like a killed client); its vgroups go to the rest of its group at once. Heartbeats: every request
 * and every pong (the server pings each second while a consumer is subscribed; WebSocket clients answer by
 * themselves), so a client that hangs without closing its socket times out after session.timeout.ms.
 */
class TmqConnection {
  private consumerId: string | undefined;
  /** the block the last `fetch` returned, which `fetch_block` sends as TDengine's raw block */
  private fetched: { messageId: number; block: Block; precision: Precision } | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly engine: Engine,
    private readonly ws: WebSocket,
    private readonly headerUser: UserDef | undefined,
    private readonly fqdn: string,
    private readonly client: ClientSocket,
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = String(data);
      this.beat();
      // a `subscribe` with user/password logs in as that client (white list, perf_connections)
      this.queue = this.queue.then(() =>
        withClient({ socket: this.client }, () => {
          touch(this.engine.catalog, this.client);
          return this.handle(text);
        }),
      );
    });
    ws.on('pong', () => this.beat());
    this.pinger = setInterval(() => {
      if (this.consumerId && this.ws.readyState === this.ws.OPEN) this.ws.ping();
    }, PING_MS);
    this.pinger.unref();
    ws.on('close', () => {
      clearInterval(this.pinger);
      if (this.consumerId) this.engine.consumers.leave(this.consumerId, false);
      this.consumerId = undefined;
    });
  }

  private beat(): void {
    if (this.consumerId) this.engine.consumers.heartbeat(this.consumerId);
  }

  private send(body: Record<string, unknown>): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(body));
  }

  private sendBinary(timing: bigint, reqId: bigint, messageId: bigint, payload: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(binaryFrame(reqId, messageId, payload, timing), { binary: true });
  }

  private fetchedBlock(messageId: number): Buffer {
    const fetched = this.fetched;
    if (!fetched || fetched.messageId !== messageId) throw badArgs('fetch_block needs the block of a fetch of the same message first');
    return topicRawBlock(fetched.block, fetched.precision);
  }

  private consumer(): string {
    if (!this.consumerId) throw new TdError(TdCode.CONSUMER_NOT_EXIST, 'Consumer not exist: subscribe first');
    return this.consumerId;
  }

  private async handle(text: string): Promise<void> {
    const started = process.hrtime.bigint();
    let action = '';
    let reqId: unknown = 0;
    try {
      let msg: { action?: unknown; args?: Args };
      try {
        msg = JSON.parse(text) as { action?: unknown; args?: Args };
      } catch {
        throw badArgs('message is not JSON');
      }
      action = String(msg.action ?? '');
      const args: Args = msg.args && typeof msg.args === 'object' ? msg.args : {};
      reqId = args.req_id ?? 0;
      const result = await this.run(action, args);
      const timing = process.hrtime.bigint() - started;
      if (Buffer.isBuffer(result.binary)) this.sendBinary(timing, BigInt(Number(reqId) || 0), BigInt(num(args.message_id) ?? 0), result.binary);
      else this.send({ code: 0, message: '', action, req_id: reqId, timing: Number(timing), ...result });
    } catch (error) {
      const e = toTdError(error);
      this.send({ code: e.code & 0xffff, message: e.message, action, req_id: reqId, timing: Number(process.hrtime.bigint() - started) });
    }
  }

  private user(args: Args): UserDef {
    const name = str(args.user);
    if (name !== undefined) return this.engine.authenticate(name, str(args.password) ?? '');
    if (this.headerUser) return this.headerUser;
    throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
  }

  private async run(action: string, args: Args): Promise<Record<string, unknown>> {
    const groups = this.engine.consumers;
    switch (action) {
      case 'version':
        return { version: VERSION };
      case 'subscribe': {
        const user = this.user(args);
        const topics = args.topics;
        if (!Array.isArray(topics)) throw badArgs('topics must be an array');
        const request: SubscribeRequest = {
          groupId: str(args.group_id) ?? '',
          clientId: str(args.client_id),
          offsetReset: str(args.offset_reset),
          autoCommit: bool(args.auto_commit),
          autoCommitIntervalMs: num(args.auto_commit_interval_ms),
          sessionTimeoutMs: num(args.session_timeout_ms),
          maxPollIntervalMs: num(args.max_poll_interval_ms),
          topics: topics.map(String),
        };
        if (this.consumerId) groups.leave(this.consumerId, true);
        this.consumerId = undefined;
        this.consumerId = groups.subscribe(user, request, this.fqdn).id;
        return { consumer_id: this.consumerId };
      }
      case 'poll': {
        const blocking = Math.min(MAX_BLOCKING_MS, Math.max(0, num(args.blocking_time) ?? 0));
        const m = await groups.poll(this.consumer(), blocking);
        if (!m) return { have_message: false, topic: '', database: '', vgroup_id: 0, message_type: 0, message_id: 0, offset: 0 };
        const rows = m.body.kind === 'data' ? m.body.blocks.reduce((n, b) => n + b.rows.length, 0) : 0;
        return {
          have_message: true,
          topic: m.topic,
          database: m.db,
          vgroup_id: m.vgroupId,
          message_type: m.body.kind === 'data' ? 1 : 2,
          message_id: m.id,
          // integers for clients that expect them: a snapshot message gives the log offset its snapshot leads to
          offset: logOffset(m.offset),
          end_offset: logOffset(m.next),
          ...(typeof m.offset === 'number' ? {} : { snapshot: true, position: protocolOffset(m.offset), end_position: protocolOffset(m.next) }),
          rows,
        };
      }
      case 'fetch': {
        const id = this.consumer();
        const messageId = num(args.message_id) ?? 0;
        const block = groups.fetch(id, messageId);
        if (!block) return { completed: true, message_id: messageId };
        const db = groups.get(id).message?.db;
        const precision = db ? this.engine.catalog.findDatabase(db)?.options.precision ?? 'ms' : 'ms';
        this.fetched = { messageId, block, precision };
        return {
          completed: false,
          message_id: messageId,
          table_name: block.tableName,
          stable_name: block.stableName ?? '',
          fields_count: block.columns.length,
          fields_names: block.columns.map((c) => c[0]),
          fields_types: block.columns.map((c) => fieldTypeCode(c[1])),
          fields_lengths: block.columns.map((c) => c[2]),
          precision: PRECISION_CODES[precision],
          rows: block.rows.length,
          // beside taosAdapter's fields: the rows as JSON, so a client needs no block reader
          data: JSON.parse(`[${block.rows.join(',')}]`) as unknown,
        };
      }
      case 'fetch_block':
        return { binary: this.fetchedBlock(num(args.message_id) ?? 0) };
      case 'fetch_json_meta': {
        const m = groups.get(this.consumer()).message;
        if (!m || m.id !== num(args.message_id) || m.body.kind !== 'meta') throw badArgs('not a meta message');
        return { message_id: m.id, data: { statement: m.body.statement, sql: m.body.sql } };
      }
      case 'commit':
        groups.commit(this.consumer(), num(args.message_id));
        return {};
      case 'commit_offset':
        groups.commitOffset(this.consumer(), String(args.topic), Number(args.vgroup_id), parsePosition(args.offset));
        return {};
      case 'seek':
        groups.seek(this.consumer(), String(args.topic), Number(args.vgroup_id), parsePosition(args.offset));
        return {};
      case 'assignment':
        return { assignment: groups.assignment(this.consumer(), String(args.topic)).map((a) => ({ ...a, offset: offsetOrNull(a.offset) })) };
      case 'committed':
        return { committed: groups.committed(this.consumer(), pairsOf(args)).map(offsetOrNull) };
      case 'position':
        return { position: groups.position(this.consumer(), pairsOf(args)).map(offsetOrNull) };
      case 'list_topics':
        return { topics: this.consumerId ? groups.get(this.consumerId).topics : [] };
      case 'unsubscribe':
      case 'close':
        if (this.consumerId) groups.leave(this.consumerId, true);
        this.consumerId = undefined;
        if (action === 'close') setImmediate(() => this.ws.close(1000));
        return {};
      default:
        throw badArgs(`unknown action ${action}`);
    }
  }
}

/**
 * Serves the consume protocol on `server`'s upgrade requests to /rest/tmq. An Authorization header (as for REST)
 * is optional; when given it must be valid (else 401) and `subscribe` may then omit user/password.
 */
export function attachTmqWebSocket(server: http.Server, engine: Engine): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://engine').pathname.replace(/\/$/, '');
    if (path !== TMQ_PATH) {
      if (server.listeners('upgrade').length === 1) socket.destroy();
      return;
    }
    let user: UserDef | undefined;
    const client = clientSocket(engine, req.socket);
    if (req.headers.authorization) {
      const auth = withClient({ socket: client }, () => authorize(engine, req.headers.authorization));
      if (!auth.ok) {
        const status = auth.status === 403 ? '403 Forbidden' : '401 Unauthorized';
        socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ code: auth.code & 0xffff, desc: auth.desc })}`);
        return;
      }
      user = auth.user;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      new TmqConnection(engine, ws, user, req.socket.remoteAddress ?? '', client);
    });
  });
  server.on('close', () => wss.close());
  return wss;
}
