import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AppType,
  creditCheckPasses,
  Privilege,
  instanceCreateSchema,
  ok,
  type AppTypeValue,
  type CreatedInstance,
  type IdmpPhase,
  type IdmpStatusInfo,
  type InstanceStatusValue,
  type PlanLevelValue,
} from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { authOf } from '../../platform/accounts';
import { orgOf } from '../../platform/access';
import { sql } from 'drizzle-orm';
import { instances, type InstanceRow } from '../../store/schema';
import { isUniqueViolation } from '../../store/unique-violation';
import { findRegion } from '../catalog/clouds';
import { planOf, pricePlans } from '../catalog/plans';
import { billingAccountOf } from '../billing-account/account';
import type { AppDeps } from '../../deps';
import { newInstanceRow, placedRow } from './new-instance';
import { placeOnCluster } from '../clusters/cluster-placement';
import { secretBox } from '../../secrets/secret-box';
import { aliasTaken, countOrgInstances } from './instance-repo';
import { instanceInRegion, privilegesByInstance } from './instance-access';
import { clustersOfInstances } from '../clusters';
import { toInstance } from './instance-view';

type RegionParams = { Params: { regionId: string } };

/** IDMP phases from the instance status (the spec names the call, not its phases; docs/instances.md). */
const IDMP_PHASES: Partial<Record<InstanceStatusValue, IdmpPhase>> = {
  Ready: 'Pending',
  Starting: 'Provisioning',
  Running: 'Ready',
  Failed: 'Failed',
  Error: 'Failed',
  Suspending: 'Suspended',
  Suspended: 'Suspended',
  Deleted: 'Deleted',
};

/**
 * Creating instances: POST /region/{regionId}/app (time-series) and /app/tsdb-asset (IDMP); the
 * /createFirstInstance flow of a new organization owner sends the same call. Checked: cloud and region
 * configured, plan and HA, the plan's instance count per organization, alias rules of §5 and uniqueness.
 */
export const createRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { clouds, lifecycle } = app.region;
  const { db } = deps.store;

  async function create(request: FastifyRequest<RegionParams>, appType: AppTypeValue): Promise<CreatedInstance> {
    const org = orgOf(request);
    const body = parseWith(instanceCreateSchema, request.body);
    const where = findRegion(clouds, body.cloud_id, request.params.regionId);
    if (!where) throw ApiError.badRequest('error.regionUnknown');
    const plan = planOf(body.price_plan_level)!;
    if (body.ha === 1 && !plan.limits.ha) throw ApiError.badRequest('validation.formFormat');
    // The plan upgrade's credit check (§5), for the plan's basic hourly charge with HA: a paid instance is not
    // created on no credit and no card (issue 14 item 6).
    const hourlyCharge = pricePlans(body.ha as 0 | 1).find((p) => p.level === plan.level)!.basicChargeHourPrice;
    const account = await billingAccountOf(db, org.orgId, deps.config.marketplace !== 'none');
    if (!creditCheckPasses(account, hourlyCharge)) throw ApiError.conflict('error.insufficientCreditCreate');
    const box = secretBox(deps.config.secrets);
    const { row: values, token } = newInstanceRow(box, deps.clock.now(), {
      orgId: org.orgId,
      alias: body.alias,
      appType,
      cloudId: where.cloud.id,
      regionId: where.region.id,
      planLevel: plan.level as PlanLevelValue,
      ha: body.ha as 0 | 1,
      createdBy: authOf(request).userId,
    });
    let row: InstanceRow;
    try {
      // One create at a time per organization, so two concurrent creates cannot both pass the plan's count.
      row = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`instances:${org.orgId}`}))`);
        if (plan.limits.instancesPerOrg !== null && (await countOrgInstances(tx, org.orgId, plan.level)) >= plan.limits.instancesPerOrg) {
          throw ApiError.conflict('error.instanceLimit');
        }
        if (await aliasTaken(tx, org.orgId, body.alias)) throw ApiError.conflict('error.instanceAliasDuplicated');
        // On one of the region's TDengine clusters when it has one with room; else an engine process of ours.
        const placed = placedRow(box, values, await placeOnCluster(tx, values.regionId));
        const [inserted] = await tx.insert(instances).values(placed).returning();
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.conflict('error.instanceAliasDuplicated');
      throw error;
    }
    if (request.orgActor) request.orgActor.instanceId = row.id;
    lifecycle.nudge();
    const privileges = privilegesByInstance(org, [row.id]).get(row.id)!;
    const cluster = (await clustersOfInstances(db, [row])).get(row.clusterId ?? '');
    return { instance: toInstance(row, clouds, deps.config.publicUrl, privileges, privileges, cluster), token };
  }

  const policy = (operation: string) => ({
    access: 'org' as const,
    privileges: { allOf: [Privilege.INSTANCE_CREATE] },
    write: true,
    activity: { type: 'instance', operation },
  });

  app.post<RegionParams>('/api/region/:regionId/app', { config: { policy: policy('create') } }, async (request) => ok(await create(request, AppType.TSDB)));
  app.post<RegionParams>('/api/region/:regionId/app/tsdb-asset', { config: { policy: policy('create IDMP') } }, async (request) =>
    ok(await create(request, AppType.TDASSET)),
  );

  app.get<{ Params: { region: string; id: string } }>(
    '/api/region/:region/app/idmp/status/:id',
    // 'resource': the status the instance list already shows to whoever reads something in the instance.
    { config: { policy: { access: 'instance', scope: 'resource', privileges: { allOf: [Privilege.INSTANCE_READ] } } } },
    async (request) => {
      const row = await instanceInRegion(deps, request, request.params.id, request.params.region);
      if (row.appType !== AppType.TDASSET) throw ApiError.notFound();
      const info: IdmpStatusInfo = { id: row.id, phase: IDMP_PHASES[row.status] ?? 'Pending', cluster_status: row.status };
      return ok(info);
    },
  );
};
