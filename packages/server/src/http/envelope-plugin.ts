import fp from 'fastify-plugin';
import { ApiCode, languageFrom, translate, type Language } from '@tscloud/contracts';
import { ApiError } from './api-error';
import { serializeReply } from './exact-json';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

/**
 * Every answer is the envelope `{code, message, data}` with HTTP 200 (platform-shell.md §7–8): errors are
 * told by `code`, in the caller's language. Unknown failures are logged and reported generically.
 */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('lang', 'en');
  // Exact 64-bit integers from the engine are written with every digit (exact-json.ts).
  app.setReplySerializer(serializeReply);
  app.addHook('onRequest', async (request) => {
    request.lang = languageFrom(request.headers['accept-language']);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(200).send({ code: error.code, message: translate(error.messageKey, request.lang, ...error.args), data: error.data });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals (malformed JSON, body too large, unsupported media type).
      const key = status === 413 ? 'validation.fileTooLarge' : 'validation.formFormat';
      return reply.status(200).send({ code: ApiCode.BAD_REQUEST, message: translate(key, request.lang), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(200).send({ code: ApiCode.SERVER_ERROR, message: translate('error.serviceUnavailable', request.lang), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ code: ApiCode.NOT_FOUND, message: translate('error.notFound', request.lang), data: null });
  });
});
