import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Privilege, groupCreateSchema, groupMembersSchema, groupUpdateSchema, ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { orgOf } from './org-guard-plugin';
import { addGroupMembers, createGroup, deleteGroup, findGroup, listGroups, removeGroupMembers, updateGroup } from './groups';
import { noteActivityTarget } from '../activity/note';

type IdParams = { Params: { id: string } };
const read = { access: 'org', privileges: { allOf: [Privilege.GROUP_READ] } } as const;
const manage = (operation: string) =>
  ({ access: 'org', privileges: { allOf: [Privilege.GROUP_MANAGE] }, write: true, changesAccess: true, activity: { type: 'group', operation } }) as const;

/** User groups of an organization (the spec shows no calls for them: design in docs/access-control.md). */
export const groupsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  /** The group a change acts on, named as the log's target (404 when it is not the organization's). */
  const noteGroup = async (request: FastifyRequest<IdParams>) => noteActivityTarget(request, (await findGroup(db, orgOf(request).orgId, request.params.id)).name);

  app.get('/api/group', { config: { policy: read } }, async (request) => ok(await listGroups(db, orgOf(request).orgId)));

  app.post('/api/group', { config: { policy: manage('create') } }, async (request) => {
    const body = parseWith(groupCreateSchema, request.body);
    noteActivityTarget(request, body.name);
    return ok({ id: await createGroup(db, deps.clock.now(), orgOf(request).orgId, body) });
  });

  app.put<IdParams>('/api/group/:id', { config: { policy: manage('update') } }, async (request) => {
    await noteGroup(request);
    await updateGroup(db, orgOf(request).orgId, request.params.id, parseWith(groupUpdateSchema, request.body));
    return ok(null);
  });

  app.delete<IdParams>('/api/group/:id', { config: { policy: manage('delete') } }, async (request) => {
    await noteGroup(request);
    await deleteGroup(db, orgOf(request).orgId, request.params.id);
    return ok(null);
  });

  app.post<IdParams>('/api/group/:id/members', { config: { policy: manage('add members') } }, async (request) => {
    await noteGroup(request);
    await addGroupMembers(db, orgOf(request).orgId, request.params.id, parseWith(groupMembersSchema, request.body).userIds);
    return ok(null);
  });

  app.post<IdParams>('/api/group/:id/members/remove', { config: { policy: manage('remove members') } }, async (request) => {
    await noteGroup(request);
    await removeGroupMembers(db, orgOf(request).orgId, request.params.id, parseWith(groupMembersSchema, request.body).userIds);
    return ok(null);
  });
};
