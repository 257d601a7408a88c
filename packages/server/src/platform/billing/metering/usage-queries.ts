import { and, count, desc, eq, gte, lt, lte, sum, type SQL } from 'drizzle-orm';
import type { Page, UsageDay, UsageRecord } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingCdrs, billingUsageDays, type BillingCdrRow, type BillingUsageDayRow } from '../../../store/schema';
import { offsetOf, pageOf, type PageQuery } from '../../../http/paging';
import { fromMicros } from '../money';
import { HOUR_MS } from './hour-usage';

const GB = 2 ** 30;

function usageFigures(row: BillingUsageDayRow | BillingCdrRow) {
  return {
    instance_id: row.instanceId,
    instance_name: row.instanceName,
    currency: row.currency,
    plan_hours: row.planMs / HOUR_MS,
    storage_gb_hours: Number(row.storageByteMs) / GB / HOUR_MS,
    bytes_in: row.bytesIn,
    bytes_out: row.bytesOut,
    amount: fromMicros(row.amountMicros),
  };
}

export interface UsageFilter {
  instanceId?: string;
  startDay?: string;
  endDay?: string;
}

/** GET /billing/usage/page: the organization's instance-days, newest first. */
export async function usagePage(db: Db, orgId: string, filter: UsageFilter, page: PageQuery): Promise<Page<UsageDay>> {
  const where = and(
    eq(billingUsageDays.orgId, orgId),
    filter.instanceId ? eq(billingUsageDays.instanceId, filter.instanceId) : undefined,
    filter.startDay ? gte(billingUsageDays.day, filter.startDay) : undefined,
    filter.endDay ? lte(billingUsageDays.day, filter.endDay) : undefined,
  ) as SQL;
  const rows = await db
    .select()
    .from(billingUsageDays)
    .where(where)
    .orderBy(desc(billingUsageDays.day), billingUsageDays.instanceName, billingUsageDays.id)
    .limit(page.page_size)
    .offset(offsetOf(page));
  const [{ n }] = await db.select({ n: count() }).from(billingUsageDays).where(where);
  return pageOf(
    rows.map((r) => ({ id: r.id, day: r.day, ...usageFigures(r) })),
    Number(n),
    page,
  );
}

/** GET /billing/usage/cdr-list/{id}: the CDRs of one instance-day, by hour; null when the day is not the organization's. */
export async function cdrList(db: Db, orgId: string, usageDayId: string): Promise<UsageRecord[] | null> {
  const [day] = await db
    .select()
    .from(billingUsageDays)
    .where(and(eq(billingUsageDays.id, usageDayId), eq(billingUsageDays.orgId, orgId)));
  if (!day) return null;
  const rows = await db
    .select()
    .from(billingCdrs)
    .where(and(eq(billingCdrs.orgId, orgId), eq(billingCdrs.instanceId, day.instanceId), eq(billingCdrs.day, day.day)))
    .orderBy(billingCdrs.hourStart);
  return rows.map((r) => ({ id: r.id, hour_start: r.hourStart, items: r.items, ...usageFigures(r) }));
}

/** What the organization's usage cost over [from, to) days (YYYY-MM-DD), in micros. */
export async function costOfDays(db: Db, orgId: string, fromDay: string, toDay: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(billingUsageDays.amountMicros) })
    .from(billingUsageDays)
    .where(and(eq(billingUsageDays.orgId, orgId), gte(billingUsageDays.day, fromDay), lt(billingUsageDays.day, toDay)));
  return Number(row?.total ?? 0);
}

/** What the organization's usage cost in the hours starting within [from, to), in micros. */
export async function costOfHours(db: Db, orgId: string, from: number, to: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(billingCdrs.amountMicros) })
    .from(billingCdrs)
    .where(and(eq(billingCdrs.orgId, orgId), gte(billingCdrs.hourStart, from), lt(billingCdrs.hourStart, to)));
  return Number(row?.total ?? 0);
}
