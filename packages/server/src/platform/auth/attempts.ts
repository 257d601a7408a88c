import { and, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  ApiCode,
  LOGIN_ATTEMPT_WINDOW_MS,
  LOGIN_DELAY_BASE_MS,
  LOGIN_DELAY_MAX_MS,
  LOGIN_FREE_ATTEMPTS_PER_ACCOUNT,
  LOGIN_FREE_ATTEMPTS_PER_ADDRESS,
  LOGIN_FREE_ATTEMPTS_PER_CLIENT,
  LOGIN_KNOWN_CLIENT_TTL_MS,
} from '@tscloud/contracts';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { signInKnownClients, signInThrottle, signInUnlocks } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { hashToken } from '../sessions/tokens';

/**
 * Sign-in throttling: a guess (a password, a second-factor code, a phone or e-mail code) is admitted, and counted,
 * before it is evaluated, or refused with 429 without being evaluated. Nothing locks an account: beyond a number
 * of free guesses each further one waits a delay that doubles (LOGIN_DELAY_BASE_MS … LOGIN_DELAY_MAX_MS).
 *
 * Counters (table sign_in_throttle), each with its own free guesses:
 * - the pair (subject, client address): an attacker's address slows only itself;
 * - the subject across addresses, and the address across subjects (password spraying): these two are skipped for
 *   an address the subject signed in from before (sign_in_known_clients), so an attack from elsewhere, or from a
 *   colleague behind the same NAT, does not keep the owner out;
 * - a live unlock link (signin-unlock.ts) replaces all three with a counter of its own.
 * A right guess gives its count back and forgives its pair. The subject is an e-mail, or another name for guesses
 * throttled alike (`second-factor:<userId>`, `phone-code:<userId>`, `email-code:<email>`).
 */
export interface Guess {
  subject: string;
  /** The client address (request.ip). */
  address: string;
  /** The token of an unlock link for this subject, when the client brings one. */
  unlockToken?: string;
}

interface Counter {
  subject: string;
  client: string;
  free: number;
}

/** Either side of a shared counter: the subject across clients, or the client across subjects. */
const ANY = '*';

/**
 * How long after the last admitted guess the next one may come, for a counter with `free` free guesses: 0 until
 * they are used up, then LOGIN_DELAY_BASE_MS doubling with each guess, at most LOGIN_DELAY_MAX_MS. In SQL, so that
 * the admitting upsert and the refusal's wait read the same rule.
 */
function delaySql(free: number): SQL {
  const beyond = sql`GREATEST(${signInThrottle.attempts} - ${free}, -1)`;
  return sql`CASE WHEN ${beyond} < 0 THEN 0 ELSE LEAST(${LOGIN_DELAY_BASE_MS}::bigint * (1::bigint << LEAST(${beyond}, 20)), ${LOGIN_DELAY_MAX_MS}::bigint) END`;
}

/**
 * Counts one guess on the counter if it is admitted now, in one statement (the upsert's row lock makes concurrent
 * guesses, in any number of processes, see each other's counts); false when it must wait.
 */
async function admit(db: Db, now: number, counter: Counter): Promise<boolean> {
  const startsOver = sql`${signInThrottle.lastAttemptAt} <= ${now - LOGIN_ATTEMPT_WINDOW_MS}`;
  const rows = await db
    .insert(signInThrottle)
    .values({ subject: counter.subject, client: counter.client, attempts: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: [signInThrottle.subject, signInThrottle.client],
      set: { attempts: sql`CASE WHEN ${startsOver} THEN 1 ELSE ${signInThrottle.attempts} + 1 END`, lastAttemptAt: now },
      setWhere: sql`${startsOver} OR ${signInThrottle.lastAttemptAt} + ${delaySql(counter.free)} <= ${now}`,
    })
    .returning({ attempts: signInThrottle.attempts });
  return rows.length > 0;
}

/** Milliseconds until the counter admits a guess again. */
async function waitOf(db: Db, now: number, counter: Counter): Promise<number> {
  const rows = await db
    .select({ readyAt: sql<string>`${signInThrottle.lastAttemptAt} + ${delaySql(counter.free)}` })
    .from(signInThrottle)
    .where(and(eq(signInThrottle.subject, counter.subject), eq(signInThrottle.client, counter.client)));
  return rows.length ? Math.max(0, Number(rows[0].readyAt) - now) : 0;
}

async function isKnownClient(db: Db, now: number, subject: string, address: string): Promise<boolean> {
  const rows = await db
    .select({ subject: signInKnownClients.subject })
    .from(signInKnownClients)
    .where(and(eq(signInKnownClients.subject, subject), eq(signInKnownClients.client, address), gt(signInKnownClients.lastSuccessAt, now - LOGIN_KNOWN_CLIENT_TTL_MS)))
    .limit(1);
  return rows.length > 0;
}

