import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';

/** HSTS as helmet writes it by default: a year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Browser security headers on every answer, API and the web app's files alike (issue 12 item 8), from helmet:
 * - Content-Security-Policy: scripts only from this origin (the built app has no inline script), no plugins, no
 *   framing. Styles allow 'unsafe-inline' because antd's CSS-in-JS and CodeMirror insert <style> elements at run
 *   time; an inline style cannot run code. Images also from data: (the TOTP QR code) and blob: (previews).
 * - X-Frame-Options DENY with frame-ancestors 'none' (no clickjacking), X-Content-Type-Options nosniff,
 *   Referrer-Policy strict-origin-when-cross-origin (links in the app leak no path or query to other sites).
 * - Strict-Transport-Security only on answers served over https: request.protocol reads X-Forwarded-Proto only
 *   when TRUST_PROXY trusts the proxy. Sent over plain http it would be ignored, and a console on loopback http
 *   must not pin itself to https.
 */
const securityHeaders: FastifyPluginAsync = async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
};

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
