import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { AGENT_CLOSE } from '@tscloud/contracts';

/**
 * The replication agent (docs/data-in.md "Agents"): run next to sources the cloud cannot reach, it connects out to
 * the region server's websocket with its token, says hello and answers the server's heartbeat pings. It reconnects
 * after a dropped connection (backing off up to 30 s) and stops for good when the server ends it for a reason a
 * retry cannot change (token expired or renewed, agent deleted, replaced by another copy). Reading sources through
 * the agent is the next issue.
 *
 *   npm run agent -- --endpoint wss://console.example/agent/ws --token tsa_…
 */
export const AGENT_VERSION = '0.1.0';
const FINAL_CLOSES = new Map<number, string>([
  [AGENT_CLOSE.EXPIRED, 'the token has expired'],
  [AGENT_CLOSE.REMOVED, 'the agent was deleted in the console'],
  [AGENT_CLOSE.REPLACED, 'another copy of this agent connected'],
  [AGENT_CLOSE.TOKEN_RENEWED, 'the token was renewed: start the agent with the new one'],
]);

const log = (text: string) => console.log(`${new Date().toISOString()} ${text}`);

function main(): void {
  const { values } = parseArgs({ options: { endpoint: { type: 'string' }, token: { type: 'string' } } });
  const endpoint = values.endpoint ?? process.env.AGENT_ENDPOINT;
  const token = values.token ?? process.env.AGENT_TOKEN;
  if (!endpoint || !token) {
    console.error('usage: agent --endpoint <ws(s)://…/agent/ws> --token <token>  (or AGENT_ENDPOINT, AGENT_TOKEN)');
    process.exit(64);
  }
  let socket: WebSocket | null = null;
  let stopping = false;
  let retryMs = 1000;

  const connect = () => {
    const ws = new WebSocket(endpoint, { headers: { authorization: `Bearer ${token}` } });
    socket = ws;
    ws.on('open', () => {
      retryMs = 1000;
      log(`connected to ${endpoint}`);
      ws.send(JSON.stringify({ type: 'hello', host: hostname(), version: AGENT_VERSION }));
    });
    // A refused upgrade: a wrong or expired token will not get better by retrying.
    ws.on('unexpected-response', (_request, response) => {
      log(`refused: ${response.statusCode} ${response.statusMessage ?? ''}`);
      if (response.statusCode === 401) process.exit(2);
      ws.terminate();
    });
    ws.on('error', (error) => log(`connection error: ${error.message}`));
    ws.on('close', (code, reason) => {
      if (stopping) process.exit(0);
      const final = FINAL_CLOSES.get(code);
      if (final) {
        log(`stopped: ${final}`);
        process.exit(2);
      }
      log(`disconnected (${code} ${reason.toString()}); retrying in ${retryMs / 1000} s`);
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 30_000);
    });
  };

  const stop = () => {
    stopping = true;
    if (!socket || socket.readyState !== WebSocket.OPEN) process.exit(0);
    socket.close(1000, 'agent stopped');
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  connect();
}

main();