/** The hash of a live, unused unlock link for the subject, or 400 'error.unlockLinkInvalid'. */
async function liveUnlockHash(db: Db, now: number, subject: string, token: string): Promise<string> {
  const hash = hashToken(token);
  const rows = await db
    .select({ hash: signInUnlocks.tokenHash })
    .from(signInUnlocks)
    .where(and(eq(signInUnlocks.tokenHash, hash), eq(signInUnlocks.subject, subject), isNull(signInUnlocks.usedAt), gt(signInUnlocks.expiresAt, now)))
    .limit(1);
  if (!rows.length) throw new ApiError(ApiCode.BAD_REQUEST, 'error.unlockLinkInvalid');
  return hash;
}

/** The counters a guess is admitted on. */
async function countersOf(db: Db, now: number, guess: Guess): Promise<{ counters: Counter[]; unlockHash: string | null }> {
  if (guess.unlockToken) {
    const unlockHash = await liveUnlockHash(db, now, guess.subject, guess.unlockToken);
    return { counters: [{ subject: guess.subject, client: `unlock:${unlockHash}`, free: LOGIN_FREE_ATTEMPTS_PER_CLIENT }], unlockHash };
  }
  const counters: Counter[] = [{ subject: guess.subject, client: guess.address, free: LOGIN_FREE_ATTEMPTS_PER_CLIENT }];
  if (!(await isKnownClient(db, now, guess.subject, guess.address))) {
    counters.push({ subject: guess.subject, client: ANY, free: LOGIN_FREE_ATTEMPTS_PER_ACCOUNT }, { subject: ANY, client: guess.address, free: LOGIN_FREE_ATTEMPTS_PER_ADDRESS });
  }
  return { counters, unlockHash: null };
}

/**
 * Evaluates one guess under the throttle: `check` runs only once the guess is admitted on every counter; otherwise
 * 429 'error.signInDelayed' with the seconds to wait (also in `data.retryAfterSeconds`). Answers what `check` answered.
 */
export async function throttledGuess(db: Db, clock: Clock, guess: Guess, check: () => Promise<boolean>): Promise<boolean> {
  const now = clock.now();
  // Counters left alone for the window count for nothing: drop them as we go.
  await db.delete(signInThrottle).where(lte(signInThrottle.lastAttemptAt, now - LOGIN_ATTEMPT_WINDOW_MS));
  const { counters, unlockHash } = await countersOf(db, now, guess);
  await db.transaction(async (tx) => {
    let waitMs = 0;
    for (const counter of counters) {
      if (!(await admit(tx, now, counter))) waitMs = Math.max(waitMs, await waitOf(tx, now, counter), 1);
    }
    // Throwing rolls the transaction back: a refused guess is counted nowhere.
    if (waitMs > 0) {
      const retryAfterSeconds = Math.ceil(waitMs / 1000);
      throw new ApiError(ApiCode.TOO_MANY_REQUESTS, 'error.signInDelayed', [retryAfterSeconds], { retryAfterSeconds });
    }
  });
  let right = false;
  try {
    right = await check();
  } finally {
    if (right) await settleRightGuess(db, clock, guess, counters, unlockHash);
  }
  return right;
}

/**
 * A right guess: its pair (or unlock link) is forgiven, the shared counters get its count back, and the address
 * becomes one the subject is known to sign in from. An unlock link is used up and clears the subject's throttle.
 */
async function settleRightGuess(db: Db, clock: Clock, guess: Guess, counters: Counter[], unlockHash: string | null): Promise<void> {
  const now = clock.now();
  const [pair, ...shared] = counters;
  await db.delete(signInThrottle).where(and(eq(signInThrottle.subject, pair.subject), eq(signInThrottle.client, pair.client)));
  for (const counter of shared) {
    await db
      .update(signInThrottle)
      .set({ attempts: sql`GREATEST(${signInThrottle.attempts} - 1, 0)` })
      .where(and(eq(signInThrottle.subject, counter.subject), eq(signInThrottle.client, counter.client)));
  }
  if (unlockHash) {
    await db.update(signInUnlocks).set({ usedAt: now }).where(eq(signInUnlocks.tokenHash, unlockHash));
    await clearAccountFailures(db, guess.subject);
  }
  await db
    .insert(signInKnownClients)
    .values({ subject: guess.subject, client: guess.address, lastSuccessAt: now })
    .onConflictDoUpdate({ target: [signInKnownClients.subject, signInKnownClients.client], set: { lastSuccessAt: now } });
  await db.delete(signInKnownClients).where(and(eq(signInKnownClients.subject, guess.subject), lte(signInKnownClients.lastSuccessAt, now - LOGIN_KNOWN_CLIENT_TTL_MS)));
}

/**
 * Clears the subject's throttle (its pairs and its shared counter): an unlock link was used, or the password was
 * reset from the mailbox. Address counters are kept.
 */
export async function clearAccountFailures(db: Db, subject: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.subject, subject));
}


/** The subject second-factor codes of a user are throttled under (sign-in step, Verify-Token, MFA-Code header). */
export const secondFactorSubject = (userId: string): string => `second-factor:${userId}`;
