/**
 * Session services for other areas. The routes' plugin is not exported here (areas.ts imports sessions/plugin.ts):
 * the guard and the sign-in service import these services, and the routes import the guard.
 */
export { createSession, touchSession, revokeSession, revokeUserSessions, type IssuedSession, type SessionMeta } from './session-service';
export { issueSession, setSessionCookies, clearSessionCookies, cookieSessionToken, csrfHeaderMatches, csrfTokenOf, isUnsafeMethod, wantsCookieSession } from './session-cookie';
export { newOpaqueToken, hashToken } from './tokens';
