import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { getBanner } from './banner-service';

/** GET /api/banner: public, fetched on the first navigation (routing rule 1). */
export const bannerPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get('/api/banner', { config: { policy: { access: 'public' } } }, async () => ok(await getBanner(deps.store.db)));
};
