import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVITY_CSV_COLUMNS, Privilege, activityFilterSchema, activityQuerySchema, ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { orgOf } from '../access/org-guard-plugin';
import { csvLine } from '@tscloud/contracts/csv';
import { activityEntries, activityTypes, queryActivity } from './activity-service';

/**
 * GET /api/activity (the change log screen) and GET /api/instances/logs (organization logs about instances), each
 * with `/types` (the types present, for the type filter) and `/export` (the filtered log as CSV) — all with the
 * same right, activity:read.
 */
export const activityPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const policy = { access: 'org', privileges: { allOf: [Privilege.ACTIVITY_READ] } } as const;

  /** The filtered log as CSV, streamed step by step (activityEntries), times as ISO 8601 UTC. */
  async function exportCsv(request: FastifyRequest, reply: FastifyReply, instancesOnly: boolean) {
    const { orgId } = orgOf(request);
    const filter = parseWith(activityFilterSchema, request.query);
    async function* lines(): AsyncGenerator<string> {
      yield csvLine(ACTIVITY_CSV_COLUMNS);
      for await (const entries of activityEntries(db, orgId, filter, instancesOnly)) {
        yield entries.map((e) => csvLine(ACTIVITY_CSV_COLUMNS.map((c) => (c === 'requestTime' ? new Date(e.requestTime).toISOString() : e[c])))).join('');
      }
    }
    const stream = Readable.from(lines());
    stream.on('error', (error) => request.log.error({ err: error }, 'activity export stopped'));
    const name = instancesOnly ? 'instance-logs' : 'activity';
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${deps.clock.now()}.csv"`).send(stream);
  }

  for (const [path, instancesOnly] of [['/api/activity', false], ['/api/instances/logs', true]] as const) {
    app.get(path, { config: { policy } }, async (request) =>
      ok(await queryActivity(db, orgOf(request).orgId, parseWith(activityQuerySchema, request.query), instancesOnly)),
    );
    app.get(`${path}/types`, { config: { policy } }, async (request) => ok(await activityTypes(db, orgOf(request).orgId, instancesOnly)));
    app.get(`${path}/export`, { config: { policy } }, async (request, reply) => exportCsv(request, reply, instancesOnly));
  }
};
