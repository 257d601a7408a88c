import type { FastifyPluginAsync } from 'fastify';
import { SignInOperation, ok } from '@tscloud/contracts';
import { noteSignInEvent } from '../activity/note';
import type { AppDeps } from '../../deps';
import { authOf } from '../auth/guard-plugin';
import { revokeSession, revokeUserSessions } from './session-service';
import { clearSessionCookies } from './session-cookie';

export const sessionRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  /** Ends the caller's session: its token is refused from now on, and its cookies are removed. */
  app.post('/api/user/logout', { config: { policy: { access: 'user' } } }, async (request, reply) => {
    const auth = authOf(request);
    await revokeSession(deps.store.db, deps.clock, auth.sessionId);
    noteSignInEvent(request, auth.user, SignInOperation.SIGN_OUT);
    clearSessionCookies(request, reply);
    return ok(null);
  });

  /**
   * "Sign out everywhere" (profile): ends every session of the caller, this one included — whoever holds a session
   * elsewhere (a lost device, a copied token) is out, and so is this browser, which signs in again.
   */
  app.post('/api/user/sessions/revoke-all', { config: { policy: { access: 'user' } } }, async (request, reply) => {
    await revokeUserSessions(deps.store.db, deps.clock, authOf(request).userId);
    clearSessionCookies(request, reply);
    return ok(null);
  });
};
