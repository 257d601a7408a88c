import type { FastifyPluginAsync } from 'fastify';
import { Privilege, ok, streamCreateSchemaFor, streamCreateSql, streamOutputQuerySchema, streamResumeSchema, type StreamItem, type StreamModel } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { instanceEngine, memberEngine } from '../engine-client/member-engine';
import { instanceInRegion } from '../instances/instance-access';
import { refused, rowsOf, streamParam, streamSql } from './engine';
import { findStream, listStreams, streamOutput } from './list';
import { streamModelOf } from './model';

export const STREAM_READ = { allOf: [Privilege.DB_READ] } as const;
export const STREAM_WRITE = { allOf: [Privilege.DB_READ, Privilege.DB_WRITE] } as const;

/**
 * The Streams screen's calls (docs/streams-console.md): list, create from the form's body through the one
 * generator, pause, resume, drop, and the output preview. Every statement runs as the member's engine user, so
 * the engine's own checks (READ on the source, WRITE on the target, creator or database admin for the rest)
 * apply on top of the route's privileges. That is why they are 'resource' routes: a grant on one database admits
 * them, and the engine user sees and changes only the streams of the databases its grants cover. An instance on a
 * TDengine 3.3.7 cluster speaks the trigger model: the same form is written in its grammar, and its streams are
 * stopped, started and dropped by their database (`STOP STREAM db.s`).
 */
export const streamRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  type Params = { region: string; instanceId: string };
  type Named = Params & { name: string };
  const engineOf = async (request: Parameters<typeof memberEngine>[1], params: Params) => {
    const row = await instanceInRegion(deps, request, params.instanceId, params.region);
    return { row, engine: await memberEngine(deps, request, row), model: await streamModelOf(deps, row) };
  };
  /** A stream as its statements name it: by name in the classic grammar, by database and name in 3.3.7's. */
  const streamName = (model: StreamModel, stream: StreamItem) => (model === 'triggers' ? `${quoteName(stream.source_db)}.${quoteName(stream.name)}` : quoteName(stream.name));

  app.get<{ Params: Params }>(
    '/api/region/:region/stream/list/:instanceId',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_READ } } },
    async (request) => {
      const { engine, model } = await engineOf(request, request.params);
      return ok(await listStreams(engine, model));
    },
  );

  app.post<{ Params: Params }>(
    '/api/region/:region/stream/create/:instanceId',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_WRITE, write: true, activity: { type: 'instance', operation: 'create stream' } } } },
    async (request) => {
      const { row, engine, model } = await engineOf(request, request.params);
      const body = parseWith(streamCreateSchemaFor(model), request.body);
      // Stream names are global (§5 unique): checked across every stream, so the §8 message wins over any
      // other refusal the statement would meet.
      const same = await rowsOf(instanceEngine(row), `SELECT stream_name FROM information_schema.ins_streams WHERE stream_name = ${quoteText(body.name)}`);
      if (same.length) throw ApiError.conflict('error.streamExists');
      const answer = await streamSql(engine, streamCreateSql(body, model));
      if (answer.code !== 0) throw refused(answer);
      return ok(await findStream(engine, model, body.name));
    },
  );

  const control = (verb: 'pause' | 'resume', operation: string) =>
    app.post<{ Params: Named; Body: unknown }>(
      `/api/region/:region/stream/${verb}/:instanceId/:name`,
      { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_WRITE, write: true, activity: { type: 'instance', operation } } } },
      async (request) => {
        const name = streamParam(request.params.name);
        const { engine, model } = await engineOf(request, request.params);
        const stream = await findStream(engine, model, name);
        const ignore = verb === 'resume' && parseWith(streamResumeSchema, request.body ?? {}).ignore_untreated ? ' IGNORE UNTREATED' : '';
        // 3.3.7 stops and starts what 3.3.6 paused and resumed
        const statement = model === 'triggers' ? (verb === 'pause' ? 'STOP' : 'START') : verb.toUpperCase();
        const answer = await streamSql(engine, `${statement} STREAM${ignore} ${streamName(model, stream)}`);
        if (answer.code !== 0) throw refused(answer);
        return ok(await findStream(engine, model, name));
      },
    );
  control('pause', 'pause stream');
  control('resume', 'resume stream');

  app.delete<{ Params: Named }>(
    '/api/region/:region/stream/:instanceId/:name',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: STREAM_WRITE, write: true, activity: { type: 'instance', operation: 'delete stream' } } } },
    async (request) => {
      const name = streamParam(request.params.name);
      const { engine, model } = await engineOf(request, request.params);
      const stream = await findStream(engine, model, name);
      const answer = await streamSql(engine, `DROP STREAM ${streamName(model, stream)}`);
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
      const { engine, model } = await engineOf(request, request.params);
      return ok(await streamOutput(engine, await findStream(engine, model, name), rows));
    },
  );
};
