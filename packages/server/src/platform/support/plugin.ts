import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { ok, TICKET_FILE_MAX_BYTES, TICKET_MARKDOWN_MAX, type TicketLimits } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { authOf } from '../auth/guard-plugin';
import { customerSupportRoutes } from './customer-routes';
import { deskRoutes } from './desk-routes';
import { SupportService } from './issue-service';
import { isStaff } from './staff';

/**
 * Support issues (issue 18, docs/support.md): the customer's issues, comments and attachments in her organization,
 * and the desk where support staff answer them. Routes with the 'staff' policy are refused to anyone who is not staff.
 */
const registerSupport: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const service = new SupportService(deps, (message, error) => app.log.error({ err: error }, message));

  // After the auth guard (registered first): the caller is known; staff is a property of the account.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.policy?.access !== 'staff') return;
    if (!(await isStaff(deps.store.db, authOf(request).userId))) throw ApiError.forbidden('support.staffOnly');
  });

  await app.register(async (scoped) => {
    // One more byte than allowed reaches the upload's own counter, which refuses it while it streams.
    await scoped.register(multipart, { limits: { fileSize: TICKET_FILE_MAX_BYTES + 1, files: 1, fields: 5 } });
    await scoped.register(customerSupportRoutes, { ...deps, service });
    await scoped.register(deskRoutes, { ...deps, service });
  });

  app.get('/api/support/limits', { config: { policy: { access: 'user' } } }, async () =>
    ok<TicketLimits>({ max_files: deps.config.supportMaxFiles, max_file_bytes: TICKET_FILE_MAX_BYTES, markdown_max: TICKET_MARKDOWN_MAX }),
  );

  // Whether the signed-in user is support staff: the console shows the desk to staff only.
  app.get('/api/desk/me', { config: { policy: { access: 'user' } } }, async (request) => ok({ staff: await isStaff(deps.store.db, authOf(request).userId) }));
};

export const supportPlugin = fp(registerSupport, { name: 'platform-support' });
