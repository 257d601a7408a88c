import { and, eq, gte, lt, lte, ne } from 'drizzle-orm';
import { billingMeteringPeriods } from '../../../store/schema';
import { HOUR_MS } from './hour-usage';
import { meterHour, type MeteringContext } from './meter-hour';
import { PeriodicPass } from '../periodic-pass';

export interface MeteringJobOptions {
  /** This server process (the instance lifecycle's node id). */
  nodeId: string;
  /** How long a claim on an hour holds: a server that dies mid-hour leaves it to another after this. */
  leaseMs?: number;
  /** How often due hours are looked for. */
  tickMs?: number;
  /** How many closed hours back are metered when they were not (a server down for a while catches up). */
  backfillHours?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The metering job (docs/billing.md "Metering"): every tick each server looks at the closed hours of the last
 * `backfillHours` that are not done and claims each with a lease in the store (billing_metering_periods), so that
 * one server meters an hour however many run. An hour is closed once the samples that cover its end were taken
 * (`ctx.lookaheadMs` after it). A claim that was not finished (the server died) is taken over once its lease ran out;
 * the CDR key per instance-hour keeps that second run from billing anything twice.
 */
export class MeteringJob {
  private readonly clock: PeriodicPass;
  private readonly leaseMs: number;
  private readonly backfillHours: number;

  constructor(
    private readonly ctx: MeteringContext,
    private readonly options: MeteringJobOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.backfillHours = options.backfillHours ?? 48;
    this.clock = new PeriodicPass(() => this.runDue(), options.tickMs ?? 60_000, (error) => options.log?.('billing metering failed', error));
  }

  start(): void {
    this.clock.start();
  }

  stop(): Promise<void> {
    return this.clock.stop();
  }

  /** The last hour whose samples are all in. */
  lastClosedHour(now = this.ctx.now()): number {
    return Math.floor((now - this.ctx.lookaheadMs) / HOUR_MS) * HOUR_MS - HOUR_MS;
  }

  /** Meters every due hour this server can claim; returns the hours it metered. */
  async runDue(): Promise<number[]> {
    const last = this.lastClosedHour();
    const first = last - (this.backfillHours - 1) * HOUR_MS;
    const done = await this.ctx.db
      .select({ hourStart: billingMeteringPeriods.hourStart })
      .from(billingMeteringPeriods)
      .where(and(eq(billingMeteringPeriods.status, 'done'), gte(billingMeteringPeriods.hourStart, first), lte(billingMeteringPeriods.hourStart, last)));
    const doneHours = new Set(done.map((d) => d.hourStart));
    const metered: number[] = [];
    for (let hour = first; hour <= last; hour += HOUR_MS) {
      if (doneHours.has(hour)) continue;
      if (await this.meter(hour)) metered.push(hour);
    }
    return metered;
  }

  /** Claims, meters and closes one hour; false when another server holds it or it is done. */
  async meter(hourStart: number): Promise<boolean> {
    if (!(await this.claim(hourStart))) return false;
    const { cdrs } = await meterHour(this.ctx, hourStart);
    await this.ctx.db
      .update(billingMeteringPeriods)
      .set({ status: 'done', cdrCount: cdrs, finishedAt: this.ctx.now() })
      .where(and(eq(billingMeteringPeriods.hourStart, hourStart), eq(billingMeteringPeriods.nodeId, this.options.nodeId)));
    return true;
  }

  /** One statement: a new hour is inserted as ours; one not done whose lease ran out is taken over. */
  private async claim(hourStart: number): Promise<boolean> {
    const now = this.ctx.now();
    const claimed = await this.ctx.db
      .insert(billingMeteringPeriods)
      .values({ hourStart, status: 'running', nodeId: this.options.nodeId, leaseUntil: now + this.leaseMs })
      .onConflictDoUpdate({
        target: billingMeteringPeriods.hourStart,
        set: { nodeId: this.options.nodeId, leaseUntil: now + this.leaseMs },
        setWhere: and(ne(billingMeteringPeriods.status, 'done'), lt(billingMeteringPeriods.leaseUntil, now)),
      })
      .returning({ nodeId: billingMeteringPeriods.nodeId });
    return claimed.length === 1 && claimed[0].nodeId === this.options.nodeId;
  }
}

