import { Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { SQL_TIMEOUT_MS } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { instanceIpAllow, type InstanceRow } from '../../store/schema';
import { engineConnectionOf } from '../instances/engine-endpoint';
import { stringify } from 'lossless-json';
import { engineRestCall, type EngineTarget } from '../engine-client/rest-call';
import { isAllowed } from './ip-allow';
import { schemalessPoints, tenantRoute } from './tenant-routes';
import { markAccessChanged } from '../instance-users';
import type { TrafficCounter } from './traffic';

/** Refusals answer like taosAdapter: an HTTP status and `{code, desc}` (tdengine-facts.md 1.2, 1.5). */
export function refuse(reply: FastifyReply, status: number, code: number, desc: string): FastifyReply {
  return reply.status(status).type('application/json').send({ code, desc });
}

export const NO_AUTH = 0x1105;
export const AUTH_FAILURE = 0x0357;
export const GENERIC = 0xffff;
const UNAVAILABLE = 0x000b;

/** The instance token: `?token=` (TDengine cloud URLs carry it so) or `Authorization: Bearer`. */
export function tokenOf(request: FastifyRequest, query: URLSearchParams): string | null {
  const fromQuery = query.get('token');
  if (fromQuery) return fromQuery;
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return bearer ? bearer[1].trim() : null;
}

/**
 * What both gateway entries do once the token has named an authenticated instance: the IP allow-list (standard
 * and enterprise plans; the client address is request.ip, which believes only the X-Forwarded-For entries
 * TRUST_PROXY's proxies appended, http/client-address.ts), the running check, then the request forwarded to `enginePath` with the engine's credentials and its bytes
 * counted.
 */
export async function forwardToEngine(
  deps: { db: Db; traffic: TrafficCounter },
  request: FastifyRequest,
  reply: FastifyReply,
  row: InstanceRow,
  enginePath: string,
  query: URLSearchParams,
): Promise<FastifyReply> {
  const { db, traffic } = deps;
  if (row.planLevel > 0) {
    const entries = await db.select({ ip: instanceIpAllow.ip }).from(instanceIpAllow).where(eq(instanceIpAllow.instanceId, row.id));
    if (!isAllowed(request.ip, entries.map((e) => e.ip))) return refuse(reply, 403, GENERIC, `IP ${request.ip} is not in the instance's allow-list`);
  }
  const engine = engineConnectionOf(row);
  if (!engine) return refuse(reply, 503, UNAVAILABLE, `instance is not running (${row.status})`);

  let search = new URLSearchParams(query);
  search.delete('token');
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  let path = enginePath;
  let writes: 'lines' | 'json' | undefined;
  if (engine.tenant) {
    // An instance on a TDengine cluster: nothing reaches the cluster that the tenant guard has not read.
    const route = tenantRoute(engine.tenant, enginePath, search);
    if (route.kind === 'refused') return refuse(reply, 404, GENERIC, route.reason);
    if (route.kind === 'sql') return answerTenantSql(deps, reply, row, engine, body, route.db, search);
    ({ path, search, writes } = route);
  }
  const rest = search.toString();
  const target = `${engine.url}/${path}${rest ? `?${rest}` : ''}`;
  // The token is the credential: whatever Authorization the client also sent (the official Node client sends Basic
  // with its default user unless it is given the token as a query option; the JDBC REST driver sends "Basic null")
  // is replaced.
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
  // a cluster keeps no counts per namespace: its instance's rows are counted here (docs/clusters.md decision 8)
  if (writes && upstream.ok) traffic.addStatement(row.id, { rowsInserted: schemalessPoints(writes, body), queries: 0 });

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
}

/** A tenant's statement through the guard, answered as taosAdapter answers (HTTP 200, the code in the body). */
async function answerTenantSql(
  deps: { traffic: TrafficCounter },
  reply: FastifyReply,
  row: InstanceRow,
  engine: EngineTarget,
  body: Buffer | undefined,
  db: string | undefined,
  params: URLSearchParams,
): Promise<FastifyReply> {
  const sql = body?.toString('utf8') ?? '';
  let answer;
  try {
    // The instance users are granted the new database at the next reconcile (before their next statement).
    answer = await engineRestCall(
      { ...engine, onDatabasesChanged: () => markAccessChanged(row.orgId), onStatement: (counted) => deps.traffic.addStatement(row.id, counted) },
      sql,
      { timeoutMs: SQL_TIMEOUT_MS, db, params },
    );
  } catch (error) {
    return refuse(reply, 502, UNAVAILABLE, `instance unreachable: ${(error as Error).message}`);
  }
  const text = stringify(answer) ?? '';
  deps.traffic.add(row.id, body?.length ?? 0, Buffer.byteLength(text));
  return reply.status(200).type('application/json; charset=utf-8').send(text);
}
