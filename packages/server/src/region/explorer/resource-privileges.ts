import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  ApiCode,
  DATABASE_PRIVILEGE_CODES,
  ROLE_EXPIRATION_MIN_LEAD_MS,
  STABLE_PRIVILEGE_CODES,
  isExpirationAcceptable,
  mayGiveRole,
  type InstanceAccessStatus,
  type PrivilegeCodes,
  type ResourceGrant,
  type ResourcePrivilegeAction,
  type ResourcePrivilegeGroup,
  type ResourcePrivilegeUser,
} from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { groupMembers, orgGroups, orgMembers, roleGrants, roles, users } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { isExpired } from '../../platform/access';
import { rolePrivileges } from '../../platform/access/role-privileges';
import { engineUserName } from '../instance-users';

/**
 * One database (DATABASE grants, resId = db) or super table (STABLE grants, resId = `db.stable`) of an
 * instance: the platform grants on it are its privileges (docs/explorer-server.md "Privileges").
 */
export interface PrivilegeResource {
  orgId: string;
  instanceId: string;
  resType: 'DATABASE' | 'STABLE';
  db: string;
  /** Super table name (STABLE only). */
  stable?: string;
}

const resIdOf = (r: PrivilegeResource) => (r.resType === 'DATABASE' ? r.db : `${r.db}.${r.stable}`);
export const codesOf = (r: PrivilegeResource): readonly string[] => (r.resType === 'DATABASE' ? DATABASE_PRIVILEGE_CODES : STABLE_PRIVILEGE_CODES);

interface LoadedGrant {
  id: string;
  roleId: string;
  role: string;
  codes: string[];
  /** Every privilege of the role (what activating the grant gives again). */
  privileges: string[];
  status: string;
  expiration: number | null;
  memberId: string | null;
  groupId: string | null;
}

function resourceWhere(r: PrivilegeResource) {
  return and(eq(roleGrants.orgId, r.orgId), eq(roleGrants.instanceId, r.instanceId), eq(roleGrants.resType, r.resType), eq(roleGrants.resId, resIdOf(r)));
}

async function grantsOn(db: Db, r: PrivilegeResource): Promise<LoadedGrant[]> {
  const codes = codesOf(r);
  const rows = await db
    .select({
      id: roleGrants.id,
      roleId: roleGrants.roleId,
      role: roles.name,
      builtin: roles.builtin,
      privileges: roles.privileges,
      status: roleGrants.status,
      expiration: roleGrants.expiration,
      memberId: roleGrants.memberId,
      groupId: roleGrants.groupId,
    })
    .from(roleGrants)
    .innerJoin(roles, eq(roles.id, roleGrants.roleId))
    .where(resourceWhere(r));
  return rows.map(({ builtin, privileges, ...g }) => {
    const all = rolePrivileges({ builtin, privileges });
    return { ...g, privileges: all, codes: all.filter((p) => codes.includes(p)) };
  });
}

function statusOf(grant: LoadedGrant, now: number, groupDisabled = false): InstanceAccessStatus {
  if (isExpired(grant, now)) return 'EXPIRED';
  return grant.status !== 'ACTIVE' || groupDisabled ? 'DISABLED' : 'ACTIVE';
}

interface Placed {
  grant: LoadedGrant;
  status: InstanceAccessStatus;
  group: string | null;
}

function summary(placed: Placed[]) {
  const statuses = placed.map((p) => p.status);
  const status: InstanceAccessStatus = statuses.includes('ACTIVE') ? 'ACTIVE' : statuses.includes('DISABLED') ? 'DISABLED' : 'EXPIRED';
  const expirations = placed.map((p) => p.grant.expiration);
  const grants: ResourceGrant[] = placed.map((p) => ({
    id: p.grant.id,
    role_id: p.grant.roleId,
    role: p.grant.role,
    codes: p.grant.codes,
    status: p.status,
    expiration: p.grant.expiration,
    group: p.group,
  }));
  return {
    status,
    codes: [...new Set(placed.filter((p) => p.status === 'ACTIVE').flatMap((p) => p.grant.codes))].sort(),
    expiration: expirations.includes(null) ? null : Math.max(...(expirations as number[])),
    grants,
  };
}

