import type { FastifyPluginAsync } from 'fastify';
import { DEFINITIONS_VERSION, connectorDefinitions, definitionsQuerySchema, languageFrom, ok, type DefinitionsResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { pointFileRoutes } from './point-file-routes';
import { datainSourceRoutes } from './source-routes';
import { datainAgentsPlugin } from './agents';
import { datainTasksPlugin } from './tasks';
import { REPLICATION_BASE, REPLICATION_READ_POLICY, replicationInstance, type ReplicationParams } from './route-base';


/**
 * The data-in calls under /region/{region}/replication/{appId} (data-in.md §7; docs/data-in.md). Instance-wide:
 * the Data In screens open for a member holding replication:read on the instance (data-explorer.md §2).
 */
export const replicationRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // The connector catalogue in the asked language, with the version the web app caches it under.
  app.get<{ Params: ReplicationParams }>(
    `${REPLICATION_BASE}/definitions`,
    { config: { policy: REPLICATION_READ_POLICY } },
    async (request) => {
      await replicationInstance(deps, request);
      const { lang } = parseWith(definitionsQuerySchema, request.query);
      const language = lang ?? languageFrom(request.headers['accept-language']);
      return ok<DefinitionsResponse>({ version: DEFINITIONS_VERSION, definitions: [...connectorDefinitions(language)] });
    },
  );

  // Tasks and their runner (tasks/, runner/).
  await app.register(datainTasksPlugin, deps);

  // Replication agents and their websocket (agents/).
  await app.register(datainAgentsPlugin, deps);

  // Check connection, source sample and transform sample (source-routes.ts).
  await app.register(datainSourceRoutes, deps);

  // Point-file templates, a task's point file and its paged view (point-file-routes.ts).
  await app.register(pointFileRoutes, deps);
};
