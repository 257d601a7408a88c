import type { FastifyPluginAsync } from 'fastify';
import { ok, pricePlanQuerySchema } from '@tscloud/contracts';
import { parseWith } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { pricePlans } from './plans';

/** GET /api/dict/cloud (public: sign-up chooses a cloud and region) and the instance price plans. */
export const catalogRoutes: FastifyPluginAsync<AppDeps> = async (app) => {
  const { clouds } = app.region;
  app.get('/api/dict/cloud', { config: { policy: { access: 'public' } } }, async () => ok(clouds));

  app.get('/api/billing/PricePlan/list/instance', { config: { policy: { access: 'user' } } }, async (request) => {
    const { ha } = parseWith(pricePlanQuerySchema, request.query);
    return ok(pricePlans(ha as 0 | 1));
  });
};
