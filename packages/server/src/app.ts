import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { ApiCode } from '@tscloud/contracts';
import type { AppDeps } from './deps';
import { envelopePlugin } from './http/envelope-plugin';
import { securityHeadersPlugin } from './http/security-headers-plugin';
import { routeRegistryPlugin } from './http/route-registry-plugin';
import { loggerOptions, type LogFormat, type LogStream } from './http/logging';
import { trustFunction } from './http/client-address';
import { nulCharacterGuardPlugin } from './http/validate';
import { serveWebApp } from './http/web-app';
import { serveWebVariant } from './http/web-variant';
import { areas } from './areas';

export interface BuildOptions {
  logger?: boolean;
  /** Where the logger writes instead of stdout (turns the logger on): tests read what was logged. */
  logStream?: LogStream;
  /** JSON lines (the default) or readable ones (`logFormatFor`: a terminal, or LOG_FORMAT). */
  logFormat?: LogFormat;
}

/** Builds the whole server (platform and region halves) on the given dependencies. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger || options.logStream ? loggerOptions(options.logStream, options.logFormat) : false,
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

  serveWebVariant(app, deps.config);
  await serveWebApp(app, deps.config.webDist);
  return app;
}
