import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { catalogRoutes } from './catalog-routes';
import { demoRoutes } from './demo-routes';
import { exportRoutes } from './export-routes';
import { favoriteRoutes } from './favorite-routes';
import { importRoutes } from './import-routes';
import { martRoutes } from './mart-routes';
import { privilegeRoutes } from './privilege-routes';
import { viewRoutes } from './view-routes';
import { sqlRoutes } from './sql-routes';

/** The data explorer's server calls (docs/explorer-server.md): SQL as the member, databases, export, favorites. */
export const explorerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(sqlRoutes, deps);
  await app.register(catalogRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(favoriteRoutes, deps);
  await app.register(privilegeRoutes, deps);
  await app.register(viewRoutes, deps);
  await app.register(importRoutes, deps);
  await app.register(demoRoutes, deps);
  await app.register(martRoutes, deps);
};
