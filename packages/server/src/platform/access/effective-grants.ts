import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { ALL_PRIVILEGES, type GrantStatusValue, type ResTypeValue } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { groupMembers, orgGroups, roleGrants, roles } from '../../store/schema';
import { rolePrivileges } from './role-privileges';

/** platform-shell.md §4: an item is expired when its status is EXPIRED or its expiration is past. */
export function isExpired(grant: { status: string; expiration: number | null }, now: number): boolean {
  return grant.status === 'EXPIRED' || (grant.expiration !== null && grant.expiration <= now);
}

/** The status a grant shows: EXPIRED once expired, else its stored status. */
export function shownStatus(grant: { status: GrantStatusValue; expiration: number | null }, now: number): GrantStatusValue {
  return isExpired(grant, now) ? 'EXPIRED' : grant.status;
}

export interface LiveGrant {
  id: string;
  resType: ResTypeValue;
  resId: string | null;
  instanceId: string | null;
  databaseId: string | null;
  privileges: string[];
}

/**
 * The grants that give a member privileges now: ACTIVE and unexpired, granted to the member directly or to an
 * ACTIVE group the member is in. This is the one place that decides it.
 */
export async function liveGrantsOf(db: Db, now: number, orgId: string, memberId: string): Promise<LiveGrant[]> {
  const memberGroups = db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(orgGroups, eq(orgGroups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.memberId, memberId), eq(orgGroups.status, 'ACTIVE')));
  const rows = await db
    .select({
      id: roleGrants.id,
      resType: roleGrants.resType,
      resId: roleGrants.resId,
      instanceId: roleGrants.instanceId,
      databaseId: roleGrants.databaseId,
      builtin: roles.builtin,
      privileges: roles.privileges,
    })
    .from(roleGrants)
    .innerJoin(roles, eq(roles.id, roleGrants.roleId))
    .where(
      and(
        eq(roleGrants.orgId, orgId),
        eq(roleGrants.status, 'ACTIVE'),
        or(isNull(roleGrants.expiration), gt(roleGrants.expiration, now)),
        or(eq(roleGrants.memberId, memberId), inArray(roleGrants.groupId, memberGroups)),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    resType: r.resType,
    resId: r.resId,
    instanceId: r.instanceId,
    databaseId: r.databaseId,
    privileges: rolePrivileges(r),
  }));
}

function union(grants: LiveGrant[]): Set<string> {
  const set = new Set<string>();
  for (const g of grants) for (const p of g.privileges) set.add(p);
  return set;
}

/** Organization-level privileges: the union of the member's live ORG-level grants; an owner holds all. */
export function orgPrivileges(grants: LiveGrant[], isOwner: boolean): Set<string> {
  if (isOwner) return new Set(ALL_PRIVILEGES);
  return union(grants.filter((g) => g.resType === 'ORG'));
}

/**
 * Instance-wide privileges: the organization's plus the INSTANCE-level grants on that instance. Only these
 * authorize what acts on the instance as a whole (token, lifecycle, allow-list, instance users, monitoring,
 * streams, topics, grants at instance level): a grant on a database, super table or view never does.
 */
export function instancePrivileges(grants: LiveGrant[], isOwner: boolean, instanceId: string): Set<string> {
  const set = orgPrivileges(grants, isOwner);
  for (const p of union(grants.filter((g) => g.resType === 'INSTANCE' && g.instanceId === instanceId))) set.add(p);
  return set;
}

/**
 * Privileges held somewhere in an instance: instance-wide ones plus those of every grant inside it (database,
 * super table, view). They only admit a route that acts on one named resource ('resource' scope); its handler
 * then checks that resource (resource-access.ts `requireOn`).
 */
export function reachingPrivileges(grants: LiveGrant[], isOwner: boolean, instanceId: string): Set<string> {
  const set = orgPrivileges(grants, isOwner);
  for (const p of union(grants.filter((g) => g.resType !== 'ORG' && g.instanceId === instanceId))) set.add(p);
  return set;
}
