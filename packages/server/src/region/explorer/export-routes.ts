import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EXPORT_EXTENSIONS, EXPORT_TICKET_TTL_MS, Privilege, SQL_TIMEOUT_MS, exportRequestSchema, ok, type ExportTicket } from '@tscloud/contracts';
import { isPageableQuery, pageSql, singleStatement } from '@tscloud/contracts/sql';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf } from '../../platform/access';
import { instanceInRegion } from '../instances/instance-access';
import { memberEngine, runAsMember, sqlRefused } from '../engine-client/member-engine';
import { engineExport } from './export-engine';
import { ExportTickets } from './export-tickets';

type ExportParams = { Params: { region: string; appId: string } };
type DownloadParams = { Params: { region: string; appId: string; ticket: string } };

// 'resource': the query runs as the member's engine user, which reaches only what their grants cover.
const READ_POLICY = { access: 'instance', scope: 'resource', privileges: { anyOf: [Privilege.DB_READ, Privilege.STABLE_READ] } } as const;

const downloadPath = (region: string, appId: string, ticket: string) =>
  `/api/region/${encodeURIComponent(region)}/data/sql/export/${encodeURIComponent(appId)}/download/${ticket}`;

/**
 * A query's whole result as a file (data-explorer.md §2 export, §8 "export only for query results"; issue 13 item 5;
 * docs/explorer-server.md "Export"). The POST checks the statement, runs it for one row as the member (so a wrong
 * name or a missing privilege is told in the console, not in a failed download) and issues a single-use ticket; the
 * browser opens the ticket's URL as a plain download link. That GET is checked again like any call (session, active
 * member, grants reaching the instance; the organization is the ticket's, a link sends no Account-Id header), takes
 * the ticket up, and passes the engine's export stream through as it arrives: the server holds one chunk at a time.
 */
export const exportRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const tickets = new ExportTickets(EXPORT_TICKET_TTL_MS, () => deps.clock.now());

  app.post<ExportParams>('/api/region/:region/data/sql/export/:appId', { config: { policy: READ_POLICY } }, async (request) => {
    const body = parseWith(exportRequestSchema, request.body);
    if (!isPageableQuery(body.sql)) throw ApiError.badRequest('error.exportOnlyQuery');
    const query = singleStatement(body.sql)!;
    const { region, appId } = request.params;
    const row = await instanceInRegion(deps, request, appId, region);
    const engine = await memberEngine(deps, request, row);
    const probe = await runAsMember(engine, pageSql(query, 0, 1), { timeoutMs: SQL_TIMEOUT_MS, db: body.db });
    if (probe.code !== 0) throw sqlRefused(probe);
    const fileName = `query-${new Date(deps.clock.now()).toISOString().replace(/[:.]/g, '-')}.${EXPORT_EXTENSIONS[body.format]}`;
    const issued = tickets.issue({
      userId: request.auth!.userId,
      orgId: orgOf(request).orgId,
      instanceId: row.id,
      regionId: region,
      sql: query,
      db: body.db,
      format: body.format,
      fileName,
    });
    const answer: ExportTicket = { url: downloadPath(region, row.id, issued.id), expires_at: new Date(issued.expiresAt).toISOString(), file_name: fileName };
    return ok(answer);
  });

  app.get<DownloadParams>(
    '/api/region/:region/data/sql/export/:appId/download/:ticket',
    { config: { policy: { ...READ_POLICY, orgFrom: (request: FastifyRequest) => tickets.peek((request.params as DownloadParams['Params']).ticket).orgId } } },
    async (request, reply) => {
      const { region, appId } = request.params;
      const ticket = tickets.take(request.params.ticket, request.auth!.userId);
      if (ticket.instanceId !== appId || ticket.regionId !== region) throw ApiError.forbidden();
      const row = await instanceInRegion(deps, request, appId, region);
      const engine = await memberEngine(deps, request, row);
      // The engine's query stops when the browser cancels the download (the response closes before it finished).
      const abandoned = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abandoned.abort();
      });
      const file = await engineExport(engine, ticket.sql, { format: ticket.format, db: ticket.db, signal: abandoned.signal });
      file.body.on('error', (error) => request.log.warn({ err: error }, 'export stopped'));
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${ticket.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
