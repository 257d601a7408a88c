import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { mfaExemptions } from '../../store/schema';

/** The operations the user exempted from multi-factor that are still exempted now, with their end times. */
export async function activeExemptions(db: Db, clock: Clock, userId: string): Promise<Array<{ urlId: string; untilAt: number }>> {
  return db
    .select({ urlId: mfaExemptions.urlId, untilAt: mfaExemptions.untilAt })
    .from(mfaExemptions)
    .where(and(eq(mfaExemptions.userId, userId), gt(mfaExemptions.untilAt, clock.now())));
}

export async function isExempted(db: Db, clock: Clock, userId: string, urlId: string): Promise<boolean> {
  const rows = await db
    .select({ urlId: mfaExemptions.urlId })
    .from(mfaExemptions)
    .where(and(eq(mfaExemptions.userId, userId), eq(mfaExemptions.urlId, urlId), gt(mfaExemptions.untilAt, clock.now())))
    .limit(1);
  return rows.length > 0;
}

/** Exempts the operations until `untilAt`; null re-enables multi-factor for them. */
export async function setExemptions(db: Db, userId: string, urlIds: string[], untilAt: number | null): Promise<void> {
  await db.delete(mfaExemptions).where(and(eq(mfaExemptions.userId, userId), inArray(mfaExemptions.urlId, urlIds)));
  if (untilAt !== null) await db.insert(mfaExemptions).values(urlIds.map((urlId) => ({ userId, urlId, untilAt })));
}

export async function clearExemptions(db: Db, userId: string): Promise<void> {
  await db.delete(mfaExemptions).where(eq(mfaExemptions.userId, userId));
}
