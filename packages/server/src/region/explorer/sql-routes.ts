import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, Privilege, SQL_TIMEOUT_MS, ok, sqlOnlyRequestSchema, sqlRequestSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf, requireOn } from '../../platform/access';
import { instanceInRegion } from '../instances/instance-access';
import { syncInstanceUsers } from '../instance-users';
import { memberEngine, runAsMember } from '../engine-client/member-engine';
import { sqlResult } from '../engine-client/sql-result';
import { isReadOnly, usedDatabase, withoutLeadingComments } from '@tscloud/contracts/sql';
import { databaseStatement } from './statements';
import { refuseDataSourceDrops, refuseDropOfDataSourceDatabase } from '../replication/tasks';

type AppParams = { Params: { region: string; appId: string } };
type DbParams = { Params: { region: string; instanceId: string; dbName: string } };

/**
 * Whoever may read something in the instance may run SQL ('resource' scope): the statement runs as the member's
 * engine user, whose engine grants mirror exactly what their grants cover (docs/instance-users.md), so the
 * engine checks each table and database the statement names.
 */
const SQL_PRIVILEGES = { anyOf: [Privilege.DB_READ, Privilege.DB_WRITE, Privilege.STABLE_READ, Privilege.STABLE_WRITE] };

/**
 * Statements after which grants on a database or super table may reach (or leave) the engine: grants given
 * before the database or super table existed are applied by the next reconcile (docs/instance-users.md).
 */
const changesGrantTargets = (sql: string) => /^(CREATE|DROP)\s+(DATABASE|STABLE)\b/i.test(withoutLeadingComments(sql));

/**
 * The SQL console's calls (data-explorer.md §7 SQL console, Databases). Envelope code 200 carries the engine's
 * result, errors included (data.code ≠ 0, data.desc); envelope errors are for the call itself (not allowed,
 * bad request, instance not running, engine unreachable). docs/explorer-server.md.
 */
export const sqlRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.post<AppParams>(
    '/api/region/:region/data/sql/:appId',
    // Not a 'write' route: most statements are reads (not logged as changes); a read-only organization's writes
    // are refused below instead.
    { config: { policy: { access: 'instance', scope: 'resource', privileges: SQL_PRIVILEGES } } },
    async (request) => {
      const body = parseWith(sqlRequestSchema, request.body);
      if (orgOf(request).orgStatus !== 'ACTIVE' && !isReadOnly(body.sql)) throw new ApiError(ApiCode.ORG_READ_ONLY, 'error.orgReadOnly');
      const row = await instanceInRegion(deps, request, request.params.appId, request.params.region);
      await refuseDataSourceDrops(deps.store.db, row.id, body.sql);
      const startedAt = performance.now();
      const engine = await memberEngine(deps, request, row);
      // Unqualified names are in the console tab's current database (REST /rest/sql/{db}).
      const answer = await runAsMember(engine, body.sql, { timeoutMs: SQL_TIMEOUT_MS, timing: body.timing, db: body.db });
      if (answer.code === 0 && changesGrantTargets(body.sql)) await syncInstanceUsers(deps, row, request.log);
      const result = sqlResult(answer, startedAt, body.timing);
      // The engine ran the USE as the member, so it exists and they may read it: the tab makes it current.
      const used = usedDatabase(body.sql);
      return ok(answer.code === 0 && used !== null ? { ...result, database: used } : result);
    },
  );

  for (const kind of ['create', 'drop'] as const) {
    app.post<DbParams>(
      `/api/region/:region/private/data/sql/${kind}db/:instanceId/:dbName`,
      {
        config: {
          // Creating a database is instance-wide (the engine's CREATEDB comes from ORG/INSTANCE grants only);
          // dropping one is about that database.
          policy: {
            access: 'instance',
            scope: kind === 'create' ? 'instance' : 'resource',
            privileges: { allOf: [kind === 'create' ? Privilege.DB_CREATE : Privilege.DB_DROP] },
            write: true,
          },
        },
      },
      async (request) => {
        const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
        if (kind === 'drop') requireOn(orgOf(request), { allOf: [Privilege.DB_DROP] }, { instanceId: row.id, databaseId: request.params.dbName });
        const body = parseWith(sqlOnlyRequestSchema, request.body);
        const statement = databaseStatement(body.sql, kind, request.params.dbName);
        if (kind === 'drop') await refuseDropOfDataSourceDatabase(deps.store.db, row.id, request.params.dbName);
        const startedAt = performance.now();
        const answer = await runAsMember(await memberEngine(deps, request, row), statement, { timeoutMs: SQL_TIMEOUT_MS });
        // Grants on this database given before it existed reach the engine users now (or leave with it).
        if (answer.code === 0) await syncInstanceUsers(deps, row, request.log);
        return ok(sqlResult(answer, startedAt, false));
      },
    );
  }
};
