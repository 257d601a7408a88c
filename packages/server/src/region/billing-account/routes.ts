import type { FastifyPluginAsync } from 'fastify';
import { Privilege, ok, type BillingOverview } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { orgOf } from '../../platform/access';
import { billingAccountOf } from './account';

/**
 * GET /api/billing/payment/summary/overview (§7 Billing: "returns balance, -1 on failure"): the caller's
 * organization's credit balance, whether a card is on file and whether it is marketplace-billed — what the plan
 * dialog's credit check needs. billing:credit:query.
 */
export const billingAccountRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get(
    '/api/billing/payment/summary/overview',
    { config: { policy: { access: 'org', privileges: { allOf: [Privilege.BILLING_CREDIT_QUERY] } } } },
    async (request) => {
      const account = await billingAccountOf(deps.store.db, orgOf(request).orgId, deps.config.marketplace !== 'none');
      const overview: BillingOverview = { balance: account.balance, credit_card: account.creditCard, marketplace: account.marketplace };
      return ok(overview);
    },
  );
};
