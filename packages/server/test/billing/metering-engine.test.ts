import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billingCdrs, billingLedger } from '../../src/store/schema';
import { balanceMicros } from '../../src/platform/billing/ledger/ledger';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, gateway, worldCaller } from '../instances/harness';
import { runningPaidInstance } from '../instances/running-instance';
import { HOUR } from './fixtures';

/**
 * Metering what a real engine did: the sampler (every 300 ms) records the plan and the measurements of a running
 * STANDARD instance, traffic goes through the gateway, and the job's run over the hours it ran bills exactly what the
 * samples say, charged to the ledger.
 */
describe('metering a running instance', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;
  let token: string;

  beforeAll(async () => {
    world.app = await world.build({ MONITOR_SAMPLE_MS: '300' });
    await world.app.billing.metering.stop();
    owner = await worldCaller(world, 'meter.engine@example.com', 'Owner');
    ({ orgId, id, token } = await runningPaidInstance(world.store, owner, 'Engineorg', 'Measured'));
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('bills the sampled running time at the plan, and the gateway bytes', async () => {
    const sampler = world.app.monitoring.sampler!;
    const sql = (statement: string) => gateway(world.app, { id, path: 'rest/sql', body: statement, token });
    // the sampler's first look at a new instance only sets where its counters start: traffic before it is not billed
    const seen = sampler.samplesWritten;
    while (sampler.samplesWritten < seen + 2) await new Promise((r) => setTimeout(r, 100));
    expect((await sql('CREATE DATABASE metered')).status).toBe(200);
    expect((await sql('SHOW DATABASES')).status).toBe(200);
    await world.app.region.traffic.flush();
    const written = sampler.samplesWritten;
    while (sampler.samplesWritten < written + 6) await new Promise((r) => setTimeout(r, 100));
    // No sample may come after the ones compared with below.
    await sampler.stop();

    const now = Date.now();
    const thisHour = Math.floor(now / HOUR) * HOUR;
    // The test may straddle an hour: both hours are metered.
    for (const hour of [thisHour - HOUR, thisHour]) await world.app.billing.metering.meter(hour);
    const cdrs = await world.store.db.select().from(billingCdrs).where(eq(billingCdrs.instanceId, id));
    expect(cdrs.length).toBeGreaterThanOrEqual(1);

    const metrics = await world.app.monitoring.metrics();
    const samples = (await metrics.usageSamples(thisHour - HOUR, now + 1_000)).filter((s) => s.instanceId === id);
    expect(samples.every((s) => s.planLevel === 1 && s.ha === 0)).toBe(true);
    const sampledMs = samples.reduce((sum, s) => sum + (s.spanMs ?? 0), 0);
    const planMs = cdrs.reduce((sum, c) => sum + c.planMs, 0);
    expect(planMs).toBe(sampledMs);
    expect(planMs).toBeGreaterThan(0);
    expect(cdrs.reduce((sum, c) => sum + c.bytesOut, 0)).toBe(samples.reduce((sum, s) => sum + (s.egress ?? 0), 0));
    expect(cdrs.reduce((sum, c) => sum + c.bytesOut, 0)).toBeGreaterThan(0);

    for (const cdr of cdrs) {
      const plan = cdr.items.filter((i) => i.kind === 'plan');
      expect(plan.map((i) => [i.plan_level, i.ha, i.unit_price])).toEqual([[1, 0, 0.25]]);
      expect(Math.round(plan[0].amount * 1e6)).toBe(Math.round((cdr.planMs * 250_000) / HOUR));
      expect(cdr.amountMicros).toBe(Math.round(cdr.items.reduce((sum, i) => sum + i.amount, 0) * 1e6));
    }
    const charged = cdrs.reduce((sum, c) => sum + c.amountMicros, 0);
    const entries = await world.store.db.select().from(billingLedger).where(eq(billingLedger.orgId, orgId));
    expect(entries.reduce((sum, e) => sum + e.changeMicros, 0)).toBe(-charged);
    expect(await balanceMicros(world.store.db, orgId)).toBe(-charged);
  });
});
