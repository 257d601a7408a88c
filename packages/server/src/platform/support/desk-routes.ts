import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deskActionSchema, deskListQuerySchema, deskReplySchema, ok, ticketCommentSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { authOf } from '../auth/guard-plugin';
import { openAttachment, storeUpload } from './attachments';
import { sendAttachment } from './downloads';
import { findIssue, issueDetail, listDeskIssues } from './issue-queries';
import type { Staff, SupportService } from './issue-service';
import { listStaff } from './staff';

const STAFF = { policy: { access: 'staff' } } as const;
const STAFF_WRITE = { policy: { access: 'staff', write: true } } as const;
const idParams = z.object({ id: z.string().min(1).max(64) });

function staffOf(request: FastifyRequest): Staff {
  return { kind: 'staff', userId: authOf(request).userId };
}

/**
 * The support desk (docs/support.md "Desk"): staff work the queue across organizations — assign, reply, ask the
 * customer, note for colleagues, finish, abort, close. Every call needs a staff account (the 'staff' policy).
 */
export const deskRoutes: FastifyPluginAsync<AppDeps & { service: SupportService }> = async (app, deps) => {
  const { db } = deps.store;
  const { service } = deps;
  const issueOf = async (id: string) => {
    const issue = await findIssue(db, id, null);
    if (!issue) throw ApiError.notFound();
    return issue;
  };
  const detail = async (request: FastifyRequest, id: string) => ok(await issueDetail(db, await issueOf(id), 'staff', request.lang));

  app.get('/api/desk/staff', { config: STAFF }, async () => ok(await listStaff(db)));

  app.get('/api/desk/issues', { config: STAFF }, async (request) =>
    ok(await listDeskIssues(db, staffOf(request).userId, parseWith(deskListQuerySchema, request.query), request.lang)),
  );

  app.get('/api/desk/issues/:id', { config: STAFF }, async (request) => detail(request, parseWith(idParams, request.params).id));

  app.post('/api/desk/issues/:id/action', { config: STAFF_WRITE }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const body = parseWith(deskActionSchema, request.body);
    await service.staffMove(staffOf(request), await issueOf(id), body.action, body.assignee_id);
    return detail(request, id);
  });

  app.post('/api/desk/issues/:id/replies', { config: STAFF_WRITE }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const body = parseWith(deskReplySchema, request.body);
    await service.staffReply(staffOf(request), await issueOf(id), body.content, body.attachments, body.kind);
    return detail(request, id);
  });

  app.put('/api/desk/comment/:id', { config: STAFF_WRITE }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    const { content } = parseWith(ticketCommentSchema.pick({ content: true }), request.body);
    if (!(await service.editComment(staffOf(request), id, content))) throw ApiError.notFound();
    return ok(null);
  });

  app.delete('/api/desk/comment/:id', { config: STAFF_WRITE }, async (request) => {
    const { id } = parseWith(idParams, request.params);
    if (!(await service.deleteComment(staffOf(request), id))) throw ApiError.notFound();
    return ok(null);
  });

  app.post('/api/desk/files', { config: STAFF_WRITE }, async (request) => {
    if (!request.isMultipart()) throw ApiError.badRequest('validation.formFormat');
    const part = await request.file();
    if (!part) throw ApiError.badRequest('validation.formFormat');
    return ok(await storeUpload(deps, staffOf(request), part));
  });

  app.get('/api/desk/files/:id', { config: STAFF }, async (request, reply) => {
    const { id } = parseWith(z.object({ id: z.uuid() }), request.params);
    const file = await openAttachment(deps, id, staffOf(request));
    if (!file) throw ApiError.notFound();
    return sendAttachment(reply, file);
  });
};
