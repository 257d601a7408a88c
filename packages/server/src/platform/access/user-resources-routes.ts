import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Privilege, ok, type UserResource } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { authOf } from '../accounts';
import { findMember } from '../orgs/members';
import { orgOf } from './org-guard-plugin';
import { grantsForMembers } from './grant-queries';
import { listRoles } from './roles';

/**
 * GET /api/user/{id}/resources[/{appId}[/{type}[/{name}]]]: the active, unexpired below-organization grants reaching a
 * user, by instance, level and database or object name. A member may read their own; others need user:read.
 */
export const userResourcesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  type ResourceParams = { Params: { id: string; appId?: string; type?: string; name?: string } };
  const resourcesPolicy = { config: { policy: { access: 'org' as const } } };
  const resources = async (request: FastifyRequest<ResourceParams>) => {
    const org = orgOf(request);
    const { id, appId, type, name } = request.params;
    if (id !== authOf(request).userId && !org.privileges.has(Privilege.USER_READ)) throw ApiError.forbidden();
    const member = await findMember(db, org.orgId, { userId: id });
    const now = deps.clock.now();
    const grants = ((await grantsForMembers(db, now, org.orgId, [member.id])).get(member.id) ?? []).filter((g) => g.resType !== 'ORG');
    const roles = new Map((await listRoles(db, org.orgId)).map((r) => [r.id, r]));
    const list: UserResource[] = grants
      .filter((g) => g.status === 'ACTIVE' && (!appId || g.instance_id === appId) && (!type || g.resType === type.toUpperCase()))
      .filter((g) => !name || g.database_id === name || g.resName === name || g.resId === name)
      .map((g) => ({
        resType: g.resType,
        resName: g.resName,
        resId: g.resId,
        instanceId: g.instance_id,
        databaseId: g.database_id,
        roleName: g.name,
        privileges: roles.get(g.role_id)?.privileges ?? [],
        expiration: g.expiration,
      }));
    return ok(list);
  };
  app.get<ResourceParams>('/api/user/:id/resources', resourcesPolicy, resources);
  app.get<ResourceParams>('/api/user/:id/resources/:appId', resourcesPolicy, resources);
  app.get<ResourceParams>('/api/user/:id/resources/:appId/:type', resourcesPolicy, resources);
  app.get<ResourceParams>('/api/user/:id/resources/:appId/:type/:name', resourcesPolicy, resources);
};
