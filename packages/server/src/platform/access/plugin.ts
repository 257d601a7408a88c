import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { groupsRoutes } from './groups-routes';
import { rolesRoutes } from './roles-routes';
import { grantsRoutes } from './grants-routes';
import { userResourcesRoutes } from './user-resources-routes';

/** The access-control area's routes: groups, roles, grants and user resources. (Its guard is orgGuardPlugin, registered earlier.) */
export const accessPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(groupsRoutes, deps);
  await app.register(rolesRoutes, deps);
  await app.register(grantsRoutes, deps);
  await app.register(userResourcesRoutes, deps);
};
