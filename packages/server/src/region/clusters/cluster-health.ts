import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { instances, tdengineClusters } from '../../store/schema';
import { checkCluster, type ClusterCheck } from './cluster-check';
import { clusterTarget, recordCheck } from './cluster-repo';

/** What a cluster's health makes of its running instances' status (docs/clusters.md decision 7). */
export function instanceStatusFor(check: ClusterCheck): { status: 'Running' | 'Warning' | 'Error'; reason: string | null } {
  if (check.health === 'healthy') return { status: 'Running', reason: null };
  const detail = check.detail ?? check.health;
  // A degraded cluster still serves (its other dnodes answer): Warning, the instance operable with a notice.
  if (check.health === 'degraded') return { status: 'Warning', reason: `the TDengine cluster is degraded: ${detail}` };
  return { status: 'Error', reason: `the TDengine cluster does not answer: ${detail}` };
}

/** The statuses a health check moves between; any other (Starting, Suspending, Failed…) is the lifecycle's. */
const HEALTH_STATUSES = ['Running', 'Warning', 'Error'] as const;

/**
 * Records a check of the cluster and shows it as the status of the instances living there that should run: Running
 * when it is healthy, Warning (with the dnodes or mnodes not ready) when degraded, Error when it does not answer.
 * Only rows whose status or reason changes are written. Answers how many changed.
 */
export async function applyClusterHealth(db: Db, clusterId: string, check: ClusterCheck, now: number): Promise<number> {
  await recordCheck(db, clusterId, now, check);
  const { status, reason } = instanceStatusFor(check);
  const rows = await db
    .select({ id: instances.id, status: instances.status, statusReason: instances.statusReason })
    .from(instances)
    .where(and(eq(instances.clusterId, clusterId), eq(instances.desiredState, 'running'), inArray(instances.status, [...HEALTH_STATUSES])));
  const stale = rows.filter((row) => row.status !== status || row.statusReason !== reason).map((row) => row.id);
  if (stale.length === 0) return 0;
  // Still in a health status when written: a suspend or a failure in between is the lifecycle's and stays.
  const changed = await db
    .update(instances)
    .set({ status, statusReason: reason, updatedAt: now })
    .where(and(inArray(instances.id, stale), eq(instances.desiredState, 'running'), inArray(instances.status, [...HEALTH_STATUSES])))
    .returning({ id: instances.id });
  return changed.length;
}

/**
 * Checks every registered cluster now and then (`CLUSTER_HEALTH_MS`, 30 s by default) and applies what it found. Each
 * server does it; the writes are idempotent. A check runs at most one at a time.
 */
export class ClusterHealthMonitor {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.checkNow(), this.intervalMs);
    this.timer.unref();
  }

  /** One round over every cluster (also what tests call). */
  checkNow(): Promise<void> {
    this.round ??= this.checkAll().finally(() => (this.round = null));
    return this.round;
  }

  private async checkAll(): Promise<void> {
    try {
      for (const cluster of await this.db.select().from(tdengineClusters)) {
        await applyClusterHealth(this.db, cluster.id, await checkCluster(clusterTarget(cluster)), this.clock.now());
      }
    } catch (error) {
      this.log('cluster health check failed', error);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
  }
}
