import { and, eq, inArray, sql } from 'drizzle-orm';
import { cpuPercentOfPlan, type AlertTypeValue, type Language } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { createAlert } from '../../platform/alerts';
import { alerts, monitorAlertState, users, type InstanceRow } from '../../store/schema';
import { planOf } from '../catalog/plans';
import { storageQuotaGb } from '../instances/instance-view';
import type { MonitoringConfig } from './config';
import type { Sample } from './metrics-db';
import { ThresholdTracker } from './threshold';

const GIB = 1024 ** 3;

/** Each alert type: the sample's usage as a percentage of what the plan gives, and the configured limit. */
const CHECKS: ReadonlyArray<{ type: AlertTypeValue; limit: (c: MonitoringConfig) => number; usage: (s: Sample, plan: PlanShape) => number | null }> = [
  { type: 'CPU', limit: (c) => c.cpuAlertPercent, usage: (s, p) => cpuPercentOfPlan(s.cpu, p.cores) },
  { type: 'MEMORY', limit: (c) => c.memAlertPercent, usage: (s, p) => (s.memBytes === null ? null : (s.memBytes * 100) / (p.memoryGb * GIB)) },
  { type: 'DISK', limit: (c) => c.diskAlertPercent, usage: (s, p) => (s.diskBytes === null ? null : (s.diskBytes * 100) / (p.storageGb * GIB)) },
];

interface PlanShape {
  cores: number;
  memoryGb: number;
  storageGb: number;
}

const LABEL: Record<Language, Record<AlertTypeValue, string>> = {
  en: { CPU: 'CPU usage', MEMORY: 'Memory usage', DISK: 'Disk usage' },
  zh: { CPU: 'CPU 使用率', MEMORY: '内存使用率', DISK: '磁盘使用率' },
};

function describe(language: Language, type: AlertTypeValue, alias: string, usage: number, limit: number): string {
  const value = usage.toFixed(1);
  return language === 'zh'
    ? `实例 ${alias} 的${LABEL.zh[type]}为套餐额度的 ${value}%，超过阈值 ${limit}%。`
    : `${LABEL.en[type]} of instance ${alias} is ${value}% of its plan, above the ${limit}% threshold.`;
}

/**
 * CPU, memory and disk thresholds (docs/monitoring.md "Alerts"). A crossing creates alert records for the
 * organization's admins (createAlert: the owner and active members holding alert:read on the organization or
 * the instance) and e-mails each of them. The firing flag lives in the store and is set with a conditional
 * write, so an alert is sent once per crossing even across restarts or when another server takes the instance.
 */
export class ThresholdAlerts {
  private readonly trackers = new Map<string, ThresholdTracker>();

  constructor(
    private readonly deps: AppDeps,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  async observe(row: InstanceRow, sample: Sample): Promise<void> {
    const limits = planOf(row.planLevel)?.limits;
    if (!limits) return;
    const plan = { ...limits, storageGb: storageQuotaGb(row) };
    const config = this.deps.config.monitoring;
    for (const check of CHECKS) {
      const usage = check.usage(sample, plan);
      const limit = check.limit(config);
      const tracker = await this.trackerFor(row.id, check.type);
      const event = tracker.observe(usage === null ? null : usage > limit);
      if (event === 'fire') await this.fire(row, check.type, usage!, limit);
      if (event === 'clear') await this.clear(row.id, check.type, usage!);
    }
  }

  /** Forgets instances no longer sampled here (their state stays in the store for whoever samples them next). */
  retain(instanceIds: Set<string>): void {
    for (const key of this.trackers.keys()) if (!instanceIds.has(key.split('/')[0])) this.trackers.delete(key);
  }

  private async trackerFor(instanceId: string, type: AlertTypeValue): Promise<ThresholdTracker> {
    const key = `${instanceId}/${type}`;
    let tracker = this.trackers.get(key);
    if (!tracker) {
      const rows = await this.deps.store.db
        .select({ firing: monitorAlertState.firing })
        .from(monitorAlertState)
        .where(and(eq(monitorAlertState.instanceId, instanceId), eq(monitorAlertState.type, type)));
      tracker = new ThresholdTracker(this.deps.config.monitoring.alertSamples, rows[0]?.firing ?? false);
      this.trackers.set(key, tracker);
    }
    return tracker;
  }

  private async fire(row: InstanceRow, type: AlertTypeValue, usage: number, limit: number): Promise<void> {
    const { db } = this.deps.store;
    const now = this.deps.clock.now();
    const language: Language = this.deps.config.edition === 'china' ? 'zh' : 'en';
    // Only the write that turns the flag on creates the alert, in the same transaction (no flag without records).
    const ids = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(monitorAlertState)
        .values({ instanceId: row.id, type, firing: true, value: usage, changedAt: now })
        .onConflictDoUpdate({
          target: [monitorAlertState.instanceId, monitorAlertState.type],
          set: { firing: true, value: usage, changedAt: now },
          setWhere: sql`${monitorAlertState.firing} = false`,
        })
        .returning({ instanceId: monitorAlertState.instanceId });
      if (claimed.length === 0) return [];
      return createAlert(tx, this.deps.clock, { orgId: row.orgId, type, instanceId: row.id, content: describe(language, type, row.alias, usage, limit) });
    });
    if (ids.length === 0) return;
    const recipients = await db
      .select({ email: users.email, language: users.language })
      .from(alerts)
      .innerJoin(users, eq(users.id, alerts.userId))
      .where(inArray(alerts.id, ids));
    for (const recipient of recipients) {
      const lang = recipient.language;
      const subject = lang === 'zh' ? `[tscloud] 实例 ${row.alias} 告警：${LABEL.zh[type]}` : `[tscloud] Alert on instance ${row.alias}: ${LABEL.en[type]}`;
      const link = `${this.deps.config.publicUrl}/alert`;
      const text = [describe(lang, type, row.alias, usage, limit), '', lang === 'zh' ? '查看告警：' : 'See the alerts:', link].join('\n');
      // One failed delivery must not stop the others; the alert record is there either way.
      await this.deps.mailer.send({ to: recipient.email, subject, text }).catch((error) => this.log(`alert mail to ${recipient.email} failed`, error));
    }
  }

  private async clear(instanceId: string, type: AlertTypeValue, usage: number): Promise<void> {
    await this.deps.store.db
      .update(monitorAlertState)
      .set({ firing: false, value: usage, changedAt: this.deps.clock.now() })
      .where(and(eq(monitorAlertState.instanceId, instanceId), eq(monitorAlertState.type, type)));
  }
}
