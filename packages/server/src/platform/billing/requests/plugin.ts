import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../deps';
import { billingRequestRoutes } from './routes';

/** Invoice and refund requests (docs/billing.md "Invoices and refunds"), after the billing area whose ledger they use. */
const registerBillingRequests: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(billingRequestRoutes, deps);
};

export const billingRequestsPlugin = fp(registerBillingRequests, { name: 'platform-billing-requests', dependencies: ['platform-billing'] });
