import { z } from 'zod';
import { emailSchema } from '../validation/signin';
import { ISSUE_PAGE_SIZE, TICKET_TITLE_MAX, TICKET_TITLE_MIN } from '../constants';
import { TICKET_STATES, type TicketActionValue, type TicketStateValue } from './states';

/** §5 "Markdown editor length limit default 9999": the description and each comment. */
export const TICKET_MARKDOWN_MAX = 9999;
/** §9 Attachments: 10 MB each. */
export const TICKET_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** §5 "a configured count of files": the count when SUPPORT_MAX_FILES is not set, per issue and per comment. */
export const TICKET_FILES_DEFAULT_COUNT = 5;

/**
 * What an issue concerns (the issue's "product"): one of the service's parts, and for an instance its id. The spec
 * names the field, not its values (docs/support.md).
 */
export const TICKET_PRODUCTS = ['instance', 'console', 'data_in', 'billing', 'account', 'other'] as const;
export type TicketProduct = (typeof TICKET_PRODUCTS)[number];

const title = z
  .string()
  .trim()
  .min(TICKET_TITLE_MIN, { message: 'support.titleLength' })
  .max(TICKET_TITLE_MAX, { message: 'support.titleLength' });
const markdown = z
  .string()
  .refine((v) => v.trim().length > 0, { message: 'validation.required' })
  .refine((v) => v.length <= TICKET_MARKDOWN_MAX, { message: 'support.markdownLength' });
const fileIds = z.array(z.uuid({ message: 'support.attachmentUnknown' })).default([]);

const ticketFields = z.object({
  title,
  description: markdown,
  type: z.coerce.number({ message: 'validation.required' }).int().positive({ message: 'validation.required' }),
  product: z.enum(TICKET_PRODUCTS, { message: 'validation.required' }).default('other'),
  instance_id: z.string().trim().min(1).nullish(),
  notify_email: z.union([emailSchema, z.literal('')]).nullish(),
  notify_on_progress: z.boolean().default(false),
  attachments: fileIds,
});

/** An instance issue names its instance; progress mails need an address to go to. */
function ticketRules(v: z.infer<typeof ticketFields>, ctx: z.RefinementCtx): void {
  if (v.product === 'instance' && !v.instance_id) ctx.addIssue({ code: 'custom', path: ['instance_id'], message: 'support.instanceRequired' });
  if (v.notify_on_progress && !v.notify_email) ctx.addIssue({ code: 'custom', path: ['notify_email'], message: 'support.notifyEmailRequired' });
}

/** POST /issues: the create dialog's fields. */
export const ticketCreateSchema = ticketFields.superRefine(ticketRules);
export type TicketCreateRequest = z.input<typeof ticketCreateSchema>;
/** PUT /issues: the same fields and the issue's id (attachments listed are added to the issue's). */
export const ticketUpdateSchema = ticketFields.extend({ id: z.string().min(1) }).superRefine(ticketRules);
export type TicketUpdateRequest = z.input<typeof ticketUpdateSchema>;

/** A comment of the customer (POST /issues/{id}/comments, PUT /issues/comment/{id}). */
export const ticketCommentSchema = z.object({ content: markdown, attachments: fileIds });
export type TicketCommentRequest = z.input<typeof ticketCommentSchema>;

/** A reply in the desk: to the customer, a request for information (moves the issue to awaiting_response), or a note only staff see. */
export const deskReplySchema = z.object({
  content: markdown,
  attachments: fileIds,
  kind: z.enum(['reply', 'request_info', 'internal']).default('reply'),
});
export type DeskReplyRequest = z.input<typeof deskReplySchema>;

/** GET /issues: the list state of §3 (current page, 10 a page) and its filters. */
export const ticketListQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(ISSUE_PAGE_SIZE),
  state: z.enum(TICKET_STATES as [TicketStateValue, ...TicketStateValue[]]).optional(),
  type: z.coerce.number().int().positive().optional(),
  title: z.string().trim().max(TICKET_TITLE_MAX).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;
export type TicketListFilters = z.output<typeof ticketListQuerySchema>;

/** The desk's queue: the same filters, across organizations; `queue` picks unassigned, mine or every issue. */
export const deskListQuerySchema = ticketListQuerySchema.extend({ queue: z.enum(['unassigned', 'mine', 'all']).default('unassigned') });
export type DeskListQuery = z.input<typeof deskListQuerySchema>;
export type DeskListFilters = z.output<typeof deskListQuerySchema>;

export const deskActionSchema = z.object({
  action: z.enum(['assign', 'start', 'request_info', 'finish', 'abort', 'close']),
  /** assign: the staff member who takes the issue; the caller when absent. */
  assignee_id: z.string().min(1).optional(),
});
export type DeskActionRequest = z.input<typeof deskActionSchema>;
export const customerActionSchema = z.object({ action: z.enum(['reopen', 'close']) });
export type CustomerActionRequest = z.input<typeof customerActionSchema>;

export interface TicketType {
  id: number;
  name: string;
}

export interface TicketPerson {
  id: string;
  name: string;
  email: string;
}

export interface TicketAttachment {
  id: string;
  name: string;
  content_type: string;
  size: number;
}

export interface TicketComment {
  id: string;
  content: string;
  author: TicketPerson;
  /** 'staff' comments are support's answers; 'internal' ones are staff notes (the desk only). */
  author_kind: 'customer' | 'staff' | 'internal';
  attachments: TicketAttachment[];
  create_time: number;
  update_time: number;
}

/** One line of the timeline: a move of the state machine, by whom and when. */
export interface TicketEvent {
  action: TicketActionValue | 'create';
  from_state: TicketStateValue | null;
  to_state: TicketStateValue;
  actor: TicketPerson;
  actor_kind: 'customer' | 'staff';
  assignee: TicketPerson | null;
  at: number;
}

export interface TicketSummary {
  id: string;
  number: number;
  title: string;
  type: number;
  type_name: string;
  product: TicketProduct;
  instance_id: string | null;
  state: TicketStateValue;
  assignee: TicketPerson | null;
  creator: TicketPerson;
  create_time: number;
  update_time: number;
}

export interface TicketDetail extends TicketSummary {
  description: string;
  notify_email: string | null;
  notify_on_progress: boolean;
  attachments: TicketAttachment[];
  comments: TicketComment[];
  events: TicketEvent[];
  /** The moves the caller may make now (customer side or desk side). */
  actions: TicketActionValue[];
}

/** The desk sees which organization an issue comes from. */
export interface DeskTicketSummary extends TicketSummary {
  org_id: string;
  org_name: string;
}

/** GET /issues: §7 "response has content and total". */
export interface TicketPage<T = TicketSummary> {
  content: T[];
  total: number;
}

/** GET /api/support/limits: what the upload and the editor allow here (the file count is configured per deployment). */
export interface TicketLimits {
  max_files: number;
  max_file_bytes: number;
  markdown_max: number;
}

/** POST /files: the stored file, to name in `attachments`. */
export type TicketUpload = TicketAttachment;
