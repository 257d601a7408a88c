import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { Privilege, type GrantStatusValue, type ResTypeValue } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { groupMembers, orgGroups, orgMembers, organizations, roleGrants, roles, users } from '../../store/schema';
import { rolePrivileges } from '../../platform/access/role-privileges';

/** A grant that reaches one instance: organization-level (with instance privileges) or on the instance. */
export interface InstanceGrant {
  id: string;
  role: string;
  resType: ResTypeValue;
  resId: string | null;
  resName: string | null;
  status: GrantStatusValue;
  expiration: number | null;
  privileges: string[];
  memberId: string | null;
  groupId: string | null;
}

export interface InstanceMember {
  memberId: string;
  userId: string;
  email: string;
  name: string;
  isOwner: boolean;
}

export interface InstanceGroupInfo {
  id: string;
  name: string;
  status: 'ACTIVE' | 'DISABLED';
  memberIds: string[];
}

/** Everything the organization's platform state says about who may use one instance (one read, no engine). */
export interface InstanceAccessState {
  members: InstanceMember[];
  groups: InstanceGroupInfo[];
  grants: InstanceGrant[];
}

export async function loadInstanceAccess(db: Db, orgId: string, instanceId: string): Promise<InstanceAccessState> {
  const [org] = await db.select({ ownerId: organizations.ownerId }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
  const memberRows = await db
    .select({ memberId: orgMembers.id, userId: orgMembers.userId, email: orgMembers.email, first: users.firstName, last: users.lastName })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.status, 'ACTIVE'), isNotNull(orgMembers.userId)));
  const grantRows = await db
    .select({
      id: roleGrants.id,
      role: roles.name,
      builtin: roles.builtin,
      rolePrivileges: roles.privileges,
      resType: roleGrants.resType,
      resId: roleGrants.resId,
      resName: roleGrants.resName,
      status: roleGrants.status,
      expiration: roleGrants.expiration,
      memberId: roleGrants.memberId,
      groupId: roleGrants.groupId,
    })
    .from(roleGrants)
    .innerJoin(roles, eq(roles.id, roleGrants.roleId))
    .where(and(eq(roleGrants.orgId, orgId), or(eq(roleGrants.resType, 'ORG'), eq(roleGrants.instanceId, instanceId))));
  const grants: InstanceGrant[] = grantRows
    .map((r) => ({ ...r, privileges: rolePrivileges({ builtin: r.builtin, privileges: r.rolePrivileges }) }))
    // An organization-level grant makes its holder an instance user only if it lets them use instances.
    .filter((g) => g.resType !== 'ORG' || g.privileges.includes(Privilege.INSTANCE_READ))
    .map(({ builtin: _b, rolePrivileges: _p, ...g }) => g);

  const groupIds = [...new Set(grants.map((g) => g.groupId).filter((id): id is string => id !== null))];
  const groupRows = groupIds.length ? await db.select().from(orgGroups).where(and(eq(orgGroups.orgId, orgId), inArray(orgGroups.id, groupIds))) : [];
  const links = groupIds.length ? await db.select().from(groupMembers).where(inArray(groupMembers.groupId, groupIds)) : [];
  return {
    members: memberRows.map((m) => ({
      memberId: m.memberId,
      userId: m.userId!,
      email: m.email,
      name: `${m.first} ${m.last}`.trim(),
      isOwner: m.userId === org?.ownerId,
    })),
    groups: groupRows.map((g) => ({ id: g.id, name: g.name, status: g.status, memberIds: links.filter((l) => l.groupId === g.id).map((l) => l.memberId) })),
    grants,
  };
}
