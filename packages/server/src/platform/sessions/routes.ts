import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { authOf } from '../auth/guard-plugin';
import { revokeSession } from './session-service';

export const sessionRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  /** Ends the caller's session: its token is refused from now on. */
  app.post('/api/user/logout', { config: { policy: { access: 'user' } } }, async (request) => {
    await revokeSession(deps.store.db, deps.clock, authOf(request).sessionId);
    return ok(null);
  });
};
