import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { EXPORT_PAGE_ROWS, Privilege, SQL_TIMEOUT_MS, sqlOnlyRequestSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import type { EngineRestAnswer, EngineTarget } from '../engine-client/rest-call';
import { instanceInRegion } from '../instances/instance-access';
import { csvLine } from './csv';
import { memberEngine, runAsMember, sqlRefused } from '../engine-client/member-engine';
import { countSql, isPageableQuery, pageSql, singleStatement } from '@tscloud/contracts/sql';

type ExportParams = { Params: { region: string; appId: string } };

/**
 * The CSV of a query's whole result, streamed (data-explorer.md §2 export, §8 "export only for query
 * results"): the engine is asked for the count, then for pages of EXPORT_PAGE_ROWS (the console's paged reads,
 * contracts `countSql`/`pageSql`: a LIMIT appended, or the query's own LIMIT rewritten to the page, so its ORDER BY
 * holds — the engine does not keep a subquery's order), each written out before the next is read, so the server
 * never holds more than one page.
 */
async function* csvPages(engine: EngineTarget, query: string, first: EngineRestAnswer, total: number): AsyncGenerator<string> {
  yield csvLine((first.column_meta ?? []).map(([name]) => name));
  let page = first;
  let offset = 0;
  for (;;) {
    const rows = page.data ?? [];
    if (rows.length) yield rows.map(csvLine).join('');
    offset += rows.length;
    if (offset >= total || rows.length < EXPORT_PAGE_ROWS) return;
    page = await runAsMember(engine, pageSql(query, offset, EXPORT_PAGE_ROWS), { timeoutMs: SQL_TIMEOUT_MS });
    if (page.code !== 0) throw new Error(`export page at ${offset}: ${page.desc ?? page.code}`);
  }
}

export const exportRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.post<ExportParams>(
    '/api/region/:region/data/sql/export/:appId',
    // 'resource': the query runs as the member's engine user, which reaches only what their grants cover.
    { config: { policy: { access: 'instance', scope: 'resource', privileges: { anyOf: [Privilege.DB_READ, Privilege.STABLE_READ] } } } },
    async (request, reply) => {
      const body = parseWith(sqlOnlyRequestSchema, request.body);
      if (!isPageableQuery(body.sql)) throw ApiError.badRequest('error.exportOnlyQuery');
      const query = singleStatement(body.sql)!;
      const row = await instanceInRegion(deps, request, request.params.appId, request.params.region);
      const engine = await memberEngine(deps, request, row);
      const count = await runAsMember(engine, countSql(query), { timeoutMs: SQL_TIMEOUT_MS });
      if (count.code !== 0) throw sqlRefused(count);
      const total = Number(count.data?.[0]?.[0] ?? 0);
      const first = await runAsMember(engine, pageSql(query, 0, EXPORT_PAGE_ROWS), { timeoutMs: SQL_TIMEOUT_MS });
      if (first.code !== 0) throw sqlRefused(first);
      const stream = Readable.from(csvPages(engine, query, first, total));
      stream.on('error', (error) => request.log.error({ err: error }, 'export stopped'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${row.id}-export.csv"`)
        .send(stream);
    },
  );
};
