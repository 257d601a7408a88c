import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  Privilege,
  RESOURCE_PRIVILEGE_ACTIONS,
  dbPrivilegeUpdateSchema,
  ok,
  stablePrivilegeUpdateSchema,
  type ResourcePrivilegeAction,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf, privilegesOn, requireGrantRight, requireOn, type ResourceRef } from '../../platform/access';
import { authOf } from '../../platform/auth/guard-plugin';
import type { InstanceRow } from '../../store/schema';
import { findOrgInstance } from '../instances/instance-repo';
import { instanceInRegion, requireInstance } from '../instances/instance-access';
import { syncInstanceUsers } from '../instance-users';
import {
  applyResourceAction,
  privilegeCodes,
  resourceGroups,
  resourceUsers,
  updateResourceGrant,
  type PrivilegeResource,
  type PrivilegeSubject,
} from './resource-privileges';

const MANAGE = { allOf: [Privilege.DB_PRIVILEGE_MANAGE] };
/** Admitted on db:privilege:manage anywhere in the instance; each handler checks it on the database / super table. */
const READ_POLICY = { access: 'instance', scope: 'resource', privileges: MANAGE } as const;
/** Names the engine takes unquoted: the only ones a grant can name. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,191}$/;

type DbParams = { region: string; instanceId: string; db: string };
type StableParams = { appId: string; stableKey: string };
type StableActionParams = { appId: string; db: string; stable: string };

/** The access-control reference of a database (or, with `stable`, a super table). */
function refOf(r: { instanceId: string; db: string; stable?: string }): ResourceRef {
  return r.stable === undefined ? { instanceId: r.instanceId, databaseId: r.db } : { instanceId: r.instanceId, databaseId: r.db, kind: 'STABLE', name: r.stable };
}

function names(db: string, stable?: string): void {
  if (!NAME.test(db) || (stable !== undefined && !NAME.test(stable))) throw ApiError.notFound();
}

/** `db.stable` of the GET paths. */
function splitStable(key: string): { db: string; stable: string } {
  const dot = key.indexOf('.');
  if (dot <= 0) throw ApiError.notFound();
  const out = { db: key.slice(0, dot), stable: key.slice(dot + 1) };
  names(out.db, out.stable);
  return out;
}

/**
 * Database and super table privileges (data-explorer.md §6, §7; docs/explorer-server.md "Privileges"): the
 * platform grants on the database / super table, managed here; the engine users follow at once (reconcile), so
 * the engine itself limits what the member's SQL may do. Needs db:privilege:manage on that database or super
 * table (a grant covering it), and an update gives only a role whose privileges the caller holds there.
 */
