import type { FastifyPluginAsync } from 'fastify';
import { Privilege, ok, streamCreateSchema, streamCreateSql, streamOutputQuerySchema, streamResumeSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { instanceEngine, memberEngine } from '../engine-client/member-engine';
import { instanceInRegion } from '../instances/instance-access';
import { refused, rowsOf, streamParam, streamSql } from './engine';
import { findStream, listStreams, streamOutput } from './list';

export const STREAM_READ = { allOf: [Privilege.DB_READ] } as const;
export const STREAM_WRITE = { allOf: [Privilege.DB_READ, Privilege.DB_WRITE] } as const;

/**
 * The Streams screen's calls (docs/streams-console.md): list, create from the form's body through the one
 * generator, pause, resume, drop, and the output preview. Every statement runs as the member's engine user, so
 * the engine's own checks (READ on the source, WRITE on the target, creator or database admin for the rest)
 * apply on top of the route's privileges. That is why they are 'resource' routes: a grant on one database admits
 * them, and the engine user sees and changes only the streams of the databases its grants cover.
 */
export const streamRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  type Params = { region: string; instanceId: string };
  type Named = Params & { name: string };
  const engineOf = async (request: Parameters<typeof memberEngine>[1], params: Params) => {
    const row = await instanceInRegion(deps, request, params.instanceId, params.region);
    return { row, engine: await memberEngine(deps, request, row) };
  };

  app.get<{ Params: Params }>(
    '/api/region/:region/stream/list/:instanceId',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_READ } } },
    async (request) => ok(await listStreams((await engineOf(request, request.params)).engine)),
  );

  app.post<{ Params: Params }>(
    '/api/region/:region/stream/create/:instanceId',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_WRITE, write: true, activity: { type: 'instance', operation: 'create stream' } } } },
    async (request) => {
      const body = parseWith(streamCreateSchema, request.body);
      const { row, engine } = await engineOf(request, request.params);
      // Stream names are global (§5 unique): checked across every stream, so the §8 message wins over any
      // other refusal the statement would meet.
      const same = await rowsOf(instanceEngine(row), `SELECT stream_name FROM information_schema.ins_streams WHERE stream_name = ${quoteText(body.name)}`);
      if (same.length) throw ApiError.conflict('error.streamExists');
      const answer = await streamSql(engine, streamCreateSql(body));
      if (answer.code !== 0) throw refused(answer);
      return ok(await findStream(engine, body.name));
    },
  );

  const control = (verb: 'pause' | 'resume', operation: string) =>
    app.post<{ Params: Named; Body: unknown }>(
      `/api/region/:region/stream/${verb}/:instanceId/:name`,
      { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_WRITE, write: true, activity: { type: 'instance', operation } } } },
      async (request) => {
        const name = streamParam(request.params.name);
        const { engine } = await engineOf(request, request.params);
        await findStream(engine, name);
        const ignore = verb === 'resume' && parseWith(streamResumeSchema, request.body ?? {}).ignore_untreated ? ' IGNORE UNTREATED' : '';
        const answer = await streamSql(engine, `${verb.toUpperCase()} STREAM${ignore} ${quoteName(name)}`);
        if (answer.code !== 0) throw refused(answer);
        return ok(await findStream(engine, name));
      },
    );
  control('pause', 'pause stream');
  control('resume', 'resume stream');

  app.delete<{ Params: Named }>(
    '/api/region/:region/stream/:instanceId/:name',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_WRITE, write: true, activity: { type: 'instance', operation: 'delete stream' } } } },
    async (request) => {
      const name = streamParam(request.params.name);
      const { engine } = await engineOf(request, request.params);
      await findStream(engine, name);
      const answer = await streamSql(engine, `DROP STREAM ${quoteName(name)}`);
      if (answer.code !== 0) throw refused(answer);
      return ok({ name });
    },
  );

  app.get<{ Params: Named; Querystring: Record<string, string> }>(
    '/api/region/:region/stream/output/:instanceId/:name',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_READ } } },
    async (request) => {
      const name = streamParam(request.params.name);
      const { rows } = parseWith(streamOutputQuerySchema, request.query);
      const { engine } = await engineOf(request, request.params);
      return ok(await streamOutput(engine, await findStream(engine, name), rows));
    },
  );
};
