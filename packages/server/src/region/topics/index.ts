import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { consumerRoutes } from './consumer-routes';
import { shareRoutes } from './share-routes';
import { topicRoutes } from './topic-routes';

/** The instance's Topics screen calls (docs/topics-console.md): list/create/drop, consumers, sample, share. */
export const topicsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(topicRoutes, { deps });
  await app.register(consumerRoutes, { deps });
  await app.register(shareRoutes, { deps });
};
