import { inArray, sql } from 'drizzle-orm';
import { LedgerType, type BillingCurrency } from '@tscloud/contracts';
import type { Db } from '../../../store/database';
import { billingCdrs, billingUsageDays, instances } from '../../../store/schema';
import { billingAccountOf, type MetricsDb, type UsageSample } from '../../../region';
import { appendEntry } from '../ledger/ledger';
import { dayOf } from '../money';
import { HOUR_MS, hourUsage, type HourUsage } from './hour-usage';

export interface MeteringContext {
  db: Db;
  now: () => number;
  currency: BillingCurrency;
  zoneOffsetMs: number;
  /** The whole deployment is billed by a marketplace: usage is recorded in units, nothing is charged here. */
  deploymentMarketplace: boolean;
  metrics: () => Promise<MetricsDb>;
  /** How far past the hour samples are read: a sample taken just after it still covers its last seconds. */
  lookaheadMs: number;
}

export interface MeteredHour {
  /** CDRs written by this run (0 when the hour had been metered). */
  cdrs: number;
  /** What was posted to ledgers by this run. */
  chargedMicros: number;
}

export function usageDayId(instanceId: string, day: string): string {
  return `${instanceId}_${day}`;
}

/**
 * Meters one hour: every instance sampled in it gets a CDR (unique per instance and hour), its instance-day adds it up
 * and its organization's ledger is charged, in one transaction per organization. Run again, the CDRs exist already, so
 * nothing is added or charged twice.
 */
export async function meterHour(ctx: MeteringContext, hourStart: number): Promise<MeteredHour> {
  const samples = await (await ctx.metrics()).usageSamples(hourStart, hourStart + HOUR_MS + ctx.lookaheadMs);
  const byInstance = new Map<string, UsageSample[]>();
  for (const s of samples) byInstance.set(s.instanceId, [...(byInstance.get(s.instanceId) ?? []), s]);
  if (byInstance.size === 0) return { cdrs: 0, chargedMicros: 0 };

  const rows = await ctx.db
    .select({ id: instances.id, orgId: instances.orgId, alias: instances.alias })
    .from(instances)
    .where(inArray(instances.id, [...byInstance.keys()]));
  const byOrg = new Map<string, Array<{ id: string; alias: string; usage: HourUsage }>>();
  for (const row of rows) {
    const usage = hourUsage(hourStart, byInstance.get(row.id) ?? []);
    if (usage) byOrg.set(row.orgId, [...(byOrg.get(row.orgId) ?? []), { id: row.id, alias: row.alias, usage }]);
  }

  const result: MeteredHour = { cdrs: 0, chargedMicros: 0 };
  const day = dayOf(hourStart, ctx.zoneOffsetMs);
  for (const [orgId, used] of byOrg) {
    await ctx.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const now = ctx.now();
      const account = await billingAccountOf(tx, orgId, ctx.deploymentMarketplace);
      // A marketplace-billed organization counts in units, whatever the deployment shows (§1).
      const currency = account.marketplace ? 'UNIT' : ctx.currency;
      for (const { id: instanceId, alias, usage } of used) {
        const usageColumns = {
          orgId,
          instanceId,
          instanceName: alias,
          day,
          currency,
          planMs: usage.planMs,
          storageByteMs: usage.storageByteMs.toString(),
          bytesIn: usage.bytesIn,
          bytesOut: usage.bytesOut,
          amountMicros: usage.amountMicros,
        };
        const cdrId = `${instanceId}_${new Date(hourStart).toISOString().slice(0, 13)}`;
        const inserted = await tx
          .insert(billingCdrs)
          .values({ id: cdrId, ...usageColumns, hourStart, items: usage.items, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: billingCdrs.id });
        if (inserted.length === 0) continue;
        result.cdrs++;
        await tx
          .insert(billingUsageDays)
          .values({ id: usageDayId(instanceId, day), ...usageColumns })
          .onConflictDoUpdate({
            target: [billingUsageDays.instanceId, billingUsageDays.day],
            set: {
              instanceName: alias,
              planMs: sql`${billingUsageDays.planMs} + ${usage.planMs}`,
              storageByteMs: sql`${billingUsageDays.storageByteMs} + ${usage.storageByteMs.toString()}::numeric`,
              bytesIn: sql`${billingUsageDays.bytesIn} + ${usage.bytesIn}`,
              bytesOut: sql`${billingUsageDays.bytesOut} + ${usage.bytesOut}`,
              amountMicros: sql`${billingUsageDays.amountMicros} + ${usage.amountMicros}`,
            },
          });
        // A marketplace bills its own customers: their usage is recorded (in units) and not charged here.
        if (usage.amountMicros > 0 && !account.marketplace) {
          await appendEntry(tx, now, { orgId, type: LedgerType.USAGE_CHARGE, changeMicros: -usage.amountMicros, reference: cdrId });
          result.chargedMicros += usage.amountMicros;
        }
      }
    });
  }
  return result;
}
