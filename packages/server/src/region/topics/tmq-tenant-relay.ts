import { binaryFrame } from 'tscloud-engine';
import WebSocket from 'ws';
import { TmqError, type TmqClient, type TmqReply } from './tmq-client';

/** Replies that come later than this after a poll's own blocking time are given up on. */
const REPLY_GRACE_MS = 15_000;
const MAX_BLOCKING_MS = 60_000;
/** TDengine's default session.timeout.ms: a client silent for longer than its session timeout has left. */
const DEFAULT_SESSION_TIMEOUT_MS = 12_000;
const PING_MS = 1_000;

type Request = { action?: unknown; args?: Record<string, unknown> };

/**
 * The gateway's consume protocol for an instance on a TDengine cluster (docs/clusters.md "Topics over the
 * WebSocket"): the client's requests are answered through `upstream`, a consumer connection to the cluster's
 * taosAdapter that names topics and groups in the instance's namespace. The client sees the protocol of our engine
 * (docs/engine-tmq.md): its names without the prefix, `fetch` with the block's rows as `data` (read from the raw
 * block), `fetch_block` as the same binary frame. Credentials in `subscribe` are replaced by the instance's: the
 * instance token already admitted the client. `count(inBytes, outBytes)` counts the client's traffic.
 *
 * The cluster cannot see the client, only this relay, so the relay keeps the consumer's heartbeat honest: it pings the
 * client each second, and a client that neither sends nor answers for its `session_timeout_ms` (12 s unless its
 * subscribe says otherwise) is cut off, which closes the consumer and hands its vgroups to the rest of its group — as
 * our engine does with a hung client (docs/engine-tmq.md).
 */
export function relayTenantTmq(client: WebSocket, upstream: TmqClient, count: (inBytes: number, outBytes: number) => void): void {
  const send = (data: string | Buffer) => {
    count(0, typeof data === 'string' ? Buffer.byteLength(data) : data.length);
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: typeof data !== 'string' });
  };

  const answer = async (request: Request): Promise<void> => {
    const action = String(request.action ?? '');
    const { req_id: reqId, user: _user, password: _password, ...args } = request.args ?? {};
    const id = Number(reqId ?? 0);
    try {
      const blocking = Math.min(MAX_BLOCKING_MS, Math.max(0, Number(args.blocking_time ?? 0)));
      const reply = await upstream.call(action, args, blocking + REPLY_GRACE_MS);
      if (action === 'fetch_block') return send(binaryFrame(id, Number(args.message_id ?? 0), reply.block as Buffer));
      const out: TmqReply = { ...reply, req_id: id };
      if (action === 'fetch' && !reply.completed && !Array.isArray(reply.data)) out.data = await upstream.blockRows(args.message_id, reply);
      send(JSON.stringify(out));
      if (action === 'close') client.close(1000);
    } catch (error) {
      const code = error instanceof TmqError && error.code > 0 ? error.code : 0xffff;
      const message = error instanceof Error ? error.message : String(error);
      send(JSON.stringify({ code, message, action, req_id: id, timing: 0 }));
    }
  };

  let heard = Date.now();
  let sessionTimeoutMs = DEFAULT_SESSION_TIMEOUT_MS;
  const pinger = setInterval(() => {
    if (Date.now() - heard > sessionTimeoutMs) return client.terminate();
    if (client.readyState === WebSocket.OPEN) client.ping();
  }, PING_MS);
  pinger.unref();
  client.on('pong', () => (heard = Date.now()));

  let queue: Promise<void> = Promise.resolve();
  client.on('message', (data, isBinary) => {
    const bytes = data as Buffer;
    heard = Date.now();
    count(bytes.length, 0);
    if (isBinary) return;
    let request: Request;
    try {
      request = JSON.parse(String(bytes)) as Request;
    } catch {
      return send(JSON.stringify({ code: 0xffff, message: 'the request is not JSON', action: '', req_id: 0, timing: 0 }));
    }
    const timeout = Number(request.args?.session_timeout_ms);
    if (request.action === 'subscribe' && timeout > 0) sessionTimeoutMs = timeout;
    // one request at a time, as the engine and taosAdapter answer them: a fetch_block must follow its fetch
    queue = queue.then(() => answer(request));
  });
  client.on('close', () => {
    clearInterval(pinger);
    void upstream.close();
  });
  upstream.onClose(() => client.close(1011));
  client.on('error', () => void upstream.close());
}
