import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  nextTicketState,
  isTicketOpen,
  TicketState,
  type TicketActionValue,
  type TicketActor,
} from '@tscloud/contracts';
import type { z } from 'zod';
import type { ticketCreateSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { Db } from '../../store/database';
import { instances, supportComments, supportEvents, supportIssues, type SupportIssueRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { attachUploads, deleteAttachments, type SupportReader } from './attachments';
import { findComment } from './issue-queries';
import { issueTypeExists } from './issue-types';
import { mailAssignee, mailStaffReply, mailStateChange } from './notifications';
import { isStaff } from './staff';

/**
 * What changes an issue (docs/support.md): creating and editing it, the conversation, and the moves of the state
 * machine (contracts' support/states.ts), each move recorded in the timeline with who and when. A move is written
 * only if the issue is still in the state it was read in, so two people acting at once cannot both move it.
 */
export type Customer = Extract<SupportReader, { kind: 'customer' }>;
export type Staff = Extract<SupportReader, { kind: 'staff' }>;
type Log = (message: string, error: unknown) => void;
type TicketFields = z.output<typeof ticketCreateSchema>;

export class SupportService {
  constructor(
    private readonly deps: AppDeps,
    private readonly log: Log,
  ) {}

  private get db(): Db {
    return this.deps.store.db;
  }

  private now(): number {
    return this.deps.clock.now();
  }

  private async checkFields(orgId: string, fields: TicketFields): Promise<void> {
    if (!(await issueTypeExists(this.db, fields.type))) throw ApiError.badRequest('support.typeUnknown');
    if (fields.instance_id) {
      const found = await this.db.select({ id: instances.id }).from(instances).where(and(eq(instances.id, fields.instance_id), eq(instances.orgId, orgId))).limit(1);
      if (!found[0]) throw ApiError.badRequest('support.instanceUnknown');
    }
  }

  async create(customer: Customer, fields: TicketFields): Promise<SupportIssueRow> {
    await this.checkFields(customer.orgId, fields);
    const at = this.now();
    const id = randomUUID();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supportIssues)
        .values({
          id,
          orgId: customer.orgId,
          creatorId: customer.userId,
          title: fields.title,
          description: fields.description,
          typeId: fields.type,
          product: fields.product,
          instanceId: fields.instance_id ?? null,
          state: TicketState.UNASSIGNED,
          notifyEmail: fields.notify_email || null,
          notifyOnProgress: fields.notify_on_progress,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await tx.insert(supportEvents).values({ issueId: id, action: 'create', fromState: null, toState: row.state, actorId: customer.userId, actorKind: 'customer', at });
      await attachUploads(tx, fields.attachments, { orgId: customer.orgId, issueId: id, commentId: null }, customer, this.deps.config.supportMaxFiles);
      return row;
    });
  }

  /** PUT /issues: the creator's fields, while the issue is open; attachments named are added. */
  async update(customer: Customer, issue: SupportIssueRow, fields: TicketFields): Promise<void> {
    requireOpen(issue);
    await this.checkFields(customer.orgId, fields);
    await this.db.transaction(async (tx) => {
      await tx
        .update(supportIssues)
        .set({
          title: fields.title,
          description: fields.description,
          typeId: fields.type,
          product: fields.product,
          instanceId: fields.instance_id ?? null,
          notifyEmail: fields.notify_email || null,
          notifyOnProgress: fields.notify_on_progress,
          updatedAt: this.now(),
        })
        .where(eq(supportIssues.id, issue.id));
      await attachUploads(tx, fields.attachments, { orgId: issue.orgId, issueId: issue.id, commentId: null }, customer, this.deps.config.supportMaxFiles);
    });
  }

  /** DELETE /issues/{id}: only while nobody in support has taken it up; afterwards it is closed instead. */
  async remove(issue: SupportIssueRow): Promise<void> {
    if (issue.state !== TicketState.UNASSIGNED) throw ApiError.badRequest('support.deleteTaken');
    await deleteAttachments(this.deps, { issueId: issue.id });
    await this.db.delete(supportIssues).where(and(eq(supportIssues.id, issue.id), eq(supportIssues.state, TicketState.UNASSIGNED)));
  }

  /** A customer's comment; on an issue waiting for her it is her answer, and the issue goes back to processing. */
  async customerComment(customer: Customer, issue: SupportIssueRow, content: string, attachments: readonly string[]): Promise<string> {
    requireOpen(issue);
    const id = await this.insertComment(issue, customer, 'customer', content, attachments);
    if (issue.state === TicketState.AWAITING_RESPONSE) await this.move(issue, 'customer_reply', 'customer', customer.userId);
    await mailAssignee(this.deps, this.log, issue, content);
    return id;
  }

  /** A desk reply: to the customer, a request for information (the issue then waits for her), or a staff note. */
  async staffReply(staff: Staff, issue: SupportIssueRow, content: string, attachments: readonly string[], kind: 'reply' | 'request_info' | 'internal'): Promise<string> {
    requireOpen(issue);
    if (kind === 'request_info' && !nextTicketState(issue.state, 'request_info', 'staff')) throw notAllowed();
    const id = await this.insertComment(issue, staff, kind === 'internal' ? 'internal' : 'staff', content, attachments);
    if (kind === 'internal') return id;
    if (kind === 'request_info') await this.move(issue, 'request_info', 'staff', staff.userId, { mail: false });
    await mailStaffReply(this.deps, this.log, issue, content, kind);
    return id;
  }

  private async insertComment(issue: SupportIssueRow, author: SupportReader, kind: 'customer' | 'staff' | 'internal', content: string, attachments: readonly string[]): Promise<string> {
    const id = randomUUID();
    const at = this.now();
    await this.db.transaction(async (tx) => {
      await tx.insert(supportComments).values({ id, issueId: issue.id, authorId: author.userId, kind, content, createdAt: at, updatedAt: at });
      await attachUploads(tx, attachments, { orgId: issue.orgId, issueId: issue.id, commentId: id }, author, this.deps.config.supportMaxFiles);
      await tx.update(supportIssues).set({ updatedAt: at }).where(eq(supportIssues.id, issue.id));
    });
    return id;
  }

  /** PUT /issues/comment/{id} (and the desk's): only its author, while the issue is open. Null: no such comment. */
  async editComment(author: SupportReader, commentId: string, content: string): Promise<boolean> {
    const found = await this.ownComment(author, commentId);
    if (!found) return false;
    await this.db.update(supportComments).set({ content, updatedAt: this.now() }).where(eq(supportComments.id, commentId));
    // a rewritten answer reaches the customer as the answer did
    if (found.comment.kind === 'staff') await mailStaffReply(this.deps, this.log, found.issue, content, 'edited');
    return true;
  }

  async deleteComment(author: SupportReader, commentId: string): Promise<boolean> {
    const found = await this.ownComment(author, commentId);
    if (!found) return false;
    await deleteAttachments(this.deps, { commentId });
    await this.db.delete(supportComments).where(eq(supportComments.id, commentId));
    return true;
  }

  /** The comment, when the caller can see it (else null: not found); refused when she is not its author. */
  private async ownComment(author: SupportReader, commentId: string) {
    const found = await findComment(this.db, commentId);
    if (!found) return null;
    const visible = author.kind === 'staff' || (found.issue.orgId === author.orgId && found.comment.kind === 'customer');
    if (!visible) return null;
    if (found.comment.authorId !== author.userId) throw ApiError.forbidden('support.notAuthor');
    requireOpen(found.issue);
    return found;
  }

  /** A customer's own move: reopen a finished issue, or close one. */
  async customerMove(customer: Customer, issue: SupportIssueRow, action: 'reopen' | 'close'): Promise<void> {
    await this.move(issue, action, 'customer', customer.userId);
  }

  /** A desk move; assign names the staff member who takes the issue (the caller when none is named). */
  async staffMove(staff: Staff, issue: SupportIssueRow, action: Exclude<TicketActionValue, 'customer_reply' | 'reopen'>, assigneeId?: string): Promise<void> {
    if (action !== 'assign') return this.move(issue, action, 'staff', staff.userId);
    const assignee = assigneeId ?? staff.userId;
    if (!(await isStaff(this.db, assignee))) throw ApiError.badRequest('support.assigneeNotStaff');
    await this.move(issue, 'assign', 'staff', staff.userId, { assigneeId: assignee });
  }

  private async move(issue: SupportIssueRow, action: TicketActionValue, actor: TicketActor, actorId: string, options: { assigneeId?: string; mail?: boolean } = {}): Promise<void> {
    const to = nextTicketState(issue.state, action, actor);
    if (!to) throw notAllowed();
    const at = this.now();
    const moved = await this.db.transaction(async (tx) => {
      const changed = await tx
        .update(supportIssues)
        .set({ state: to, updatedAt: at, ...(options.assigneeId ? { assigneeId: options.assigneeId } : {}) })
        .where(and(eq(supportIssues.id, issue.id), eq(supportIssues.state, issue.state)))
        .returning({ id: supportIssues.id });
      if (changed.length === 0) return false;
      await tx.insert(supportEvents).values({ issueId: issue.id, action, fromState: issue.state, toState: to, actorId, actorKind: actor, assigneeId: options.assigneeId ?? null, at });
      return true;
    });
    // someone else moved it first: the caller's view was out of date
    if (!moved) throw notAllowed();
    if (to !== issue.state && options.mail !== false) await mailStateChange(this.deps, this.log, issue, to);
  }
}

function requireOpen(issue: SupportIssueRow): void {
  if (!isTicketOpen(issue.state)) throw ApiError.badRequest('support.issueClosed');
}

function notAllowed(): ApiError {
  return ApiError.badRequest('support.actionNotAllowed');
}
