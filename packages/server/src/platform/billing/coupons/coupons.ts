import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { COUPON_CODE_LENGTH, LedgerType } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { isUniqueViolation } from '../../../store/unique-violation';
import { billingCouponRedemptions, billingCoupons, type BillingCouponRow, type BillingLedgerRow } from '../../../store/schema';
import { appendEntry } from '../ledger/ledger';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A code of §5: 32 uppercase letters and digits, from the system's cryptographic generator. */
export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export interface CouponMint {
  amountMicros: number;
  /** The instant after which it is refused; null: never. */
  expiresAt: number | null;
  /** Single use: redeemed once in all. Otherwise once per organization. */
  singleUse: boolean;
  note?: string | null;
}

/** Mints coupons (operators: `npm run ops -- billing coupon-mint`). */
export async function mintCoupons(db: Db, now: number, mint: CouponMint, count = 1): Promise<BillingCouponRow[]> {
  if (!Number.isInteger(mint.amountMicros) || mint.amountMicros <= 0) throw new Error('the amount must be more than 0');
  const rows = Array.from({ length: count }, () => ({
    code: newCouponCode(),
    amountMicros: mint.amountMicros,
    expiresAt: mint.expiresAt,
    singleUse: (mint.singleUse ? 1 : 0) as 0 | 1,
    note: mint.note ?? null,
    createdAt: now,
  }));
  return db.insert(billingCoupons).values(rows).returning();
}

/** Why a redemption was refused (the caller sees §8's one message; operators and tests see the reason). */
export type CouponRefusal = 'unknown' | 'expired' | 'used';

export class CouponRefused extends Error {
  constructor(readonly reason: CouponRefusal) {
    super(`coupon refused: ${reason}`);
  }
}

/**
 * Redeems a coupon for an organization: the credit is posted to its ledger and the redemption recorded in one
 * transaction. The coupon row is locked first, so a second request for the same code waits and then finds it used;
 * the redemption key (the slot 'single' of a single-use coupon) refuses it whatever the timing.
 */
export async function redeemCoupon(db: Db, now: number, orgId: string, code: string): Promise<{ coupon: BillingCouponRow; entry: BillingLedgerRow }> {
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [coupon] = await tx.select().from(billingCoupons).where(eq(billingCoupons.code, code)).for('update');
      if (!coupon) throw new CouponRefused('unknown');
      if (coupon.expiresAt !== null && coupon.expiresAt <= now) throw new CouponRefused('expired');
      const slot = coupon.singleUse === 1 ? 'single' : orgId;
      const taken = await tx
        .select({ code: billingCouponRedemptions.code })
        .from(billingCouponRedemptions)
        .where(and(eq(billingCouponRedemptions.code, code), eq(billingCouponRedemptions.slot, slot)));
      if (taken.length > 0) throw new CouponRefused('used');
      const entry = await appendEntry(tx, now, { orgId, type: LedgerType.COUPON, changeMicros: coupon.amountMicros, reference: code });
      await tx.insert(billingCouponRedemptions).values({ code, slot, orgId, transactionNo: entry.transactionNo, redeemedAt: now });
      return { coupon, entry };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CouponRefused('used');
    throw error;
  }
}
