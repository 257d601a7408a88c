import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { INVITATION_TTL_MS, type AcceptInvitationResult, type InviteResult, type Language } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { Db } from '../../store/database';
import { groupMembers, orgGroups, orgInvitations, orgMembers, organizations, roleGrants, roles, type UserRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { ensureInvitedUser, normalizeEmail } from '../accounts';
import { hashToken, newOpaqueToken } from '../sessions';
import { invitationMail } from './invitation-mail';
import { takeMailAllowance } from '../auth/mail-throttle';
import { rolePrivileges } from '../access/role-privileges';

/** Group ids must name groups of this organization. */
export async function assertGroupsOf(db: Db, orgId: string, groupIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: orgGroups.id })
    .from(orgGroups)
    .where(and(eq(orgGroups.orgId, orgId), inArray(orgGroups.id, unique)));
  if (found.length !== unique.length) throw ApiError.notFound();
  return unique;
}

/**
 * Invites an e-mail into an organization: a member row (status INVITED) and a one-time link by mail. An e-mail
 * without an activated account gets an account placeholder (accounts' ensureInvitedUser) and joins on activation
 * (auto_join); an existing account accepts through the link. Inviting an INVITED member again sends a new link.
 * The invitation's role is granted at organization level right away (it acts once the member is ACTIVE), so the
 * member list shows it while the invitation is pending (a new link sent again keeps it).
 */
export async function inviteMember(
  deps: AppDeps,
  input: {
    orgId: string;
    inviter: UserRow;
    email: string;
    groupIds: string[];
    /** With a role: refuses (throws) a role the inviter may not give. */
    roleId?: string;
    authorizeRole?: (privileges: string[]) => void;
    language: Language;
    client: string;
  },
): Promise<InviteResult> {
  const { db } = deps.store;
  const email = normalizeEmail(input.email);
  const groupIds = await assertGroupsOf(db, input.orgId, input.groupIds);
  const org = (await db.select().from(organizations).where(eq(organizations.id, input.orgId)).limit(1))[0];
  if (!org) throw ApiError.notFound();
  const role = input.roleId ? (await db.select().from(roles).where(and(eq(roles.orgId, input.orgId), eq(roles.id, input.roleId))).limit(1))[0] : undefined;
  if (input.roleId && !role) throw ApiError.notFound();
  if (role) {
    if (!input.authorizeRole) throw ApiError.forbidden();
    input.authorizeRole(rolePrivileges(role));
  }

  const now = deps.clock.now();
  const user = await ensureInvitedUser(db, deps.clock, email, input.language);
  const existingUser = user.status === 'ACTIVE' || user.status === 'DISABLED';
  const existing = (await db.select().from(orgMembers).where(and(eq(orgMembers.orgId, input.orgId), eq(orgMembers.email, email))).limit(1))[0];
  if (existing && existing.status !== 'INVITED') throw ApiError.conflict('error.alreadyMember');
  const sameUser = (await db.select({ id: orgMembers.id }).from(orgMembers).where(and(eq(orgMembers.orgId, input.orgId), eq(orgMembers.userId, user.id))).limit(1))[0];
  if (sameUser && sameUser.id !== existing?.id) throw ApiError.conflict('error.alreadyMember');
  // Inviting again can be repeated at will: it takes the address's (and the inviting client's) mail allowance.
  if (existing) await takeMailAllowance(db, deps.clock, { kind: 'invitation', email, client: input.client });

  const { token, hash } = newOpaqueToken();
  const memberId = existing?.id ?? randomUUID();
  await db.transaction(async (tx) => {
    if (existing) {
      await tx.update(orgMembers).set({ invitedBy: input.inviter.id, invitedAt: now, userId: user.id }).where(eq(orgMembers.id, memberId));
    } else {
      await tx.insert(orgMembers).values({ id: memberId, orgId: input.orgId, userId: user.id, email, status: 'INVITED', invitedBy: input.inviter.id, invitedAt: now });
    }
    await tx.insert(orgInvitations).values({ tokenHash: hash, memberId, groupIds, autoJoin: !existingUser, createdAt: now, expiresAt: now + INVITATION_TTL_MS });
    if (role) {
      const held = await tx
        .select({ id: roleGrants.id })
        .from(roleGrants)
        .where(and(eq(roleGrants.memberId, memberId), eq(roleGrants.roleId, role.id), eq(roleGrants.resType, 'ORG')))
        .limit(1);
      if (!held[0]) {
        await tx.insert(roleGrants).values({ id: randomUUID(), orgId: input.orgId, roleId: role.id, memberId, resType: 'ORG', createdBy: input.inviter.id, createdAt: now });
      }
    }
  });

  const base = deps.config.publicUrl;
  const inviterName = [input.inviter.firstName, input.inviter.lastName].filter(Boolean).join(' ') || input.inviter.email;
  await deps.mailer.send(
    invitationMail({
      to: email,
      orgName: org.name,
      inviter: inviterName,
      link: `${base}/auth/thirdparty?accept=${encodeURIComponent(token)}`,
      signupUrl: `${base}/auth/signup?email=${encodeURIComponent(email)}`,
      account: existingUser ? 'active' : user.status === 'REGISTERING' ? 'registering' : 'none',
      language: existingUser ? user.language : input.language,
    }),
  );
  return { memberId, email, existingUser };
}

