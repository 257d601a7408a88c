import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DB_NAME_PATTERN,
  Privilege,
  VIEW_NAME_PATTERN,
  ok,
  satisfies,
  viewCreateSchema,
  viewUpdateSchema,
  type ExplorerView,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { orgOf, privilegesOn } from '../../platform/access';
import { parseWith } from '../../http/validate';
import type { InstanceRow } from '../../store/schema';
import type { EngineTarget } from '../engine-client/rest-call';
import { instanceInRegion, requireInstance } from '../instances/instance-access';
import { quoteText, singleStatement } from '@tscloud/contracts/sql';
import { timeOf } from '../engine-client/timestamps';
import { memberEngine, runAsMember, sqlRefused } from '../engine-client/member-engine';

const VIEW_TIMEOUT_MS = 60_000;
const READ = { anyOf: [Privilege.VIEW_READ, Privilege.VIEW_MANAGE, Privilege.DB_READ] };
const MANAGE = { allOf: [Privilege.VIEW_MANAGE] };

/** The opaque view id: instance, database and view name, base64url. */
export function viewId(instanceId: string, db: string, name: string): string {
  return Buffer.from(JSON.stringify([instanceId, db, name])).toString('base64url');
}

function parseViewId(id: string): { instanceId: string; db: string; name: string } {
  try {
    const [instanceId, db, name] = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as unknown[];
    if (typeof instanceId === 'string' && typeof db === 'string' && typeof name === 'string' && DB_NAME_PATTERN.test(db) && VIEW_NAME_PATTERN.test(name)) {
      return { instanceId, db, name };
    }
  } catch {
    // fall through: not one of ours
  }
  throw ApiError.notFound('error.viewNotFound');
}


/**
 * Views (data-explorer.md §7 Views; shapes ours, docs/explorer-server.md "Views"): the engine's own views, read
 * and changed as the member's engine user. The list shows the views the member may read (a grant on their
 * database or on the view); create needs view:manage on the database, update and delete on the database or the
 * view — and the engine's own check (write on the database; the owner may drop theirs).
 */
export const viewRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const views = async (engine: EngineTarget, row: InstanceRow, where: { db?: string; name?: string }): Promise<ExplorerView[]> => {
    const filters = [
      ...(where.db ? [`db_name = ${quoteText(where.db)}`] : []),
      ...(where.name ? [`view_name = ${quoteText(where.name)}`] : []),
    ];
    const answer = await runAsMember(
      engine,
      `SELECT view_name, db_name, effective_user, create_time, query_sql FROM information_schema.ins_views${filters.length ? ` WHERE ${filters.join(' AND ')}` : ''}`,
      { timeoutMs: VIEW_TIMEOUT_MS },
    );
    if (answer.code !== 0) throw sqlRefused(answer);
    return (answer.data ?? [])
      .map(([name, db, owner, created, sql]) => ({
        id: viewId(row.id, String(db), String(name)),
        app_id: row.id,
        db: String(db),
        name: String(name),
        sql: String(sql ?? ''),
        owner: String(owner ?? ''),
        create_time: timeOf(created),
      }))
      .sort((a, b) => a.db.localeCompare(b.db) || a.name.localeCompare(b.name));
  };
  const one = async (engine: EngineTarget, row: InstanceRow, db: string, name: string): Promise<ExplorerView> => {
    const found = (await views(engine, row, { db })).find((v) => v.name.toLowerCase() === name.toLowerCase());
    if (!found) throw ApiError.notFound('error.viewNotFound');
    return found;
  };
  const query = (sql: string): string => {
    const statement = singleStatement(sql);
    if (!statement) throw ApiError.badRequest('validation.viewQuery');
    return statement;
  };
  const run = async (engine: EngineTarget, sql: string) => {
    const answer = await runAsMember(engine, sql, { timeoutMs: VIEW_TIMEOUT_MS });
    if (answer.code !== 0) throw sqlRefused(answer);
  };
  const inRegion = (row: InstanceRow, request: FastifyRequest<{ Params: { region: string } }>) => {
    if (row.regionId !== request.params.region) throw ApiError.notFound();
  };

  app.get<{ Params: { region: string; instanceId: string }; Querystring: { db?: string } }>(
    '/api/region/:region/view/list/:instanceId',
    // 'resource': the list keeps the views whose database (or the view itself) the member may read.
    { config: { policy: { access: 'instance', scope: 'resource', privileges: READ } } },
    async (request) => {
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      const db = request.query.db;
      if (db !== undefined && !DB_NAME_PATTERN.test(db)) throw ApiError.badRequest('validation.dbName');
      const org = orgOf(request);
      const readable = (v: ExplorerView) =>
        satisfies(privilegesOn(org, { instanceId: row.id, databaseId: v.db }), READ) ||
        satisfies(privilegesOn(org, { instanceId: row.id, databaseId: v.db, kind: 'VIEW', name: v.name }), READ);
      return ok((await views(await memberEngine(deps, request, row), row, { db })).filter(readable));
    },
  );

  app.post<{ Params: { region: string } }>(
    '/api/region/:region/view/create',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'create view' } } } },
    async (request) => {
      const body = parseWith(viewCreateSchema, request.body);
      const row = await requireInstance(deps, request, body.app_id, MANAGE, { databaseId: body.db });
      inRegion(row, request);
      const engine = await memberEngine(deps, request, row);
      await run(engine, `CREATE VIEW ${body.db}.${body.name} AS ${query(body.sql)}`);
      return ok(await one(engine, row, body.db, body.name));
    },
  );

  app.put<{ Params: { region: string } }>(
    '/api/region/:region/view/update',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'update view' } } } },
    async (request) => {
      const body = parseWith(viewUpdateSchema, request.body);
      const target = parseViewId(body.id);
      const row = await requireInstance(deps, request, target.instanceId, MANAGE, { databaseId: target.db, kind: 'VIEW', name: target.name });
      inRegion(row, request);
      const engine = await memberEngine(deps, request, row);
      await one(engine, row, target.db, target.name);
      await run(engine, `CREATE OR REPLACE VIEW ${target.db}.${target.name} AS ${query(body.sql)}`);
      return ok(await one(engine, row, target.db, target.name));
    },
  );

  app.delete<{ Params: { region: string; viewId: string } }>(
    '/api/region/:region/view/:viewId',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'delete view' } } } },
    async (request) => {
      const target = parseViewId(request.params.viewId);
      const row = await requireInstance(deps, request, target.instanceId, MANAGE, { databaseId: target.db, kind: 'VIEW', name: target.name });
      inRegion(row, request);
      const engine = await memberEngine(deps, request, row);
      await one(engine, row, target.db, target.name);
      await run(engine, `DROP VIEW ${target.db}.${target.name}`);
      return ok({ id: request.params.viewId });
    },
  );
};
