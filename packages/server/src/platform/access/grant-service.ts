import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiCode, ROLE_EXPIRATION_MIN_LEAD_MS, isExpirationAcceptable, type GrantRolesResult, type GrantResource, type ResTypeValue } from '@tscloud/contracts';
import type { z } from 'zod';
import type { grantRolesSchema } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { groupMembers, orgGroups, orgMembers, roleGrants, roles } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import type { InstanceDirectory } from './extensions';
import { isExpired } from './effective-grants';
import type { ResourceRef } from './resource-access';
import { rolePrivileges } from './role-privileges';

export type GrantRolesInput = z.infer<typeof grantRolesSchema>;

export interface GrantScope {
  orgId: string;
  actorUserId: string;
  now: number;
  instances: InstanceDirectory;
  /** Set on /api/user/{appId}/roles: grants stay inside this instance and below ORG level. */
  instanceId?: string;
  /**
   * Refuses (throws) when the caller may not give a role with these privileges at this target (null: organization
   * level); called for every grant before anything is written (resource-access.ts `requireGrantRight`).
   */
  authorize: (target: ResourceRef | null, rolePrivileges: string[]) => void;
}

/** What a grant row is on, as access control names it (null: the organization). */
export function targetOf(row: { resType: ResTypeValue; resId: string | null; instanceId: string | null; databaseId: string | null }): ResourceRef | null {
  if (row.resType === 'ORG' || !row.instanceId) return null;
  if (row.resType === 'INSTANCE') return { instanceId: row.instanceId };
  if (row.resType === 'DATABASE') return { instanceId: row.instanceId, databaseId: row.resId ?? undefined };
  const dot = row.resId?.indexOf('.') ?? -1;
  return { instanceId: row.instanceId, databaseId: row.databaseId ?? row.resId?.slice(0, dot), kind: row.resType, name: row.resId?.slice(dot + 1) };
}

async function memberOf(db: Db, orgId: string, userId: string): Promise<string> {
  const rows = await db.select({ id: orgMembers.id }).from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId))).limit(1);
  if (!rows[0]) throw ApiError.notFound();
  return rows[0].id;
}

async function groupOf(db: Db, orgId: string, groupId: string): Promise<string> {
  const rows = await db.select({ id: orgGroups.id }).from(orgGroups).where(and(eq(orgGroups.orgId, orgId), eq(orgGroups.id, groupId))).limit(1);
  if (!rows[0]) throw ApiError.notFound();
  return rows[0].id;
}

/** The stored resource columns of a grant; every named instance must belong to the organization. */
async function resourceRows(scope: GrantScope, resType: ResTypeValue, resources: GrantResource[]) {
  if (resType === 'ORG') return [{ resId: null, resName: null, instanceId: null, databaseId: null }];
  const rows = [];
  for (const r of resources) {
    const instanceId = scope.instanceId ?? (resType === 'INSTANCE' ? r.instanceId ?? r.resId : r.instanceId);
    if (!instanceId || (await scope.instances.orgOf(instanceId)) !== scope.orgId) throw ApiError.notFound();
    const resId = resType === 'INSTANCE' ? instanceId : r.resId;
    const databaseId = resType === 'INSTANCE' ? null : resType === 'DATABASE' ? r.resId : (r.databaseId ?? r.resId.split('.')[0]);
    rows.push({ resId, resName: r.resName ?? null, instanceId, databaseId });
  }
  return rows;
}

/**
 * PUT /api/user/roles and /api/user/{appId}/roles, with the rules of platform-shell.md §5: group and role cannot
 * both be empty (a user may only be added to groups); a group needs a role; below ORG level resources must be
 * chosen; the expiration must be later than now + ROLE_EXPIRATION_MIN_LEAD_MS.
 */
