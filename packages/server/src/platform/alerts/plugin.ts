import type { FastifyPluginAsync } from 'fastify';
import { alertIdsSchema, alertListQuerySchema, ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { authOf } from '../accounts';
import { orgOf } from '../access/org-guard-plugin';
import { deleteAlerts, listAlerts, markRead, unreadCount } from './alert-service';

/** The caller's alerts in the current organization (§7 Alerts). Every member sees their own. */
export const alertsPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const scope = (request: Parameters<typeof orgOf>[0]) => ({ userId: authOf(request).userId, orgId: orgOf(request).orgId });

  app.get('/api/alert/list', { config: { policy: { access: 'org' } } }, async (request) => {
    const { userId, orgId } = scope(request);
    return ok(await listAlerts(db, userId, orgId, parseWith(alertListQuerySchema, request.query)));
  });

  app.get('/api/alert', { config: { policy: { access: 'org' } } }, async (request) => {
    const { userId, orgId } = scope(request);
    return ok({ count: await unreadCount(db, userId, orgId) });
  });

  app.put('/api/alert/batch/read', { config: { policy: { access: 'org' } } }, async (request) => {
    const { userId, orgId } = scope(request);
    return ok({ updated: await markRead(db, userId, orgId, parseWith(alertIdsSchema, request.body).ids) });
  });

  app.delete('/api/alert/batch/delete', { config: { policy: { access: 'org' } } }, async (request) => {
    const { userId, orgId } = scope(request);
    return ok({ deleted: await deleteAlerts(db, userId, orgId, parseWith(alertIdsSchema, request.body).ids) });
  });
};
