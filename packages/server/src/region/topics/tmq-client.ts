import { randomBytes } from 'node:crypto';
import { decodeRawBlock, precisionOfCode, readBinaryFrame } from 'tscloud-engine';
import WebSocket from 'ws';
import type { TenantNamespace } from '../clusters/tenant-guard';
import { tenantTmqReply, tenantTmqRequest } from '../clusters/tmq-names';

/**
 * A short-lived consumer over the engine's WebSocket `/rest/tmq` (docs/engine-tmq.md "The consume protocol"):
 * one connection, requests answered in order. The console uses it with a temporary group that never commits,
 * so the group is gone again when the connection closes (groups exist only with members or commits).
 */
export interface TmqReply {
  code: number;
  message: string;
  action: string;
  req_id: number;
  [field: string]: unknown;
}

export class TmqError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

/** Groups the console opens; the consumers view leaves them out. */
export const CONSOLE_GROUP_PREFIX = 'tscloud_console_';

export function temporaryGroup(): string {
  return `${CONSOLE_GROUP_PREFIX}${randomBytes(8).toString('hex')}`;
}

/** The user and password of a Basic Authorization header: taosAdapter takes them in `subscribe`, not from the upgrade. */
function basicCredentials(authorization: string): { user: string; password: string } | undefined {
  const m = /^Basic\s+(.+)$/i.exec(authorization);
  if (!m) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? undefined : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** A binary frame (fetch_block) as a reply whose `block` is TDengine's raw block. */
function binaryReply(data: Buffer): TmqReply {
  const frame = readBinaryFrame(data);
  return { code: 0, message: '', action: 'fetch_block', req_id: frame.reqId, message_id: frame.messageId, block: frame.payload };
}

export interface TmqClientOptions {
  /** an instance on a TDengine cluster: topics and groups are named in its namespace on the wire */
  tenant?: TenantNamespace;
}

export class TmqClient {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (reply: TmqReply) => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly ws: WebSocket,
    private readonly credentials: { user: string; password: string } | undefined,
    private readonly tenant: TenantNamespace | undefined,
  ) {
    ws.on('message', (data, isBinary) => {
      let reply: TmqReply;
      try {
        reply = isBinary ? binaryReply(data as Buffer) : (JSON.parse(String(data)) as TmqReply);
        if (tenant) reply = tenantTmqReply(reply, tenant);
      } catch {
        return;
      }
      const entry = this.waiting.get(reply.req_id);
      if (!entry) return;
      this.waiting.delete(reply.req_id);
      if (reply.code !== 0) entry.reject(new TmqError(reply.code, reply.message));
      else entry.resolve(reply);
    });
    ws.on('close', () => this.failAll(new Error('connection closed')));
    ws.on('error', (error) => this.failAll(error));
  }

  /** Opens `{engineUrl}/rest/tmq` with the given Authorization header. */
  static open(engineUrl: string, authorization: string, timeoutMs: number, options: TmqClientOptions = {}): Promise<TmqClient> {
    const url = `${engineUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/rest/tmq`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { authorization }, handshakeTimeout: timeoutMs });
      ws.once('open', () => resolve(new TmqClient(ws, basicCredentials(authorization), options.tenant)));
      ws.once('unexpected-response', (_req, res) => reject(new TmqError(res.statusCode === 401 ? 855 : -1, `upgrade refused (${res.statusCode ?? '?'})`)));
      ws.once('error', reject);
    });
  }

  call(action: string, args: Record<string, unknown> = {}, timeoutMs = 15_000): Promise<TmqReply> {
    const reqId = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(reqId);
        reject(new Error(`${action}: no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(reqId, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      let sent = action === 'subscribe' && this.credentials && args.user === undefined ? { ...this.credentials, ...args } : args;
      if (this.tenant) sent = tenantTmqRequest(sent, this.tenant);
      this.ws.send(JSON.stringify({ action, args: { req_id: reqId, ...sent } }));
    });
  }

  /**
   * The rows of the block a `fetch` answered: its `data` where our engine sends it, else — on a TDengine cluster,
   * whose taosAdapter sends no rows in `fetch` — the raw block of `fetch_block` read as REST cells.
   */
  async blockRows(messageId: unknown, fetched: TmqReply): Promise<unknown[][]> {
    if (!this.tenant && Array.isArray(fetched.data)) return fetched.data as unknown[][];
    const reply = await this.call('fetch_block', { message_id: messageId });
    return decodeRawBlock(reply.block as Buffer, precisionOfCode(fetched.precision)).cells;
  }

  /** Subscribes a consumer of a fresh temporary group that never commits. */
  subscribe(topic: string, offsetReset: 'earliest' | 'latest' = 'earliest'): Promise<TmqReply> {
    return this.call('subscribe', {
      group_id: temporaryGroup(),
      client_id: 'tscloud-console',
      offset_reset: offsetReset,
      auto_commit: 'false',
      topics: [topic],
    });
  }

  /** Called once when the connection closes, from either side. */
  onClose(listener: () => void): void {
    if (this.ws.readyState === WebSocket.CLOSED) listener();
    else this.ws.once('close', listener);
  }

  /** Leaves the group (no commit: auto commit is off) and closes the socket. */
  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) {
      await this.call('unsubscribe', {}, 5_000).catch(() => undefined);
      await new Promise<void>((resolve) => {
        this.ws.once('close', () => resolve());
        this.ws.close(1000);
        setTimeout(resolve, 2_000).unref();
      });
    }
    this.failAll(new Error('closed'));
  }

  private failAll(error: Error): void {
    for (const entry of this.waiting.values()) entry.reject(error);
    this.waiting.clear();
  }
}
