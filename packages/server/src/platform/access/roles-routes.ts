import type { FastifyPluginAsync } from 'fastify';
import { Privilege, ok, roleCreateSchema, roleUpdateSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { orgOf } from './org-guard-plugin';
import { createRole, deleteRole, listRoles, updateRole } from './roles';

type IdParams = { Params: { id: string } };
const manage = (operation: string) =>
  ({ access: 'org', privileges: { allOf: [Privilege.ROLE_MANAGE] }, write: true, changesAccess: true, activity: { type: 'role', operation } }) as const;

/** Roles: a name and privilege strings; every organization has the built-in Admin, Developer and Viewer. */
export const rolesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.get('/api/role', { config: { policy: { access: 'org', privileges: { allOf: [Privilege.ROLE_READ] } } } }, async (request) =>
    ok(await listRoles(db, orgOf(request).orgId)),
  );

  app.post('/api/role', { config: { policy: manage('create') } }, async (request) =>
    ok(await createRole(db, deps.clock.now(), orgOf(request).orgId, parseWith(roleCreateSchema, request.body))),
  );

  app.put<IdParams>('/api/role/:id', { config: { policy: manage('update') } }, async (request) =>
    ok(await updateRole(db, orgOf(request).orgId, request.params.id, parseWith(roleUpdateSchema, request.body))),
  );

  app.delete<IdParams>('/api/role/:id', { config: { policy: manage('delete') } }, async (request) => {
    await deleteRole(db, orgOf(request).orgId, request.params.id);
    return ok(null);
  });
};
