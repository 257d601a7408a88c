import type { Catalog } from '../catalog/catalog';
import { durationInPrecision, nowIn } from '../format/time-parse';
import { normalDataName, qualified, quoteIdent, stableDataName } from '../storage/names';
import type { Storage } from '../storage/storage';
import type { WriteEvents } from '../storage/write-events';

/** How often expired rows are removed by default (TDengine removes them when it compacts or rolls files). */
export const KEEP_EXPIRY_INTERVAL_MS = 60_000;

export interface ExpiredTable {
  db: string;
  table: string;
  rows: number;
}

/**
 * Background KEEP expiry: rows older than now − KEEP (the database's largest KEEP value, or a super table's own
 * KEEP when it has one) are deleted, per database, under that database's write lock (so a concurrent INSERT waits
 * for the DELETE or runs before it; it never sees half of it). INSERTs already refuse such rows (0x060B), so only
 * rows that aged out are removed. `runOnce(nowMs)` is the explicit trigger (tests pass their own clock).
 */
export class KeepExpiry {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ExpiredTable[]> | undefined;

  constructor(
    private readonly catalog: Catalog,
    private readonly storage: Storage,
    private readonly events: WriteEvents,
    private readonly clock: () => number = Date.now,
  ) {}

  start(intervalMs = KEEP_EXPIRY_INTERVAL_MS): void {
    if (this.timer) clearInterval(this.timer);
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      void this.runOnce().catch((error) => console.error('keep expiry failed', error));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer; resolves when a pass in progress has finished. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass over every database; resolves with the tables that lost rows. Passes never overlap. */
  async runOnce(nowMs = this.clock()): Promise<ExpiredTable[]> {
    while (this.running) await this.running.catch(() => undefined);
    this.running = this.pass(nowMs);
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  private async pass(nowMs: number): Promise<ExpiredTable[]> {
    const expired: ExpiredTable[] = [];
    for (const db of this.catalog.databases()) {
      const { precision, keep } = db.options;
      const now = nowIn(precision, nowMs);
      const cutoffFor = (minutes: number): bigint => now - (durationInPrecision(minutes, 'm', precision) ?? 0n);
      const targets: { name: string; physical: string; ts: string; cutoff: bigint; stableId?: number }[] = [];
      for (const s of Object.values(db.stables)) {
        const minutes = s.keep && s.keep > 0 ? s.keep : keep[2];
        targets.push({ name: s.name, physical: stableDataName(s.id), ts: s.columns[0].name, cutoff: cutoffFor(minutes), stableId: s.id });
      }
      for (const t of Object.values(db.tables)) {
        targets.push({ name: t.name, physical: normalDataName(t.tid), ts: t.columns[0].name, cutoff: cutoffFor(keep[2]) });
      }
      if (targets.length === 0) continue;
      try {
        this.storage.writer(db.name);
      } catch {
        continue; // dropped meanwhile
      }
      await this.storage.withWriteConnection(db.name, async (conn) => {
        if (!this.catalog.findDatabase(db.name)) return;
        for (const t of targets) {
          let rows: number;
          try {
            const result = await conn.run(`DELETE FROM ${qualified(db.name, t.physical)} WHERE ${quoteIdent(t.ts)} < ${t.cutoff}`);
            rows = result.rowsChanged;
          } catch (error) {
            if (this.catalog.lookup(db.name, t.name)) throw error;
            continue; // the table was dropped after this pass listed it
          }
          if (rows === 0) continue;
          expired.push({ db: db.name, table: t.name, rows });
          if (this.events.active) {
            this.events.emit({ kind: 'delete', db: db.name, table: t.physical, stableId: t.stableId, fromTs: -(2n ** 63n), toTs: t.cutoff - 1n, reason: 'expired' });
          }
        }
      });
    }
    return expired;
  }
}
