import type { FastifyPluginAsync } from 'fastify';
import { Privilege, ok, roleCreateSchema, roleUpdateSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { orgOf } from './org-guard-plugin';
import { createRole, customRole, deleteRole, listRoles, updateRole } from './roles';
import { noteActivityTarget } from '../activity/note';

type IdParams = { Params: { id: string } };
const manage = (operation: string) =>
  ({ access: 'org', privileges: { allOf: [Privilege.ROLE_MANAGE] }, write: true, changesAccess: true, activity: { type: 'role', operation } }) as const;

/** Roles: a name and privilege strings; every organization has the built-in Admin, Developer and Viewer. */
export const rolesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  app.get('/api/role', { config: { policy: { access: 'org', privileges: { allOf: [Privilege.ROLE_READ] } } } }, async (request) =>
    ok(await listRoles(db, orgOf(request).orgId)),
  );

  app.post('/api/role', { config: { policy: manage('create') } }, async (request) => {
    const body = parseWith(roleCreateSchema, request.body);
    noteActivityTarget(request, body.name);
    return ok(await createRole(db, deps.clock.now(), orgOf(request).orgId, body));
  });

  app.put<IdParams>('/api/role/:id', { config: { policy: manage('update') } }, async (request) => {
    const { orgId } = orgOf(request);
    noteActivityTarget(request, (await customRole(db, orgId, request.params.id)).name);
    return ok(await updateRole(db, orgId, request.params.id, parseWith(roleUpdateSchema, request.body)));
  });

  app.delete<IdParams>('/api/role/:id', { config: { policy: manage('delete') } }, async (request) => {
    const { orgId } = orgOf(request);
    noteActivityTarget(request, (await customRole(db, orgId, request.params.id)).name);
    await deleteRole(db, orgId, request.params.id);
    return ok(null);
  });
};
