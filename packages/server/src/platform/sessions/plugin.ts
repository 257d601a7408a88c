import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { sessionRoutes } from './routes';

/**
 * The sessions area's routes: sign-out and "sign out everywhere". Sessions are started by auth/signin-service.ts
 * (through issueSession) and checked by the authentication guard (auth/guard-plugin.ts).
 */
export const sessionsPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(sessionRoutes, deps);
};
