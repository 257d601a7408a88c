export { createSession, touchSession, revokeSession, revokeUserSessions, type IssuedSession, type SessionMeta } from './session-service';
export { issueSession, setSessionCookies, clearSessionCookies, cookieSessionToken, csrfHeaderMatches, csrfTokenOf, isUnsafeMethod, wantsCookieSession } from './session-cookie';
export { newOpaqueToken, hashToken } from './tokens';