export async function grantRoles(db: Db, scope: GrantScope, input: GrantRolesInput): Promise<GrantRolesResult> {
  const memberId = input.userId ? await memberOf(db, scope.orgId, input.userId) : null;
  const groupId = input.groupId ? await groupOf(db, scope.orgId, input.groupId) : null;
  if (groupId && input.groupIds.length) throw ApiError.badRequest();
  if (!input.roleId && input.groupIds.length === 0) throw ApiError.badRequest(groupId ? 'error.roleRequired' : 'error.groupOrRoleRequired');

  const addGroups = [...new Set(input.groupIds)];
  if (addGroups.length) {
    const found = await db.select({ id: orgGroups.id }).from(orgGroups).where(and(eq(orgGroups.orgId, scope.orgId), inArray(orgGroups.id, addGroups)));
    if (found.length !== addGroups.length) throw ApiError.notFound();
  }

  let rows: Awaited<ReturnType<typeof resourceRows>> = [];
  if (input.roleId) {
    const role = await db.select().from(roles).where(and(eq(roles.orgId, scope.orgId), eq(roles.id, input.roleId))).limit(1);
    if (!role[0]) throw ApiError.notFound();
    if (scope.instanceId && input.resType === 'ORG') throw ApiError.badRequest('error.instanceLevelOnly');
    // On an instance's own call, an INSTANCE-level grant is about that instance: it needs no resource list.
    const resources = scope.instanceId && input.resType === 'INSTANCE' && input.resources.length === 0 ? [{ resId: scope.instanceId }] : input.resources;
    if (input.resType !== 'ORG' && resources.length === 0) throw ApiError.badRequest('error.resourceRequired');
    if (!isExpirationAcceptable(input.expiration, scope.now, ROLE_EXPIRATION_MIN_LEAD_MS)) {
      throw new ApiError(ApiCode.BAD_REQUEST, 'validation.expiration', [], { field: 'expiration' });
    }
    rows = await resourceRows(scope, input.resType, resources);
    const privileges = rolePrivileges(role[0]);
    for (const r of rows) scope.authorize(targetOf({ resType: input.resType, ...r }), privileges);
  }

  const grantIds: string[] = [];
  await db.transaction(async (tx) => {
    if (memberId && addGroups.length) {
      await tx.insert(groupMembers).values(addGroups.map((g) => ({ groupId: g, memberId }))).onConflictDoNothing();
    }
    for (const r of rows) {
      const id = randomUUID();
      grantIds.push(id);
      await tx.insert(roleGrants).values({
        id,
        orgId: scope.orgId,
        roleId: input.roleId!,
        memberId,
        groupId,
        resType: input.resType,
        ...r,
        expiration: input.expiration,
        createdBy: scope.actorUserId,
        createdAt: scope.now,
      });
    }
  });
  return { grantIds, addedToGroups: memberId ? addGroups : [] };
}

export type GrantAction = 'delete' | 'active' | 'disable';

/**
 * POST /api/role/{delete|active|disable}/userrole: an expired grant can only be deleted ('error.expiredGrant');
 * when the request manages a user's grants (userId), a grant that reaches the user through a group is refused
 * ('error.managedByGroup'). On /api/role/{appId}/…, only grants inside that instance are touched.
 */
export async function applyGrantAction(
  db: Db,
  scope: Pick<GrantScope, 'orgId' | 'now' | 'instanceId' | 'authorize'>,
  action: GrantAction,
  input: { grantIds: string[]; userId?: string },
): Promise<void> {
  const ids = [...new Set(input.grantIds)];
  const rows = await db
    .select({ grant: roleGrants, role: roles })
    .from(roleGrants)
    .innerJoin(roles, eq(roles.id, roleGrants.roleId))
    .where(and(eq(roleGrants.orgId, scope.orgId), inArray(roleGrants.id, ids)));
  const grants = rows.map((r) => r.grant);
  if (grants.length !== ids.length) throw ApiError.notFound();
  if (scope.instanceId && grants.some((g) => g.instanceId !== scope.instanceId)) throw ApiError.notFound();
  // Deleting or disabling needs the management right over the grant's scope; activating gives the role again.
  for (const { grant, role } of rows) scope.authorize(targetOf(grant), action === 'active' ? rolePrivileges(role) : []);
  if (input.userId) {
    const memberId = await memberOf(db, scope.orgId, input.userId);
    if (grants.some((g) => g.memberId !== memberId)) {
      const viaGroup = grants.some((g) => g.groupId !== null);
      throw viaGroup ? ApiError.badRequest('error.managedByGroup') : ApiError.notFound();
    }
  }
  if (action === 'delete') {
    await db.delete(roleGrants).where(inArray(roleGrants.id, ids));
    return;
  }
  if (grants.some((g) => isExpired(g, scope.now))) throw ApiError.badRequest('error.expiredGrant');
  await db
    .update(roleGrants)
    .set({ status: action === 'active' ? 'ACTIVE' : 'DISABLED' })
    .where(inArray(roleGrants.id, ids));
}
