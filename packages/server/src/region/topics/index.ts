import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { consumerRoutes } from './consumer-routes';
import { shareRoutes } from './share-routes';
import { registerTmqGateway } from './tmq-gateway';
import { topicRoutes } from './topic-routes';

/**
 * The instance's Topics screen calls (docs/topics-console.md): list/create/drop, consumers, sample, share; and the
 * gateway's WebSocket entry `/gw/{id}/rest/tmq` the example consumers connect to.
 */
export const topicsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  registerTmqGateway(app, { db: deps.store.db, traffic: app.region.traffic, trustProxy: deps.config.trustProxy });
  await app.register(topicRoutes, deps);
  await app.register(consumerRoutes, deps);
  await app.register(shareRoutes, deps);
};
