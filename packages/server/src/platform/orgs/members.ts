import { and, eq, inArray } from 'drizzle-orm';
import type { MemberTargetRequest, OrgMember } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { groupMembers, orgGroups, orgMembers, organizations, users, type OrgMemberRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { grantsForMembers } from '../access/grant-queries';

/** The members of an organization with their groups and roles (direct and through groups). */
export async function listMembers(db: Db, now: number, orgId: string): Promise<OrgMember[]> {
  const rows = await db
    .select({ member: orgMembers, firstName: users.firstName, lastName: users.lastName, ownerId: organizations.ownerId })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .leftJoin(users, eq(users.id, orgMembers.userId))
    .where(eq(orgMembers.orgId, orgId))
    .orderBy(orgMembers.invitedAt, orgMembers.id);
  const memberIds = rows.map((r) => r.member.id);
  const groups = memberIds.length
    ? await db
        .select({ memberId: groupMembers.memberId, id: orgGroups.id, name: orgGroups.name })
        .from(groupMembers)
        .innerJoin(orgGroups, eq(orgGroups.id, groupMembers.groupId))
        .where(inArray(groupMembers.memberId, memberIds))
    : [];
  const grants = await grantsForMembers(db, now, orgId, memberIds);
  return rows.map(({ member, firstName, lastName, ownerId }) => ({
    memberId: member.id,
    userId: member.userId,
    email: member.email,
    firstName: firstName ?? '',
    lastName: lastName ?? '',
    status: member.status,
    isOwner: member.userId === ownerId,
    groups: groups.filter((g) => g.memberId === member.id).map((g) => ({ id: g.id, name: g.name })),
    roles: (grants.get(member.id) ?? []).map((g) => ({
      grantId: g.id,
      roleId: g.role_id,
      name: g.name,
      resType: g.resType,
      expiration: g.expiration,
      status: g.status,
      via: g.via,
      groupId: g.groupId,
    })),
    invitedAt: member.invitedAt,
    joinedAt: member.joinedAt,
  }));
}

/** The member a request names (by user id or member id) within the organization, or not-found. */
export async function findMember(db: Db, orgId: string, target: MemberTargetRequest): Promise<OrgMemberRow> {
  const condition = target.memberId ? eq(orgMembers.id, target.memberId) : eq(orgMembers.userId, target.userId ?? '');
  const rows = await db.select().from(orgMembers).where(and(eq(orgMembers.orgId, orgId), condition)).limit(1);
  if (!rows[0]) throw ApiError.notFound();
  return rows[0];
}

async function assertNotOwner(db: Db, member: OrgMemberRow): Promise<void> {
  const rows = await db.select({ ownerId: organizations.ownerId }).from(organizations).where(eq(organizations.id, member.orgId)).limit(1);
  if (rows[0]?.ownerId === member.userId) throw ApiError.badRequest('error.lastOwner');
}

/** Disables an ACTIVE member or re-activates a DISABLED one; the owner is never disabled. */
export async function setMemberStatus(db: Db, member: OrgMemberRow, status: 'ACTIVE' | 'DISABLED'): Promise<void> {
  await assertNotOwner(db, member);
  if (member.status === 'INVITED') throw ApiError.badRequest('error.notMember');
  await db.update(orgMembers).set({ status }).where(eq(orgMembers.id, member.id));
}

/** Removes a member (or a pending invitation) with their group memberships and grants; never the owner. */
export async function deleteMember(db: Db, member: OrgMemberRow): Promise<void> {
  await assertNotOwner(db, member);
  await db.delete(orgMembers).where(eq(orgMembers.id, member.id));
}
