import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../store/database';
import { z } from 'zod';
import { Privilege, ResType, grantActionSchema, grantRolesSchema, ok, type PrivilegeRequirement, type RoleGrant, type RoleRef } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { authOf } from '../accounts';
import { orgOf, type OrgContext } from './org-guard-plugin';
import { privilegesOn, requireGrantRight, type ResourceRef } from './resource-access';
import { applyGrantAction, grantRoles, type GrantAction } from './grant-service';
import { grantsForGroup, grantsForMembers, grantsOfOrg } from './grant-queries';
import { findMember } from '../orgs/members';
import { findGroup } from './groups';
import { listRoles } from './roles';
import { noteActivityTarget } from '../activity/note';

/** Names the grantee (a member's e-mail or a group's name) as the log entry's target; unknown ids are left to the service. */
async function noteGrantee(request: FastifyRequest, db: Db, orgId: string, grantee: { userId?: string; groupId?: string }): Promise<void> {
  const member = grantee.userId ? await findMember(db, orgId, { userId: grantee.userId }).catch(() => null) : null;
  const group = !member && grantee.groupId ? await findGroup(db, orgId, grantee.groupId).catch(() => null) : null;
  const name = member?.email ?? group?.name;
  if (name) noteActivityTarget(request, name);
}

const ACTIONS: GrantAction[] = ['delete', 'active', 'disable'];
const grantListQuery = z.object({ userId: z.string().optional(), groupId: z.string().optional(), resType: z.enum(ResType).optional(), appId: z.string().optional() });

/** The grants reaching a user (direct and through groups), a group, or the whole organization. */
async function grantList(deps: AppDeps, orgId: string, query: z.infer<typeof grantListQuery>): Promise<RoleGrant[]> {
  const { db } = deps.store;
  const now = deps.clock.now();
  let list: RoleGrant[];
  if (query.userId) {
    const member = await findMember(db, orgId, { userId: query.userId });
    list = (await grantsForMembers(db, now, orgId, [member.id])).get(member.id) ?? [];
  } else if (query.groupId) {
    await findGroup(db, orgId, query.groupId);
    list = await grantsForGroup(db, now, orgId, query.groupId);
  } else {
    list = await grantsOfOrg(db, now, orgId);
  }
  return list.filter((g) => (!query.resType || g.resType === query.resType) && (!query.appId || g.instance_id === query.appId));
}

/**
 * Who may give what where: the management right (`manage`) on a scope covering the target, and every privilege
 * of the role held there (the owner is unlimited). A database-level manager stays inside that database.
 */
function grantAuthority(org: OrgContext, manage: PrivilegeRequirement) {
  return (target: ResourceRef | null, rolePrivileges: string[]) => requireGrantRight(org, manage, target, rolePrivileges);
}

/** Adding a member to groups hands them the groups' grants at any level: that is group management (ORG level). */
function requireGroupManage(org: OrgContext, groupIds: string[]): void {
  if (groupIds.length && !privilegesOn(org, null).has(Privilege.GROUP_MANAGE)) throw ApiError.forbidden();
}

/** Role grants at ORG, INSTANCE, DATABASE, STABLE and VIEW level, to users or groups, with expiry. */
export const grantsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const manage = { allOf: [Privilege.ROLE_MANAGE] } as const;
  const manageInInstance = { anyOf: [Privilege.ROLE_MANAGE, Privilege.INSTANCE_ACCESS_MANAGE] } as const;

  app.put('/api/user/roles', { config: { policy: { access: 'org', privileges: manage, write: true, changesAccess: true, activity: { type: 'role', operation: 'grant' } } } }, async (request) => {
    const org = orgOf(request);
    const input = parseWith(grantRolesSchema, request.body);
    await noteGrantee(request, db, org.orgId, input);
    requireGroupManage(org, input.groupIds);
    const scope = { orgId: org.orgId, actorUserId: authOf(request).userId, now: deps.clock.now(), instances: app.accessExtensions.instances, authorize: grantAuthority(org, manage) };
    return ok(await grantRoles(db, scope, input));
  });

  app.put<{ Params: { appId: string } }>(
    '/api/user/:appId/roles',
    // 'resource': a database-level manager may grant on that database; grantAuthority checks every target.
    { config: { policy: { access: 'instance', scope: 'resource', privileges: manageInInstance, write: true, changesAccess: true, activity: { type: 'role', operation: 'grant in instance' } } } },
    async (request) => {
      const org = orgOf(request);
      const input = parseWith(grantRolesSchema, request.body);
      await noteGrantee(request, db, org.orgId, input);
      requireGroupManage(org, input.groupIds);
      const scope = {
        orgId: org.orgId,
        actorUserId: authOf(request).userId,
        now: deps.clock.now(),
        instances: app.accessExtensions.instances,
        instanceId: request.params.appId,
        authorize: grantAuthority(org, manageInInstance),
      };
      return ok(await grantRoles(db, scope, input));
    },
  );

  for (const action of ACTIONS) {
    const activity = { type: 'role', operation: `${action} grant` };
    app.post(`/api/role/${action}/userrole`, { config: { policy: { access: 'org', privileges: manage, write: true, changesAccess: true, activity } } }, async (request) => {
      const org = orgOf(request);
      const input = parseWith(grantActionSchema, request.body);
      await noteGrantee(request, db, org.orgId, input);
      await applyGrantAction(db, { orgId: org.orgId, now: deps.clock.now(), authorize: grantAuthority(org, manage) }, action, input);
      return ok(null);
    });
    app.post<{ Params: { appId: string } }>(
      `/api/role/:appId/${action}/userrole`,
      { config: { policy: { access: 'instance', scope: 'resource', privileges: manageInInstance, write: true, changesAccess: true, activity } } },
      async (request) => {
        const org = orgOf(request);
        const scope = { orgId: org.orgId, now: deps.clock.now(), instanceId: request.params.appId, authorize: grantAuthority(org, manageInInstance) };
        const input = parseWith(grantActionSchema, request.body);
        await noteGrantee(request, db, org.orgId, input);
        await applyGrantAction(db, scope, action, input);
        return ok(null);
      },
    );
  }

  app.get('/api/role/grant-list', { config: { policy: { access: 'org', privileges: { allOf: [Privilege.ROLE_READ] } } } }, async (request) =>
    ok(await grantList(deps, orgOf(request).orgId, parseWith(grantListQuery, request.query))),
  );

  app.get<{ Params: { type: string; id: string } }>(
    '/api/role/no-granted-list/:type/:id',
    { config: { policy: { access: 'org', privileges: { allOf: [Privilege.ROLE_READ] } } } },
    async (request) => {
      const orgId = orgOf(request).orgId;
      const { type, id } = request.params;
      if (type !== 'user' && type !== 'group') throw ApiError.badRequest();
      const held = await grantList(deps, orgId, type === 'user' ? { userId: id, resType: 'ORG' } : { groupId: id, resType: 'ORG' });
      const heldIds = new Set(held.filter((g) => g.via === (type === 'user' ? 'USER' : 'GROUP')).map((g) => g.role_id));
      const roles: RoleRef[] = (await listRoles(db, orgId)).filter((r) => !heldIds.has(r.id)).map((r) => ({ id: r.id, name: r.name }));
      return ok(roles);
    },
  );
};
