import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BuiltinRole,
  LedgerType,
  type BalanceChange,
  type BalanceDay,
  type BillingOverview,
  type CouponRedeemResult,
  type Page,
  type PaymentOverview,
  type UsageDay,
  type UsageRecord,
} from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { postEntry } from '../../src/platform/billing/ledger/ledger';
import { setBillingAccount } from '../../src/region/billing-account/account';
import { runCli } from '../../src/ops/cli';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { addMember } from '../instances/harness';
import { HOUR, MIN, instanceRow, sample } from './fixtures';

/** 2026-01-05 10:00 UTC: the metered hour; the server's clock stands two hours later. */
const T0 = Date.UTC(2026, 0, 5, 10);

/** The billing calls of §7 through the whole server: envelope, organization scope, privileges of §6. */
describe('billing calls', () => {
  let t: TestApp;
  let owner: Caller;
  let orgId: string;
  let rival: Caller;
  let rivalOrg: string;
  let developer: Caller;
  let third: Caller;
  let thirdOrg: string;

  const ops = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runCli(argv, (l) => lines.push(l), async () => ({ ...t.store, close: async () => undefined }));
    return { code, lines };
  };
  const mint = async (...argv: string[]) => (await ops('billing', 'coupon-mint', ...argv)).lines;
  const redeem = (caller: Caller, org: string, code: string) => caller.call<CouponRedeemResult>('POST', `/api/billing/coupon/redeem?code=${code}`, undefined, org);

  beforeAll(async () => {
    t = await createTestApp({ clock: new FakeClock(T0 + 2 * HOUR) });
    await t.app.billing.metering.stop();
    owner = await signedIn(t, 'billing.owner@example.com');
    orgId = await createOrg(owner, 'Billingorg');
    rival = await signedIn(t, 'billing.rival@example.com');
    rivalOrg = await createOrg(rival, 'Rivalorg');
    third = await signedIn(t, 'billing.third@example.com');
    thirdOrg = await createOrg(third, 'Thirdorg');
    developer = await signedIn(t, 'billing.dev@example.com');
    await addMember(t.store, orgId, developer, BuiltinRole.DEVELOPER);
  }, 120_000);
  afterAll(() => t.close());

  it('redeems a minted coupon into the balance, once, with the §8 message on failure', async () => {
    const [code] = await mint('12.50', '2026-12-31');
    expect(code).toMatch(/^[A-Z0-9]{32}$/);
    const redeemed = await redeem(owner, orgId, code);
    expect(redeemed.code).toBe(200);
    expect(redeemed.data).toMatchObject({ code, amount: 12.5, balance: 12.5 });
    expect(redeemed.data.transaction_no).toMatch(/^TX\d{12}$/);

    const again = await redeem(owner, orgId, code);
    expect(again).toMatchObject({ code: 400, message: 'Failed to redeem the coupon!' });
    expect((await redeem(owner, orgId, 'A'.repeat(32))).message).toBe('Failed to redeem the coupon!');
    const [expired] = await mint('1', '2026-01-04');
    expect((await redeem(owner, orgId, expired)).message).toBe('Failed to redeem the coupon!');
    expect(await redeem(owner, orgId, 'abc')).toMatchObject({ code: 400, message: 'The coupon code is 32 uppercase letters and digits' });
    expect((await owner.call('GET', '/api/billing/payment/summary/overview', undefined, orgId)).data).toEqual({ balance: 12.5, credit_card: false, marketplace: false } satisfies BillingOverview);
  });

  it('gives a single-use coupon to one of two racing requests; a multi-use one once per organization', async () => {
    const [code] = await mint('3', 'never', 'single');
    const answers = await Promise.all([redeem(third, thirdOrg, code), redeem(rival, rivalOrg, code)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.code === 400)?.message).toBe('Failed to redeem the coupon!');
    const [shared] = await mint('2', 'never', 'multi');
    expect((await redeem(rival, rivalOrg, shared)).code).toBe(200);
    expect((await redeem(rival, rivalOrg, shared)).code).toBe(400);
    expect((await redeem(owner, orgId, shared)).code).toBe(200);
  });

  it('shows usage per instance-day and its CDRs, charged to the ledger', async () => {
    const id = await instanceRow(t.store, orgId, 'Metered', 1, 0);
    const metrics = await t.app.monitoring.metrics();
    await metrics.write([sample(id, T0, null, 1, 0), ...[1, 2, 3, 4].map((q) => sample(id, T0 + q * 15 * MIN, 15 * MIN, 1, 0))]);
    expect(await t.app.billing.metering.meter(T0)).toBe(true);

    const page = await owner.call<Page<UsageDay>>('GET', '/api/billing/usage/page', undefined, orgId);
    expect(page.code).toBe(200);
    expect(page.data.total).toBe(1);
    const [day] = page.data.list;
    expect(day).toMatchObject({ instance_id: id, instance_name: 'Metered', day: '2026-01-05', currency: 'USD', plan_hours: 1, amount: 0.25 });
    expect((await owner.call<Page<UsageDay>>('GET', '/api/billing/usage/page?start_day=2026-01-06', undefined, orgId)).data.total).toBe(0);

    const cdrs = await owner.call<UsageRecord[]>('GET', `/api/billing/usage/cdr-list/${day.id}`, undefined, orgId);
    expect(cdrs.data).toHaveLength(1);
    expect(cdrs.data[0]).toMatchObject({ hour_start: T0, plan_hours: 1, amount: 0.25 });
    // Another organization's day is not found from here, nor is this one from there.
    expect((await rival.call('GET', `/api/billing/usage/cdr-list/${day.id}`, undefined, rivalOrg)).code).toBe(404);
    expect((await rival.call<Page<UsageDay>>('GET', '/api/billing/usage/page', undefined, rivalOrg)).data.total).toBe(0);
  });

  it('lists balance changes (types 1,2,4,5,6 unless asked), by day and in detail', async () => {
    const changelog = await owner.call<Page<BalanceChange>>('GET', '/api/billing/balance/changelog', undefined, orgId);
    expect(changelog.data.list.map((c) => c.type)).toEqual([LedgerType.COUPON, LedgerType.COUPON]);
    const [latest] = changelog.data.list;
    expect(latest.new_balance).toBe(latest.old_balance + latest.change);

    const charges = await owner.call<Page<BalanceChange>>('GET', '/api/billing/balance/changelog?type=3', undefined, orgId);
    expect(charges.data.list).toHaveLength(1);
    expect(charges.data.list[0]).toMatchObject({ change: -0.25, new_balance: 12.5 + 2 - 0.25 });
    expect((await owner.call('GET', '/api/billing/balance/changelog?type=9', undefined, orgId)).code).toBe(400);

    const days = await owner.call<BalanceDay[]>('GET', '/api/billing/balance/changelog-day-agg?type=[1,2,3,4,5,6]', undefined, orgId);
    expect(days.data).toEqual([
      { day: '2026-01-05', type: LedgerType.COUPON, count: 2, change: 14.5, closing_balance: 14.25 },
      { day: '2026-01-05', type: LedgerType.USAGE_CHARGE, count: 1, change: -0.25, closing_balance: 14.25 },
    ]);
    const detail = await owner.call<BalanceChange[]>('GET', '/api/billing/balance/changelog-day-detail?day=2026-01-05&type=2,3', undefined, orgId);
    expect(detail.data.map((c) => [c.type, c.change, c.new_balance])).toEqual([
      [LedgerType.COUPON, 12.5, 12.5],
      [LedgerType.COUPON, 2, 14.5],
      [LedgerType.USAGE_CHARGE, -0.25, 14.25],
    ]);
    expect((await owner.call<BalanceChange[]>('GET', '/api/billing/balance/changelog-day-detail?day=2026-01-04', undefined, orgId)).data).toEqual([]);
  });

  it('sums up the month: balance, cost so far, forecast and last month', async () => {
    const overview = await owner.call<PaymentOverview>('GET', '/api/billing/payment/overview', undefined, orgId);
    // 0.25 so far; the last 24 hours' 0.25 again for each of the 636 hours left until February.
    expect(overview.data).toEqual({
      currency: 'USD',
      balance: 14.25,
      month_cost: 0.25,
      month_forecast: 0.25 + (0.25 / 24) * 636,
      last_day_cost: 0.25,
      last_month_cost: 0,
      credit_card: false,
      marketplace: false,
      in_arrears: false,
    } satisfies PaymentOverview);
  });

  it('keeps an organization in arrears (a negative balance) from being deleted until it is cleared (§6)', async () => {
    const check = () => rival.call<{ deletable: boolean; reason: string | null }>('GET', `/api/org/remove/${rivalOrg}/check`, undefined, rivalOrg);
    expect((await check()).data.deletable).toBe(true);
    // The rival redeemed 2.00 (and maybe 3.00) of coupons: a charge of 10.00 leaves it in arrears.
    await postEntry(t.store.db, t.clock.now(), { orgId: rivalOrg, type: LedgerType.USAGE_CHARGE, changeMicros: -10_000_000, reference: 'test-charge' });
    expect((await check()).data).toEqual({ deletable: false, reason: 'error.orgHasInstances' });
    expect((await rival.call<PaymentOverview>('GET', '/api/billing/payment/overview', undefined, rivalOrg)).data.in_arrears).toBe(true);
    const [code] = await mint('10');
    expect((await redeem(rival, rivalOrg, code)).code).toBe(200);
    expect((await check()).data.deletable).toBe(true);
  });

  it('counts a marketplace-billed organization in units and redeems no coupon for it', async () => {
    await setBillingAccount(t.store.db, t.clock.now(), thirdOrg, { marketplace: 1 });
    const overview = await third.call<PaymentOverview>('GET', '/api/billing/payment/overview', undefined, thirdOrg);
    expect(overview.data).toMatchObject({ currency: 'UNIT', marketplace: true });
    const [code] = await mint('1');
    expect(await redeem(third, thirdOrg, code)).toMatchObject({ code: 403, message: 'Failed to redeem the coupon!' });
  });

  it('refuses members without the billing privileges of §6, and callers outside the organization', async () => {
    const [code] = await mint('1');
    for (const url of [
      '/api/billing/usage/page',
      '/api/billing/usage/cdr-list/x',
      '/api/billing/balance/changelog',
      '/api/billing/balance/changelog-day-agg',
      '/api/billing/balance/changelog-day-detail?day=2026-01-05',
      '/api/billing/payment/overview',
      '/api/billing/payment/summary/overview',
    ]) {
      expect((await developer.call('GET', url, undefined, orgId)).code, url).toBe(403);
      expect((await rival.call('GET', url, undefined, orgId)).code, url).toBe(403);
    }
    expect((await redeem(developer, orgId, code)).code).toBe(403);
    // The coupon is still there for someone allowed to redeem it.
    expect((await redeem(owner, orgId, code)).code).toBe(200);
  });
});
