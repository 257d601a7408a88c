import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  ApiCode,
  Privilege,
  SQL_TIMEOUT_MS,
  accessCodeSchema,
  martImportSchema,
  martLookupSchema,
  martPublishSchema,
  ok,
  sqlRequestSchema,
  type MartLists,
  type PlatformDbConfig,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf } from '../../platform/access';
import { authOf } from '../../platform/auth/guard-plugin';
import { databaseMart, databaseMartImports } from '../../store/schema';
import { engineRestCall, type EngineRestAnswer } from '../engine-client/rest-call';
import { findOrgInstance } from '../instances/instance-repo';
import { requireInstance } from '../instances/instance-access';
import { dropReader, ensureReader, entryByCode, isImported, martEntryView, publishDatabase, readerTarget } from './mart';
import { sqlResult } from '../engine-client/sql-result';
import { isReadOnly } from '@tscloud/contracts/sql';

/** Engine answer for a user whose credentials it does not know (the reader was lost, e.g. an engine rebuilt). */
const AUTH_FAILURE = 855;

/**
 * The database mart and platform databases (data-explorer.md §7 Database mart; platform-shell.md §2 rule 6;
 * docs/explorer-server.md "Database mart"). Publishing needs db:privilege:manage on the instance; anyone signed
 * in who holds an access code may read that database, read-only, through the token SQL call.
 */
