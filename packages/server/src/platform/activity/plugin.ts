import type { FastifyPluginAsync } from 'fastify';
import { Privilege, activityQuerySchema, ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { orgOf } from '../access/org-guard-plugin';
import { queryActivity } from './activity-service';

/** GET /api/activity (the change log screen) and GET /api/instances/logs (organization logs about instances). */
export const activityPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const policy = { access: 'org', privileges: { allOf: [Privilege.ACTIVITY_READ] } } as const;
  app.get('/api/activity', { config: { policy } }, async (request) =>
    ok(await queryActivity(deps.store.db, orgOf(request).orgId, parseWith(activityQuerySchema, request.query))),
  );
  app.get('/api/instances/logs', { config: { policy } }, async (request) =>
    ok(await queryActivity(deps.store.db, orgOf(request).orgId, parseWith(activityQuerySchema, request.query), true)),
  );
};
