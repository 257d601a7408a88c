import type { FastifyPluginAsync } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  Privilege,
  addMetricsSchema,
  addOnsProblem,
  applyAdditionalMetrics,
  creditCheckPasses,
  instanceUpgradeSchema,
  isUpwardPlanChange,
  ok,
  satisfies,
  type AdditionalMetric,
  type InstanceAddOns,
  type InstanceUpgradeResult,
  type PlanLevelValue,
} from '@tscloud/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf } from '../../platform/access';
import { instances, type InstanceRow } from '../../store/schema';
import { billingAccountOf } from '../billing-account/account';
import { planOf, pricePlans } from '../catalog/plans';
import type { AppDeps } from '../../deps';
import { findOrgInstance } from './instance-repo';
import { privilegesByInstance } from './instance-access';

/** Statuses an upgrade may happen in: a settled engine (running, or stopped), so no start is reading the old plan. */
const UPGRADABLE = ['Running', 'Suspended'] as const;

/**
 * POST /region/{regionId}/app/upgrade (§5 plan upgrade, §7): a higher plan, or HA turned on, for one instance.
 * Checked in order: body; a live instance of the caller's organization in that region (else 404);
 * billing:instance:upgrade inside it (else 403), billing:credit:query (else 403 error.billingQueryRequired, the
 * "no billing query rights" alert); the plan exists (error.planUnknown) and offers HA when asked
 * (error.haUnsupported); the change is upward (error.planNotUpward); the §5 credit check for the target plan's basic
 * hourly charge (error.insufficientCredit); the add-ons of additional_metrics on the target plan (contracts addons.ts:
 * storage as a difference, the full values when HA changes); the status is Running or Suspended
 * (error.instanceStateConflict). Then the plan and add-ons are stored and the plan applied to the engine's limits (a
 * running engine takes them without a restart).
 *
 * POST /region/{regionId}/app/metrics (§5 "only storage or connector changed: add metrics only"): the same checks
 * without a plan change or credit check, on the current plan.
 */
export const upgradeRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { provisioner } = app.region;
  const { db } = deps.store;

  /** The caller's instance named by the body, with the upgrade privileges checked (404, 403 as above). */
  const upgradableInstance = async (request: FastifyRequest<{ Params: { regionId: string } }>, appId: string, clusterId?: string) => {
    const org = orgOf(request);
    const row = await findOrgInstance(db, org.orgId, appId);
    if (!row || row.regionId !== request.params.regionId) throw ApiError.notFound();
    if (clusterId && clusterId !== row.name) throw ApiError.notFound();
    if (request.orgActor) request.orgActor.instanceId = row.id;
    const privileges = privilegesByInstance(org, [row.id]).get(row.id)!;
    if (!satisfies(privileges, { allOf: [Privilege.BILLING_INSTANCE_UPGRADE] })) throw ApiError.forbidden();
    if (!satisfies(privileges, { allOf: [Privilege.BILLING_CREDIT_QUERY] })) throw ApiError.forbidden('error.billingQueryRequired');
    return { org, row };
  };

  app.post<{ Params: { regionId: string } }>(
    '/api/region/:regionId/app/upgrade',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'upgrade' } } } },
    async (request) => {
      const body = parseWith(instanceUpgradeSchema, request.body);
      const { org, row } = await upgradableInstance(request, body.app_id, body.cluster_id);

      const target = pricePlans(body.high_availability).find((p) => p.id === body.price_plan_id);
      if (!target) {
        if (body.high_availability === 1 && planOf(Number(body.price_plan_id))) throw ApiError.badRequest('error.haUnsupported');
        throw ApiError.badRequest('error.planUnknown');
      }
      if (!isUpwardPlanChange({ level: row.planLevel, ha: row.ha }, { level: target.level, ha: body.high_availability })) {
        throw ApiError.badRequest('error.planNotUpward');
      }
      const account = await billingAccountOf(db, org.orgId, deps.config.marketplace !== 'none');
      if (!creditCheckPasses(account, target.basicChargeHourPrice)) throw ApiError.conflict('error.insufficientCredit');
      const addons = addOnsAfter(row, body.additional_metrics, body.high_availability !== row.ha, target);

      // Conditional on the plan, add-ons and status read above: a concurrent upgrade or start makes this one refuse.
      const [updated] = await db
        .update(instances)
        .set({
          planLevel: target.level as PlanLevelValue,
          ha: body.high_availability as 0 | 1,
          additionalStorageGb: addons.storageGb,
          connectors: addons.connectors,
          updatedAt: deps.clock.now(),
        })
        .where(and(eq(instances.id, row.id), unchangedSince(row), inArray(instances.status, [...UPGRADABLE])))
        .returning();
      if (!updated) throw ApiError.conflict('error.instanceStateConflict');
      await provisioner.applyPlan(updated.id, updated.planLevel, updated.ha === 1);
      return ok(resultOf(updated));
    },
  );

  app.post<{ Params: { regionId: string } }>(
    '/api/region/:regionId/app/metrics',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'upgrade' } } } },
    async (request) => {
      const body = parseWith(addMetricsSchema, request.body);
      const { row } = await upgradableInstance(request, body.app_id);
      const plan = pricePlans(row.ha).find((p) => p.level === row.planLevel);
      if (!plan) throw ApiError.badRequest('error.planUnknown');
      const addons = addOnsAfter(row, body.additional_metrics, false, plan);
      const [updated] = await db
        .update(instances)
        .set({ additionalStorageGb: addons.storageGb, connectors: addons.connectors, updatedAt: deps.clock.now() })
        .where(and(eq(instances.id, row.id), unchangedSince(row), inArray(instances.status, [...UPGRADABLE])))
        .returning();
      if (!updated) throw ApiError.conflict('error.instanceStateConflict');
      return ok(resultOf(updated));
    },
  );
};

function addOnsOf(row: InstanceRow): InstanceAddOns {
  return { storageGb: row.additionalStorageGb, connectors: [...row.connectors].sort() };
}

/** The add-ons after the request's additional_metrics, refused (400) when contracts' addOnsProblem says so. */
function addOnsAfter(
  row: InstanceRow,
  metrics: readonly AdditionalMetric[],
  full: boolean,
  plan: { level: number; additionalConnector: ReadonlyArray<{ name: string; support: boolean }> },
): InstanceAddOns {
  const current = addOnsOf(row);
  const next = applyAdditionalMetrics(current, metrics, full);
  const problem = addOnsProblem(current, next, plan);
  if (problem) throw ApiError.badRequest(problem.key, ...problem.args);
  return next;
}

/** The row still has the plan and add-ons it was read with. */
function unchangedSince(row: InstanceRow) {
  return and(
    eq(instances.planLevel, row.planLevel),
    eq(instances.ha, row.ha),
    eq(instances.additionalStorageGb, row.additionalStorageGb),
    eq(instances.updatedAt, row.updatedAt),
  );
}

function resultOf(row: InstanceRow): InstanceUpgradeResult {
  return { id: row.id, price_plan_level: row.planLevel, ha: row.ha, addons: addOnsOf(row) };
}
