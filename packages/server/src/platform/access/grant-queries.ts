import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { RoleGrant } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { groupMembers, instances, orgGroups, orgMembers, roleGrants, roles } from '../../store/schema';
import { shownStatus } from './effective-grants';

type GrantJoinRow = {
  grant: typeof roleGrants.$inferSelect;
  roleName: string;
  groupName: string | null;
  memberUserId: string | null;
  memberEmail: string | null;
  instanceAlias: string | null;
};

function toRoleGrant(row: GrantJoinRow, now: number, via: 'USER' | 'GROUP', userId: string | null): RoleGrant {
  const g = row.grant;
  return {
    id: g.id,
    name: row.roleName,
    role_id: g.roleId,
    expiration: g.expiration,
    resId: g.resId,
    resName: g.resName,
    resType: g.resType,
    instance_id: g.instanceId,
    database_id: g.databaseId,
    status: shownStatus(g, now),
    userId: userId ?? row.memberUserId,
    groupId: g.groupId,
    groupName: row.groupName,
    memberEmail: row.memberEmail,
    instanceAlias: row.instanceAlias,
    via,
  };
}

async function selectGrants(db: Db, where: SQL | undefined): Promise<GrantJoinRow[]> {
  return db
    .select({ grant: roleGrants, roleName: roles.name, groupName: orgGroups.name, memberUserId: orgMembers.userId, memberEmail: orgMembers.email, instanceAlias: instances.alias })
    .from(roleGrants)
    .innerJoin(roles, eq(roles.id, roleGrants.roleId))
    .leftJoin(orgGroups, eq(orgGroups.id, roleGrants.groupId))
    .leftJoin(orgMembers, eq(orgMembers.id, roleGrants.memberId))
    // Same organization: a grant names only its own organization's instances.
    .leftJoin(instances, and(eq(instances.id, roleGrants.instanceId), eq(instances.orgId, roleGrants.orgId)))
    .where(where)
    .orderBy(roleGrants.createdAt, roleGrants.id);
}

/**
 * Every grant reaching each member, directly (via USER) or through their groups (via GROUP), whatever its status,
 * keyed by member id.
 */
export async function grantsForMembers(db: Db, now: number, orgId: string, memberIds: string[]): Promise<Map<string, RoleGrant[]>> {
  const result = new Map<string, RoleGrant[]>();
  if (memberIds.length === 0) return result;
  const memberships = await db.select().from(groupMembers).where(inArray(groupMembers.memberId, memberIds));
  const groupIds = [...new Set(memberships.map((m) => m.groupId))];
  const direct = inArray(roleGrants.memberId, memberIds);
  const rows = await selectGrants(db, and(eq(roleGrants.orgId, orgId), groupIds.length ? or(direct, inArray(roleGrants.groupId, groupIds)) : direct));
  const members = await db.select({ id: orgMembers.id, userId: orgMembers.userId }).from(orgMembers).where(inArray(orgMembers.id, memberIds));
  const userIdOf = new Map(members.map((m) => [m.id, m.userId]));
  for (const memberId of memberIds) {
    const mine = new Set(memberships.filter((m) => m.memberId === memberId).map((m) => m.groupId));
    const list = rows
      .filter((r) => r.grant.memberId === memberId || (r.grant.groupId !== null && mine.has(r.grant.groupId)))
      .map((r) => toRoleGrant(r, now, r.grant.memberId === memberId ? 'USER' : 'GROUP', userIdOf.get(memberId) ?? null));
    result.set(memberId, list);
  }
  return result;
}

/** The grants given to a group. */
export async function grantsForGroup(db: Db, now: number, orgId: string, groupId: string): Promise<RoleGrant[]> {
  const rows = await selectGrants(db, and(eq(roleGrants.orgId, orgId), eq(roleGrants.groupId, groupId)));
  return rows.map((r) => toRoleGrant(r, now, 'GROUP', null));
}

/** Every grant of the organization (members' and groups'). */
export async function grantsOfOrg(db: Db, now: number, orgId: string): Promise<RoleGrant[]> {
  const rows = await selectGrants(db, eq(roleGrants.orgId, orgId));
  return rows.map((r) => toRoleGrant(r, now, r.grant.groupId ? 'GROUP' : 'USER', null));
}
