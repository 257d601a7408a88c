import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import WebSocket, { WebSocketServer } from 'ws';
import { clientAddressOf, trustFunction, type TrustProxy } from '../../http/client-address';
import type { Db } from '../../store/database';
import { instanceIpAllow } from '../../store/schema';
import { isAllowed } from '../gateway/ip-allow';
import type { TrafficCounter } from '../gateway/traffic';
import { tokenMatches } from '../instances/credentials';
import { engineConnectionOf } from '../instances/engine-endpoint';
import { findInstance } from '../instances/instance-repo';
import { TmqClient } from './tmq-client';
import { relayTenantTmq } from './tmq-tenant-relay';

const TMQ_PATH = /^\/gw\/([\w-]+)\/rest\/tmq\/?$/;
const UPSTREAM_OPEN_MS = 10_000;

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  const body = JSON.stringify({ code: status === 401 ? 0x0357 : 0xffff, desc: text });
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/**
 * The gateway's WebSocket entry for topic consumers (docs/topics-console.md "Example"): `GET /gw/{instanceId}/rest/tmq`
 * upgraded, with the instance token (`?token=` or `Authorization: Bearer`) as for the REST gateway, the IP
 * allow-list of standard and enterprise plans, then a WebSocket to the engine's `/rest/tmq` opened with the
 * instance's own credentials; frames are relayed both ways unchanged and counted as the instance's traffic. An
 * instance on a TDengine cluster is answered by a translating relay instead (tmq-tenant-relay.ts). Upgrades on
 * other paths are left to other listeners.
 */
export function registerTmqGateway(app: FastifyInstance, deps: { db: Db; traffic: TrafficCounter; trustProxy: TrustProxy }): void {
  const server = new WebSocketServer({ noServer: true });
  // The upgrade bypasses Fastify, so the client address is resolved here by the same TRUST_PROXY rule as request.ip.
  const trusted = trustFunction(deps.trustProxy);
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const match = TMQ_PATH.exec(url.pathname);
    if (!match) return;
    void (async () => {
      const row = await findInstance(deps.db, match[1]);
      if (!row || row.status === 'Deleted') return refuseUpgrade(socket, 404, 'instance not found');
      const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
      const token = url.searchParams.get('token') ?? bearer?.[1]?.trim() ?? null;
      if (!token || !tokenMatches(token, row.tokenHash)) return refuseUpgrade(socket, 401, 'Authentication failure');
      if (row.planLevel > 0) {
        const entries = await deps.db.select({ ip: instanceIpAllow.ip }).from(instanceIpAllow).where(eq(instanceIpAllow.instanceId, row.id));
        const ip = clientAddressOf(request, trusted);
        if (!isAllowed(ip, entries.map((e) => e.ip))) return refuseUpgrade(socket, 403, `IP ${ip} is not in the instance's allow-list`);
      }
      const engine = engineConnectionOf(row);
      if (!engine) return refuseUpgrade(socket, 503, `instance is not running (${row.status})`);
      const count = (inBytes: number, outBytes: number) => deps.traffic.add(row.id, inBytes, outBytes);
      if (engine.tenant) {
        // a shared cluster: a consumer in the namespace answers the client (names and blocks translated)
        const upstream = await TmqClient.open(engine.url, engine.authorization, UPSTREAM_OPEN_MS, { tenant: engine.tenant }).catch(() => undefined);
        if (!upstream) return refuseUpgrade(socket, 502, 'instance unreachable');
        return server.handleUpgrade(request, socket, head, (client) => relayTenantTmq(client, upstream, count));
      }
      // autoPong off: the engine's pings are the consumer's heartbeat (session.timeout.ms), so the client answers them
      const upstream = new WebSocket(`${engine.url.replace(/^http/, 'ws')}/rest/tmq`, { headers: { authorization: engine.authorization }, autoPong: false });
      upstream.once('error', () => refuseUpgrade(socket, 502, 'instance unreachable'));
      upstream.once('open', () => {
        server.handleUpgrade(request, socket, head, (client) => {
          client.on('message', (data, isBinary) => {
            count((data as Buffer).length, 0);
            if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary: isBinary });
          });
          upstream.on('message', (data, isBinary) => {
            count(0, (data as Buffer).length);
            if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
          });
          upstream.on('ping', (data) => {
            if (client.readyState === WebSocket.OPEN) client.ping(data);
          });
          client.on('pong', (data) => {
            if (upstream.readyState === WebSocket.OPEN) upstream.pong(data);
          });
          client.on('close', () => upstream.close());
          upstream.on('close', () => client.close());
          client.on('error', () => upstream.terminate());
          upstream.on('error', () => client.terminate());
        });
      });
    })().catch(() => refuseUpgrade(socket, 502, 'gateway error'));
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of server.clients) client.terminate();
    server.close();
  });
}
