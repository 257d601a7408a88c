import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../store/database';
import { instances, type InstanceRow } from '../../store/schema';
import type { Provisioner } from '../provisioner/provisioner';
import { enginePasswordOf } from './engine-password';
import { CoalescedTicker } from '../coalesced-ticker';

export interface LifecycleOptions {
  /** How often the node looks for work and renews its leases. */
  tickMs?: number;
  /** How long a node's claim on an instance holds without renewal (another node takes over after that). */
  leaseMs?: number;
  log?: (message: string, detail?: unknown) => void;
  /** Told when an instance's engine has started on this node and the instance is Running (with its engine URL). */
  onRunning?: (row: InstanceRow) => void;
  /** Restart delays of a failed engine (defaults: RESTART_BACKOFF). */
  backoff?: RestartBackoff;
}

/** How a failed engine is restarted: after `firstMs`, doubling up to `maxMs`; back to `firstMs` once it ran `resetAfterMs`. */
export interface RestartBackoff {
  firstMs: number;
  maxMs: number;
  resetAfterMs: number;
}

export const RESTART_BACKOFF: RestartBackoff = { firstMs: 1_000, maxMs: 60_000, resetAfterMs: 60_000 };

/**
 * The wait before restarting an engine that failed: the first failure (or one after `resetAfterMs` of uptime) waits
 * `firstMs`; each failure after a short run waits twice the previous wait, at most `maxMs`.
 */
export function nextRestartDelay(backoff: RestartBackoff, previousMs: number | null, uptimeMs: number): number {
  if (previousMs === null || uptimeMs >= backoff.resetAfterMs) return backoff.firstMs;
  return Math.min(previousMs * 2, backoff.maxMs);
}

/**
 * Moves instances towards what users asked for (desired_state), persisting every status in the store.
 *
 * Calls only write desired_state and the first status (Starting / Suspending) and nudge; the work is done by
 * the node (server process) that holds the instance's lease. Each tick a node claims unowned instances that
 * need work — or ones whose owner stopped renewing — with SELECT … FOR UPDATE SKIP LOCKED, so with several
 * server processes on one PostgreSQL each instance is worked on by exactly one of them. Statuses come from what
 * the provisioner reports: Running only after /-/ping answers, Failed when the engine cannot start or ends on
 * its own. A Failed instance that should run is restarted by the node that holds it, with backoff
 * (nextRestartDelay), the reason logged. An engine that ends while its node shuts down (a SIGTERM to the whole
 * process group reaches the engines too) is no failure: shutdown hands its instance back as Starting.
 */
