import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { Privilege, favoriteCreateSchema, favoriteListQuerySchema, favoriteUpdateSchema, ok, type Favorite } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf, type OrgContext } from '../../platform/access';
import { explorerFavorites, orgMembers, type ExplorerFavoriteRow, type InstanceRow } from '../../store/schema';
import { privilegesByInstance, requireInstance } from '../instances/instance-access';
import { createSavedQuery, updateSavedQuery } from './saved-queries';

type RegionRequest = FastifyRequest<{ Params: { region: string; id?: string } }>;

/** Whoever may use the SQL console of the instance may keep saved queries there. */
const CONSOLE_PRIVILEGES = { anyOf: [Privilege.DB_READ, Privilege.DB_WRITE, Privilege.STABLE_READ, Privilege.STABLE_WRITE] };

/**
 * Saved queries, the spec's favorites (data-explorer.md §3 Favorite SQL, §7 SQL console; docs/explorer-server.md
 * "Saved queries"): personal ones (/data/favorite) are seen, changed and deleted by their author only; shared ones
 * (/data/shared_favorite) are seen by every member with console access to the instance and changed or deleted by
 * their author or an instance admin (instance:access:manage).
 */
export const favoriteRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const instanceOf = async (request: RegionRequest, appId: string): Promise<InstanceRow> => {
    const row = await requireInstance(deps, request, appId, CONSOLE_PRIVILEGES, 'anywhere');
    if (row.regionId !== request.params.region) throw ApiError.notFound();
    return row;
  };
  const isAdminOn = (org: OrgContext, instanceId: string) => privilegesByInstance(org, [instanceId]).get(instanceId)!.has(Privilege.INSTANCE_ACCESS_MANAGE);
  const asItem = (favorite: ExplorerFavoriteRow, creator: string, changeable: boolean): Favorite => ({
    id: favorite.id,
    app_id: favorite.instanceId,
    name: favorite.name,
    folder: favorite.folder,
    sql: favorite.sql,
    shared: favorite.shared,
    creator,
    deletable: changeable,
    created_at: favorite.createdAt,
    updated_at: favorite.updatedAt,
  });

  for (const [path, shared] of [
    ['favorite', false],
    ['shared_favorite', true],
  ] as const) {
    const base = `/api/region/:region/data/${path}`;

    /** The saved query of the path's kind the caller may change, with its instance: else 404 (someone else's personal one) or 403. */
    const changeableOf = async (request: RegionRequest) => {
      const org = orgOf(request);
      const [favorite] = await db
        .select()
        .from(explorerFavorites)
        .where(and(eq(explorerFavorites.id, request.params.id!), eq(explorerFavorites.orgId, org.orgId), eq(explorerFavorites.shared, shared)))
        .limit(1);
      // Someone else's personal saved query does not exist for the caller.
      if (!favorite || (!shared && favorite.memberId !== org.memberId)) throw ApiError.notFound();
      const row = await instanceOf(request, favorite.instanceId);
      if (favorite.memberId !== org.memberId && !isAdminOn(org, row.id)) throw ApiError.forbidden();
      return favorite;
    };

    app.get(base, { config: { policy: { access: 'org' } } }, async (request: RegionRequest) => {
      const query = parseWith(favoriteListQuerySchema, request.query);
      const row = await instanceOf(request, query.app_id);
      const org = orgOf(request);
      const isAdmin = isAdminOn(org, row.id);
      const mine = eq(explorerFavorites.memberId, org.memberId);
      const rows = await db
        .select({ favorite: explorerFavorites, creator: orgMembers.email })
        .from(explorerFavorites)
        .leftJoin(orgMembers, eq(orgMembers.id, explorerFavorites.memberId))
        .where(and(eq(explorerFavorites.orgId, org.orgId), eq(explorerFavorites.instanceId, row.id), eq(explorerFavorites.shared, shared), shared ? undefined : mine))
        .orderBy(asc(explorerFavorites.folder), asc(explorerFavorites.name));
      return ok(rows.map(({ favorite, creator }) => asItem(favorite, creator ?? '', favorite.memberId === org.memberId || (shared && isAdmin))));
    });

    app.post(base, { config: { policy: { access: 'org', write: true } } }, async (request: RegionRequest) => {
      const body = parseWith(favoriteCreateSchema, request.body);
      const row = await instanceOf(request, body.app_id);
      const org = orgOf(request);
      const saved = await createSavedQuery(db, { orgId: org.orgId, instanceId: row.id, memberId: org.memberId, shared }, body, deps.clock.now());
      return ok({ id: saved.id, name: saved.name, folder: saved.folder });
    });

    app.put(`${base}/:id`, { config: { policy: { access: 'org', write: true } } }, async (request: RegionRequest) => {
      const change = parseWith(favoriteUpdateSchema, request.body);
      const favorite = await changeableOf(request);
      const saved = await updateSavedQuery(db, favorite, change, deps.clock.now());
      return ok({ id: saved.id, name: saved.name, folder: saved.folder });
    });

    app.delete(`${base}/:id`, { config: { policy: { access: 'org', write: true } } }, async (request: RegionRequest) => {
      const favorite = await changeableOf(request);
      await db.delete(explorerFavorites).where(eq(explorerFavorites.id, favorite.id));
      return ok(null);
    });
  }
};
