import type { FastifyPluginAsync } from 'fastify';
import {
  ApiCode,
  Privilege,
  changelogDayDetailQuerySchema,
  changelogQuerySchema,
  couponRedeemQuerySchema,
  ok,
  usagePageQuerySchema,
  type CouponRedeemResult,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { pageQuerySchema } from '../../http/paging';
import { parseWith } from '../../http/validate';
import { orgOf } from '../access';
import { billingAccountOf } from '../../region';
import { changelogDay, changelogDays, changelogPage } from './ledger/changelog';
import { cdrList, usagePage } from './metering/usage-queries';
import { CouponRefused, redeemCoupon } from './coupons/coupons';
import { paymentOverview } from './overview';
import { fromMicros, zoneOffsetMs } from './money';
import { billsRoutes } from './bills/routes';

const QUERY = { access: 'org', privileges: { allOf: [Privilege.BILLING_CREDIT_QUERY] } } as const;

/**
 * The billing calls of platform-shell.md §7 built so far (docs/billing.md), on the caller's organization (Account-Id).
 * Reading usage, balance and changelog needs billing:credit:query; redeeming a coupon pays into the account, so it
 * needs billing:payment:create. GET /billing/payment/summary/overview stays with the plan dialog's credit check
 * (region/billing-account/routes.ts).
 */
export const billingRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const offset = zoneOffsetMs(deps.config);
  await app.register(billsRoutes, deps);

  app.get('/api/billing/usage/page', { config: { policy: QUERY } }, async (request) => {
    const q = parseWith(usagePageQuerySchema, request.query);
    return ok(await usagePage(db, orgOf(request).orgId, { instanceId: q.instance_id, startDay: q.start_day, endDay: q.end_day }, q));
  });

  app.get<{ Params: { id: string } }>('/api/billing/usage/cdr-list/:id', { config: { policy: QUERY } }, async (request) => {
    const list = await cdrList(db, orgOf(request).orgId, request.params.id);
    if (!list) throw ApiError.notFound();
    return ok(list);
  });

  app.get('/api/billing/balance/changelog', { config: { policy: QUERY } }, async (request) => {
    const q = parseWith(changelogQuerySchema, request.query);
    const page = parseWith(pageQuerySchema, request.query);
    return ok(await changelogPage(db, orgOf(request).orgId, { types: q.type, startDay: q.start_day, endDay: q.end_day }, page, offset));
  });

  app.get('/api/billing/balance/changelog-day-agg', { config: { policy: QUERY } }, async (request) => {
    const q = parseWith(changelogQuerySchema, request.query);
    return ok(await changelogDays(db, orgOf(request).orgId, { types: q.type, startDay: q.start_day, endDay: q.end_day }, offset));
  });

  app.get('/api/billing/balance/changelog-day-detail', { config: { policy: QUERY } }, async (request) => {
    const q = parseWith(changelogDayDetailQuerySchema, request.query);
    return ok(await changelogDay(db, orgOf(request).orgId, q.day, q.type, offset));
  });

  app.get('/api/billing/payment/overview', { config: { policy: QUERY } }, async (request) => ok(await paymentOverview(deps, orgOf(request).orgId)));

  app.post(
    '/api/billing/coupon/redeem',
    { config: { policy: { access: 'org', write: true, privileges: { allOf: [Privilege.BILLING_PAYMENT_CREATE] }, activity: { type: 'billing', operation: 'coupon redeem' } } } },
    async (request) => {
      const { code } = parseWith(couponRedeemQuerySchema, request.query);
      const { orgId } = orgOf(request);
      // A marketplace-billed organization pays through its marketplace (§1: no payment screens).
      if ((await billingAccountOf(db, orgId, deps.config.marketplace !== 'none')).marketplace) throw new ApiError(ApiCode.FORBIDDEN, 'billing.couponRedeemFailed');
      try {
        const { coupon, entry } = await redeemCoupon(db, deps.clock.now(), orgId, code);
        const result: CouponRedeemResult = { code, amount: fromMicros(coupon.amountMicros), balance: fromMicros(entry.newMicros), transaction_no: entry.transactionNo };
        return ok(result);
      } catch (error) {
        if (error instanceof CouponRefused) throw ApiError.badRequest('billing.couponRedeemFailed');
        throw error;
      }
    },
  );
};
