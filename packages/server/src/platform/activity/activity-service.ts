import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { activityFilterSchema, activityQuerySchema, type ActivityEntry, type Page } from '@tscloud/contracts';
import type { z } from 'zod';
import type { Db } from '../../store/database';
import { activityLog } from '../../store/schema';
import { containsPattern } from '../../store/contains-pattern';

export type ActivityFilter = z.infer<typeof activityFilterSchema>;
export type ActivityPageQuery = z.infer<typeof activityQuerySchema>;

/** The WHERE of an organization's log under the filters; `instancesOnly` keeps entries about instances. */
function whereOf(orgId: string, filter: ActivityFilter, instancesOnly: boolean): SQL | undefined {
  const conditions: SQL[] = [eq(activityLog.orgId, orgId)];
  if (filter.from !== undefined) conditions.push(gte(activityLog.requestTime, filter.from));
  if (filter.to !== undefined) conditions.push(lte(activityLog.requestTime, filter.to));
  if (filter.type) conditions.push(eq(activityLog.type, filter.type));
  if (filter.originator) conditions.push(ilike(activityLog.originator, containsPattern(filter.originator)));
  if (filter.userId) conditions.push(eq(activityLog.userId, filter.userId));
  if (filter.result) conditions.push(eq(activityLog.result, filter.result));
  if (filter.instanceId) conditions.push(eq(activityLog.instanceId, filter.instanceId));
  if (instancesOnly) conditions.push(isNotNull(activityLog.instanceId));
  return and(...conditions);
}

function entryOf(r: typeof activityLog.$inferSelect): ActivityEntry {
  return {
    id: String(r.id),
    type: r.type,
    operation: r.operation,
    requestTime: r.requestTime,
    originator: r.originator,
    originatorId: r.userId ?? '',
    requestIp: r.requestIp,
    result: r.result,
    instanceId: r.instanceId,
    target: r.target,
  };
}

const NEWEST_FIRST = [desc(activityLog.requestTime), desc(activityLog.id)];

/** A page of an organization's activity log, newest first. */
export async function queryActivity(db: Db, orgId: string, query: ActivityPageQuery, instancesOnly = false): Promise<Page<ActivityEntry>> {
  const where = whereOf(orgId, query, instancesOnly);
  const rows = await db
    .select()
    .from(activityLog)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(query.page_size)
    .offset((query.current_page - 1) * query.page_size);
  const total = Number((await db.select({ n: count() }).from(activityLog).where(where))[0]?.n ?? 0);
  return { list: rows.map(entryOf), total, current_page: query.current_page, page_size: query.page_size };
}

/** The types present in an organization's log (the screen's type filter offers these). */
export async function activityTypes(db: Db, orgId: string, instancesOnly = false): Promise<string[]> {
  const rows = await db
    .selectDistinct({ type: activityLog.type })
    .from(activityLog)
    .where(whereOf(orgId, {}, instancesOnly))
    .orderBy(asc(activityLog.type));
  return rows.map((r) => r.type);
}

/** Rows read per step of an export: the server holds one step, never the whole log. */
export const EXPORT_STEP_ROWS = 1000;

/**
 * Every entry under the filters, newest first, read in steps of EXPORT_STEP_ROWS. Steps continue below the last
 * entry read (time, then id), so entries written while the export runs neither repeat nor shift the steps.
 */
export async function* activityEntries(db: Db, orgId: string, filter: ActivityFilter, instancesOnly = false): AsyncGenerator<ActivityEntry[]> {
  let after: { time: number; id: number } | null = null;
  for (;;) {
    const where: SQL | undefined = after
      ? and(
          whereOf(orgId, filter, instancesOnly),
          or(lt(activityLog.requestTime, after.time), and(eq(activityLog.requestTime, after.time), lt(activityLog.id, after.id))),
        )
      : whereOf(orgId, filter, instancesOnly);
    const rows: (typeof activityLog.$inferSelect)[] = await db.select().from(activityLog).where(where).orderBy(...NEWEST_FIRST).limit(EXPORT_STEP_ROWS);
    if (rows.length) yield rows.map(entryOf);
    if (rows.length < EXPORT_STEP_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = { time: last.requestTime, id: last.id };
  }
}
