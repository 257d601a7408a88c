import type { FastifyPluginAsync } from 'fastify';
import {
  MfaOperation,
  Privilege,
  instanceAliasSchema,
  ok,
  type Instance,
  type InstanceStatusInfo,
  type InstanceToken,
} from '@tscloud/contracts';
import { eq } from 'drizzle-orm';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf } from '../../platform/access';
import { instances } from '../../store/schema';
import type { AppDeps } from '../../deps';
import { newInstanceToken } from './credentials';
import { aliasTaken, listOrgInstances } from './instance-repo';
import { instanceInRegion, privilegesByInstance, reachingByInstance, requireInstance } from './instance-access';
import { clustersOfInstances } from '../clusters';
import { toInstance } from './instance-view';

/**
 * Reading and changing instances (§7 Instances): the list (only instances the caller may read, each with the
 * caller's privileges in it), the status poll, the alias and the token reset. Start, suspend and delete are in
 * control-routes.ts.
 */
export const manageRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { clouds } = app.region;
  const { db } = deps.store;

  async function visibleInstances(request: Parameters<typeof orgOf>[0]): Promise<Instance[]> {
    const org = orgOf(request);
    const rows = await listOrgInstances(db, org.orgId);
    const ids = rows.map((r) => r.id);
    const privileges = privilegesByInstance(org, ids);
    const reaching = reachingByInstance(org, ids);
    const clusters = await clustersOfInstances(db, rows);
    // Listed to whoever may read it through some grant in it (a database-level member opens the explorer from
    // here); `privileges` stays instance-wide, so the instance's own actions are offered to instance-level members only.
    return rows
      .filter((r) => reaching.get(r.id)!.has(Privilege.INSTANCE_READ))
      .map((r) => toInstance(r, clouds, deps.config.publicUrl, privileges.get(r.id)!, reaching.get(r.id)!, r.clusterId ? clusters.get(r.clusterId) : undefined));
  }

  app.get('/api/app/list', { config: { policy: { access: 'org' } } }, async (request) => ok(await visibleInstances(request)));

  app.get<{ Params: { orgId: string } }>('/api/app/list/:orgId', { config: { policy: { access: 'org' } } }, async (request) => {
    // The organization is the one of Account-Id (whose membership the guard checked); another one is not found.
    if (request.params.orgId !== orgOf(request).orgId) throw ApiError.notFound();
    return ok(await visibleInstances(request));
  });

  app.get<{ Params: { region: string; id: string } }>(
    '/api/region/:region/monitor/cluster/status/:id',
    // 'resource': the status the instance list already shows to whoever reads something in the instance.
    { config: { policy: { access: 'instance', scope: 'resource', privileges: { allOf: [Privilege.INSTANCE_READ] } } } },
    async (request) => {
      const row = await instanceInRegion(deps, request, request.params.id, request.params.region);
      const info: InstanceStatusInfo = { id: row.id, cluster_status: row.status, status_reason: row.statusReason };
      return ok(info);
    },
  );

  app.post<{ Params: { regionId: string } }>(
    '/api/region/:regionId/app/alias',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'rename' } } } },
    async (request) => {
      const body = parseWith(instanceAliasSchema, request.body);
      const row = await requireInstance(deps, request, body.app_id, { allOf: [Privilege.INSTANCE_UPDATE] });
      if (row.regionId !== request.params.regionId) throw ApiError.notFound();
      if (await aliasTaken(db, row.orgId, body.alias, row.id)) throw ApiError.conflict('error.instanceAliasDuplicated');
      await db.update(instances).set({ alias: body.alias, updatedAt: deps.clock.now() }).where(eq(instances.id, row.id));
      return ok({ id: row.id, alias: body.alias });
    },
  );

  app.put<{ Params: { regionId: string; id: string } }>(
    '/api/region/:regionId/apptoken/reset/:id',
    {
      config: {
        policy: {
          access: 'instance',
          privileges: { allOf: [Privilege.INSTANCE_TOKEN_RESET] },
          write: true,
          mfa: MfaOperation.INSTANCE_TOKEN_RESET,
          activity: { type: 'instance', operation: 'reset token' },
        },
      },
    },
    async (request) => {
      const row = await instanceInRegion(deps, request, request.params.id, request.params.regionId);
      // The gateway reads the hash on every request: the old token stops working with this update.
      const { token, hash } = newInstanceToken();
      await db.update(instances).set({ tokenHash: hash, updatedAt: deps.clock.now() }).where(eq(instances.id, row.id));
      const answer: InstanceToken = { token };
      return ok(answer);
    },
  );
};
