import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { LedgerType } from '@tscloud/contracts';
import { billingLedger } from '../../src/store/schema';
import { balanceMicros, postEntry } from '../../src/platform/billing/ledger/ledger';
import { CouponRefused, mintCoupons, redeemCoupon } from '../../src/platform/billing/coupons/coupons';
import { setBillingAccount } from '../../src/region/billing-account/account';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn } from '../orgs/helpers';

/**
 * The ledger under concurrent postings (on PGlite, and on PostgreSQL in the server-pg pass where the pool's
 * connections really run side by side): each entry starts from the balance the one before left, and the balance is
 * always the sum of the changes.
 */
describe('billing ledger', () => {
  let t: TestApp;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    orgId = await createOrg(await signedIn(t, 'ledger.owner@example.com'), 'Ledgerorg');
  });
  afterAll(() => t.close());

  const entries = () => t.store.db.select().from(billingLedger).where(eq(billingLedger.orgId, orgId)).orderBy(asc(billingLedger.seq));

  it('keeps old + change = new along the chain under concurrent recharges, coupon redemptions and charges', async () => {
    const now = Date.now();
    const coupons = await mintCoupons(t.store.db, now, { amountMicros: 2_500_000, expiresAt: null, singleUse: true }, 6);
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 12; i++) {
      work.push(postEntry(t.store.db, now, { orgId, type: LedgerType.RECHARGE, changeMicros: 1_000_000, reference: `recharge-${i}` }));
      work.push(postEntry(t.store.db, now, { orgId, type: LedgerType.USAGE_CHARGE, changeMicros: -333_333, reference: `cdr-${i}` }));
    }
    // The operator sets the balance in the middle of it all: an adjustment of the difference, under the same lock.
    work.push(setBillingAccount(t.store.db, now, orgId, { creditCents: 500 }));
    for (const coupon of coupons) work.push(redeemCoupon(t.store.db, now, orgId, coupon.code));
    await Promise.all(work);

    const rows = await entries();
    expect(rows.length).toBeGreaterThanOrEqual(12 + 12 + coupons.length);
    let balance = 0;
    rows.forEach((row, i) => {
      expect(row.seq).toBe(i + 1);
      expect(row.oldMicros).toBe(balance);
      expect(row.newMicros).toBe(row.oldMicros + row.changeMicros);
      balance = row.newMicros;
    });
    expect(await balanceMicros(t.store.db, orgId)).toBe(balance);
    expect(rows.reduce((sum, r) => sum + r.changeMicros, 0)).toBe(balance);
    expect(new Set(rows.map((r) => r.transactionNo)).size).toBe(rows.length);
    expect(rows.filter((r) => r.type === LedgerType.COUPON)).toHaveLength(coupons.length);
  });

  it('posts a charge for a reference once, and changes no entry in place', async () => {
    await expect(postEntry(t.store.db, Date.now(), { orgId, type: LedgerType.USAGE_CHARGE, changeMicros: -1, reference: 'cdr-0' })).rejects.toThrow();
    await expect(t.store.db.update(billingLedger).set({ note: 'edited' }).where(eq(billingLedger.orgId, orgId))).rejects.toThrow();
    expect((await entries()).some((r) => r.note === 'edited')).toBe(false);
  });

  it('redeems a single-use coupon once even when two organizations race for it', async () => {
    const other = await createOrg(await signedIn(t, 'ledger.other@example.com'), 'Otherledger');
    for (let round = 0; round < 5; round++) {
      const [coupon] = await mintCoupons(t.store.db, Date.now(), { amountMicros: 1_000_000, expiresAt: null, singleUse: true });
      const outcomes = await Promise.allSettled([redeemCoupon(t.store.db, Date.now(), orgId, coupon.code), redeemCoupon(t.store.db, Date.now(), other, coupon.code)]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(CouponRefused);
      expect((refused.reason as CouponRefused).reason).toBe('used');
    }
  });
});
