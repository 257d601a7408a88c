import type { FastifyPluginAsync } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  Privilege,
  creditCheckPasses,
  instanceUpgradeSchema,
  isUpwardPlanChange,
  ok,
  satisfies,
  type InstanceUpgradeResult,
  type PlanLevelValue,
} from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf } from '../../platform/access';
import { instances } from '../../store/schema';
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
 * hourly charge (error.insufficientCredit); the status is Running or Suspended (error.instanceStateConflict).
 * Then the plan is stored and applied to the engine's limits (a running engine takes them without a restart).
 */
export const upgradeRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { provisioner } = app.region;
  const { db } = deps.store;

  app.post<{ Params: { regionId: string } }>(
    '/api/region/:regionId/app/upgrade',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'upgrade' } } } },
    async (request) => {
      const body = parseWith(instanceUpgradeSchema, request.body);
      const org = orgOf(request);
      const row = await findOrgInstance(db, org.orgId, body.app_id);
      if (!row || row.regionId !== request.params.regionId) throw ApiError.notFound();
      if (body.cluster_id && body.cluster_id !== row.name) throw ApiError.notFound();
      if (request.orgActor) request.orgActor.instanceId = row.id;

      const privileges = privilegesByInstance(org, [row.id]).get(row.id)!;
      if (!satisfies(privileges, { allOf: [Privilege.BILLING_INSTANCE_UPGRADE] })) throw ApiError.forbidden();
      if (!satisfies(privileges, { allOf: [Privilege.BILLING_CREDIT_QUERY] })) throw ApiError.forbidden('error.billingQueryRequired');

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

      // Conditional on the plan and status read above: a concurrent upgrade or start makes this one refuse.
      const [updated] = await db
        .update(instances)
        .set({ planLevel: target.level as PlanLevelValue, ha: body.high_availability as 0 | 1, updatedAt: deps.clock.now() })
        .where(and(eq(instances.id, row.id), eq(instances.planLevel, row.planLevel), eq(instances.ha, row.ha), inArray(instances.status, [...UPGRADABLE])))
        .returning();
      if (!updated) throw ApiError.conflict('error.instanceStateConflict');
      await provisioner.applyPlan(updated.id, updated.planLevel);

      const result: InstanceUpgradeResult = { id: updated.id, price_plan_level: updated.planLevel, ha: updated.ha };
      return ok(result);
    },
  );
};
