import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { AuthHeader, SessionCookie, type TokenResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { createSession } from './session-service';

/**
 * Cookie sessions (issue 12 item 8). The web app signs in with `Session-Transport: cookie`: the session token then
 * goes into an HttpOnly cookie that no script can read (an injected script cannot carry the session away), never
 * into the answer's body. Because a browser sends that cookie by itself, a cookie-authenticated write must also
 * prove it comes from the app: the double-submit CSRF token, readable by the app's scripts only (same origin), sent
 * back as the X-CSRF-Token header. It is derived from the session token (HMAC), so it needs no storage and a cookie
 * planted by someone else cannot match the victim's session. API clients keep bearer tokens and need none of this.
 */

/** A sign-in that asked for the session as cookies (the web app), rather than a bearer token in the body. */
export function wantsCookieSession(request: FastifyRequest): boolean {
  return request.headers[AuthHeader.SESSION_TRANSPORT] === 'cookie';
}

/**
 * Starts a session for a user who has proved who they are: every path that signs someone in (password, second
 * factor, single sign-on, marketplace registration) answers through here, so each gives the same answer.
 */
export async function issueSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<TokenResponse> {
  const session = await createSession(deps.store.db, deps.clock, userId, { ip: request.ip, userAgent: request.headers['user-agent'] });
  if (!wantsCookieSession(request)) return { token: session.token, tokenType: 'Bearer', expiresAt: session.expiresAt };
  setSessionCookies(request, reply, session.token, session.expiresAt - deps.clock.now());
  return { tokenType: 'Cookie', expiresAt: session.expiresAt };
}

/** The CSRF token of a session: an HMAC of its token, so it is fixed for the session and unguessable without it. */
export function csrfTokenOf(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('tscloud csrf').digest('base64url');
}

function cookieOptions(request: FastifyRequest, httpOnly: boolean, maxAgeMs: number): CookieSerializeOptions {
  // SameSite=Strict: no cross-site request carries the cookies. The app needs them only on its own calls, which
  // are same-site even on a page reached from another site (the SSO callback page, links in e-mail).
  // Secure over https only: a plain-http console on loopback would otherwise never get its cookies back.
  return { path: '/', httpOnly, sameSite: 'strict', secure: request.protocol === 'https', maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)) };
}

/** Sets (or refreshes, with the session's slid expiry) the session and CSRF cookies; both end with the session. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, sessionToken: string, remainingMs: number): void {
  reply.setCookie(SessionCookie.SESSION, sessionToken, cookieOptions(request, true, remainingMs));
  reply.setCookie(SessionCookie.CSRF, csrfTokenOf(sessionToken), cookieOptions(request, false, remainingMs));
}

/** Removes both cookies (sign-out, an ended session), so the app sees that no session is open. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SessionCookie.SESSION, cookieOptions(request, true, 0));
  reply.clearCookie(SessionCookie.CSRF, cookieOptions(request, false, 0));
}

/** The session token of the session cookie, if the request carries one. */
export function cookieSessionToken(request: FastifyRequest): string | null {
  return request.cookies?.[SessionCookie.SESSION] || null;
}

/** Whether the X-CSRF-Token header is the CSRF token of that session (compared in constant time). */
export function csrfHeaderMatches(request: FastifyRequest, sessionToken: string): boolean {
  const sent = request.headers[AuthHeader.CSRF_TOKEN];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Methods that change something: a cookie-authenticated call with one of them needs the CSRF header. */
export function isUnsafeMethod(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}
