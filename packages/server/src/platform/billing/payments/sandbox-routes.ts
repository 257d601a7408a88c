import type { FastifyPluginAsync } from 'fastify';
import { CardRefused, SANDBOX_PREFIX, SANDBOX_TOKENS_PATH, type SandboxProvider, type SessionAction } from './sandbox-provider';
import { sandboxPage } from './sandbox-page';

const ACTIONS: readonly SessionAction[] = ['pay', 'cancel', 'authenticate', 'fail-authentication'];
const PUBLIC = { policy: { access: 'public' } } as const;

type CardFields = { number?: string; exp_month?: string | number; exp_year?: string | number; cvc?: string };
const cardOf = (fields: CardFields) => ({ number: String(fields.number ?? ''), expMonth: Number(fields.exp_month), expYear: Number(fields.exp_year), cvc: String(fields.cvc ?? '') });

/**
 * The sandbox processor's own routes, outside /api as a processor's host would be: the tokenisation endpoint the
 * card dialog posts the card to (JSON), and the hosted payment page (HTML forms). The sandbox's answers are its own
 * (no envelope), like a processor's.
 */
export function sandboxRoutes(sandbox: SandboxProvider): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));

    app.post<{ Body: CardFields }>(SANDBOX_TOKENS_PATH, { config: PUBLIC }, async (request, reply) => {
      try {
        return await sandbox.tokenize(cardOf(request.body ?? {}));
      } catch (error) {
        if (error instanceof CardRefused) return reply.status(402).send({ error: error.reason });
        throw error;
      }
    });

    const page = async (sessionId: string, notice = '') => {
      const session = await sandbox.session(sessionId);
      return session ? sandboxPage(session, notice) : null;
    };

    app.get<{ Params: { sessionId: string } }>(`${SANDBOX_PREFIX}/:sessionId`, { config: PUBLIC }, async (request, reply) => {
      const html = await page(request.params.sessionId);
      return html ? reply.type('text/html; charset=utf-8').send(html) : reply.status(404).type('text/plain').send('no such payment session');
    });

    app.post<{ Params: { sessionId: string }; Body: CardFields & { action?: string } }>(`${SANDBOX_PREFIX}/:sessionId`, { config: PUBLIC }, async (request, reply) => {
      const { sessionId } = request.params;
      const body = request.body ?? {};
      const action = ACTIONS.find((a) => a === body.action);
      if (!action || !(await sandbox.session(sessionId))) return reply.status(404).type('text/plain').send('no such payment session');
      let notice = '';
      try {
        await sandbox.act(sessionId, action, body.number ? cardOf(body) : undefined);
      } catch (error) {
        if (!(error instanceof CardRefused)) throw error;
        notice = `Card refused: ${error.reason}`;
      }
      return reply.type('text/html; charset=utf-8').send(await page(sessionId, notice));
    });
  };
}
