import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Group } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { groupMembers, orgGroups, orgMembers, type OrgGroupRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';

export async function listGroups(db: Db, orgId: string): Promise<Group[]> {
  const groups = await db.select().from(orgGroups).where(eq(orgGroups.orgId, orgId)).orderBy(orgGroups.createdAt, orgGroups.name);
  const ids = groups.map((g) => g.id);
  const members = ids.length
    ? await db
        .select({ groupId: groupMembers.groupId, userId: orgMembers.userId, email: orgMembers.email })
        .from(groupMembers)
        .innerJoin(orgMembers, eq(orgMembers.id, groupMembers.memberId))
        .where(inArray(groupMembers.groupId, ids))
    : [];
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    status: g.status,
    createdAt: g.createdAt,
    members: members.filter((m) => m.groupId === g.id).map((m) => ({ userId: m.userId ?? '', email: m.email })),
  }));
}

export async function findGroup(db: Db, orgId: string, id: string): Promise<OrgGroupRow> {
  const rows = await db.select().from(orgGroups).where(and(eq(orgGroups.orgId, orgId), eq(orgGroups.id, id))).limit(1);
  if (!rows[0]) throw ApiError.notFound();
  return rows[0];
}

async function assertNameFree(db: Db, orgId: string, name: string, exceptId?: string): Promise<void> {
  const rows = await db
    .select({ id: orgGroups.id })
    .from(orgGroups)
    .where(and(eq(orgGroups.orgId, orgId), sql`lower(${orgGroups.name}) = lower(${name})`));
  if (rows.some((r) => r.id !== exceptId)) throw ApiError.conflict('error.nameUsed');
}

/** Member ids of the organization's members with these user ids (not-found when one is not a member). */
async function memberIdsOf(db: Db, orgId: string, userIds: string[]): Promise<string[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await db.select({ id: orgMembers.id }).from(orgMembers).where(and(eq(orgMembers.orgId, orgId), inArray(orgMembers.userId, unique)));
  if (rows.length !== unique.length) throw ApiError.notFound();
  return rows.map((r) => r.id);
}

export async function createGroup(db: Db, now: number, orgId: string, input: { name: string; description: string; userIds: string[] }): Promise<string> {
  await assertNameFree(db, orgId, input.name);
  const memberIds = await memberIdsOf(db, orgId, input.userIds);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(orgGroups).values({ id, orgId, name: input.name, description: input.description, createdAt: now });
    if (memberIds.length) await tx.insert(groupMembers).values(memberIds.map((memberId) => ({ groupId: id, memberId })));
  });
  return id;
}

export async function updateGroup(db: Db, orgId: string, id: string, input: { name?: string; description?: string; status?: 'ACTIVE' | 'DISABLED' }): Promise<void> {
  await findGroup(db, orgId, id);
  if (input.name) await assertNameFree(db, orgId, input.name, id);
  const changes: Partial<OrgGroupRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.status !== undefined) changes.status = input.status;
  if (Object.keys(changes).length) await db.update(orgGroups).set(changes).where(eq(orgGroups.id, id));
}

/** Deleting a group deletes its grants and memberships. */
export async function deleteGroup(db: Db, orgId: string, id: string): Promise<void> {
  await findGroup(db, orgId, id);
  await db.delete(orgGroups).where(eq(orgGroups.id, id));
}

export async function addGroupMembers(db: Db, orgId: string, id: string, userIds: string[]): Promise<void> {
  await findGroup(db, orgId, id);
  const memberIds = await memberIdsOf(db, orgId, userIds);
  await db.insert(groupMembers).values(memberIds.map((memberId) => ({ groupId: id, memberId }))).onConflictDoNothing();
}

export async function removeGroupMembers(db: Db, orgId: string, id: string, userIds: string[]): Promise<void> {
  await findGroup(db, orgId, id);
  const memberIds = await memberIdsOf(db, orgId, userIds);
  await db.delete(groupMembers).where(and(eq(groupMembers.groupId, id), inArray(groupMembers.memberId, memberIds)));
}