type Invitation = typeof orgInvitations.$inferSelect;

/** Makes the member ACTIVE, records the acceptance and adds them to the invitation's groups (those still there). */
async function join(db: Db, now: number, invitation: Invitation, orgId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(orgMembers).set({ status: 'ACTIVE', joinedAt: now }).where(and(eq(orgMembers.id, invitation.memberId), eq(orgMembers.status, 'INVITED')));
    await tx.update(orgInvitations).set({ acceptedAt: now }).where(eq(orgInvitations.memberId, invitation.memberId));
    const groups = invitation.groupIds.length
      ? await tx.select({ id: orgGroups.id }).from(orgGroups).where(and(eq(orgGroups.orgId, orgId), inArray(orgGroups.id, invitation.groupIds)))
      : [];
    if (groups.length) {
      await tx
        .insert(groupMembers)
        .values(groups.map((g) => ({ groupId: g.id, memberId: invitation.memberId })))
        .onConflictDoNothing();
    }
  });
}

/**
 * POST /uc/api/user/accept: the signed-in user accepts an invitation addressed to their account. Joining happens
 * once, by whichever comes first (this link, or the sign-up link's activation): a link of an account that has
 * already joined answers `alreadyMember` and the organization, so the page says so and goes there. An unknown,
 * used or expired token, or one addressed to someone else, is refused alike ('error.invitationInvalid').
 */
export async function acceptInvitation(deps: AppDeps, user: UserRow, token: string): Promise<AcceptInvitationResult> {
  const { db } = deps.store;
  const now = deps.clock.now();
  const rows = await db
    .select({ invitation: orgInvitations, member: orgMembers, orgName: organizations.name })
    .from(orgInvitations)
    .innerJoin(orgMembers, eq(orgMembers.id, orgInvitations.memberId))
    .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
    .where(eq(orgInvitations.tokenHash, hashToken(token)))
    .limit(1);
  const found = rows[0];
  if (found && found.member.userId === user.id && found.member.status === 'ACTIVE') {
    return { orgId: found.member.orgId, name: found.orgName, alreadyMember: true };
  }
  if (!found || found.invitation.acceptedAt !== null || found.invitation.expiresAt <= now || found.member.status !== 'INVITED' || found.member.userId !== user.id) {
    throw ApiError.badRequest('error.invitationInvalid');
  }
  await join(db, now, found.invitation, found.member.orgId);
  return { orgId: found.member.orgId, name: found.orgName, alreadyMember: false };
}

/**
 * "Joins on activation": invitations sent to an address that had no activated account are accepted once that
 * account is ACTIVE (activation proved the address). Idempotent; called when the console lists the user's
 * organizations after sign-in.
 */
export async function claimAutoJoinInvitations(deps: AppDeps, user: UserRow): Promise<number> {
  if (user.status !== 'ACTIVE') return 0;
  const { db } = deps.store;
  const now = deps.clock.now();
  const rows = await db
    .select({ invitation: orgInvitations, orgId: orgMembers.orgId })
    .from(orgInvitations)
    .innerJoin(orgMembers, eq(orgMembers.id, orgInvitations.memberId))
    .where(
      and(
        eq(orgMembers.userId, user.id),
        eq(orgMembers.status, 'INVITED'),
        eq(orgInvitations.autoJoin, true),
        isNull(orgInvitations.acceptedAt),
        gt(orgInvitations.expiresAt, now),
      ),
    );
  for (const row of rows) await join(db, now, row.invitation, row.orgId);
  return rows.length;
}
