import { and, count, desc, eq, gte, inArray, lt, max, sql, sum, type SQL } from 'drizzle-orm';
import type { BalanceChange, BalanceDay, LedgerTypeValue, Page } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingLedger, type BillingLedgerRow } from '../../../store/schema';
import { offsetOf, pageOf, type PageQuery } from '../../../http/paging';
import { dayStart, fromMicros } from '../money';

const DAY_MS = 86_400_000;

/** The day (YYYY-MM-DD, edition time zone) of an entry, computed by the store from its instant. */
function dayExpr(zoneOffsetMs: number): SQL<string> {
  // The offset is written into the text, not bound: GROUP BY must see the same expression as the select list, and
  // two placeholders are two expressions to PostgreSQL. It is a whole number of milliseconds from the configuration.
  const offset = sql.raw(String(Math.trunc(zoneOffsetMs)));
  return sql<string>`to_char(to_timestamp((${billingLedger.createdAt} + ${offset}) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
}

export interface ChangelogFilter {
  types: LedgerTypeValue[];
  startDay?: string;
  endDay?: string;
}

function whereOf(orgId: string, filter: ChangelogFilter, zoneOffsetMs: number): SQL {
  return and(
    eq(billingLedger.orgId, orgId),
    inArray(billingLedger.type, filter.types),
    filter.startDay ? gte(billingLedger.createdAt, dayStart(filter.startDay, zoneOffsetMs)) : undefined,
    filter.endDay ? lt(billingLedger.createdAt, dayStart(filter.endDay, zoneOffsetMs) + DAY_MS) : undefined,
  ) as SQL;
}

export function balanceChangeOf(row: BillingLedgerRow): BalanceChange {
  return {
    transaction_no: row.transactionNo,
    type: row.type,
    old_balance: fromMicros(row.oldMicros),
    change: fromMicros(row.changeMicros),
    new_balance: fromMicros(row.newMicros),
    reference: row.reference,
    note: row.note,
    created_at: row.createdAt,
  };
}

/** GET /billing/balance/changelog: the entries of the chosen types, newest first. */
export async function changelogPage(db: Db, orgId: string, filter: ChangelogFilter, page: PageQuery, zoneOffsetMs: number): Promise<Page<BalanceChange>> {
  const where = whereOf(orgId, filter, zoneOffsetMs);
  const rows = await db.select().from(billingLedger).where(where).orderBy(desc(billingLedger.seq)).limit(page.page_size).offset(offsetOf(page));
  const [{ n }] = await db.select({ n: count() }).from(billingLedger).where(where);
  return pageOf(rows.map(balanceChangeOf), Number(n), page);
}

/** GET /billing/balance/changelog-day-detail: one day's entries of the chosen types, oldest first. */
export async function changelogDay(db: Db, orgId: string, day: string, types: LedgerTypeValue[], zoneOffsetMs: number): Promise<BalanceChange[]> {
  const rows = await db
    .select()
    .from(billingLedger)
    .where(whereOf(orgId, { types, startDay: day, endDay: day }, zoneOffsetMs))
    .orderBy(billingLedger.seq);
  return rows.map(balanceChangeOf);
}

/**
 * GET /billing/balance/changelog-day-agg: per day and type, how many entries and their sum, with the balance the
 * day closed at (after its last entry of any type), newest day first.
 */
export async function changelogDays(db: Db, orgId: string, filter: ChangelogFilter, zoneOffsetMs: number): Promise<BalanceDay[]> {
  const day = dayExpr(zoneOffsetMs);
  const sums = await db
    .select({ day, type: billingLedger.type, n: count(), change: sum(billingLedger.changeMicros) })
    .from(billingLedger)
    .where(whereOf(orgId, filter, zoneOffsetMs))
    .groupBy(day, billingLedger.type);
  // The last entry of each day, whatever its type, holds the day's closing balance.
  const lastOfDay = await db
    .select({ day, seq: max(billingLedger.seq) })
    .from(billingLedger)
    .where(whereOf(orgId, { ...filter, types: [1, 2, 3, 4, 5, 6] }, zoneOffsetMs))
    .groupBy(day);
  const seqs = lastOfDay.map((d) => Number(d.seq));
  const closing = new Map<string, number>();
  if (seqs.length > 0) {
    const rows = await db
      .select({ seq: billingLedger.seq, newMicros: billingLedger.newMicros })
      .from(billingLedger)
      .where(and(eq(billingLedger.orgId, orgId), inArray(billingLedger.seq, seqs)));
    const bySeq = new Map(rows.map((r) => [r.seq, r.newMicros]));
    for (const d of lastOfDay) closing.set(d.day, bySeq.get(Number(d.seq)) ?? 0);
  }
  return sums
    .map((s) => ({ day: s.day, type: s.type, count: Number(s.n), change: fromMicros(Number(s.change ?? 0)), closing_balance: fromMicros(closing.get(s.day) ?? 0) }))
    .sort((a, b) => b.day.localeCompare(a.day) || a.type - b.type);
}
