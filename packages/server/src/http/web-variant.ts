import type { FastifyInstance } from 'fastify';
import { WEB_VARIANT_PATH, webVariantScript } from '@tscloud/contracts';
import type { ServerConfig } from '../config';

/**
 * Serves the variant this server runs with to the web app (contracts' web-variant.ts): the edition and marketplace
 * are run-time settings, so `TSCLOUD_EDITION=china npm start` shows the China edition with whatever build is on
 * disk. Revalidated on every load, like index.html, so a restart with other variables shows at the next load.
 */
export function serveWebVariant(app: FastifyInstance, config: Pick<ServerConfig, 'edition' | 'marketplace' | 'supportEmail' | 'communityUrl'>): void {
  const script = webVariantScript({
    edition: config.edition,
    marketplace: config.marketplace,
    supportEmail: config.supportEmail,
    ...(config.communityUrl ? { communityUrl: config.communityUrl } : {}),
  });
  app.get(WEB_VARIANT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
}
