export { createSession, touchSession, revokeSession, revokeUserSessions, type IssuedSession, type SessionMeta } from './session-service';
export { newOpaqueToken, hashToken } from './tokens';
