import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { accountTokens, type AccountTokenPurpose } from '../../store/schema';
import { hashToken, newOpaqueToken } from '../sessions';

/**
 * Mailed links: only the newest one of an account works. Issuing one drops the others, so a link left in a
 * mailbox (or in someone else's hands) dies when the owner asks for a new one; using one drops them too.
 */
const ONE_LIVE_LINK: ReadonlySet<AccountTokenPurpose> = new Set(['activation', 'reset']);

/** Issues a single-use token (activation, reset, sign-in ticket) valid for `ttlMs`; only its hash is stored. */
export async function issueAccountToken(db: Db, clock: Clock, userId: string, purpose: AccountTokenPurpose, ttlMs: number): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const now = clock.now();
  if (ONE_LIVE_LINK.has(purpose)) await revokeAccountTokens(db, userId, [purpose]);
  else await dropExpiredTokens(db, userId, purpose, now);
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

/** Every token of these purposes of a user stops working (a newer link was issued or used, the password changed). */
export async function revokeAccountTokens(db: Db, userId: string, purposes: AccountTokenPurpose[]): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes)));
}
