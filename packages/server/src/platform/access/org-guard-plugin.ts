import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ApiCode, satisfies, type OrgStatusValue } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { orgMembers, organizations } from '../../store/schema';
import { instancePrivileges, liveGrantsOf, orgPrivileges, reachingPrivileges, type LiveGrant } from './effective-grants';

/** The organization (and instance) a request acts in, set by the guard for 'org' and 'instance' routes. */
export interface OrgContext {
  orgId: string;
  memberId: string;
  isOwner: boolean;
  orgStatus: OrgStatusValue;
  /**
   * Effective privileges: organization-level; on 'instance' routes plus the INSTANCE-level grants of that
   * instance (never those of a database, super table or view: check those with `requireOn`).
   */
  privileges: Set<string>;
  /** The caller's live grants (empty for the owner, who holds everything), for resource checks. */
  grants: LiveGrant[];
  /** The instance of an 'instance' route; null on 'org' routes. */
  instanceId: string | null;
}

/** Who acts in which organization, known as soon as membership is verified (the activity log reads it). */
export interface OrgActor {
  orgId: string;
  instanceId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    org: OrgContext | null;
    orgActor: OrgActor | null;
  }
}

export const ACCOUNT_ID_HEADER = 'account-id';

/** The path parameter naming the instance of an 'instance' route (the first one present). */
export const INSTANCE_PARAMS = ['appId', 'instanceId', 'id'] as const;

export function orgOf(request: FastifyRequest): OrgContext {
  if (!request.org) throw ApiError.forbidden();
  return request.org;
}

function headerValue(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

function instanceParam(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  for (const name of INSTANCE_PARAMS) if (params[name]) return params[name];
  return '';
}

/**
 * The organization guard, registered right after the authentication guard. For 'org' and 'instance' routes:
 * the Account-Id header names the organization; the caller must be an ACTIVE member of it (not disabled, not
 * merely invited; deleted members have no row); a non-owner must hold at least one live grant, on an instance
 * route one reaching that instance (a member whose grants all expired or were disabled has no access at all);
 * the route's privileges must be satisfied
 * all-of/any-of — instance-wide (ORG and INSTANCE grants) unless the route declares `scope: 'resource'`; writes are refused while the organization is not ACTIVE. Refusals never tell whether the
 * organization exists.
 */
/** The writes an organization stopped for arrears may still make: paying, and support tickets. */
const WRITES_IN_ARREARS = new Set(['billing', 'ticket']);

const registerOrgGuardPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
    app.decorateRequest('org', null);
    app.decorateRequest('orgActor', null);

    app.addHook('onRequest', async (request) => {
      const policy = request.routeOptions.config?.policy;
      if (!policy || (policy.access !== 'org' && policy.access !== 'instance')) return;
      const auth = request.auth;
      if (!auth) throw ApiError.unauthenticated();
      const orgId = policy.orgFrom ? policy.orgFrom(request) : headerValue(request, ACCOUNT_ID_HEADER);
      if (!orgId) throw ApiError.forbidden('error.orgRequired');

      const { db } = deps.store;
      const rows = await db
        .select({ memberId: orgMembers.id, memberStatus: orgMembers.status, ownerId: organizations.ownerId, orgStatus: organizations.status })
        .from(orgMembers)
        .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
        .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, auth.userId)))
        .limit(1);
      const member = rows[0];
      if (!member || member.memberStatus !== 'ACTIVE') throw ApiError.forbidden();

      let instanceId: string | null = null;
      if (policy.access === 'instance') {
        instanceId = instanceParam(request);
        const owner = instanceId ? await app.accessExtensions.instances.orgOf(instanceId) : null;
        if (owner !== orgId) throw ApiError.notFound();
      }
      request.orgActor = { orgId, instanceId };

      const isOwner = member.ownerId === auth.userId;
      const grants = isOwner ? [] : await liveGrantsOf(db, deps.clock.now(), orgId, member.memberId);
      const privileges = instanceId ? instancePrivileges(grants, isOwner, instanceId) : orgPrivileges(grants, isOwner);
      // No live grant (none yet, all expired or disabled): no access. On an instance route the grant must reach
      // that instance (organization level or inside it): grants on another instance do not count.
      const reaching = instanceId ? grants.filter((g) => g.resType === 'ORG' || g.instanceId === instanceId) : grants;
      if (!isOwner && reaching.length === 0) throw ApiError.forbidden();
      // A route on one resource is admitted on a grant anywhere in the instance (its handler checks the resource);
      // every other instance route needs the privileges instance-wide.
      const admitting = instanceId && policy.scope === 'resource' ? reachingPrivileges(grants, isOwner, instanceId) : privileges;
      if (policy.privileges && !satisfies(admitting, policy.privileges)) throw ApiError.forbidden();
      if (policy.write && member.orgStatus !== 'ACTIVE') throw new ApiError(ApiCode.ORG_READ_ONLY, 'error.orgReadOnly');
      // Stopped for unpaid arrears: read-only too, but paying and asking support stay open (docs/billing.md "Arrears").
      if (policy.write && !WRITES_IN_ARREARS.has(policy.activity?.type ?? '') && (await app.accessExtensions.billing.stoppedForArrears(orgId))) {
        throw new ApiError(ApiCode.ORG_READ_ONLY, policy.arrearsRefusal ?? 'error.orgInArrears');
      }

      request.org = { orgId, memberId: member.memberId, isOwner, orgStatus: member.orgStatus, privileges, grants, instanceId };
    });
};

export const orgGuardPlugin = fp(registerOrgGuardPlugin, { name: 'org-guard', dependencies: ['auth-guard'] });
