import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { LedgerType, type LedgerTypeValue } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingCdrs, billingLedger, type StoredChargeLine, type StoredCreditLine } from '../../../store/schema';
import { toMicros } from '../money';

/** What a month's bill says of one organization, in micros. closing = opening + credits − charges. */
export interface BillFigures {
  openingMicros: number;
  chargesMicros: number;
  creditsMicros: number;
  closingMicros: number;
  chargeLines: StoredChargeLine[];
  creditLines: StoredCreditLine[];
}

/**
 * The balance as it stood at an instant on the bills' clock: a usage charge counts at its hour (the CDR's hour_start),
 * not when the metering job posted it minutes after the hour; every other entry counts when it was posted. So a
 * month's last hour, charged in the next month's first minutes, belongs to its month.
 */
export async function balanceAtMicros(db: Db, orgId: string, at: number): Promise<number> {
  const answer = (await db.execute(sql`
    SELECT COALESCE(SUM(l.change_micros), 0) AS total
    FROM billing_ledger l LEFT JOIN billing_cdrs c ON l.type = ${LedgerType.USAGE_CHARGE} AND c.id = l.reference
    WHERE l.org_id = ${orgId} AND COALESCE(c.hour_start, l.created_at) < ${at}`)) as unknown as { rows: Array<{ total: string | number }> };
  return Number(answer.rows[0].total);
}

/** The month's usage per instance and line kind (plan level and HA kept apart), from its CDRs. */
async function chargeLinesOf(db: Db, orgId: string, start: number, end: number): Promise<{ lines: StoredChargeLine[]; totalMicros: number }> {
  const cdrs = await db
    .select({ instanceId: billingCdrs.instanceId, instanceName: billingCdrs.instanceName, items: billingCdrs.items, amountMicros: billingCdrs.amountMicros })
    .from(billingCdrs)
    .where(and(eq(billingCdrs.orgId, orgId), gte(billingCdrs.hourStart, start), lt(billingCdrs.hourStart, end)))
    .orderBy(billingCdrs.hourStart);
  const lines = new Map<string, StoredChargeLine>();
  let totalMicros = 0;
  for (const cdr of cdrs) {
    totalMicros += cdr.amountMicros;
    for (const item of cdr.items) {
      const key = `${cdr.instanceId}/${item.kind}/${item.plan_level}/${item.ha}`;
      const line = lines.get(key) ?? { instance_id: cdr.instanceId, instance_name: cdr.instanceName, kind: item.kind, plan_level: item.plan_level, ha: item.ha, quantity: 0, amount_micros: 0 };
      // The latest alias names the instance on the bill.
      line.instance_name = cdr.instanceName;
      line.quantity += item.quantity;
      // Each item was rounded to a micro when priced, so the lines add up to the CDRs' totals exactly.
      line.amount_micros += toMicros(item.amount);
      lines.set(key, line);
    }
  }
  const sorted = [...lines.values()].sort((a, b) => a.instance_name.localeCompare(b.instance_name) || a.instance_id.localeCompare(b.instance_id));
  return { lines: sorted, totalMicros };
}

/** The month's other balance changes (recharges, coupons, adjustments, refunds, grants) per ledger type. */
async function creditLinesOf(db: Db, orgId: string, start: number, end: number): Promise<StoredCreditLine[]> {
  const rows = await db
    .select({ type: billingLedger.type, count: sql<number>`count(*)::int`, total: sql<string>`sum(${billingLedger.changeMicros})` })
    .from(billingLedger)
    .where(and(eq(billingLedger.orgId, orgId), ne(billingLedger.type, LedgerType.USAGE_CHARGE), gte(billingLedger.createdAt, start), lt(billingLedger.createdAt, end)))
    .groupBy(billingLedger.type)
    .orderBy(billingLedger.type);
  return rows.map((r) => ({ type: r.type as LedgerTypeValue, count: Number(r.count), amount_micros: Number(r.total) }));
}

/** The figures of one organization's bill for the period [start, end). */
export async function billFigures(db: Db, orgId: string, start: number, end: number): Promise<BillFigures> {
  const openingMicros = await balanceAtMicros(db, orgId, start);
  const closingMicros = await balanceAtMicros(db, orgId, end);
  const { lines: chargeLines, totalMicros: chargesMicros } = await chargeLinesOf(db, orgId, start, end);
  const creditLines = await creditLinesOf(db, orgId, start, end);
  const creditsMicros = creditLines.reduce((sum, line) => sum + line.amount_micros, 0);
  return { openingMicros, chargesMicros, creditsMicros, closingMicros, chargeLines, creditLines };
}

/** The organizations a month bills: those with a balance change before its end or usage in it. */
export async function organizationsToBill(db: Db, start: number, end: number): Promise<string[]> {
  const answer = (await db.execute(sql`
    SELECT org_id FROM billing_ledger WHERE created_at < ${end}
    UNION SELECT org_id FROM billing_cdrs WHERE hour_start >= ${start} AND hour_start < ${end}
    ORDER BY org_id`)) as unknown as { rows: Array<{ org_id: string }> };
  return answer.rows.map((r) => r.org_id);
}
