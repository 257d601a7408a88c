import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { provideBillingStanding } from '../access';
import { balanceMicros } from './ledger/ledger';
import { BillsJob } from './bills/bills-job';
import { MeteringJob } from './metering/metering-job';
import { ArrearsJob, stoppedForArrears } from './arrears/arrears-job';

/** How often the arrears actions look at the organizations in arrears. */
const ARREARS_CHECK_MS = 60_000;
import { currencyOf, zoneOffsetMs } from './money';
import { billingRoutes } from './routes';
import { registerPayments, type SandboxProvider } from './payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metering, bills and arrears jobs of this server (tests drive them) and the payment provider (tests read its deliveries). */
    billing: { metering: MeteringJob; bills: BillsJob; arrears: ArrearsJob; payments: SandboxProvider };
  }
}

/**
 * Billing (docs/billing.md): the metering job that turns the sampler's measurements into priced CDRs and charges,
 * the ledger the balance is derived from, coupons and the billing calls. An organization with a negative balance is
 * in arrears: it cannot be deleted (§6).
 */
const registerBilling: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { sampleMs } = deps.config.monitoring;
  const metering = new MeteringJob(
    {
      db: deps.store.db,
      now: () => deps.clock.now(),
      currency: currencyOf(deps.config),
      zoneOffsetMs: zoneOffsetMs(deps.config),
      deploymentMarketplace: deps.config.marketplace !== 'none',
      metrics: () => app.monitoring.metrics(),
      // The samples covering an hour's last seconds are taken up to a sampling interval after it; two, for a slow round.
      lookaheadMs: 2 * sampleMs + 10_000,
    },
    { nodeId: app.region.lifecycle.nodeId, log: (message, error) => app.log.error({ err: error }, message) },
  );
  const payments = await registerPayments(app, deps);
  const arrears = new ArrearsJob(deps, { intervalMs: ARREARS_CHECK_MS, nudge: () => app.region.lifecycle.nudge(), provider: payments, log: (message, error) => app.log.error({ err: error }, message) });
  const bills = new BillsJob(
    { deps, provider: payments, currency: currencyOf(deps.config), zoneOffsetMs: zoneOffsetMs(deps.config), deploymentMarketplace: deps.config.marketplace !== 'none' },
    { nodeId: app.region.lifecycle.nodeId, log: (message, error) => app.log.error({ err: error }, message) },
  );
  app.decorate('billing', { metering, bills, arrears, payments });
  provideBillingStanding(app, {
    hasArrears: async (orgId) => (await balanceMicros(deps.store.db, orgId)) < 0,
    stoppedForArrears: (orgId) => stoppedForArrears(deps, orgId),
  });
  await app.register(billingRoutes, deps);
  app.addHook('onReady', async () => {
    metering.start();
    bills.start();
    arrears.start();
  });
  app.addHook('onClose', async () => {
    await metering.stop();
    await bills.stop();
    await arrears.stop();
  });
};

export const billingPlugin = fp(registerBilling, { name: 'platform-billing', dependencies: ['region-monitoring'] });
