import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import { ApiCode, translate } from '@tscloud/contracts';
import type { AppDeps } from './deps';
import { envelopePlugin } from './http/envelope-plugin';
import { securityHeadersPlugin } from './http/security-headers-plugin';
import { routeRegistryPlugin } from './http/route-registry-plugin';
import { loggerOptions, type LogStream } from './http/logging';
import { trustFunction } from './http/client-address';
import { nulCharacterGuardPlugin } from './http/validate';
import { areas } from './areas';

export interface BuildOptions {
  logger?: boolean;
  /** Where the logger writes instead of stdout (turns the logger on): tests read what was logged. */
  logStream?: LogStream;
}

/** Builds the whole server (platform and region halves) on the given dependencies. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger || options.logStream ? loggerOptions(options.logStream) : false,
    trustProxy: deps.config.trustProxy === false ? false : trustFunction(deps.config.trustProxy),
    bodyLimit: 12 * 1024 * 1024,
  });
  await app.register(securityHeadersPlugin);
  // Cookies are read for the web app's cookie session (platform/sessions/session-cookie.ts).
  await app.register(fastifyCookie);
  await app.register(envelopePlugin);
  await app.register(routeRegistryPlugin);
  await app.register(nulCharacterGuardPlugin);

  app.get('/api/health', { config: { policy: { access: 'public' } } }, async () => ({ code: ApiCode.SUCCESS, message: 'ok', data: { status: 'up' } }));
  for (const area of areas) await app.register(area, deps);

  await serveWebApp(app, deps.config.webDist);
  return app;
}

/** Serves the built web app; every non-API path answers index.html so that client-side routes load. */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(`${webDist}/index.html`)) return;
  await app.register(fastifyStatic, { root: webDist, wildcard: false });
  // The envelope plugin already owns the not-found handler (Fastify allows one per prefix): client-side routes are
  // served by a catch-all GET instead; other unknown requests still get the envelope's 404.
  app.get('/*', async (request, reply) => {
    if (/^\/(uc\/)?api\//.test(request.url)) {
      return reply.status(404).send({ code: ApiCode.NOT_FOUND, message: translate('error.notFound', request.lang), data: null });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
