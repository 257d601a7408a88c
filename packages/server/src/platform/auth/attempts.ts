import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { ApiCode, LOGIN_ATTEMPT_WINDOW_MS, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, LOGIN_MAX_ATTEMPTS_PER_ADDRESS } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { loginAttempts } from '../../store/schema';
import { ApiError } from '../../http/api-error';

/**
 * Sign-in throttling. Failed attempts (wrong password, unknown e-mail, wrong second factor) are rows in the
 * store, so every server process counts the same; an account or client address with too many failures in the
 * window is refused with 429 before its password is even checked. The subject is an e-mail, or another name
 * for guesses that are throttled alike (e.g. `phone-code:<userId>`); it is kept in the `email` column.
 */
async function failuresSince(db: Db, column: typeof loginAttempts.email | typeof loginAttempts.address, value: string, since: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(eq(column, value), gt(loginAttempts.attemptedAt, since)));
  return Number(rows[0]?.n ?? 0);
}

export async function assertSignInAllowed(db: Db, clock: Clock, subject: string, address: string): Promise<void> {
  const since = clock.now() - LOGIN_ATTEMPT_WINDOW_MS;
  if (
    (await failuresSince(db, loginAttempts.email, subject, since)) >= LOGIN_MAX_ATTEMPTS_PER_ACCOUNT ||
    (await failuresSince(db, loginAttempts.address, address, since)) >= LOGIN_MAX_ATTEMPTS_PER_ADDRESS
  ) {
    throw new ApiError(ApiCode.TOO_MANY_REQUESTS, 'error.tooManyAttempts');
  }
}

export async function recordSignInFailure(db: Db, clock: Clock, subject: string, address: string): Promise<void> {
  const now = clock.now();
  await db.insert(loginAttempts).values({ email: subject, address, attemptedAt: now });
  // Rows older than the window count for nothing: drop them as we go.
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, now - LOGIN_ATTEMPT_WINDOW_MS));
}

/** A successful sign-in (or password reset) forgives the account's failures; the address keeps its count. */
export async function clearAccountFailures(db: Db, subject: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, subject));
}
