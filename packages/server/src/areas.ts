import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './deps';

/**
 * The areas of the server, each a Fastify plugin that registers its own routes, schemas and services.
 * Order matters only for the guard hooks: authentication first, then organization access.
 */
export const areas: Array<FastifyPluginAsync<AppDeps>> = [];
