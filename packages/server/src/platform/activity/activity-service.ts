import { and, count, desc, eq, gte, ilike, isNotNull, lte, type SQL } from 'drizzle-orm';
import { activityQuerySchema, type ActivityEntry, type Page } from '@tscloud/contracts';
import type { z } from 'zod';
import type { Db } from '../../store/database';
import { activityLog } from '../../store/schema';

export type ActivityFilter = z.infer<typeof activityQuerySchema>;

/** A page of an organization's activity log, newest first; `instancesOnly` keeps entries about instances. */
export async function queryActivity(db: Db, orgId: string, filter: ActivityFilter, instancesOnly = false): Promise<Page<ActivityEntry>> {
  const conditions: SQL[] = [eq(activityLog.orgId, orgId)];
  if (filter.from !== undefined) conditions.push(gte(activityLog.requestTime, filter.from));
  if (filter.to !== undefined) conditions.push(lte(activityLog.requestTime, filter.to));
  if (filter.type) conditions.push(eq(activityLog.type, filter.type));
  if (filter.originator) conditions.push(ilike(activityLog.originator, `%${filter.originator.replace(/[%_\\]/g, '\\$&')}%`));
  if (filter.result) conditions.push(eq(activityLog.result, filter.result));
  if (filter.instanceId) conditions.push(eq(activityLog.instanceId, filter.instanceId));
  if (instancesOnly) conditions.push(isNotNull(activityLog.instanceId));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(activityLog)
    .where(where)
    .orderBy(desc(activityLog.requestTime), desc(activityLog.id))
    .limit(filter.page_size)
    .offset((filter.current_page - 1) * filter.page_size);
  const total = Number((await db.select({ n: count() }).from(activityLog).where(where))[0]?.n ?? 0);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      type: r.type,
      operation: r.operation,
      requestTime: r.requestTime,
      originator: r.originator,
      originatorId: r.userId ?? '',
      requestIp: r.requestIp,
      result: r.result,
      instanceId: r.instanceId,
    })),
    total,
    current_page: filter.current_page,
    page_size: filter.page_size,
  };
}
