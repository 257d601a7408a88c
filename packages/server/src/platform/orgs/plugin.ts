import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { orgsRoutes } from './orgs-routes';
import { membersRoutes } from './members-routes';

/** The organizations area: organizations and their members. */
export const orgsPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(orgsRoutes, deps);
  await app.register(membersRoutes, deps);
};
