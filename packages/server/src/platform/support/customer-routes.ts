import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  customerActionSchema,
  ok,
  Privilege,
  ticketCommentSchema,
  ticketCreateSchema,
  ticketListQuerySchema,
  ticketUpdateSchema,
} from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { authOf } from '../auth/guard-plugin';
import { orgOf } from '../access';
import { openAttachment, storeUpload } from './attachments';
import { sendAttachment } from './downloads';
import { findIssue, issueDetail, listOrgIssues } from './issue-queries';
import { issueTypes } from './issue-types';
import type { Customer, SupportService } from './issue-service';

const READ = { access: 'org', privileges: { allOf: [Privilege.TICKET_READ] } } as const;
const write = (operation: string) =>
  ({ access: 'org', write: true, privileges: { allOf: [Privilege.TICKET_MANAGE] }, activity: { type: 'ticket', operation } }) as const;
const idParams = z.object({ id: z.string().min(1).max(64) });

function customerOf(request: FastifyRequest): Customer {
  return { kind: 'customer', userId: authOf(request).userId, orgId: orgOf(request).orgId };
}

/**
 * The customer's support calls of platform-shell.md §7 "Support issues" (docs/support.md), on the caller's
 * organization (Account-Id): an issue or file of another organization is not found (404), never forbidden.
 * Reading needs ticket:read; opening, editing and commenting ticket:manage.
 */
export const customerSupportRoutes: FastifyPluginAsync<AppDeps & { service: SupportService }> = async (app, deps) => {
  const { db } = deps.store;
  const { service } = deps;
  const issueOf = async (request: FastifyRequest, id: string) => {
    const issue = await findIssue(db, id, orgOf(request).orgId);
    if (!issue) throw ApiError.notFound();
    return issue;
  };

  app.get('/api/dict/issuetype', { config: { policy: { access: 'user' } } }, async (request) => ok(await issueTypes(db, request.lang)));

  app.get('/api/issues', { config: { policy: READ } }, async (request) =>
    ok(await listOrgIssues(db, orgOf(request).orgId, parseWith(ticketListQuerySchema, request.query), request.lang)),
  );

  app.get('/api/issues/:id', { config: { policy: READ } }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    return ok(await issueDetail(db, await issueOf(request, id), 'customer', request.lang));
  });

  app.post('/api/issues', { config: { policy: write('ticket create') } }, async (request) => {
    const row = await service.create(customerOf(request), parseWith(ticketCreateSchema, request.body));
    return ok(await issueDetail(db, row, 'customer', request.lang));
  });

  app.put('/api/issues', { config: { policy: write('ticket update') } }, async (request) => {
    const body = parseWith(ticketUpdateSchema, request.body);
    await service.update(customerOf(request), await issueOf(request, body.id), body);
    return ok(await issueDetail(db, await issueOf(request, body.id), 'customer', request.lang));
  });

  app.delete('/api/issues/:id', { config: { policy: write('ticket delete') } }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    await service.remove(await issueOf(request, id));
    return ok(null);
  });

  app.post('/api/issues/:id/action', { config: { policy: write('ticket state change') } }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const { action } = parseWith(customerActionSchema, request.body);
    await service.customerMove(customerOf(request), await issueOf(request, id), action);
    return ok(await issueDetail(db, await issueOf(request, id), 'customer', request.lang));
  });

  app.post('/api/issues/:id/comments', { config: { policy: write('ticket comment') } }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const body = parseWith(ticketCommentSchema, request.body);
    await service.customerComment(customerOf(request), await issueOf(request, id), body.content, body.attachments);
    return ok(await issueDetail(db, await issueOf(request, id), 'customer', request.lang));
  });

  app.put('/api/issues/comment/:id', { config: { policy: write('ticket comment edit') } }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const { content } = parseWith(ticketCommentSchema.pick({ content: true }), request.body);
    if (!(await service.editComment(customerOf(request), id, content))) throw ApiError.notFound();
    return ok(null);
  });

  app.delete('/api/issues/comment/:id', { config: { policy: write('ticket comment delete') } }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    if (!(await service.deleteComment(customerOf(request), id))) throw ApiError.notFound();
    return ok(null);
  });

  app.post('/api/files', { config: { policy: write('ticket attachment upload') } }, async (request) => {
    if (!request.isMultipart()) throw ApiError.badRequest('validation.formFormat');
    const part = await request.file();
    if (!part) throw ApiError.badRequest('validation.formFormat');
    return ok(await storeUpload(deps, customerOf(request), part));
  });

  app.get('/api/files/:id', { config: { policy: READ } }, async (request, reply) => {
    const { id } = parseWith(z.object({ id: z.uuid() }), request.params);
    const file = await openAttachment(deps, id, customerOf(request));
    if (!file) throw ApiError.notFound();
    return sendAttachment(reply, file);
  });
};
