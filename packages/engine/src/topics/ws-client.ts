import WebSocket from 'ws';
import { readBinaryFrame } from '../format/raw-block';

export type Reply = Record<string, unknown> & { code: number; message: string; action: string; req_id: number };

/** A reply with a non-zero code. */
export class TmqReplyError extends Error {
  constructor(
    readonly action: string,
    readonly code: number,
    message: string,
  ) {
    super(`${action}: [0x${code.toString(16).padStart(4, '0')}] ${message}`);
  }
}

function binaryReply(data: Buffer): Reply {
  const frame = readBinaryFrame(data);
  return { code: 0, message: '', action: 'fetch_block', req_id: frame.reqId, message_id: frame.messageId, block: frame.payload };
}

/**
 * A client of the engine's consume protocol on /rest/tmq (docs/engine-tmq.md): what the data-in `tmq` source and
 * the tests use. `drain` polls and fetches until the topic has nothing new.
 */
export class TmqClient {
  private reqId = 0;
  private readonly pending = new Map<number, (r: Reply) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      // binary frames (fetch_block): uint64 timing, uint64 req_id, uint64 message_id, then the raw block
      const reply = isBinary ? binaryReply(data as Buffer) : (JSON.parse(String(data)) as Reply);
      const done = this.pending.get(Number(reply.req_id));
      this.pending.delete(Number(reply.req_id));
      done?.(reply);
    });
  }

  /** `baseUrl`: the engine's http(s) address; `headers`: e.g. an Authorization header as for REST. */
  static connect(baseUrl: string, headers: Record<string, string> = {}): Promise<TmqClient> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/rest/tmq`, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        const client = new TmqClient(ws);
        ws.on('close', () => client.failPending());
        resolve(client);
      });
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  request(action: string, args: Record<string, unknown> = {}): Promise<Reply> {
    const req_id = ++this.reqId;
    return new Promise((resolve) => {
      this.pending.set(req_id, resolve);
      this.ws.send(JSON.stringify({ action, args: { req_id, ...args } }));
    });
  }

  async ok(action: string, args: Record<string, unknown> = {}): Promise<Reply> {
    const r = await this.request(action, args);
    if (r.code !== 0) throw new TmqReplyError(action, r.code, r.message);
    return r;
  }

  /** The raw block of the block the last `fetch` of `messageId` returned (taosAdapter's `fetch_block`). */
  async fetchBlock(messageId: unknown): Promise<Buffer> {
    const r = await this.ok('fetch_block', { message_id: messageId });
    return r.block as Buffer;
  }

  /** Subscribes (defaults: root/taosdata, manual commit, earliest; `extra` overrides any subscribe argument). */
  subscribe(group: string, topics: string[], extra: Record<string, unknown> = {}): Promise<Reply> {
    return this.ok('subscribe', { user: 'root', password: 'taosdata', group_id: group, client_id: 'test', auto_commit: 'false', offset_reset: 'earliest', topics, ...extra });
  }

  /** Polls until `emptyPolls` polls in a row bring nothing; every row as [table, ...cells]. Commits each message if asked. */
  async drain(opts: { emptyPolls?: number; blockingMs?: number; commit?: boolean } = {}): Promise<unknown[][]> {
    const rows: unknown[][] = [];
    let empty = 0;
    while (empty < (opts.emptyPolls ?? 2)) {
      const p = await this.ok('poll', { blocking_time: opts.blockingMs ?? 200 });
      if (!p.have_message) {
        empty++;
        continue;
      }
      empty = 0;
      for (;;) {
        const f = await this.ok('fetch', { message_id: p.message_id });
        if (f.completed) break;
        for (const row of f.data as unknown[][]) rows.push([f.table_name, ...row]);
      }
      if (opts.commit) await this.ok('commit', { message_id: p.message_id });
    }
    return rows;
  }

  private failPending(): void {
    for (const [id, done] of this.pending) done({ code: 0xffff, message: 'connection closed', action: '', req_id: id });
    this.pending.clear();
  }

  /** Drops the connection without unsubscribing, as a killed client does. */
  kill(): void {
    this.ws.terminate();
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}
