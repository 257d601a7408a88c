import { and, count, eq, isNull, max, ne } from 'drizzle-orm';
import { FREE_PLAN_MAX_ORGANIZATIONS, PlanLevel, type OrgQuota, type PlanLevelValue } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { instances, organizations } from '../../store/schema';
import { ApiError } from '../../http/api-error';

/**
 * The free plan's organization limit (§1 "2 organizations"; FREE_PLAN_MAX_ORGANIZATIONS). A user's plan is the
 * highest plan of the live instances in the organizations they own: FREE until one of them is STANDARD or
 * ENTERPRISE. On the free plan a user may own at most the limit of organizations; organizations of a
 * marketplace (billed by the marketplace) do not count and are never refused.
 */
/**
 * The limit is a parameter (§1): FREE_PLAN_MAX_ORGANIZATIONS in the environment overrides the contracts'
 * default; 'unlimited' turns it off (a private deployment, tests of other areas that create many organizations).
 */
export function loadFreePlanOrgLimit(env: NodeJS.ProcessEnv): number | null {
  const value = env.FREE_PLAN_MAX_ORGANIZATIONS;
  if (value === 'unlimited') return null;
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : FREE_PLAN_MAX_ORGANIZATIONS;
}

export async function organizationQuota(db: Db, userId: string, freePlanLimit: number | null = FREE_PLAN_MAX_ORGANIZATIONS): Promise<OrgQuota> {
  const [owned] = await db
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organizations.ownerId, userId), isNull(organizations.marketplaceType)));
  const [plan] = await db
    .select({ level: max(instances.planLevel) })
    .from(instances)
    .innerJoin(organizations, eq(organizations.id, instances.orgId))
    .where(and(eq(organizations.ownerId, userId), ne(instances.status, 'Deleted')));
  const planLevel = (Number(plan?.level ?? PlanLevel.FREE) || PlanLevel.FREE) as PlanLevelValue;
  const limit = planLevel === PlanLevel.FREE ? freePlanLimit : null;
  const n = Number(owned?.n ?? 0);
  return { planLevel, owned: n, max: limit, canCreate: limit === null || n < limit };
}

/** Refuses a new (non-marketplace) organization beyond the free plan's limit: 409 'error.orgLimit'. */
export async function assertMayCreateOrganization(db: Db, userId: string, marketplaceType: string | null, freePlanLimit: number | null): Promise<void> {
  if (marketplaceType) return;
  const quota = await organizationQuota(db, userId, freePlanLimit);
  if (!quota.canCreate) throw ApiError.conflict('error.orgLimit', quota.max ?? 0);
}
