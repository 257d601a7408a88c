import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { instances } from '../../store/schema';

/**
 * Ingress and egress bytes through the gateway per instance, added up in memory and written to the store
 * periodically (an increment, so several server processes add their own counts to the same row).
 */
export class TrafficCounter {
  private readonly pending = new Map<string, { ingress: number; egress: number }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  add(instanceId: string, ingress: number, egress: number): void {
    const entry = this.pending.get(instanceId) ?? { ingress: 0, egress: 0 };
    entry.ingress += ingress;
    entry.egress += egress;
    this.pending.set(instanceId, entry);
  }

  start(intervalMs = 10_000): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  /** Writes what was counted since the last flush. */
  async flush(): Promise<void> {
    const batch = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, { ingress, egress }] of batch) {
      await this.db
        .update(instances)
        .set({ ingressBytes: sql`${instances.ingressBytes} + ${ingress}`, egressBytes: sql`${instances.egressBytes} + ${egress}` })
        .where(eq(instances.id, id));
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
