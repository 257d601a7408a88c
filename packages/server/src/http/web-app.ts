import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiCode, translate } from '@tscloud/contracts';

/** Vite writes every hashed (content-addressed) file under assets/: a new build gives them new names. */
const HASHED_ASSETS_DIR = 'assets';

/** A year, the longest max-age caches honour: hashed files never change under their name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html, client routes and the unhashed public files (favicon): revalidated on every use (ETag). */
export const REVALIDATE_CACHE = 'no-cache';

/** A path whose last segment has an extension names a file, never a client-side route (those have no dots). */
const FILE_LIKE_PATH = /\.[A-Za-z0-9]+$/;
const API_PATH = /^\/(uc\/)?api\//;

/**
 * Serves the built web app (docs/web.md "Delivery"):
 * - the .br/.gz files the build wrote next to each file (vite-plugin-compression2), chosen by Accept-Encoding,
 *   with Content-Encoding and Vary: Accept-Encoding (@fastify/static's preCompressed);
 * - hashed assets cached for a year as immutable, everything else revalidated (no-cache);
 * - index.html for every other path without an extension, so client-side routes load; a missing file (a path
 *   with an extension) and unknown API paths get the envelope's 404.
 * The security headers (security-headers-plugin.ts) are set on every answer before this runs.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(`${webDist}/index.html`)) return;
  const setCacheHeaders = (reply: FastifyReply, path: string) => {
    const hashed = relative(webDist, path).startsWith(`${HASHED_ASSETS_DIR}${sep}`);
    reply.header('cache-control', hashed ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
  };
  await app.register(fastifyStatic, { root: webDist, wildcard: false, preCompressed: true, cacheControl: false, setHeaders: setCacheHeaders });
  // The envelope plugin already owns the not-found handler (Fastify allows one per prefix): client-side routes are
  // served by a catch-all GET instead.
  app.get('/*', async (request, reply) => {
    const path = request.url.split(/[?#]/, 1)[0];
    if (API_PATH.test(path) || FILE_LIKE_PATH.test(path)) {
      return reply.status(404).send({ code: ApiCode.NOT_FOUND, message: translate('error.notFound', request.lang), data: null });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
