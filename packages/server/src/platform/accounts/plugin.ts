import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { sessionRoutes } from '../sessions/routes';
import { userInfoRoutes } from '../profile/user-info-routes';

/** The accounts area: sign-up, sign-in, sessions, profile, phone and multi-factor routes. */
export const accountsPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(sessionRoutes, deps);
  await app.register(userInfoRoutes, deps);
};
