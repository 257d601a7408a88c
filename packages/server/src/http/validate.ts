import fp from 'fastify-plugin';
import { z } from 'zod';
import { ApiCode, isMessageKey, pathOfNulCharacter } from '@tscloud/contracts';
import { ApiError } from './api-error';

/**
 * Parses a request part with a contracts schema. The first issue becomes the error: its message key is
 * translated by the error handler, and `data.field` names the offending field so forms can mark it.
 */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  // The function form: classic and mini (contracts' sign-in schemas) schemas alike.
  const result = z.safeParse(schema, value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = isMessageKey(issue.message) ? issue.message : 'validation.formFormat';
  throw new ApiError(ApiCode.BAD_REQUEST, key, [], { field: issue.path.join('.') });
}

const API_ROUTE = /^\/(uc\/)?api\//;

/**
 * Refuses a NUL character (U+0000) in any text of an API call — path parameters, query string, parsed body — before
 * any guard or handler runs, whatever schema the route parses with: PostgreSQL cannot store or compare it, and
 * letting it through made the store fail (a 500). Path and query are checked on request, ahead of the guards that
 * look their ids up; the body once parsed. Binary bodies (uploads, the gateway's forwarded bodies) are left alone.
 */
export const nulCharacterGuardPlugin = fp(async (app) => {
  const refuse = (parts: Array<[string, unknown]>, url: string | undefined) => {
    if (!API_ROUTE.test(url ?? '')) return;
    for (const [part, value] of parts) {
      const path = pathOfNulCharacter(value);
      if (path !== null) throw new ApiError(ApiCode.BAD_REQUEST, 'validation.nulCharacter', [], { field: path || part });
    }
  };
  app.addHook('onRequest', async (request) => refuse([['params', request.params], ['query', request.query]], request.routeOptions.url));
  app.addHook('preValidation', async (request) => refuse([['body', request.body]], request.routeOptions.url));
});