export class InstanceLifecycle {
  readonly nodeId = randomUUID();
  private readonly leaseMs: number;
  private readonly ticker: CoalescedTicker;
  private closed = false;
  /** Instances with an action in flight on this node (starting, stopping, destroying). */
  private readonly busy = new Set<string>();
  /** Instances whose engine is starting on this node. */
  private readonly starting = new Set<string>();
  private readonly actions = new Set<Promise<void>>();
  private readonly backoff: RestartBackoff;
  /** Failed instances of this node waiting to be restarted: the last wait, and whether it is over. */
  private readonly restarts = new Map<string, { delayMs: number; due: boolean; timer: NodeJS.Timeout }>();
  /** When each engine of this node last became Running (its uptime decides the next wait). */
  private readonly runningSince = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly provisioner: Provisioner,
    private readonly options: LifecycleOptions = {},
  ) {
    this.ticker = new CoalescedTicker(() => this.tick(), options.tickMs ?? 1_000, (error) => this.options.log?.('instance lifecycle tick failed', error));
    this.leaseMs = options.leaseMs ?? 30_000;
    this.backoff = options.backoff ?? RESTART_BACKOFF;
    provisioner.onUnexpectedExit((id, reason) => this.track(this.engineEnded(id, reason)));
  }

  /** Starts the periodic ticks; the first one brings back the instances that should run. */
  start(): void {
    this.ticker.start();
  }

  /** Looks for work now (after a call changed an instance). */
  nudge(): void {
    if (!this.closed) this.ticker.nudge();
  }

  /** Waits for the current tick and the actions it started (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.ticker.current || this.actions.size > 0) {
      await this.ticker.current;
      await Promise.all([...this.actions]);
    }
  }

  /**
   * Stops this node: its engines stop and its instances are released, those that should run back to Starting
   * so that the next node to claim them (a restarted server, another process) starts them with their data.
   */
  async shutdown(): Promise<void> {
    this.closed = true;
    for (const restart of this.restarts.values()) clearTimeout(restart.timer);
    await this.ticker.stop();
    // Stopping the engines first cuts starts in flight short (they then end without marking anything).
    await this.provisioner.shutdown();
    await Promise.all([...this.actions]);
    const now = this.clock.now();
    // Failed ones too: they were waiting for their restart here, and an engine that ended just before this
    // shutdown began (the same SIGTERM reached it first) is not broken.
    await this.db
      .update(instances)
      .set({ status: 'Starting', statusReason: null, engineUrl: null, updatedAt: now })
      .where(and(eq(instances.nodeId, this.nodeId), eq(instances.desiredState, 'running'), sql`${instances.status} IN ('Running', 'Starting', 'Failed')`));
    await this.db.update(instances).set({ nodeId: null, leaseUntil: null }).where(eq(instances.nodeId, this.nodeId));
  }

  private track(action: Promise<void>): void {
    const tracked = action.catch((error) => this.options.log?.('instance action failed', error)).finally(() => this.actions.delete(tracked));
    this.actions.add(tracked);
  }

  private async tick(): Promise<void> {
    const now = this.clock.now();
    const until = now + this.leaseMs;
    await this.claim(now, until);
    const mine = await this.db.update(instances).set({ leaseUntil: until }).where(eq(instances.nodeId, this.nodeId)).returning();
    for (const row of mine) {
      if (this.closed) return;
      if (this.busy.has(row.id)) {
        // Suspended or deleted while its engine is still starting: cut the start short rather than wait for it.
        if (row.desiredState !== 'running' && this.starting.has(row.id)) this.track(this.provisioner.stop(row.id));
        continue;
      }
      const action = this.actionFor(row);
      if (!action) continue;
      this.busy.add(row.id);
      this.track(
        action().finally(() => {
          this.busy.delete(row.id);
          // What was asked meanwhile (a suspend during a start) is done next.
          this.nudge();
        }),
      );
    }
  }

  /** Takes unowned (or abandoned) instances that need work, each by one node only. */
  private async claim(now: number, until: number): Promise<void> {
    const needsWork = or(
      and(eq(instances.desiredState, 'running'), sql`${instances.status} NOT IN ('Failed', 'Deleted')`),
      and(eq(instances.desiredState, 'suspended'), sql`${instances.status} <> 'Suspended'`),
      and(eq(instances.desiredState, 'deleted'), sql`${instances.status} <> 'Deleted'`),
    );
    await this.db.transaction(async (tx) => {
      const free = await tx
        .select({ id: instances.id })
        .from(instances)
        .where(and(needsWork, or(isNull(instances.nodeId), lt(instances.leaseUntil, now))))
        .limit(20)
        .for('update', { skipLocked: true });
      for (const { id } of free) await tx.update(instances).set({ nodeId: this.nodeId, leaseUntil: until }).where(eq(instances.id, id));
    });
  }

  /** What this node must do for an instance it holds, if anything. */
  private actionFor(row: InstanceRow): (() => Promise<void>) | null {
    const active = this.provisioner.isActive(row.id);
    switch (row.desiredState) {
      case 'running':
        if (active) return null;
        if (row.status === 'Failed' && !this.restarts.get(row.id)?.due) return null;
        return () => this.bringUp(row);
      case 'suspended':
        this.cancelRestart(row.id);
        return () => this.putDown(row);
      case 'deleted':
        this.cancelRestart(row.id);
        return () => this.remove(row);
    }
  }

  private async update(id: string, patch: Partial<InstanceRow>, desired?: InstanceRow['desiredState']): Promise<boolean> {
    const conditions = [eq(instances.id, id), eq(instances.nodeId, this.nodeId)];
    if (desired) conditions.push(eq(instances.desiredState, desired));
    const rows = await this.db
      .update(instances)
      .set({ ...patch, updatedAt: this.clock.now() })
      .where(and(...conditions))
      .returning({ id: instances.id });
    return rows.length > 0;
  }

  private async bringUp(row: InstanceRow): Promise<void> {
    if (row.status !== 'Starting') await this.update(row.id, { status: 'Starting', statusReason: null, engineUrl: null }, 'running');
    this.starting.add(row.id);
    try {
      const { url } = await this.provisioner.start({ instanceId: row.id, planLevel: row.planLevel, ha: row.ha === 1, adminUser: row.engineUser, adminPassword: enginePasswordOf(row) });
      this.runningSince.set(row.id, this.clock.now());
      const restart = this.restarts.get(row.id);
      if (restart) restart.due = false;
      const still = await this.update(row.id, { status: 'Running', statusReason: null, engineUrl: url }, 'running');
      // Suspended or deleted while it was starting: the next tick stops it.
      if (!still) this.nudge();
      else this.options.onRunning?.({ ...row, status: 'Running', statusReason: null, engineUrl: url });
    } catch (error) {
      if (this.closed) return;
      await this.failed(row.id, (error as Error).message);
    } finally {
      this.starting.delete(row.id);
    }
  }

  private async putDown(row: InstanceRow): Promise<void> {
    if (this.provisioner.isActive(row.id)) {
      if (row.status !== 'Suspending') await this.update(row.id, { status: 'Suspending' }, 'suspended');
      await this.provisioner.stop(row.id);
    }
    await this.update(row.id, { status: 'Suspended', statusReason: null, engineUrl: null, nodeId: null, leaseUntil: null }, 'suspended');
  }

  private async remove(row: InstanceRow): Promise<void> {
    await this.provisioner.stop(row.id);
    await this.provisioner.destroy(row.id);
    await this.update(row.id, { status: 'Deleted', statusReason: null, engineUrl: null, nodeId: null, leaseUntil: null }, 'deleted');
  }

  /** An engine of this node ended without being asked to. */
  private async engineEnded(id: string, reason: string): Promise<void> {
    if (this.closed) {
      this.options.log?.(`instance ${id}: ${reason} while this server shuts down (not a failure; it starts again with the server)`);
      return;
    }
    await this.failed(id, reason);
  }

  /** Failed (the reason shown and logged), and restarted after the backoff's wait unless it is suspended or deleted. */
  private async failed(id: string, reason: string): Promise<void> {
    const now = this.clock.now();
    const since = this.runningSince.get(id);
    this.runningSince.delete(id);
    const previous = this.restarts.get(id);
    if (previous) clearTimeout(previous.timer);
    const delayMs = nextRestartDelay(this.backoff, previous?.delayMs ?? null, since === undefined ? 0 : now - since);
    const timer = setTimeout(() => {
      const restart = this.restarts.get(id);
      if (restart?.timer !== timer) return;
      restart.due = true;
      this.nudge();
    }, delayMs);
    timer.unref();
    this.restarts.set(id, { delayMs, due: false, timer });
    this.options.log?.(`instance ${id} failed: ${reason}; restarting in ${delayMs / 1000} s`);
    await this.update(id, { status: 'Failed', statusReason: reason, engineUrl: null }, 'running');
  }

  private cancelRestart(id: string): void {
    const restart = this.restarts.get(id);
    if (restart) clearTimeout(restart.timer);
    this.restarts.delete(id);
    this.runningSince.delete(id);
  }
}
