import fp from 'fastify-plugin';
import type { RegisteredRoute } from './route-policy';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its policy: used by the authorization tests and the operator command line. */
    routeTable: RegisteredRoute[];
  }
}

/** Collects every /api and /uc/api route with its policy and refuses a route that declares none. */
export const routeRegistryPlugin = fp(async (app) => {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!/^\/(uc\/)?api\//.test(route.url)) return;
    const policy = (route.config as { policy?: RegisteredRoute['policy'] } | undefined)?.policy;
    if (!policy) throw new Error(`route ${String(route.method)} ${route.url} declares no access policy`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, policy });
  });
});
