import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiCode, AuthHeader } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { RoutePolicy } from '../../http/route-policy';
import { ApiError } from '../../http/api-error';
import type { UserRow } from '../../store/schema';
import { clearSessionCookies, cookieSessionToken, csrfHeaderMatches, isUnsafeMethod, revokeSession, setSessionCookies, touchSession } from '../sessions';
import { findUserById } from '../accounts/users';
import { requireSecondFactor } from '../mfa/guard';
import { isVerifyUrlId } from '../mfa/verify-urls';

export interface AuthContext {
  userId: string;
  sessionId: string;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by the guard on every route whose policy is not 'public'. */
    auth: AuthContext | null;
  }
}

/** The token of `Authorization: Bearer <token>` (a bare token is accepted too, as some clients send it). */
export function bearerToken(request: FastifyRequest): string | null {
  const value = request.headers[AuthHeader.AUTHORIZATION];
  if (!value) return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

/**
 * The session token a request signs in with: the bearer token of an API client, else the web app's session cookie.
 * A request with an Authorization header is a bearer call even if a cookie came along.
 */
function sessionCredential(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = cookieSessionToken(request);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** The signed-in caller of a non-public route; the guard guarantees it is there. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw ApiError.unauthenticated();
  return request.auth;
}

/**
 * The authentication guard, registered before every other area: for a route whose policy is not public it
 * finds the session of the bearer token or session cookie (sliding its expiry), loads the user, refuses with 432
 * when the session is missing, expired or revoked or the account is disabled or deleted, then applies the
 * multi-factor check of `policy.mfa`. A cookie-authenticated write needs the CSRF header (403 otherwise), checked
 * before the session is touched; a cookie session's cookies are re-set with the slid expiry (keep-alive).
 */
const guard: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const policy = (route.config as { policy?: RoutePolicy } | undefined)?.policy;
    if (policy?.mfa && !isVerifyUrlId(policy.mfa)) {
      throw new Error(`route ${String(route.method)} ${route.url} names an unknown protected operation '${policy.mfa}'`);
    }
    if (policy?.precondition && policy.access !== 'org' && policy.access !== 'instance') {
      throw new Error(`route ${String(route.method)} ${route.url}: a precondition needs an 'org' or 'instance' route`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const policy = request.routeOptions.config?.policy;
    if (!policy || policy.access === 'public') return;
    const credential = sessionCredential(request);
    if (!credential) throw new ApiError(ApiCode.SESSION_INVALID, 'error.notLoggedIn');
    const viaCookie = credential.via === 'cookie';
    if (viaCookie && isUnsafeMethod(request.method) && !csrfHeaderMatches(request, credential.token)) {
      throw new ApiError(ApiCode.FORBIDDEN, 'error.csrfInvalid');
    }
    const session = await touchSession(deps.store.db, deps.clock, credential.token);
    if (!session) {
      if (viaCookie) clearSessionCookies(request, reply);
      throw new ApiError(ApiCode.SESSION_INVALID, 'error.sessionInvalid');
    }
    const user = await findUserById(deps.store.db, session.userId);
    if (!user || user.status !== 'ACTIVE') {
      await revokeSession(deps.store.db, deps.clock, session.sessionId);
      if (viaCookie) clearSessionCookies(request, reply);
      throw new ApiError(ApiCode.SESSION_INVALID, user?.status === 'DISABLED' ? 'error.accountDisabled' : 'error.sessionInvalid');
    }
    if (viaCookie) setSessionCookies(request, reply, credential.token, session.expiresAt - deps.clock.now());
    request.auth = { userId: user.id, sessionId: session.sessionId, user };
    // A route with a precondition asks for the second factor after it (below), once the organization guard ran.
    if (policy.mfa && !policy.precondition) await requireSecondFactor(deps, request, user, policy.mfa);
  });

  // preHandler: after every onRequest guard (the organization guard included), before the handler.
  app.addHook('preHandler', async (request) => {
    const policy = request.routeOptions.config?.policy;
    if (!policy?.precondition) return;
    await policy.precondition(request);
    if (policy.mfa) await requireSecondFactor(deps, request, authOf(request).user, policy.mfa);
  });
};

export const authGuardPlugin = fp(guard, { name: 'auth-guard' });
