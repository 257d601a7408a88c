import { and, eq } from 'drizzle-orm';
import { mayGiveRole, satisfies, type PrivilegeRequirement } from '@tscloud/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { orgMembers, organizations } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { liveGrantsOf, orgPrivileges, type LiveGrant } from './effective-grants';

/**
 * A resource inside an instance. The instance alone: `{instanceId}`. DATABASE: databaseId; STABLE/VIEW:
 * databaseId and name (grants store their res_id as `db.name`).
 */
export interface ResourceRef {
  instanceId: string;
  databaseId?: string;
  kind?: 'STABLE' | 'VIEW';
  name?: string;
}

/** Whether a grant covers a resource: ORG covers all, INSTANCE its instance, DATABASE what is inside it. */
export function grantCovers(grant: LiveGrant, resource: ResourceRef): boolean {
  switch (grant.resType) {
    case 'ORG':
      return true;
    case 'INSTANCE':
      return grant.resId === resource.instanceId;
    case 'DATABASE':
      return grant.instanceId === resource.instanceId && resource.databaseId !== undefined && grant.resId === resource.databaseId;
    case 'STABLE':
    case 'VIEW':
      return (
        grant.instanceId === resource.instanceId &&
        resource.kind === grant.resType &&
        resource.databaseId !== undefined &&
        grant.resId === `${resource.databaseId}.${resource.name}`
      );
  }
}

/** Whose privileges: the owner holds everything; anyone else what their live grants give. */
export interface GrantHolder {
  isOwner: boolean;
  grants: LiveGrant[];
}

/**
 * The privileges a member holds on one resource: the union of their live grants covering it. `null` is the
 * organization level (ORG grants only). This is the one answer to "may U do P on R" (the guard's instance-wide
 * set is `privilegesOn(holder, {instanceId})`).
 */
export function privilegesOn(holder: GrantHolder, resource: ResourceRef | null): Set<string> {
  if (holder.isOwner || resource === null) return orgPrivileges(holder.grants, holder.isOwner);
  const set = new Set<string>();
  for (const g of holder.grants) if (grantCovers(g, resource)) for (const p of g.privileges) set.add(p);
  return set;
}

/**
 * The privileges a member holds on a database or on a super table of it: for writes into one of its tables
 * (CSV import), where the server keeps the call inside the databases the member reaches and the member's engine
 * user checks the table itself.
 */
export function privilegesWithin(holder: GrantHolder, instanceId: string, databaseId: string): Set<string> {
  const set = privilegesOn(holder, { instanceId, databaseId });
  for (const g of holder.grants) {
    const inside = g.resType === 'STABLE' && g.instanceId === instanceId && g.resId?.startsWith(`${databaseId}.`);
    if (inside) for (const p of g.privileges) set.add(p);
  }
  return set;
}

/**
 * The check every 'resource'-scope handler makes on the resource it names (the guard admitted the call on a
 * grant anywhere in the instance): the member's grants covering that resource must satisfy the requirement.
 */
export function requireOn(holder: GrantHolder, requirement: PrivilegeRequirement, resource: ResourceRef): void {
  if (!satisfies(privilegesOn(holder, resource), requirement)) throw ApiError.forbidden();
}

/**
 * Granting a role at a target (organization level: null; an instance or a resource inside one): the granter must
 * hold a management privilege (`manage`) on a scope covering the target, and hold every privilege of the role
 * there — nobody hands out more than they hold at that level, nor widens a grant they hold on something
 * narrower. The owner is unlimited.
 */
export function requireGrantRight(holder: GrantHolder, manage: PrivilegeRequirement, target: ResourceRef | null, rolePrivileges: readonly string[]): void {
  if (holder.isOwner) return;
  const held = privilegesOn(holder, target);
  if (!satisfies(held, manage)) throw ApiError.forbidden();
  if (!mayGiveRole(held, rolePrivileges)) throw ApiError.forbidden('error.grantBeyondHeld');
}

/**
 * "May user U do P on resource R" for callers outside a guarded route (e.g. the asset login): the user must be
 * an ACTIVE member of the organization; the owner may do everything; otherwise a live grant holding P must
 * cover R.
 */
export async function mayAccess(
  db: Db,
  clock: Clock,
  query: { userId: string; orgId: string; privilege: string; resource: ResourceRef },
): Promise<boolean> {
  const rows = await db
    .select({ memberId: orgMembers.id, status: orgMembers.status, ownerId: organizations.ownerId })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(and(eq(orgMembers.orgId, query.orgId), eq(orgMembers.userId, query.userId)))
    .limit(1);
  const member = rows[0];
  if (!member || member.status !== 'ACTIVE') return false;
  if (member.ownerId === query.userId) return true;
  const grants = await liveGrantsOf(db, clock.now(), query.orgId, member.memberId);
  return privilegesOn({ isOwner: false, grants }, query.resource).has(query.privilege);
}
