import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ApiCode } from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import { applyPaymentEvent, sendReceipt } from './payment-service';
import { WebhookRefused, type PaymentProvider } from './provider';
import { SIGNATURE_HEADER } from './webhook-signature';

export const WEBHOOK_PATH = '/api/billing/payment/webhook';

/**
 * The provider's webhook: public (the provider has no session), trusted only through its signature over the raw
 * body, which is why this route reads the body as text. Refusals are HTTP 400 (the provider retries on 5xx only).
 */
export function webhookRoute(provider: PaymentProvider, onError: (message: string, error: unknown) => void): FastifyPluginAsync<AppDeps> {
  return async (app: FastifyInstance, deps) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post<{ Body: string }>(WEBHOOK_PATH, { config: { policy: { access: 'public' } } }, async (request, reply) => {
      const header = request.headers[SIGNATURE_HEADER];
      try {
        const event = await provider.verifyWebhook(typeof request.body === 'string' ? request.body : '', typeof header === 'string' ? header : undefined, deps.clock.now());
        const paid = await applyPaymentEvent(deps, event);
        // The receipt follows the commit; a mail failure does not undo or repeat the credit.
        if (paid) await sendReceipt(deps, paid).catch((error) => onError(`receipt mail of payment ${paid.id} failed`, error));
        return { code: ApiCode.SUCCESS, message: 'ok', data: { received: true } };
      } catch (error) {
        if (error instanceof WebhookRefused) return reply.status(400).send({ code: ApiCode.BAD_REQUEST, message: error.message, data: null });
        throw error;
      }
    });
  };
}
