import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ApiCode,
  datainSampleQuerySchema,
  datainSourceQuerySchema,
  ok,
  transformSampleBodySchema,
  transformSampleQuerySchema,
  translate,
  languageFrom,
  type SourceSampleResponse,
  type SourceValidateResponse,
  type TaskValues,
  type TransformSampleResponse,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { InstanceRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { csvFilesRoutes } from './csv-files-routes';
import { checkSource, csvFilesDir, sampleSource, type SourceContext } from './sources';
import { SourceBlocked } from './sources/guard';
import { serverGuard, serveWorkerGuard } from './sources/server-guard';
import { buildTransform } from './transform';
import { REPLICATION_BASE, REPLICATION_READ_POLICY, replicationInstance, type ReplicationParams } from './route-base';

/** §9: the validate call answers within 2 minutes. */
const VALIDATE_TIMEOUT_MS = 120_000;
/** How long a sample waits for a live source (MQTT, tmq) to deliver its first messages. */
const SAMPLE_WAIT_MS = 5_000;

function contextOf(deps: AppDeps, instance: InstanceRow): SourceContext {
  return { csvDir: csvFilesDir(deps.config.dataDir, instance.id), guard: serverGuard(deps, instance.orgId) };
}

/** A source that cannot be read: the §8 text, with the reason in data for the detail; a refused host says so. */
function unreachable(error: unknown): ApiError {
  if (error instanceof SourceBlocked) return new ApiError(ApiCode.BAD_REQUEST, 'datasource.hostBlocked', [], { reason: error.detail });
  return new ApiError(ApiCode.BAD_REQUEST, 'datasource.error.sourceUnreachable', [], { reason: (error as Error).message });
}

/**
 * Check connection, source sample and transform sample (data-in.md §7; docs/data-in.md "Sample and check"). They
 * read the source with the form's values and write nothing: the sample reads in a throwaway MQTT session or tmq
 * group, so the task's own position is untouched.
 */
export const datainSourceRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // The csvFiles area the CSV source reads (its own plugin: multipart stays in its context).
  await app.register(csvFilesRoutes, deps);
  // Task workers ask this process which targets their task may reach (sources/guard-channel.ts).
  const stopGuard = serveWorkerGuard(deps);
  app.addHook('onClose', async () => stopGuard());

  const validate = async (request: FastifyRequest<{ Params: ReplicationParams }>, input: unknown): Promise<SourceValidateResponse> => {
    const instance = await replicationInstance(deps, request);
    const { connector, values } = parseWith(datainSourceQuerySchema, input);
    try {
      await checkSource(connector, values as TaskValues, contextOf(deps, instance), VALIDATE_TIMEOUT_MS);
      return { valid: true };
    } catch (error) {
      const language = languageFrom(request.headers['accept-language']);
      const text = translate('datasource.error.sourceUnreachable', language);
      const reason = error instanceof SourceBlocked ? translate('datasource.hostBlocked', language) : (error as Error).message;
      return { valid: false, message: `${text}: ${reason}` };
    }
  };
  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/validate`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => ok(await validate(request, request.query)));
  app.post<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/validate`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => ok(await validate(request, request.body)));

  const sample = async (request: FastifyRequest<{ Params: ReplicationParams }>, input: unknown): Promise<SourceSampleResponse> => {
    const instance = await replicationInstance(deps, request);
    const { connector, values, lines } = parseWith(datainSampleQuerySchema, input);
    try {
      const records = await sampleSource(connector, values as TaskValues, lines, contextOf(deps, instance), SAMPLE_WAIT_MS);
      return { records: records.map((record) => record.fields) };
    } catch (error) {
      throw unreachable(error);
    }
  };
  app.get<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/sample`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => ok(await sample(request, request.query)));
  app.post<{ Params: ReplicationParams }>(`${REPLICATION_BASE}/ds/in/sample`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => ok(await sample(request, request.body)));

  // The transform applied to the given records, or to the source's first lines: the rows exactly as written.
  app.post<{ Params: ReplicationParams; Querystring: { tz?: string } }>(`${REPLICATION_BASE}/transform/sample/flat`, { config: { policy: REPLICATION_READ_POLICY } }, async (request) => {
    const instance = await replicationInstance(deps, request);
    const { tz } = parseWith(transformSampleQuerySchema, request.query);
    const body = parseWith(transformSampleBodySchema, request.body);
    let records = body.records?.slice(0, body.lines).map((fields) => ({ fields }));
    if (!records) {
      if (!body.source) throw ApiError.badRequest('validation.formFormat');
      try {
        records = await sampleSource(body.source.connector, body.source.values as TaskValues, body.lines, contextOf(deps, instance), SAMPLE_WAIT_MS);
      } catch (error) {
        throw unreachable(error);
      }
    }
    let outcome;
    try {
      outcome = buildTransform(body.transform, { defaultTimeZone: tz })(records);
    } catch (error) {
      // A filter or path the schema accepts but that does not compile: §8, the message is shown.
      throw new ApiError(ApiCode.BAD_REQUEST, 'validation.formFormat', [], { reason: (error as Error).message });
    }
    const index = new Map(records.map((record, i) => [record, i]));
    return ok<TransformSampleResponse>({
      records: records.length,
      rows: outcome.rows,
      failed: outcome.failed.map((failure) => ({ index: index.get(failure.record) ?? -1, message: failure.error })),
    });
  });
};
