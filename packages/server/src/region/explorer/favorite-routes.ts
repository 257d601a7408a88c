import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { Privilege, favoriteCreateSchema, favoriteListQuerySchema, ok, type Favorite } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf } from '../../platform/access';
import { explorerFavorites, orgMembers, type InstanceRow } from '../../store/schema';
import { privilegesByInstance, requireInstance } from '../instances/instance-access';

type RegionRequest = FastifyRequest<{ Params: { region: string; id?: string } }>;

/** Whoever may use the SQL console of the instance may keep favorites there. */
const CONSOLE_PRIVILEGES = { anyOf: [Privilege.DB_READ, Privilege.DB_WRITE, Privilege.STABLE_READ, Privilege.STABLE_WRITE] };

/**
 * SQL favorites (data-explorer.md §3 Favorite SQL, §7 SQL console): personal ones (/data/favorite) are seen and
 * deleted by their creator only; shared ones (/data/shared_favorite) are seen by every member with console
 * access to the instance and deleted by their creator or an instance admin (instance:access:manage).
 */
export const favoriteRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const instanceOf = async (request: RegionRequest, appId: string): Promise<InstanceRow> => {
    const row = await requireInstance(deps, request, appId, CONSOLE_PRIVILEGES, 'anywhere');
    if (row.regionId !== request.params.region) throw ApiError.notFound();
    return row;
  };

  for (const [path, shared] of [
    ['favorite', false],
    ['shared_favorite', true],
  ] as const) {
    const base = `/api/region/:region/data/${path}`;

    app.get(base, { config: { policy: { access: 'org' } } }, async (request: RegionRequest) => {
      const query = parseWith(favoriteListQuerySchema, request.query);
      const row = await instanceOf(request, query.app_id);
      const org = orgOf(request);
      const isAdmin = privilegesByInstance(org, [row.id]).get(row.id)!.has(Privilege.INSTANCE_ACCESS_MANAGE);
      const mine = eq(explorerFavorites.memberId, org.memberId);
      const rows = await db
        .select({ favorite: explorerFavorites, creator: orgMembers.email })
        .from(explorerFavorites)
        .leftJoin(orgMembers, eq(orgMembers.id, explorerFavorites.memberId))
        .where(and(eq(explorerFavorites.orgId, org.orgId), eq(explorerFavorites.instanceId, row.id), eq(explorerFavorites.shared, shared), shared ? undefined : mine))
        .orderBy(desc(explorerFavorites.createdAt));
      const list: Favorite[] = rows.map(({ favorite, creator }) => ({
        id: favorite.id,
        app_id: favorite.instanceId,
        sql: favorite.sql,
        shared: favorite.shared,
        creator: creator ?? '',
        deletable: favorite.memberId === org.memberId || (shared && isAdmin),
        created_at: favorite.createdAt,
      }));
      return ok(list);
    });

    app.post(base, { config: { policy: { access: 'org', write: true } } }, async (request: RegionRequest) => {
      const body = parseWith(favoriteCreateSchema, request.body);
      const row = await instanceOf(request, body.app_id);
      const org = orgOf(request);
      const id = randomUUID();
      await db.insert(explorerFavorites).values({ id, orgId: org.orgId, instanceId: row.id, memberId: org.memberId, shared, sql: body.sql, createdAt: deps.clock.now() });
      return ok({ id });
    });

    app.delete(`${base}/:id`, { config: { policy: { access: 'org', write: true } } }, async (request: RegionRequest) => {
      const org = orgOf(request);
      const [favorite] = await db
        .select()
        .from(explorerFavorites)
        .where(and(eq(explorerFavorites.id, request.params.id!), eq(explorerFavorites.orgId, org.orgId), eq(explorerFavorites.shared, shared)))
        .limit(1);
      // Someone else's personal favorite does not exist for the caller.
      if (!favorite || (!shared && favorite.memberId !== org.memberId)) throw ApiError.notFound();
      const row = await instanceOf(request, favorite.instanceId);
      if (favorite.memberId !== org.memberId) {
        const privileges = privilegesByInstance(org, [row.id]).get(row.id)!;
        if (!privileges.has(Privilege.INSTANCE_ACCESS_MANAGE)) throw ApiError.forbidden();
      }
      await db.delete(explorerFavorites).where(eq(explorerFavorites.id, favorite.id));
      return ok(null);
    });
  }
};
