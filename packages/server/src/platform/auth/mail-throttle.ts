import { lte, sql } from 'drizzle-orm';
import { ApiCode, MAIL_ADDRESS_WINDOW_MS, MAIL_CLIENT_WINDOW_MS, MAIL_MAX_PER_ADDRESS, MAIL_MAX_PER_CLIENT } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { mailThrottle } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { normalizeEmail } from '../accounts/users';

/**
 * Rate limit of the account mails anyone can ask for again and again (sign-up of a pending address, resend
 * activation, forgot password, re-invitation), so that nobody floods a mailbox. Each subject (an e-mail address
 * and kind of mail, a client address) has one counter row for a window that starts with its first counted mail;
 * one upsert both counts and reads, so concurrent calls in several processes never pass the limit together. The
 * counters of one call are taken in one transaction: a refused call is counted nowhere.
 *
 * An address is counted per kind of mail: calls that send an account nothing (resend activation for an active
 * account) must not use up the allowance of the mails it needs (its reset link). So every counted call of a kind
 * that matters to an account did send it a mail, and its newest link is in the mailbox.
 */
interface Limit {
  subject: string;
  max: number;
  windowMs: number;
}

/** The counter after this call, with the start of its window; the row lock serializes concurrent callers. */
async function count(db: Pick<Db, 'insert'>, now: number, limit: Limit): Promise<{ sends: number; windowStart: number }> {
  const expired = sql`${mailThrottle.windowStart} <= ${now - limit.windowMs}`;
  const rows = await db
    .insert(mailThrottle)
    .values({ subject: limit.subject, windowStart: now, sends: 1 })
    .onConflictDoUpdate({
      target: mailThrottle.subject,
      set: {
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${mailThrottle.windowStart} END`,
        sends: sql`CASE WHEN ${expired} THEN 1 ELSE ${mailThrottle.sends} + 1 END`,
      },
    })
    .returning({ sends: mailThrottle.sends, windowStart: mailThrottle.windowStart });
  return { sends: rows[0].sends, windowStart: Number(rows[0].windowStart) };
}

export type AccountMailKind = 'activation' | 'reset' | 'invitation' | 'unlock';

export interface MailRequest {
  kind: AccountMailKind;
  /** The address the mail goes to. */
  email: string;
  /** The client asking (request.ip); absent for mails that are not repeatable by one client at will. */
  client?: string;
}

/**
 * Counts one mail for the address (and the client), or refuses with 429 'error.tooManyMails' naming the minutes
 * until the fullest window ends. Call it before anything is changed or sent, and for unknown addresses too, so
 * that the limit reveals no account.
 */
export async function takeMailAllowance(db: Db, clock: Clock, request: MailRequest): Promise<void> {
  const now = clock.now();
  const limits: Limit[] = [{ subject: `address:${request.kind}:${normalizeEmail(request.email)}`, max: MAIL_MAX_PER_ADDRESS, windowMs: MAIL_ADDRESS_WINDOW_MS }];
  if (request.client) limits.push({ subject: `client:${request.client}`, max: MAIL_MAX_PER_CLIENT, windowMs: MAIL_CLIENT_WINDOW_MS });
  // Counters whose window ended count for nothing: drop them as we go (the longest window bounds them all).
  await db.delete(mailThrottle).where(lte(mailThrottle.windowStart, now - Math.max(MAIL_ADDRESS_WINDOW_MS, MAIL_CLIENT_WINDOW_MS)));
  await db.transaction(async (tx) => {
    let waitMs = 0;
    for (const limit of limits) {
      const counter = await count(tx, now, limit);
      if (counter.sends > limit.max) waitMs = Math.max(waitMs, counter.windowStart + limit.windowMs - now);
    }
    // Throwing rolls the transaction back: the refused call leaves every counter as it was.
    if (waitMs > 0) throw new ApiError(ApiCode.TOO_MANY_REQUESTS, 'error.tooManyMails', [Math.max(1, Math.ceil(waitMs / 60_000))]);
  });
}
