import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { orgOf } from '../access/org-guard-plugin';
import { reachingPrivileges } from '../access/effective-grants';
import { APP_MENUS, ORG_MENUS, menuMap } from './menu-map';

/** The server menu maps the side menu is filtered by (§2 Navigation labels, §6). */
export const menusPlugin: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const marketplace = deps.config.marketplace !== 'none';
  app.get('/api/org/menus', { config: { policy: { access: 'org' } } }, async (request) => ok(menuMap(ORG_MENUS, orgOf(request).privileges, marketplace)));
  // 'resource': a database-level member gets the map too (their explorer entries on, the instance's own off).
  app.get<{ Params: { appId: string } }>('/api/app/menus/:appId', { config: { policy: { access: 'instance', scope: 'resource' } } }, async (request) => {
    const org = orgOf(request);
    return ok(menuMap(APP_MENUS, org.privileges, marketplace, reachingPrivileges(org.grants, org.isOwner, request.params.appId)));
  });
};
