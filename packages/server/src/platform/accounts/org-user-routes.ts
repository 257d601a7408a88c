import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { Privilege, ok, orgUserListQuerySchema, orgUserReactivateSchema, orgUserUpdateSchema, type OrgMember, type OrgQuota } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { groupMembers, orgGroups, orgInvitations } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { slicePage } from '../../http/paging';
import { authOf } from '../auth/guard-plugin';
import { orgOf } from '../access/org-guard-plugin';
import { findMember, listMembers, setMemberStatus } from '../orgs/members';
import { assertGroupsOf, inviteMember } from '../orgs/invitations';
import { organizationQuota } from './org-quota';

type IdParams = { Params: { id: string } };

/**
 * The §7 "Users and roles" calls on organization users that GET /api/org/users and the member status calls do
 * not cover: GET /user (paged and filtered), PUT /user/{id} (status and groups), POST /user/reactivate (a new
 * invitation for a member still invited), and GET /api/org/quota (the free plan's organization limit).
 */
export const orgUserRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.get('/api/user', { config: { policy: { access: 'org', privileges: { allOf: [Privilege.USER_READ] } } } }, async (request) => {
    const query = parseWith(orgUserListQuerySchema, request.query);
    const needle = query.email.toLowerCase();
    const all = (await listMembers(db, deps.clock.now(), orgOf(request).orgId)).filter(
      (m) => (!needle || m.email.includes(needle)) && (!query.status || m.status === query.status),
    );
    return ok(slicePage(all, query));
  });

  app.put<IdParams>(
    '/api/user/:id',
    { config: { policy: { access: 'org', privileges: { allOf: [Privilege.USER_UPDATE] }, write: true, changesAccess: true, activity: { type: 'member', operation: 'update' } } } },
    async (request) => {
      const ctx = orgOf(request);
      const body = parseWith(orgUserUpdateSchema, request.body);
      // Choosing groups gives their roles: that is group management.
      if (body.groupIds !== undefined && !ctx.privileges.has(Privilege.GROUP_MANAGE)) throw ApiError.forbidden();
      const member = await findMember(db, ctx.orgId, { userId: request.params.id });
      const groupIds = body.groupIds === undefined ? null : await assertGroupsOf(db, ctx.orgId, body.groupIds);
      if (body.status !== undefined && body.status !== member.status) await setMemberStatus(db, member, body.status);
      if (groupIds !== null) {
        await db.transaction(async (tx) => {
          const inOrg = tx.select({ id: orgGroups.id }).from(orgGroups).where(eq(orgGroups.orgId, ctx.orgId));
          await tx.delete(groupMembers).where(and(eq(groupMembers.memberId, member.id), inArray(groupMembers.groupId, inOrg)));
          if (groupIds.length) await tx.insert(groupMembers).values(groupIds.map((groupId) => ({ groupId, memberId: member.id })));
        });
      }
      const updated = (await listMembers(db, deps.clock.now(), ctx.orgId)).find((m) => m.memberId === member.id);
      if (!updated) throw ApiError.notFound();
      return ok<OrgMember>(updated);
    },
  );

  app.post(
    '/api/user/reactivate',
    { config: { policy: { access: 'org', privileges: { allOf: [Privilege.USER_INVITE] }, write: true, activity: { type: 'member', operation: 'reinvite' } } } },
    async (request) => {
      const ctx = orgOf(request);
      const member = await findMember(db, ctx.orgId, parseWith(orgUserReactivateSchema, request.body));
      if (member.status !== 'INVITED') throw ApiError.conflict('error.invitationNotPending');
      const last = await db
        .select({ groupIds: orgInvitations.groupIds })
        .from(orgInvitations)
        .where(eq(orgInvitations.memberId, member.id))
        .orderBy(desc(orgInvitations.createdAt))
        .limit(1);
      // Groups of the first invitation that still exist; the invitation itself was allowed when it was sent.
      const groupIds = (await db.select({ id: orgGroups.id }).from(orgGroups).where(eq(orgGroups.orgId, ctx.orgId)))
        .map((g) => g.id)
        .filter((id) => (last[0]?.groupIds ?? []).includes(id));
      const result = await inviteMember(deps, { orgId: ctx.orgId, inviter: authOf(request).user, email: member.email, groupIds, language: request.lang, client: request.ip });
      return ok(result);
    },
  );

  app.get('/api/org/quota', { config: { policy: { access: 'user' } } }, async (request) => ok<OrgQuota>(await organizationQuota(db, authOf(request).userId, deps.config.freePlanMaxOrganizations)));
};
