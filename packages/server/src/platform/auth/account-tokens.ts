import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { accountTokens, type AccountTokenPurpose } from '../../store/schema';
import { hashToken, newOpaqueToken } from '../sessions';

/** Issues a single-use token (activation, reset, sign-in ticket) valid for `ttlMs`; only its hash is stored. */
export async function issueAccountToken(db: Db, clock: Clock, userId: string, purpose: AccountTokenPurpose, ttlMs: number): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const now = clock.now();
  await dropExpiredTokens(db, userId, purpose, now);
  await db.insert(accountTokens).values({ tokenHash: hash, purpose, userId, createdAt: now, expiresAt: now + ttlMs });
  return token;
}

/** The user of a live, unused token, without using it up. */
export async function peekAccountToken(db: Db, clock: Clock, token: string, purpose: AccountTokenPurpose): Promise<string | null> {
  const rows = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, clock.now())))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** Uses a token up, atomically (two concurrent uses: one wins); the user id, or null if unknown, used or expired. */
export async function consumeAccountToken(db: Db, clock: Clock, token: string, purpose: AccountTokenPurpose): Promise<string | null> {
  const now = clock.now();
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ userId: accountTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Expired tokens of a user are dropped whenever a new one of the same purpose is issued. */
export async function dropExpiredTokens(db: Db, userId: string, purpose: AccountTokenPurpose, now: number): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), lte(accountTokens.expiresAt, now)));
}