export const martRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.get<{ Querystring: { id?: string; code?: string } }>('/api/data/database/mart', { config: { policy: { access: 'org' } } }, async (request) => {
    const org = orgOf(request);
    if (request.query.id !== undefined || request.query.code !== undefined) {
      // Rule 6: one entry by its id and code (a shared link); a wrong pair is not found.
      const { id, code } = parseWith(martLookupSchema, request.query);
      const found = await entryByCode(deps, code);
      if (!found || found.entry.id !== id) throw ApiError.notFound('error.martCodeInvalid');
      return ok(martEntryView(found.entry, { orgId: org.orgId, imported: await isImported(deps, org.orgId, id) }));
    }
    const published = await db.select().from(databaseMart).where(eq(databaseMart.orgId, org.orgId)).orderBy(desc(databaseMart.createdAt));
    const links = await db.select().from(databaseMartImports).where(eq(databaseMartImports.orgId, org.orgId)).orderBy(desc(databaseMartImports.createdAt));
    const importedRows = links.length ? await db.select().from(databaseMart).where(inArray(databaseMart.id, links.map((l) => l.entryId))) : [];
    const lists: MartLists = {
      published: published.map((r) => martEntryView(r, { orgId: org.orgId, imported: false })),
      imported: links.flatMap((l) => {
        const r = importedRows.find((e) => e.id === l.entryId);
        return r ? [martEntryView(r, { orgId: org.orgId, imported: true })] : [];
      }),
    };
    return ok(lists);
  });

  app.post(
    '/api/data/database/mart',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'publish database' } } } },
    async (request) => {
      const body = parseWith(martPublishSchema, request.body);
      // Publishing gives read access to one database: the privilege manager of that database may.
      const row = await requireInstance(deps, request, body.app_id, { allOf: [Privilege.DB_PRIVILEGE_MANAGE] }, { databaseId: body.db_name });
      const entry = await publishDatabase(deps, row, { dbName: body.db_name, title: body.title, description: body.description, createdBy: authOf(request).userId });
      return ok(martEntryView(entry, { orgId: orgOf(request).orgId, imported: false }));
    },
  );

  app.post(
    '/api/data/database/mart/import',
    { config: { policy: { access: 'org', write: true, activity: { type: 'organization', operation: 'import shared database' } } } },
    async (request) => {
      const { access_code } = parseWith(martImportSchema, request.body);
      const org = orgOf(request);
      const found = await entryByCode(deps, access_code);
      if (!found) throw ApiError.notFound('error.martCodeInvalid');
      if (found.entry.orgId === org.orgId) throw ApiError.conflict('error.martOwnDatabase');
      await db
        .insert(databaseMartImports)
        .values({ orgId: org.orgId, entryId: found.entry.id, createdBy: authOf(request).userId, createdAt: deps.clock.now() })
        .onConflictDoNothing();
      return ok(martEntryView(found.entry, { orgId: org.orgId, imported: true }));
    },
  );

  app.delete<{ Params: { entryId: string } }>(
    '/api/data/database/mart/:entryId',
    { config: { policy: { access: 'org', write: true, activity: { type: 'organization', operation: 'remove shared database' } } } },
    async (request) => {
      const org = orgOf(request);
      const { entryId } = request.params;
      const [entry] = await db.select().from(databaseMart).where(eq(databaseMart.id, entryId)).limit(1);
      if (!entry) throw ApiError.notFound();
      if (entry.orgId === org.orgId) {
        // Unpublish: the publishing instance's managers only; every import goes with it.
        const row = await requireInstance(deps, request, entry.instanceId, { allOf: [Privilege.DB_PRIVILEGE_MANAGE] }, { databaseId: entry.dbName });
        await db.delete(databaseMart).where(eq(databaseMart.id, entry.id));
        await dropReader(row, entry.id);
        return ok({ id: entry.id });
      }
      const removed = await db
        .delete(databaseMartImports)
        .where(and(eq(databaseMartImports.orgId, org.orgId), eq(databaseMartImports.entryId, entry.id)))
        .returning();
      if (removed.length === 0) throw ApiError.notFound();
      return ok({ id: entry.id });
    },
  );

  app.get<{ Querystring: { db_id?: string } }>('/api/data/database/platform', { config: { policy: { access: 'user' } } }, async (request) => {
    const dbId = request.query.db_id;
    const rows = await db
      .select()
      .from(databaseMart)
      .where(and(eq(databaseMart.platform, true), ...(dbId ? [eq(databaseMart.id, dbId)] : [])))
      .orderBy(databaseMart.createdAt);
    if (dbId && rows.length === 0) throw ApiError.notFound();
    return ok(rows.map((r) => martEntryView(r, { orgId: null, imported: false })));
  });

  app.get('/api/config/platform/db', { config: { policy: { access: 'user' } } }, async () => {
    const [first] = await db.select({ id: databaseMart.id }).from(databaseMart).where(eq(databaseMart.platform, true)).orderBy(databaseMart.createdAt).limit(1);
    const config: PlatformDbConfig = { db_id: first?.id ?? null };
    return ok(config);
  });

  app.post<{ Params: { region: string; token: string } }>(
    '/api/region/:region/data/sql/token/:token',
    { config: { policy: { access: 'user' } } },
    async (request) => {
      const code = parseWith(z.object({ token: accessCodeSchema }), request.params).token;
      // As the member's SQL call: the editor tab's current database (unqualified names, issue 13 item 7) and timing.
      const body = parseWith(sqlRequestSchema, request.body);
      const found = await entryByCode(deps, code);
      if (!found || found.entry.regionId !== request.params.region) throw ApiError.notFound('error.martCodeInvalid');
      if (!isReadOnly(body.sql)) throw new ApiError(ApiCode.FORBIDDEN, 'error.readOnlyDatabase');
      const row = (await findOrgInstance(db, found.entry.orgId, found.entry.instanceId))!;
      const startedAt = performance.now();
      const call = () => engineRestCall(readerTarget(row, found.entry.id), body.sql, { timeoutMs: SQL_TIMEOUT_MS, timing: body.timing, db: body.db });
      let answer: EngineRestAnswer;
      try {
        answer = await call();
        if (answer.code === AUTH_FAILURE) {
          await ensureReader(row, found.entry);
          answer = await call();
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
      }
      return ok(sqlResult(answer, startedAt, body.timing));
    },
  );
};