interface GroupInfo {
  id: string;
  name: string;
  status: 'ACTIVE' | 'DISABLED';
  memberIds: string[];
}

async function groupsOf(db: Db, orgId: string, ids: string[]): Promise<GroupInfo[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(orgGroups).where(and(eq(orgGroups.orgId, orgId), inArray(orgGroups.id, ids)));
  const links = await db.select().from(groupMembers).where(inArray(groupMembers.groupId, ids));
  return rows.map((g) => ({ id: g.id, name: g.name, status: g.status, memberIds: links.filter((l) => l.groupId === g.id).map((l) => l.memberId) }));
}

/** The groups holding grants on the resource. */
export async function resourceGroups(db: Db, now: number, r: PrivilegeResource): Promise<ResourcePrivilegeGroup[]> {
  const grants = await grantsOn(db, r);
  const groups = await groupsOf(db, r.orgId, [...new Set(grants.flatMap((g) => (g.groupId ? [g.groupId] : [])))]);
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    group_status: group.status,
    members: group.memberIds.length,
    // The grants' own status: the group's status is the organization's to change.
    ...summary(grants.filter((g) => g.groupId === group.id).map((grant) => ({ grant, status: statusOf(grant, now), group: null }))),
  }));
}

/** The active members holding grants on the resource, directly or through groups. */
export async function resourceUsers(db: Db, now: number, r: PrivilegeResource): Promise<ResourcePrivilegeUser[]> {
  const grants = await grantsOn(db, r);
  const groups = await groupsOf(db, r.orgId, [...new Set(grants.flatMap((g) => (g.groupId ? [g.groupId] : [])))]);
  const members = await db
    .select({ memberId: orgMembers.id, userId: orgMembers.userId, email: orgMembers.email, first: users.firstName, last: users.lastName })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(orgMembers.orgId, r.orgId), eq(orgMembers.status, 'ACTIVE'), isNotNull(orgMembers.userId)));
  const out: ResourcePrivilegeUser[] = [];
  for (const m of members) {
    const direct: Placed[] = grants.filter((g) => g.memberId === m.memberId).map((grant) => ({ grant, status: statusOf(grant, now), group: null }));
    const viaGroups: Placed[] = groups
      .filter((g) => g.memberIds.includes(m.memberId))
      .flatMap((group) => grants.filter((g) => g.groupId === group.id).map((grant) => ({ grant, status: statusOf(grant, now, group.status === 'DISABLED'), group: group.name })));
    if (direct.length + viaGroups.length === 0) continue;
    out.push({
      id: m.userId!,
      email: m.email,
      name: `${m.first} ${m.last}`.trim(),
      engine_user: engineUserName(m.memberId),
      via_group: direct.length === 0,
      groups: [...new Set(viaGroups.map((p) => p.group!))],
      ...summary([...direct, ...viaGroups]),
    });
  }
  return out.sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * The codes of the resource and the organization's roles that hold some of them; `held` (the caller's privileges
 * on the resource) marks which of them the caller may give.
 */
export async function privilegeCodes(db: Db, r: PrivilegeResource, held: ReadonlySet<string>): Promise<PrivilegeCodes> {
  const codes = codesOf(r);
  const rows = await db.select().from(roles).where(eq(roles.orgId, r.orgId)).orderBy(roles.createdAt, roles.name);
  return {
    codes: [...codes],
    roles: rows
      .map((role) => ({
        id: role.id,
        name: role.name,
        builtin: role.builtin !== null,
        codes: rolePrivileges(role).filter((p) => codes.includes(p)),
        grantable: mayGiveRole(held, rolePrivileges(role)),
      }))
      .filter((role) => role.codes.length > 0),
  };
}

export type PrivilegeSubject = { userId: string } | { groupId: string; groupName?: string };

