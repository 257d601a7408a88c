import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  INSTANCE_USER_ACTIONS,
  Privilege,
  instanceActionRefusal,
  ok,
  type InstanceUserAction,
  type InstanceUsersResponse,
} from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import { orgOf } from '../../platform/access';
import type { InstanceRow } from '../../store/schema';
import type { AppDeps } from '../../deps';
import { instanceInRegion } from '../instances/instance-access';
import { loadInstanceAccess } from './access-state';
import { applyGrantAction } from './grant-actions';
import { syncInstanceUsers } from './engine-sync';
import { resolveGroups, resolveUsers } from './subjects';

const POLICY = { access: 'instance', privileges: { allOf: [Privilege.INSTANCE_ACCESS_MANAGE] } } as const;

type ListRoute = { Params: { regionId: string; appId: string } };
type UserRoute = { Params: { regionId: string; appId: string; id: string } };
type GroupRoute = { Params: { regionId: string; appId: string; id: string }; Querystring: { group_name?: string } };

/**
 * Instance users and groups (platform-shell.md §7, data-explorer.md §7; docs/instance-users.md). Role Admin
 * (instance:access:manage). The engine follows each change at once (reconcile), and lazily before the list.
 */
export const instanceUsersRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;

  /** Syncs the engine; a failure (or an engine that cannot be reached) is logged, the platform state still answers. */
  const sync = (request: FastifyRequest, row: InstanceRow): Promise<boolean> => syncInstanceUsers(deps, row, request.log);

  async function state(row: InstanceRow) {
    const access = await loadInstanceAccess(db, row.orgId, row.id);
    const now = deps.clock.now();
    return { users: resolveUsers(access, now).map((u) => u.row), groups: resolveGroups(access, now) };
  }

  app.get<ListRoute>('/api/region/:regionId/app/:appId/users', { config: { policy: POLICY } }, async (request) => {
    const row = await instanceInRegion(deps, request, request.params.appId, request.params.regionId);
    const engine_synced = await sync(request, row);
    const body: InstanceUsersResponse = { ...(await state(row)), engine_synced };
    return ok(body);
  });

  for (const action of INSTANCE_USER_ACTIONS) {
    const write = { ...POLICY, write: true } as const;
    app.put<UserRoute>(
      `/api/region/:regionId/app/${action}/:appId/user/:id`,
      { config: { policy: { ...write, activity: { type: 'instance', operation: `${action} instance user` } } } },
      async (request) => {
        const row = await instanceInRegion(deps, request, request.params.appId, request.params.regionId);
        const user = (await state(row)).users.find((u) => u.id === request.params.id);
        if (!user) throw ApiError.notFound();
        await act(request, row, user, { memberId: user.member_id }, action);
        return ok({ id: user.id, action });
      },
    );
    app.put<GroupRoute>(
      `/api/region/:regionId/app/${action}/:appId/group/:id`,
      { config: { policy: { ...write, activity: { type: 'instance', operation: `${action} instance group` } } } },
      async (request) => {
        const row = await instanceInRegion(deps, request, request.params.appId, request.params.regionId);
        const group = (await state(row)).groups.find((g) => g.id === request.params.id);
        if (!group) throw ApiError.notFound();
        // The spec's query parameter names the group for the log; a stale name means the screen is out of date.
        const named = request.query.group_name;
        if (named !== undefined && named !== group.name) throw ApiError.notFound();
        await act(request, row, group, { groupId: group.id }, action);
        return ok({ id: group.id, action });
      },
    );
  }

  async function act(
    request: FastifyRequest,
    row: InstanceRow,
    subject: Parameters<typeof instanceActionRefusal>[0],
    who: { memberId: string } | { groupId: string },
    action: InstanceUserAction,
  ): Promise<void> {
    const refusal = instanceActionRefusal(subject, action);
    if (refusal) throw ApiError.conflict(refusal);
    await applyGrantAction(db, deps.clock.now(), orgOf(request).orgId, row.id, who, action);
    await sync(request, row);
  }
};
