import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_LIFETIME_MS } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { sessions } from '../../store/schema';
import { hashToken, newOpaqueToken } from './tokens';

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: number;
}

/**
 * Starts a session for a user: a new opaque bearer token, idle lifetime SESSION_LIFETIME_MS, and at most
 * SESSION_ABSOLUTE_LIFETIME_MS after this moment however active it stays.
 */
export async function createSession(db: Db, clock: Clock, userId: string, meta: SessionMeta = {}): Promise<IssuedSession> {
  const { token, hash } = newOpaqueToken();
  const now = clock.now();
  const id = randomUUID();
  const expiresAt = now + Math.min(SESSION_LIFETIME_MS, SESSION_ABSOLUTE_LIFETIME_MS);
  // The user's ended sessions are of no further use: drop them as new ones start, so the table stays small.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt))));
  await db.insert(sessions).values({
    id,
    tokenHash: hash,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip ?? '',
    userAgent: (meta.userAgent ?? '').slice(0, 512),
  });
  return { token, sessionId: id, expiresAt };
}

/**
 * Finds the live session of a bearer token and slides its expiry forward (activity keeps a session alive), but
 * never past its absolute end (createdAt + SESSION_ABSOLUTE_LIFETIME_MS), in one statement so that concurrent
 * requests on several processes agree. Null when unknown, expired or revoked.
 */
export async function touchSession(db: Db, clock: Clock, token: string): Promise<{ sessionId: string; userId: string; expiresAt: number } | null> {
  const now = clock.now();
  const rows = await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: sql`least(${now + SESSION_LIFETIME_MS}::int8, ${sessions.createdAt} + ${SESSION_ABSOLUTE_LIFETIME_MS}::int8)` })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ sessionId: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt });
  return rows[0] ?? null;
}

export async function revokeSession(db: Db, clock: Clock, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password reset, disabling, "sign out everywhere"), optionally keeping the caller's own. */
export async function revokeUserSessions(db: Db, clock: Clock, userId: string, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: clock.now() }).where(and(...conditions));
}
