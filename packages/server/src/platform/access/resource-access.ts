import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { orgMembers, organizations } from '../../store/schema';
import { liveGrantsOf, type LiveGrant } from './effective-grants';

/**
 * A resource inside an instance. DATABASE: databaseId; STABLE/VIEW: databaseId and name (grants store their
 * res_id as `db.name`).
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

/**
 * "May user U do P on resource R" (used by the instance, explorer and data areas): the user must be an ACTIVE
 * member of the organization; the owner may do everything; otherwise a live grant holding P must cover R.
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
  return grants.some((g) => g.privileges.includes(query.privilege) && grantCovers(g, query.resource));
}
