import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../deps';
import { paymentRoutes } from './routes';
import { SandboxProvider } from './sandbox-provider';
import { sandboxRoutes } from './sandbox-routes';
import { webhookSecret } from './webhook-secret';
import { WEBHOOK_PATH, webhookRoute } from './webhook-route';
import { SIGNATURE_HEADER } from './webhook-signature';

export { SandboxProvider } from './sandbox-provider';

/**
 * Payments (docs/billing.md "Payments") with the embedded sandbox processor. The sandbox delivers its signed webhooks
 * to this server's webhook route through the whole HTTP stack in process (inject): the same route, parser and
 * signature check a processor's request over the network meets.
 */
export async function registerPayments(app: FastifyInstance, deps: AppDeps): Promise<SandboxProvider> {
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  let secret: Promise<string> | null = null;
  const sandbox = new SandboxProvider({
    db: deps.store.db,
    now: () => deps.clock.now(),
    publicUrl: deps.config.publicUrl,
    // Read once; a failed read (store down) is not remembered.
    secret: () => (secret ??= webhookSecret(deps).catch((error: unknown) => ((secret = null), Promise.reject(error)))),
    deliver: async ({ body, signature }) => {
      const answer = await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, payload: body });
      if (answer.statusCode !== 200) log(`sandbox webhook delivery answered ${answer.statusCode}: ${answer.body}`);
    },
  });
  await app.register(sandboxRoutes(sandbox));
  await app.register(webhookRoute(sandbox, log), deps);
  await app.register(paymentRoutes(sandbox), deps);
  return sandbox;
}
