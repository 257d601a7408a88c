import { and, asc, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import {
  allowedTicketActions,
  TicketAction,
  type DeskListFilters,
  type DeskTicketSummary,
  type Language,
  type TicketActionValue,
  type TicketDetail,
  type TicketListFilters,
  type TicketPage,
  type TicketPerson,
  type TicketSummary,
} from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { organizations, supportComments, supportEvents, supportIssues, supportIssueTypes, type SupportIssueRow } from '../../store/schema';
import { containsPattern } from '../../store/contains-pattern';
import { attachmentsOf } from './attachments';
import { peopleById } from './staff';


/** An issue of an organization (customers), or any issue (staff); null when there is none, for a 404 either way. */
export async function findIssue(db: Db, id: string, orgId: string | null): Promise<SupportIssueRow | null> {
  const rows = await db
    .select()
    .from(supportIssues)
    .where(orgId === null ? eq(supportIssues.id, id) : and(eq(supportIssues.id, id), eq(supportIssues.orgId, orgId)))
    .limit(1);
  return rows[0] ?? null;
}

function filtersOf(query: TicketListFilters): SQL[] {
  const where: SQL[] = [];
  if (query.state) where.push(eq(supportIssues.state, query.state));
  if (query.type) where.push(eq(supportIssues.typeId, query.type));
  // the search box: a substring of the title, its % and _ taken literally
  if (query.title) where.push(ilike(supportIssues.title, containsPattern(query.title)));
  return where;
}

async function summaries(db: Db, rows: SupportIssueRow[], language: Language): Promise<TicketSummary[]> {
  const people = await peopleById(db, rows.flatMap((row) => [row.creatorId, row.assigneeId]));
  const types = new Map((await db.select().from(supportIssueTypes)).map((t) => [t.id, language === 'zh' ? t.nameZh : t.nameEn]));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    title: row.title,
    type: row.typeId,
    type_name: types.get(row.typeId) ?? '',
    product: row.product,
    instance_id: row.instanceId,
    state: row.state,
    assignee: personOf(people, row.assigneeId),
    creator: personOf(people, row.creatorId) ?? GONE,
    create_time: row.createdAt,
    update_time: row.updatedAt,
  }));
}

/** Someone whose account was deleted since. */
const GONE: TicketPerson = { id: '', name: '—', email: '' };

function personOf(people: Map<string, TicketPerson>, id: string | null): TicketPerson | null {
  return id ? (people.get(id) ?? GONE) : null;
}

/** GET /issues: an organization's issues, the most recently changed first, 10 a page. */
export async function listOrgIssues(db: Db, orgId: string, query: TicketListFilters, language: Language): Promise<TicketPage> {
  const where = and(eq(supportIssues.orgId, orgId), ...filtersOf(query));
  const [{ total }] = await db.select({ total: count() }).from(supportIssues).where(where);
  const rows = await db
    .select()
    .from(supportIssues)
    .where(where)
    .orderBy(desc(supportIssues.updatedAt), desc(supportIssues.number))
    .limit(query.page_size)
    .offset((query.current_page - 1) * query.page_size);
  return { content: await summaries(db, rows, language), total };
}

/** The desk's queue across organizations: unassigned issues (oldest first: they waited longest), mine, or all. */
export async function listDeskIssues(db: Db, staffId: string, query: DeskListFilters, language: Language): Promise<TicketPage<DeskTicketSummary>> {
  const queue =
    query.queue === 'unassigned'
      ? [eq(supportIssues.state, 'unassigned')]
      : query.queue === 'mine'
        ? [eq(supportIssues.assigneeId, staffId), ne(supportIssues.state, 'closed')]
        : [];
  const where = and(...queue, ...filtersOf(query));
  const [{ total }] = await db.select({ total: count() }).from(supportIssues).where(where);
  const rows = await db
    .select({ issue: supportIssues, orgName: organizations.name })
    .from(supportIssues)
    .innerJoin(organizations, eq(organizations.id, supportIssues.orgId))
    .where(where)
    .orderBy(query.queue === 'unassigned' ? asc(supportIssues.createdAt) : desc(supportIssues.updatedAt))
    .limit(query.page_size)
    .offset((query.current_page - 1) * query.page_size);
  const listed = await summaries(db, rows.map((r) => r.issue), language);
  return { content: listed.map((summary, i) => ({ ...summary, org_id: rows[i].issue.orgId, org_name: rows[i].orgName })), total };
}

/** The moves a side may start itself (a customer's reply moves her issue on its own). */
function actionsFor(row: SupportIssueRow, viewer: 'customer' | 'staff'): TicketActionValue[] {
  return allowedTicketActions(row.state, viewer).filter((action) => action !== TicketAction.CUSTOMER_REPLY);
}

/** GET /issues/{id} and the desk's detail: the issue, its thread (staff notes for staff only) and its timeline. */
export async function issueDetail(db: Db, row: SupportIssueRow, viewer: 'customer' | 'staff', language: Language): Promise<TicketDetail> {
  const [summary] = await summaries(db, [row], language);
  const comments = await db
    .select()
    .from(supportComments)
    .where(viewer === 'staff' ? eq(supportComments.issueId, row.id) : and(eq(supportComments.issueId, row.id), ne(supportComments.kind, 'internal')))
    .orderBy(asc(supportComments.createdAt), asc(supportComments.id));
  const events = await db.select().from(supportEvents).where(eq(supportEvents.issueId, row.id)).orderBy(asc(supportEvents.id));
  const people = await peopleById(db, [...comments.map((c) => c.authorId), ...events.flatMap((e) => [e.actorId, e.assigneeId])]);
  const files = await attachmentsOf(db, row.id);
  return {
    ...summary,
    description: row.description,
    notify_email: row.notifyEmail,
    notify_on_progress: row.notifyOnProgress,
    attachments: files.get('') ?? [],
    comments: comments.map((c) => ({
      id: c.id,
      content: c.content,
      author: personOf(people, c.authorId) ?? GONE,
      author_kind: c.kind,
      attachments: files.get(c.id) ?? [],
      create_time: c.createdAt,
      update_time: c.updatedAt,
    })),
    events: events.map((e) => ({
      action: e.action as TicketDetail['events'][number]['action'],
      from_state: e.fromState,
      to_state: e.toState,
      actor: personOf(people, e.actorId) ?? GONE,
      actor_kind: e.actorKind,
      assignee: personOf(people, e.assigneeId),
      at: e.at,
    })),
    actions: actionsFor(row, viewer),
  };
}

/** The comment a customer edits or deletes: hers, on an issue of her organization. */
export async function findComment(db: Db, commentId: string) {
  const rows = await db
    .select({ comment: supportComments, issue: supportIssues })
    .from(supportComments)
    .innerJoin(supportIssues, eq(supportIssues.id, supportComments.issueId))
    .where(eq(supportComments.id, commentId))
    .limit(1);
  return rows[0] ?? null;
}