export const privilegeRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const now = () => deps.clock.now();

  const instance = async (request: FastifyRequest, id: string): Promise<InstanceRow> => {
    const row = await findOrgInstance(db, orgOf(request).orgId, id);
    if (!row) throw ApiError.notFound();
    return row;
  };
  /** The database or super table a call names, once the caller is known to manage privileges on it. */
  const dbResource = (request: FastifyRequest, row: InstanceRow, name: string): PrivilegeResource => {
    names(name);
    requireOn(orgOf(request), MANAGE, refOf({ instanceId: row.id, db: name }));
    return { orgId: row.orgId, instanceId: row.id, resType: 'DATABASE', db: name };
  };
  const stableResource = (request: FastifyRequest, row: InstanceRow, name: string, stable: string): PrivilegeResource => {
    names(name, stable);
    requireOn(orgOf(request), MANAGE, refOf({ instanceId: row.id, db: name, stable }));
    return { orgId: row.orgId, instanceId: row.id, resType: 'STABLE', db: name, stable };
  };
  /** An update gives a role on the resource: the caller must hold all of the role's privileges there. */
  const mayGive = (request: FastifyRequest, r: PrivilegeResource) => (rolePrivileges: string[]) =>
    requireGrantRight(orgOf(request), MANAGE, refOf(r), rolePrivileges);
  /** The engine follows the change now; a failure is logged and retried at the next change (engine-sync.ts). */
  const sync = (request: FastifyRequest, row: InstanceRow) => syncInstanceUsers(deps, row, request.log);
  const act = async (request: FastifyRequest, row: InstanceRow, r: PrivilegeResource, subject: PrivilegeSubject, action: ResourcePrivilegeAction, id: string) => {
    await applyResourceAction(db, now(), r, subject, action, mayGive(request, r));
    await sync(request, row);
    return ok({ id, action });
  };

  // ---- databases: /api/region/{r}/db/privilege/… ----
  app.get<{ Params: DbParams }>('/api/region/:region/db/privilege/users/:instanceId/:db', { config: { policy: READ_POLICY } }, async (request) => {
    const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
    return ok(await resourceUsers(db, now(), dbResource(request, row, request.params.db)));
  });
  app.get<{ Params: DbParams }>('/api/region/:region/db/privilege/groups/:instanceId/:db', { config: { policy: READ_POLICY } }, async (request) => {
    const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
    return ok(await resourceGroups(db, now(), dbResource(request, row, request.params.db)));
  });
  app.get<{ Params: DbParams }>('/api/region/:region/db/privilege/codes/:instanceId/:db', { config: { policy: READ_POLICY } }, async (request) => {
    const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
    const r = dbResource(request, row, request.params.db);
    return ok(await privilegeCodes(db, r, privilegesOn(orgOf(request), refOf(r))));
  });
  for (const action of RESOURCE_PRIVILEGE_ACTIONS) {
    const policy = (subject: string) => ({ ...READ_POLICY, write: true, activity: { type: 'instance', operation: `${action} database privilege ${subject}` } });
    app.put<{ Params: DbParams & { userId: string } }>(
      `/api/region/:region/db/privilege/${action}/:instanceId/:db/user/:userId`,
      { config: { policy: policy('user') } },
      async (request) => {
        const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
        return act(request, row, dbResource(request, row, request.params.db), { userId: request.params.userId }, action, request.params.userId);
      },
    );
    app.put<{ Params: DbParams & { groupId: string }; Querystring: { group_name?: string } }>(
      `/api/region/:region/db/privilege/${action}/:instanceId/:db/group/:groupId`,
      { config: { policy: policy('group') } },
      async (request) => {
        const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
        const subject = { groupId: request.params.groupId, groupName: request.query.group_name };
        return act(request, row, dbResource(request, row, request.params.db), subject, action, request.params.groupId);
      },
    );
  }
  app.put<{ Params: { region: string } }>(
    '/api/region/:region/db/privilege/update',
    // The instance is in the body: checked by requireInstance, as the IP allow-list does.
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'update database privilege' } } } },
    async (request) => {
      const body = parseWith(dbPrivilegeUpdateSchema, request.body);
      names(body.db);
      const row = await requireInstance(deps, request, body.instanceId, MANAGE, { databaseId: body.db });
      if (row.regionId !== request.params.region) throw ApiError.notFound();
      const subject: PrivilegeSubject = body.user_id ? { userId: body.user_id } : { groupId: body.group_id! };
      const r = dbResource(request, row, body.db);
      const grantId = await updateResourceGrant(db, now(), r, subject, {
        roleId: body.role_id,
        expiration: body.expiration,
        actorUserId: authOf(request).userId,
        authorize: mayGive(request, r),
      });
      await sync(request, row);
      return ok({ grantId });
    },
  );

  // ---- super tables: /api/stable/… (no region in the spec's paths) ----
  app.get<{ Params: StableParams }>('/api/stable/users/:appId/:stableKey', { config: { policy: READ_POLICY } }, async (request) => {
    const { db: name, stable } = splitStable(request.params.stableKey);
    return ok(await resourceUsers(db, now(), stableResource(request, await instance(request, request.params.appId), name, stable)));
  });
  app.get<{ Params: StableParams }>('/api/stable/groups/:appId/:stableKey', { config: { policy: READ_POLICY } }, async (request) => {
    const { db: name, stable } = splitStable(request.params.stableKey);
    return ok(await resourceGroups(db, now(), stableResource(request, await instance(request, request.params.appId), name, stable)));
  });
  app.get<{ Params: StableParams }>('/api/stable/codes/:appId/:stableKey', { config: { policy: READ_POLICY } }, async (request) => {
    const { db: name, stable } = splitStable(request.params.stableKey);
    const r = stableResource(request, await instance(request, request.params.appId), name, stable);
    return ok(await privilegeCodes(db, r, privilegesOn(orgOf(request), refOf(r))));
  });
  for (const action of RESOURCE_PRIVILEGE_ACTIONS) {
    const policy = (subject: string) => ({ ...READ_POLICY, write: true, activity: { type: 'instance', operation: `${action} super table privilege ${subject}` } });
    app.put<{ Params: StableActionParams & { userId: string } }>(
      `/api/stable/${action}-user/:appId/:db/:stable/:userId`,
      { config: { policy: policy('user') } },
      async (request) => {
        const row = await instance(request, request.params.appId);
        const r = stableResource(request, row, request.params.db, request.params.stable);
        return act(request, row, r, { userId: request.params.userId }, action, request.params.userId);
      },
    );
    app.put<{ Params: StableActionParams & { groupId: string }; Querystring: { group_name?: string } }>(
      `/api/stable/${action}-group/:appId/:db/:stable/:groupId`,
      { config: { policy: policy('group') } },
      async (request) => {
        const row = await instance(request, request.params.appId);
        const r = stableResource(request, row, request.params.db, request.params.stable);
        return act(request, row, r, { groupId: request.params.groupId, groupName: request.query.group_name }, action, request.params.groupId);
      },
    );
  }
  app.put(
    '/api/stable/update',
    { config: { policy: { access: 'org', write: true, activity: { type: 'instance', operation: 'update super table privilege' } } } },
    async (request) => {
      const body = parseWith(stablePrivilegeUpdateSchema, request.body);
      names(body.db, body.stable);
      const row = await requireInstance(deps, request, body.appId, MANAGE, { databaseId: body.db, kind: 'STABLE', name: body.stable });
      const subject: PrivilegeSubject = body.user_id ? { userId: body.user_id } : { groupId: body.group_id! };
      const r = stableResource(request, row, body.db, body.stable);
      const grantId = await updateResourceGrant(db, now(), r, subject, {
        roleId: body.role_id,
        expiration: body.expiration,
        actorUserId: authOf(request).userId,
        authorize: mayGive(request, r),
      });
      await sync(request, row);
      return ok({ grantId });
    },
  );
};
