import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiCode, DISK_USAGE_COLUMNS, DISK_USAGE_PARTS, Privilege, ok, type DatabaseDiskUsage, type DbListItem, type StableListItem } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { orgOf } from '../../platform/access';
import type { InstanceRow } from '../../store/schema';
import { quoteText } from '@tscloud/contracts/sql';
import { findOrgInstance } from '../instances/instance-repo';
import { instanceEngine, memberEngine, rowsOn, runAsMember } from '../engine-client/member-engine';
import { databasePrivileges, memberScope, stablePrivileges } from './member-scope';
import { isReservedDatabase } from './statements';

const CATALOG_TIMEOUT_MS = 30_000;
/** A database name as the engine accepts it unquoted (the only names put into the catalog query). */
const DB_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The console tree's lists (data-explorer.md §7 Databases, Super tables): what the engine has, read as the
 * member, narrowed to what the member's grants reach, each with the member's privileges on it.
 */
export const catalogRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const instance = async (request: FastifyRequest, id: string): Promise<InstanceRow> => {
    const row = await findOrgInstance(deps.store.db, orgOf(request).orgId, id);
    if (!row) throw ApiError.notFound();
    return row;
  };
  const rowsOf = async (request: FastifyRequest, row: InstanceRow, sql: string): Promise<unknown[][]> => {
    const answer = await runAsMember(await memberEngine(deps, request, row), sql, { timeoutMs: CATALOG_TIMEOUT_MS });
    if (answer.code !== 0) throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
    return answer.data ?? [];
  };

  // 'resource': any grant in the instance opens the tree; memberScope keeps only what each grant covers.
  app.get<{ Params: { instanceId: string } }>('/api/data/user/dblist/:instanceId', { config: { policy: { access: 'instance', scope: 'resource' } } }, async (request) => {
    const row = await instance(request, request.params.instanceId);
    const scope = await memberScope(deps, orgOf(request), row.id);
    const items: DbListItem[] = [];
    for (const [name] of await rowsOf(request, row, 'SELECT name FROM information_schema.ins_databases ORDER BY name')) {
      const databaseName = String(name);
      if (isReservedDatabase(databaseName)) continue;
      const privileges = databasePrivileges(scope, databaseName);
      if (!privileges) continue;
      items.push({ databaseName, name: databaseName, privileges: privileges.map((p) => ({ name: p })), typeName: 'database', parent: row.id, key: `${row.id}/${databaseName}` });
    }
    return ok(items);
  });

  // Disk use is system information the member's engine user may not read: the superuser reads the one database's
  // rows for a member holding db:read on it (docs/web-explorer.md "Database panel").
  app.get<{ Params: { appId: string; db: string } }>('/api/data/user/diskusage/:appId/:db', { config: { policy: { access: 'instance', scope: 'resource' } } }, async (request) => {
    const { db } = request.params;
    if (!DB_NAME.test(db)) throw ApiError.badRequest();
    const row = await instance(request, request.params.appId);
    const scope = await memberScope(deps, orgOf(request), row.id);
    if (!databasePrivileges(scope, db)?.includes(Privilege.DB_READ)) throw ApiError.forbidden();
    const sql = `SELECT ${DISK_USAGE_COLUMNS.join(', ')} FROM information_schema.ins_disk_usage WHERE db_name = ${quoteText(db)}`;
    const usage = Object.fromEntries(DISK_USAGE_PARTS.map((part) => [part, 0])) as unknown as DatabaseDiskUsage;
    for (const values of await rowsOn(instanceEngine(row), sql, { timeoutMs: CATALOG_TIMEOUT_MS })) {
      DISK_USAGE_PARTS.forEach((part, i) => (usage[part] += Number(values[i] ?? 0)));
    }
    return ok(usage);
  });

  app.get<{ Params: { appId: string; db: string } }>('/api/data/user/stablelist/:appId/:db', { config: { policy: { access: 'instance', scope: 'resource' } } }, async (request) => {
    const { db } = request.params;
    if (!DB_NAME.test(db)) throw ApiError.badRequest();
    const row = await instance(request, request.params.appId);
    const scope = await memberScope(deps, orgOf(request), row.id);
    const items: StableListItem[] = [];
    for (const [name] of await rowsOf(request, row, `SELECT stable_name FROM information_schema.ins_stables WHERE db_name = ${quoteText(db)} ORDER BY stable_name`)) {
      const stableName = String(name);
      const privileges = stablePrivileges(scope, db, stableName);
      if (privileges) items.push({ stableName, privileges: privileges.map((p) => ({ name: p })) });
    }
    return ok(items);
  });
};
