import type { PaymentOverview } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { billingAccountOf } from '../../region';
import { costOfDays, costOfHours } from './metering/usage-queries';
import { HOUR_MS } from './metering/hour-usage';
import { currencyOf, dayStart, fromMicros, monthDays, zoneOffsetMs } from './money';

/**
 * GET /billing/payment/overview (docs/billing.md): balance, this month's cost so far and a forecast, last month's
 * cost. The forecast adds to the month so far the last 24 hours' cost for every hour left in the month.
 */
export async function paymentOverview(deps: AppDeps, orgId: string): Promise<PaymentOverview> {
  const { db } = deps.store;
  const now = deps.clock.now();
  const offset = zoneOffsetMs(deps.config);
  const account = await billingAccountOf(db, orgId, deps.config.marketplace !== 'none');
  const { monthFirst, previousFirst, nextFirst } = monthDays(now, offset);
  const monthCost = await costOfDays(db, orgId, monthFirst, nextFirst);
  const lastDay = await costOfHours(db, orgId, now - 24 * HOUR_MS, now);
  const hoursLeft = Math.max(0, (dayStart(nextFirst, offset) - now) / HOUR_MS);
  return {
    currency: account.marketplace ? 'UNIT' : currencyOf(deps.config),
    balance: account.balance,
    month_cost: fromMicros(monthCost),
    month_forecast: fromMicros(monthCost + Math.round((lastDay / 24) * hoursLeft)),
    last_day_cost: fromMicros(lastDay),
    last_month_cost: fromMicros(await costOfDays(db, orgId, previousFirst, monthFirst)),
    credit_card: account.creditCard,
    marketplace: account.marketplace,
    in_arrears: account.balance < 0,
  };
}
