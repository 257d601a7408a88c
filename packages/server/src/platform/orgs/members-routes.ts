import type { FastifyPluginAsync } from 'fastify';
import { MfaOperation, Privilege, acceptInvitationSchema, inviteSchema, memberTargetSchema, ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { authOf } from '../accounts';
import { orgOf } from '../access/org-guard-plugin';
import { requireGrantRight } from '../access/resource-access';
import { acceptInvitation, inviteMember } from './invitations';
import { deleteMember, findMember, listMembers, setMemberStatus } from './members';
import { noteActivityTarget } from '../activity/note';

/** Members of an organization: list, invite, accept, disable, activate, delete. */
export const membersRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.get('/api/org/users', { config: { policy: { access: 'org', privileges: { allOf: [Privilege.USER_READ] } } } }, async (request) =>
    ok(await listMembers(db, deps.clock.now(), orgOf(request).orgId)),
  );

  app.post(
    '/api/user/invite',
    { config: { policy: { access: 'org', privileges: { allOf: [Privilege.USER_INVITE] }, write: true, activity: { type: 'member', operation: 'invite' } } } },
    async (request) => {
      const body = parseWith(inviteSchema, request.body);
      noteActivityTarget(request, body.email);
      const org = orgOf(request);
      // Joining groups gives their roles: choosing them is group management.
      if (body.groupIds.length > 0 && !org.privileges.has(Privilege.GROUP_MANAGE)) throw ApiError.forbidden();
      const result = await inviteMember(deps, {
        orgId: org.orgId,
        inviter: authOf(request).user,
        email: body.email,
        groupIds: body.groupIds,
        roleId: body.roleId,
        // The invitation's role is an organization-level grant: the inviter gives only privileges held there (mayGiveRole).
        authorizeRole: (privileges) => requireGrantRight(org, { allOf: [Privilege.USER_INVITE] }, null, privileges),
        language: request.lang,
        client: request.ip,
      });
      return ok(result);
    },
  );

  app.post('/uc/api/user/accept', { config: { policy: { access: 'user', write: true, changesAccess: true, activity: { type: 'member', operation: 'accept invitation' } } } }, async (request) => {
    const { token } = parseWith(acceptInvitationSchema, request.body);
    const joined = await acceptInvitation(deps, authOf(request).user, token);
    request.orgActor = { orgId: joined.orgId, instanceId: null };
    return ok(joined);
  });

  const statusRoute = (path: string, status: 'ACTIVE' | 'DISABLED', operation: string) =>
    app.post(path, { config: { policy: { access: 'org', privileges: { allOf: [Privilege.USER_UPDATE] }, write: true, changesAccess: true, activity: { type: 'member', operation } } } }, async (request) => {
      const member = await findMember(db, orgOf(request).orgId, parseWith(memberTargetSchema, request.body));
      noteActivityTarget(request, member.email);
      await setMemberStatus(db, member, status);
      return ok(null);
    });
  statusRoute('/api/org/disable/orguser', 'DISABLED', 'disable');
  statusRoute('/api/org/active/orguser', 'ACTIVE', 'activate');

  app.post(
    '/api/org/delete/orguser',
    {
      config: {
        policy: { access: 'org', privileges: { allOf: [Privilege.USER_DELETE] }, write: true, changesAccess: true, mfa: MfaOperation.MEMBER_DELETE, activity: { type: 'member', operation: 'delete' } },
      },
    },
    async (request) => {
      const member = await findMember(db, orgOf(request).orgId, parseWith(memberTargetSchema, request.body));
      noteActivityTarget(request, member.email);
      await deleteMember(db, member);
      return ok(null);
    },
  );
};
