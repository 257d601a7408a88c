import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import { ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { authOf } from '../auth/guard-plugin';
import { toUserInfo } from '../accounts/user-info';
import { getMfaState } from '../mfa/mfa-service';

export const userInfoRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const userInfo: RouteHandlerMethod = async (request) => {
    const { user } = authOf(request);
    const mfa = await getMfaState(deps.store.db, user.id);
    return ok(toUserInfo(user, mfa.enabled));
  };
  // The shell's user-info path is not given by the spec; the auth service's /uc/api/user/mgmt is served too.
  app.get('/api/user/info', { config: { policy: { access: 'user' } } }, userInfo);
  app.get('/uc/api/user/mgmt', { config: { policy: { access: 'user' } } }, userInfo);
};
