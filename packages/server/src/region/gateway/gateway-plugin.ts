import { Readable, Transform } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { SQL_TIMEOUT_MS } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { instanceIpAllow } from '../../store/schema';
import { findInstance } from '../instances/instance-repo';
import { tokenMatches } from '../instances/credentials';
import { engineConnectionOf } from '../instances/engine-endpoint';
import { isAllowed } from './ip-allow';
import type { TrafficCounter } from './traffic';

export interface GatewayOptions {
  db: Db;
  traffic: TrafficCounter;
}

/** Refusals answer like taosAdapter: an HTTP status and `{code, desc}` (tdengine-facts.md 1.2, 1.5). */
function refuse(reply: FastifyReply, status: number, code: number, desc: string): FastifyReply {
  return reply.status(status).type('application/json').send({ code, desc });
}

const NO_AUTH = 0x1105;
const AUTH_FAILURE = 0x0357;
const GENERIC = 0xffff;
const UNAVAILABLE = 0x000b;

/** The instance token: `?token=` (TDengine cloud URLs carry it so) or `Authorization: Bearer`. */
function tokenOf(request: FastifyRequest, query: URLSearchParams): string | null {
  const fromQuery = query.get('token');
  if (fromQuery) return fromQuery;
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return bearer ? bearer[1].trim() : null;
}

/**
 * The gateway: /gw/{instanceId}/… proxies the engine's REST protocol (SQL, schemaless writes, ping) for users'
 * own clients. It is not under /api: no session, no envelope. It takes the instance token, checks the IP
 * allow-list (standard and enterprise plans; the client address is request.ip, which honours X-Forwarded-For
 * only when TRUST_PROXY is set), then forwards with the engine's credentials and counts the bytes.
 * Encapsulated: its body parser takes every payload as raw bytes and its errors are taosAdapter-shaped.
 */
export const gatewayPlugin: FastifyPluginAsync<GatewayOptions> = async (app, { db, traffic }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    request.log.warn({ err: error }, 'gateway error');
    const status = (error as { statusCode?: number }).statusCode;
    return refuse(reply, status && status >= 400 && status < 500 ? status : 502, GENERIC, (error as Error).message);
  });

  app.all<{ Params: { instanceId: string; '*': string } }>('/gw/:instanceId/*', async (request, reply) => {
    const { instanceId } = request.params;
    const rawUrl = new URL(request.raw.url ?? '/', 'http://gateway');
    const row = /^[\w-]+$/.test(instanceId) ? await findInstance(db, instanceId) : null;
    if (!row || row.status === 'Deleted') return refuse(reply, 404, GENERIC, 'instance not found');

    const token = tokenOf(request, rawUrl.searchParams);
    if (!token) return refuse(reply, 401, NO_AUTH, 'no auth info input');
    if (!tokenMatches(token, row.tokenHash)) return refuse(reply, 401, AUTH_FAILURE, 'Authentication failure');

    if (row.planLevel > 0) {
      const entries = await db.select({ ip: instanceIpAllow.ip }).from(instanceIpAllow).where(eq(instanceIpAllow.instanceId, row.id));
      if (!isAllowed(request.ip, entries.map((e) => e.ip))) return refuse(reply, 403, GENERIC, `IP ${request.ip} is not in the instance's allow-list`);
    }
    const engine = engineConnectionOf(row);
    if (!engine) return refuse(reply, 503, UNAVAILABLE, `instance is not running (${row.status})`);

    rawUrl.searchParams.delete('token');
    const target = `${engine.url}/${request.params['*']}${rawUrl.search}`;
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    // The token is the credential: whatever Authorization the client also sent (the official client sends Basic
    // with its default user unless it is given the token as a query option) is replaced.
    const headers: Record<string, string> = { authorization: engine.authorization };
    if (request.headers['content-type']) headers['content-type'] = request.headers['content-type'];
    if (request.headers['content-encoding']) headers['content-encoding'] = request.headers['content-encoding'];

    let upstream: Response;
    try {
      upstream = await fetch(target, {
        method: request.method,
        headers,
        body: body && body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD' ? body : undefined,
        signal: AbortSignal.timeout(SQL_TIMEOUT_MS),
      });
    } catch (error) {
      return refuse(reply, 502, UNAVAILABLE, `instance unreachable: ${(error as Error).message}`);
    }
    traffic.add(row.id, body?.length ?? 0, 0);

    reply.status(upstream.status);
    const type = upstream.headers.get('content-type');
    if (type) reply.type(type);
    if (!upstream.body) return reply.send();
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        traffic.add(row.id, 0, chunk.length);
        callback(null, chunk);
      },
    });
    return reply.send(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream).pipe(counting));
  });
};
