import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './deps';
import { accountsPlugin, authGuardPlugin } from './platform/accounts';

/**
 * The areas of the server, each a Fastify plugin that registers its own routes, schemas and services.
 * Order matters only for the guard hooks: authentication first, then organization access.
 */
export const areas: Array<FastifyPluginAsync<AppDeps>> = [authGuardPlugin, accountsPlugin];