async function subjectColumn(db: Db, r: PrivilegeResource, subject: PrivilegeSubject) {
  if ('userId' in subject) {
    const [m] = await db
      .select({ id: orgMembers.id })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, r.orgId), eq(orgMembers.userId, subject.userId), eq(orgMembers.status, 'ACTIVE')))
      .limit(1);
    if (!m) throw ApiError.notFound();
    return { memberId: m.id, groupId: null, where: eq(roleGrants.memberId, m.id) };
  }
  const [g] = await db.select().from(orgGroups).where(and(eq(orgGroups.orgId, r.orgId), eq(orgGroups.id, subject.groupId))).limit(1);
  // group_name (the spec's query parameter) must be the group's current name: else the screen is stale.
  if (!g || (subject.groupName !== undefined && subject.groupName !== g.name)) throw ApiError.notFound();
  return { memberId: null, groupId: g.id, where: eq(roleGrants.groupId, g.id) };
}

/**
 * active / disable / delete on the subject's own grants on the resource (§6). A user whose grants here all come
 * through groups is managed via the group (409 error.managedByGroup); an expired grant can only be deleted
 * (409 error.expiredGrant); a subject without grants here is 404.
 */
export async function applyResourceAction(
  db: Db,
  now: number,
  r: PrivilegeResource,
  subject: PrivilegeSubject,
  action: ResourcePrivilegeAction,
  /** Refuses (throws) a role the caller may not give here: activating a grant gives its role again. */
  authorize?: (rolePrivileges: string[]) => void,
): Promise<void> {
  const who = await subjectColumn(db, r, subject);
  const own = (await grantsOn(db, r)).filter((g) => (who.memberId ? g.memberId === who.memberId : g.groupId === who.groupId));
  if (own.length === 0) {
    if (who.memberId && (await resourceUsers(db, now, r)).some((u) => 'userId' in subject && u.id === subject.userId)) throw ApiError.conflict('error.managedByGroup');
    throw ApiError.notFound();
  }
  const ids = own.map((g) => g.id);
  if (action === 'delete') {
    await db.delete(roleGrants).where(inArray(roleGrants.id, ids));
    return;
  }
  const live = own.filter((g) => !isExpired(g, now));
  if (live.length === 0) throw ApiError.conflict('error.expiredGrant');
  if (action === 'active') for (const g of live) authorize?.(g.privileges);
  await db
    .update(roleGrants)
    .set({ status: action === 'active' ? 'ACTIVE' : 'DISABLED' })
    .where(inArray(roleGrants.id, live.map((g) => g.id)));
}

/**
 * update: the subject's own grants on the resource are replaced by one grant of `roleId` (a first grant when it
 * had none). The role must hold a code of the resource; the expiration the §5 lead.
 */
export async function updateResourceGrant(
  db: Db,
  now: number,
  r: PrivilegeResource,
  subject: PrivilegeSubject,
  input: { roleId: string; expiration: number | null; actorUserId: string; authorize?: (rolePrivileges: string[]) => void },
): Promise<string> {
  const who = await subjectColumn(db, r, subject);
  const [role] = await db.select().from(roles).where(and(eq(roles.orgId, r.orgId), eq(roles.id, input.roleId))).limit(1);
  if (!role) throw ApiError.notFound();
  if (!rolePrivileges(role).some((p) => codesOf(r).includes(p))) throw ApiError.badRequest('error.roleRequired');
  input.authorize?.(rolePrivileges(role));
  if (!isExpirationAcceptable(input.expiration, now, ROLE_EXPIRATION_MIN_LEAD_MS)) {
    throw new ApiError(ApiCode.BAD_REQUEST, 'validation.expiration', [], { field: 'expiration' });
  }
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.delete(roleGrants).where(and(resourceWhere(r), who.where));
    await tx.insert(roleGrants).values({
      id,
      orgId: r.orgId,
      roleId: role.id,
      memberId: who.memberId,
      groupId: who.groupId,
      resType: r.resType,
      resId: resIdOf(r),
      resName: r.resType === 'DATABASE' ? r.db : r.stable!,
      instanceId: r.instanceId,
      databaseId: r.db,
      expiration: input.expiration,
      createdBy: input.actorUserId,
      createdAt: now,
    });
  });
  return id;
}
