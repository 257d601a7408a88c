import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { BuiltinRole, ORG_NAME_PATTERN, type OrgSummary, type PrivilegeName } from '@tscloud/contracts';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { orgMembers, organizations, roleGrants, roles, type OrganizationRow, type UserRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { liveGrantsOf, orgPrivileges } from '../access/effective-grants';
import { orgSsoSettings } from '../sso/tables';

export interface NewOrganization {
  owner: Pick<UserRow, 'id' | 'email'>;
  name: string;
  /** The organization created for a user at first sign-in. */
  personal?: boolean;
  marketplaceType?: string | null;
}

/** Names are unique among the organizations one user owns, so their organization switcher never shows two alike. */
async function assertNameFree(db: Db, ownerId: string, name: string, exceptOrgId?: string): Promise<void> {
  const conditions = [eq(organizations.ownerId, ownerId), sql`lower(${organizations.name}) = lower(${name})`];
  if (exceptOrgId) conditions.push(ne(organizations.id, exceptOrgId));
  const rows = await db.select({ id: organizations.id }).from(organizations).where(and(...conditions)).limit(1);
  if (rows.length > 0) throw ApiError.conflict('error.orgNameUsed');
}

/**
 * Creates an organization: the creator becomes its owner and ACTIVE member, and it gets the built-in roles
 * (Admin, Developer, Viewer). A personal organization is created at most once per user (personal_of is unique):
 * a concurrent second attempt returns null.
 */
export async function createOrganization(db: Db, clock: Clock, input: NewOrganization): Promise<OrganizationRow | null> {
  await assertNameFree(db, input.owner.id, input.name);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(organizations)
      .values({
        id: randomUUID(),
        name: input.name,
        ownerId: input.owner.id,
        personalOf: input.personal ? input.owner.id : null,
        marketplaceType: input.marketplaceType ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const org = inserted[0];
    if (!org) return null;
    await tx.insert(orgMembers).values({ id: randomUUID(), orgId: org.id, userId: input.owner.id, email: input.owner.email, status: 'ACTIVE', invitedAt: now, joinedAt: now });
    await tx.insert(roles).values(
      Object.values(BuiltinRole).map((name) => ({ id: randomUUID(), orgId: org.id, name, builtin: name, description: '', createdAt: now })),
    );
    return org;
  });
}

export async function findOrganization(db: Db, orgId: string): Promise<OrganizationRow | null> {
  const rows = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return rows[0] ?? null;
}

export async function renameOrganization(db: Db, clock: Clock, org: OrganizationRow, name: string): Promise<void> {
  await assertNameFree(db, org.ownerId, name, org.id);
  await db.update(organizations).set({ name, updatedAt: clock.now() }).where(eq(organizations.id, org.id));
}

/**
 * Hands the organization to another ACTIVE member. The former owner stays a member with the built-in Admin role
 * at organization level, so they keep managing it unless the new owner decides otherwise.
 */
export async function transferOwnership(db: Db, clock: Clock, org: OrganizationRow, formerOwnerMemberId: string, newOwnerUserId: string): Promise<void> {
  const rows = await db
    .select({ id: orgMembers.id, status: orgMembers.status })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, newOwnerUserId)))
    .limit(1);
  if (!rows[0] || rows[0].status !== 'ACTIVE') throw ApiError.badRequest('error.notMember');
  if (newOwnerUserId === org.ownerId) return;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.update(organizations).set({ ownerId: newOwnerUserId, personalOf: null, updatedAt: now }).where(eq(organizations.id, org.id));
    const admin = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.orgId, org.id), eq(roles.builtin, BuiltinRole.ADMIN)))
      .limit(1);
    if (admin[0]) {
      await tx.insert(roleGrants).values({ id: randomUUID(), orgId: org.id, roleId: admin[0].id, memberId: formerOwnerMemberId, resType: 'ORG', createdAt: now });
    }
  });
}

/** Deletes the organization and everything it holds (members, groups, roles, grants, log, alerts). */
export async function deleteOrganization(db: Db, orgId: string): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, orgId));
}

/** The organizations a user may act in (ACTIVE member, owner or holding a live grant), with their privileges. */
export async function organizationsOf(db: Db, clock: Clock, userId: string, marketplace: string | null): Promise<OrgSummary[]> {
  const rows = await db
    .select({ org: organizations, memberId: orgMembers.id, ssoConnection: orgSsoSettings.connectionName, ssoEnabled: orgSsoSettings.enabled })
    .from(orgMembers)
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .leftJoin(orgSsoSettings, eq(orgSsoSettings.orgId, organizations.id))
    .where(and(eq(orgMembers.userId, userId), eq(orgMembers.status, 'ACTIVE')))
    .orderBy(organizations.createdAt, organizations.id);
  const now = clock.now();
  const result: OrgSummary[] = [];
  for (const { org, memberId, ssoConnection, ssoEnabled } of rows) {
    const isOwner = org.ownerId === userId;
    const grants = isOwner ? [] : await liveGrantsOf(db, now, org.id, memberId);
    // Like the guard: a member without any live grant (none yet, or all expired or disabled) has no access.
    if (!isOwner && grants.length === 0) continue;
    result.push({
      orgId: org.id,
      name: org.name,
      orgStatus: org.status,
      orgDiscount: org.discount,
      privileges: [...orgPrivileges(grants, isOwner)].sort() as PrivilegeName[],
      marketplaceType: org.marketplaceType ?? marketplace,
      isOwner,
      identityProvider: ssoEnabled ? 'azure-ad' : null,
      connectionName: ssoEnabled ? ssoConnection : null,
    });
  }
  return result;
}

/** A valid organization name made from a user's first name ("Alice" → "Alice-Organization"). */
export function personalOrgName(user: Pick<UserRow, 'firstName'>): string {
  const letters = (user.firstName.match(/[A-Za-z\u4e00-\u9fa5]+/g) ?? []).join('');
  const name = `${letters || 'My'}-Organization`;
  return ORG_NAME_PATTERN.test(name) ? name : 'My-Organization';
}

/**
 * The first organization (decision, docs/access-control.md): a user who belongs to no organization at all — not
 * even by a pending invitation — gets a personal one when the console first lists their organizations after
 * sign-in, so that /createFirstInstance has an organization owned by them.
 */
export async function ensureFirstOrganization(db: Db, clock: Clock, user: UserRow, marketplace: string | null): Promise<void> {
  const memberships = await db.select({ id: orgMembers.id }).from(orgMembers).where(eq(orgMembers.userId, user.id)).limit(1);
  if (memberships.length > 0) return;
  const personal = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.personalOf, user.id)).limit(1);
  if (personal.length > 0) return;
  try {
    await createOrganization(db, clock, { owner: user, name: personalOrgName(user), personal: true, marketplaceType: marketplace });
  } catch (error) {
    // The user already owns an organization of that name (and left it as a member): nothing to create.
    if (!(error instanceof ApiError)) throw error;
  }
}

