import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FakeClock } from '../../src/clock';
import { billingCdrs, billingLedger, billingUsageDays } from '../../src/store/schema';
import { meterHour, usageDayId, type MeteringContext } from '../../src/platform/billing/metering/meter-hour';
import { MeteringJob } from '../../src/platform/billing/metering/metering-job';
import { balanceMicros } from '../../src/platform/billing/ledger/ledger';
import type { MetricsDb } from '../../src/region/monitoring/metrics-db';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn } from '../orgs/helpers';
import { GB, HOUR, MIN, instanceRow, sample } from './fixtures';

/** An hour on a whole hour, days before the fake clock's now: the app's own job never reaches it. */
const T0 = Date.UTC(2026, 0, 5, 10);

/**
 * Metering from synthetic samples in the real metrics database (the in-process engine) and the real store, with the
 * exact amounts the catalogue gives: STANDARD 0.25/h, ENTERPRISE 1/h, HA doubles, storage 0.0002 per GB-hour,
 * egress 0.09 per GB, ingress free.
 */
describe('billing metering', () => {
  let t: TestApp;
  let metrics: MetricsDb;
  let ctx: MeteringContext;
  let orgId: string;
  let changing: string;
  let ha: string;
  let suspended: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FakeClock(T0 + 10 * 24 * HOUR) });
    // The app's own job would claim hours of this test when its timer fires: the test runs jobs of its own.
    await t.app.billing.metering.stop();
    const owner = await signedIn(t, 'meter.owner@example.com');
    orgId = await createOrg(owner, 'Meterorg');
    changing = await instanceRow(t.store, orgId, 'Changing', 1, 0);
    ha = await instanceRow(t.store, orgId, 'Twin', 1, 1);
    suspended = await instanceRow(t.store, orgId, 'Sleeping', 1, 0);
    metrics = await t.app.monitoring.metrics();
    ctx = { db: t.store.db, now: () => t.clock.now(), currency: 'USD', zoneOffsetMs: 0, deploymentMarketplace: false, metrics: async () => metrics, lookaheadMs: 2 * 10 * MIN };
    await metrics.write([
      // STANDARD for the first half hour at 10 GB, ENTERPRISE for the second with storage growing 20 → 40 GB; a sample
      // every 10 minutes. The one at T0+60m closes the hour (its span is the hour's last ten minutes).
      sample(changing, T0, null, 1, 0, { diskBytes: 10 * GB }),
      sample(changing, T0 + 10 * MIN, 10 * MIN, 1, 0, { diskBytes: 10 * GB }),
      sample(changing, T0 + 20 * MIN, 10 * MIN, 1, 0, { diskBytes: 10 * GB, ingress: GB, egress: 2 * GB }),
      sample(changing, T0 + 30 * MIN, 10 * MIN, 1, 0, { diskBytes: 10 * GB }),
      sample(changing, T0 + 40 * MIN, 10 * MIN, 2, 0, { diskBytes: 20 * GB }),
      sample(changing, T0 + 50 * MIN, 10 * MIN, 2, 0, { diskBytes: 30 * GB }),
      sample(changing, T0 + 60 * MIN, 10 * MIN, 2, 0, { diskBytes: 40 * GB }),
      // HA on STANDARD, running for the first 30 minutes, then suspended (no samples).
      sample(ha, T0, null, 1, 1),
      sample(ha, T0 + 15 * MIN, 15 * MIN, 1, 1),
      sample(ha, T0 + 30 * MIN, 15 * MIN, 1, 1),
      // The suspended instance's only sample is days later: none in the hour.
      sample(suspended, T0 + 48 * HOUR, 10 * MIN, 1, 0),
    ]);
  }, 120_000);
  afterAll(() => t.close());

  const cdrOf = async (instanceId: string) => t.store.db.select().from(billingCdrs).where(eq(billingCdrs.instanceId, instanceId));

  it('prices an hour by the minutes of each plan, HA doubled, storage as it grew, suspended time unbilled', async () => {
    const result = await meterHour(ctx, T0);
    expect(result).toEqual({ cdrs: 2, chargedMicros: 809_000 + 250_000 });

    const [changed] = await cdrOf(changing);
    expect(changed.hourStart).toBe(T0);
    expect(changed.currency).toBe('USD');
    expect(changed.planMs).toBe(60 * MIN);
    expect(changed.bytesIn).toBe(GB);
    expect(changed.bytesOut).toBe(2 * GB);
    // 0.5 h × 0.25 + 0.5 h × 1; 10 GB × 0.5 h and (20 + 30 + 40) GB × 1/6 h of storage at 0.0002; 2 GB out at 0.09.
    expect(changed.amountMicros).toBe(125_000 + 500_000 + 1_000 + 3_000 + 180_000);
    expect(changed.items.map((i) => [i.kind, i.plan_level, i.quantity, i.amount])).toEqual([
      ['plan', 1, 0.5, 0.125],
      ['storage', 1, 5, 0.001],
      ['ingress', 1, 1, 0],
      ['egress', 1, 2, 0.18],
      ['plan', 2, 0.5, 0.5],
      ['storage', 2, 15, 0.003],
    ]);

    const [twin] = await cdrOf(ha);
    expect(twin.planMs).toBe(30 * MIN);
    expect(twin.items).toEqual([
      { kind: 'plan', plan_level: 1, ha: 1, quantity: 0.5, unit_price: 0.5, amount: 0.25 },
      { kind: 'storage', plan_level: 1, ha: 1, quantity: 0, unit_price: 0.0002, amount: 0 },
    ]);
    expect(await cdrOf(suspended)).toEqual([]);

    const [day] = await t.store.db.select().from(billingUsageDays).where(eq(billingUsageDays.id, usageDayId(changing, '2026-01-05')));
    expect(day.amountMicros).toBe(809_000);
    expect(await balanceMicros(t.store.db, orgId)).toBe(-1_059_000);
  });

  it('a rerun of the hour bills nothing twice', async () => {
    const entriesBefore = await t.store.db.select().from(billingLedger).where(eq(billingLedger.orgId, orgId));
    expect(await meterHour(ctx, T0)).toEqual({ cdrs: 0, chargedMicros: 0 });
    expect(await t.store.db.select().from(billingLedger).where(eq(billingLedger.orgId, orgId))).toEqual(entriesBefore);
    const [day] = await t.store.db.select().from(billingUsageDays).where(eq(billingUsageDays.id, usageDayId(changing, '2026-01-05')));
    expect(day.amountMicros).toBe(809_000);
    expect(await balanceMicros(t.store.db, orgId)).toBe(-1_059_000);
  });

  it('adds the next hour to the same instance-day, a sample spanning the hour boundary split between them', async () => {
    const next = T0 + HOUR;
    // Taken 5 minutes into the next hour, covering the 10 minutes since T0+55m: 5 of them belong to the hour before,
    // which was metered already and keeps what it had.
    await metrics.write([sample(changing, next + 5 * MIN, 10 * MIN, 2, 0, { diskBytes: 0 })]);
    expect(await meterHour(ctx, next)).toEqual({ cdrs: 1, chargedMicros: 83_333 });
    const [day] = await t.store.db.select().from(billingUsageDays).where(eq(billingUsageDays.id, usageDayId(changing, '2026-01-05')));
    expect(day.planMs).toBe(65 * MIN);
    expect(day.amountMicros).toBe(809_000 + 83_333);
  });

  it('meters each closed hour once however many servers run the job', async () => {
    const clock = t.clock as FakeClock;
    const later = T0 + 3 * HOUR;
    await metrics.write([sample(changing, later + 10 * MIN, 10 * MIN, 1, 0)]);
    const jobCtx = { ...ctx, now: () => clock.now() };
    const a = new MeteringJob(jobCtx, { nodeId: 'node-a', backfillHours: 3 });
    const b = new MeteringJob(jobCtx, { nodeId: 'node-b', backfillHours: 3 });
    // The hour is not closed until its lookahead passed.
    const saved = clock.now();
    clock.advance(later + HOUR + ctx.lookaheadMs - 1 - saved);
    expect(a.lastClosedHour()).toBe(later - HOUR);
    clock.advance(1);
    expect(a.lastClosedHour()).toBe(later);

    const [byA, byB] = await Promise.all([a.meter(later), b.meter(later)]);
    expect([byA, byB].filter(Boolean)).toHaveLength(1);
    expect((await cdrOf(changing)).filter((c) => c.hourStart === later)).toHaveLength(1);
    // Both find it done now; the hours before it (backfill) are metered by whichever claims them, once.
    const due = await Promise.all([a.runDue(), b.runDue()]);
    expect(due.flat().sort()).toEqual([later - 2 * HOUR, later - HOUR]);
    expect(await a.runDue()).toEqual([]);
    expect(await b.meter(later)).toBe(false);
  });
});
