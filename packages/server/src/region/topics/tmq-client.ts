import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

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

export class TmqClient {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (reply: TmqReply) => void; reject: (error: Error) => void }>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      let reply: TmqReply;
      try {
        reply = JSON.parse(String(data)) as TmqReply;
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
  static open(engineUrl: string, authorization: string, timeoutMs: number): Promise<TmqClient> {
    const url = `${engineUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/rest/tmq`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { authorization }, handshakeTimeout: timeoutMs });
      ws.once('open', () => resolve(new TmqClient(ws)));
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
      this.ws.send(JSON.stringify({ action, args: { req_id: reqId, ...args } }));
    });
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
