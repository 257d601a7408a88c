import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { findInstance, findInstanceByTokenHash } from '../instances/instance-repo';
import { hashToken, tokenMatches } from '../instances/credentials';
import { AUTH_FAILURE, GENERIC, NO_AUTH, forwardToEngine, refuse, tokenOf } from './forward';

/** A database name as the JDBC REST driver puts it in the path (`/rest/sql/{db}`). */
const DB_SEGMENT = /^[\w.-]{1,64}$/;

/**
 * The gateway: the engine's REST protocol (SQL, schemaless writes, ping) for users' own clients, with the instance
 * token as the credential. Two entries:
 * - `/gw/{instanceId}/…` (all methods): the path names the instance, the token must be its token;
 * - `POST /rest/sql[/{db}]` at the root: the token alone names the instance. The stock JDBC REST driver
 *   (`jdbc:TAOS-RS://host:port?token=…`) posts there and cannot be given a path prefix.
 * Neither is under /api: no session, no envelope. Encapsulated: its body parser takes every payload as raw bytes and
 * its errors are taosAdapter-shaped.
 */
export const gatewayPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const { traffic } = app.region;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    request.log.warn({ err: error }, 'gateway error');
    const status = (error as { statusCode?: number }).statusCode;
    return refuse(reply, status && status >= 400 && status < 500 ? status : 502, GENERIC, (error as Error).message);
  });

  app.all<{ Params: { instanceId: string; '*': string } }>('/gw/:instanceId/*', async (request, reply) => {
    const { instanceId } = request.params;
    const query = new URL(request.raw.url ?? '/', 'http://gateway').searchParams;
    const row = /^[\w-]+$/.test(instanceId) ? await findInstance(db, instanceId) : null;
    if (!row || row.status === 'Deleted') return refuse(reply, 404, GENERIC, 'instance not found');

    const token = tokenOf(request, query);
    if (!token) return refuse(reply, 401, NO_AUTH, 'no auth info input');
    if (!tokenMatches(token, row.tokenHash)) return refuse(reply, 401, AUTH_FAILURE, 'Authentication failure');
    return forwardToEngine({ db, traffic }, request, reply, row, request.params['*'], query);
  });

  const tokenRouted = async (request: FastifyRequest<{ Params: { db?: string } }>, reply: FastifyReply) => {
    const query = new URL(request.raw.url ?? '/', 'http://gateway').searchParams;
    const token = tokenOf(request, query);
    if (!token) return refuse(reply, 401, NO_AUTH, 'no auth info input');
    // Tokens are random (192 bits), so their hashes name one instance; a deleted instance's token opens nothing.
    const row = await findInstanceByTokenHash(db, hashToken(token));
    if (!row) return refuse(reply, 401, AUTH_FAILURE, 'Authentication failure');
    const { db: database } = request.params;
    if (database !== undefined && !DB_SEGMENT.test(database)) return refuse(reply, 400, GENERIC, 'invalid database name');
    return forwardToEngine({ db, traffic }, request, reply, row, database ? `rest/sql/${database}` : 'rest/sql', query);
  };
  app.post('/rest/sql', tokenRouted);
  app.post<{ Params: { db: string } }>('/rest/sql/:db', tokenRouted);
};
