import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { Privilege, canonicalAllowListEntry, ipAllowCreateSchema, ipAllowListQuerySchema, ok, type IpAllowEntry } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { instanceIpAllow } from '../../store/schema';
import { planOf } from '../catalog/plans';
import type { AppDeps } from '../../deps';
import { requireInstance } from '../instances/instance-access';
import { noteActivityTarget } from '../../platform/activity/note';

type Row = typeof instanceIpAllow.$inferSelect;
const toEntry = (r: Row): IpAllowEntry => ({ id: r.id, app_id: r.instanceId, ip: r.ip, create_time: r.createdAt });

/**
 * An instance's IP allow-list (§7; data-explorer.md §7): standard and enterprise plans only (§1); an empty list
 * allows every address. The gateway enforces it. The instance is named by app_id (query or body), or by the
 * entry for a deletion, so these routes check the instance themselves (requireInstance).
 */
export const allowListRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.get<{ Params: { regionId: string } }>('/api/region/:regionId/appipwhitelist', { config: { policy: { access: 'org' } } }, async (request) => {
    const { app_id } = parseWith(ipAllowListQuerySchema, request.query);
    const row = await requireInstance(deps, request, app_id, { allOf: [Privilege.INSTANCE_READ] });
    if (row.regionId !== request.params.regionId) throw ApiError.notFound();
    const rows = await db.select().from(instanceIpAllow).where(eq(instanceIpAllow.instanceId, row.id)).orderBy(instanceIpAllow.createdAt);
    return ok(rows.map(toEntry));
  });

  app.post<{ Params: { regionId: string } }>(
    '/api/region/:regionId/appipwhitelist',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'add allowed IP' } } } },
    async (request) => {
      const body = parseWith(ipAllowCreateSchema, request.body);
      noteActivityTarget(request, body.ip);
      const row = await requireInstance(deps, request, body.app_id, { allOf: [Privilege.IP_WHITELIST_MANAGE] });
      if (row.regionId !== request.params.regionId) throw ApiError.notFound();
      if (!planOf(row.planLevel)?.limits.ipAllowList) throw ApiError.forbidden('error.planFeature');
      // body.ip is in its canonical spelling; entries stored before that rule are compared in theirs.
      const listed = await db.select({ ip: instanceIpAllow.ip }).from(instanceIpAllow).where(eq(instanceIpAllow.instanceId, row.id));
      if (listed.some((entry) => canonicalAllowListEntry(entry.ip) === body.ip)) throw ApiError.conflict('error.ipDuplicated');
      const [entry] = await db.insert(instanceIpAllow).values({ id: randomUUID(), instanceId: row.id, ip: body.ip, createdAt: deps.clock.now() }).returning();
      return ok(toEntry(entry));
    },
  );

  app.delete<{ Params: { regionId: string; id: string } }>(
    '/api/region/:regionId/appipwhitelist/:id',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'remove allowed IP' } } } },
    async (request) => {
      const [entry] = await db.select().from(instanceIpAllow).where(eq(instanceIpAllow.id, request.params.id)).limit(1);
      if (!entry) throw ApiError.notFound();
      noteActivityTarget(request, entry.ip);
      const row = await requireInstance(deps, request, entry.instanceId, { allOf: [Privilege.IP_WHITELIST_MANAGE] });
      if (row.regionId !== request.params.regionId) throw ApiError.notFound();
      await db.delete(instanceIpAllow).where(eq(instanceIpAllow.id, entry.id));
      return ok({ id: entry.id });
    },
  );
};
