import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { instances } from '../../store/schema';

interface Pending {
  ingress: number;
  egress: number;
  rowsInserted: number;
  queries: number;
}

/**
 * Ingress and egress bytes through the gateway per instance, and the statements of an instance on a TDengine cluster
 * (rows inserted, queries: every one passes the console, decision 8 of docs/clusters.md), added up in memory and
 * written to the store periodically (an increment, so several server processes add their own counts to the same row).
 */
export class TrafficCounter {
  private readonly pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  private entry(instanceId: string): Pending {
    let entry = this.pending.get(instanceId);
    if (!entry) this.pending.set(instanceId, (entry = { ingress: 0, egress: 0, rowsInserted: 0, queries: 0 }));
    return entry;
  }

  add(instanceId: string, ingress: number, egress: number): void {
    const entry = this.entry(instanceId);
    entry.ingress += ingress;
    entry.egress += egress;
  }

  /** A statement of an instance on a cluster that the cluster answered: an insert's rows, or one query. */
  addStatement(instanceId: string, statement: { rowsInserted: number; queries: number }): void {
    const entry = this.entry(instanceId);
    entry.rowsInserted += statement.rowsInserted;
    entry.queries += statement.queries;
  }

  start(intervalMs = 10_000): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  /** Writes what was counted since the last flush. */
  async flush(): Promise<void> {
    const batch = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, { ingress, egress, rowsInserted, queries }] of batch) {
      await this.db
        .update(instances)
        .set({
          ingressBytes: sql`${instances.ingressBytes} + ${ingress}`,
          egressBytes: sql`${instances.egressBytes} + ${egress}`,
          clusterRowsInserted: sql`${instances.clusterRowsInserted} + ${rowsInserted}`,
          clusterQueries: sql`${instances.clusterQueries} + ${queries}`,
        })
        .where(eq(instances.id, id));
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
