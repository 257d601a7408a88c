import { and, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import { BillStatus, type BillingCurrency, type BillStatusValue } from '@tscloud/contracts';
import type { AppDeps } from '../../../deps';
import type { Db } from '../../../store/database';
import { billingBillPeriods, billingBills, billingMeteringPeriods, billingPayments } from '../../../store/schema';
import { billingAccountOf } from '../../../region';
import { HOUR_MS } from '../metering/hour-usage';
import { dayStart, monthDays } from '../money';
import { defaultCard, chargeCardOnFile } from '../payments/payment-service';
import type { PaymentProvider } from '../payments/provider';
import { billFigures, organizationsToBill } from './make-bill';
import { PeriodicPass } from '../periodic-pass';

export interface BillsJobOptions {
  nodeId: string;
  /** How long a claim on a month holds: a server that dies while making it leaves it to another after this. */
  leaseMs?: number;
  tickMs?: number;
  /** How many closed months back are made when they were not (a server down at a month's start catches up). */
  backfillMonths?: number;
  /** After this past a month's end its bills are made even if its last hour was never metered (metering's backfill). */
  meteringGraceMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface BillsContext {
  deps: AppDeps;
  provider: PaymentProvider;
  currency: BillingCurrency;
  zoneOffsetMs: number;
  deploymentMarketplace: boolean;
}

/** A calendar month of the edition's time zone: its label YYYY-MM and its instants [start, end). */
export interface BillingMonth {
  month: string;
  start: number;
  end: number;
}

/** The closed month `back` months before the one `at` falls in (back = 1: the previous month). */
export function closedMonth(at: number, offsetMs: number, back = 1): BillingMonth {
  let { monthFirst, previousFirst } = monthDays(at, offsetMs);
  for (let i = 1; i < back; i++) ({ monthFirst, previousFirst } = monthDays(dayStart(previousFirst, offsetMs), offsetMs));
  return { month: previousFirst.slice(0, 7), start: dayStart(previousFirst, offsetMs), end: dayStart(monthFirst, offsetMs) };
}

export function billId(orgId: string, month: string): string {
  return `${orgId}_${month}`;
}

/**
 * The bills job (docs/billing.md "Bills"): in a month's first hour, once metering closed the month's last hour, each
 * server tries to claim the month in billing_bill_periods (one statement, as the metering job claims an hour; a claim
 * not finished is taken over when its lease ran out). The claimer inserts an issuing bill (status 1) per organization,
 * then fills each from the ledger and the CDRs; (organization, month) is unique, so a month made twice makes one bill.
 * A negative closing balance is charged to the card on file (status 2 until the payment settles); each tick settles
 * such bills from their payments.
 */
export class BillsJob {
  private readonly clock: PeriodicPass;
  private readonly leaseMs: number;

  constructor(
    private readonly ctx: BillsContext,
    private readonly options: BillsJobOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.clock = new PeriodicPass(() => this.runDue(), options.tickMs ?? 60_000, (error) => options.log?.('billing bills failed', error));
  }

  private get db(): Db {
    return this.ctx.deps.store.db;
  }

  private now(): number {
    return this.ctx.deps.clock.now();
  }

  start(): void {
    this.clock.start();
  }

  stop(): Promise<void> {
    return this.clock.stop();
  }

  /** Makes every due month this server can claim, then settles the bills whose card payment ended; returns the months made. */
  async runDue(): Promise<string[]> {
    const made: string[] = [];
    if (!this.ctx.deploymentMarketplace) {
      for (let back = this.options.backfillMonths ?? 3; back >= 1; back--) {
        const month = closedMonth(this.now(), this.ctx.zoneOffsetMs, back);
        if ((await this.isDue(month)) && (await this.make(month))) made.push(month.month);
      }
    }
    await this.settleCharged();
    return made;
  }

  /** A month is due once its last hour is metered (or metering gave up on it) and it is not made yet. */
  private async isDue(month: BillingMonth): Promise<boolean> {
    const now = this.now();
    if (now < month.end) return false;
    const [period] = await this.db.select({ status: billingBillPeriods.status }).from(billingBillPeriods).where(eq(billingBillPeriods.month, month.month));
    if (period?.status === 'done') return false;
    if (now >= month.end + (this.options.meteringGraceMs ?? 48 * HOUR_MS)) return true;
    const [lastHour] = await this.db
      .select({ status: billingMeteringPeriods.status })
      .from(billingMeteringPeriods)
      .where(eq(billingMeteringPeriods.hourStart, month.end - HOUR_MS));
    return lastHour?.status === 'done';
  }

  /** Claims, makes and closes one month; false when another server holds it or it is done. */
  async make(month: BillingMonth): Promise<boolean> {
    if (!(await this.claim(month.month))) return false;
    const orgIds: string[] = [];
    for (const orgId of await organizationsToBill(this.db, month.start, month.end)) {
      // A marketplace-billed organization is billed by its marketplace.
      if (!(await billingAccountOf(this.db, orgId, false)).marketplace) orgIds.push(orgId);
    }
    const now = this.now();
    if (orgIds.length > 0) {
      await this.db
        .insert(billingBills)
        .values(orgIds.map((orgId) => ({ id: billId(orgId, month.month), orgId, month: month.month, status: BillStatus.MAKING, currency: this.ctx.currency, periodStart: month.start, periodEnd: month.end, createdAt: now })))
        .onConflictDoNothing();
    }
    const making = await this.db.select({ id: billingBills.id }).from(billingBills).where(and(eq(billingBills.month, month.month), eq(billingBills.status, BillStatus.MAKING)));
    for (const { id } of making) await this.fill(id);
    await this.chargeDebts(month.month);
    await this.db
      .update(billingBillPeriods)
      .set({ status: 'done', billCount: orgIds.length, finishedAt: this.now() })
      .where(and(eq(billingBillPeriods.month, month.month), eq(billingBillPeriods.nodeId, this.options.nodeId)));
    return true;
  }

  /** Works out one issuing bill in a transaction that locks it (so a takeover does not fill it twice). */
  private async fill(id: string): Promise<void> {
    await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [bill] = await tx.select().from(billingBills).where(eq(billingBills.id, id)).for('update');
      if (!bill || bill.status !== BillStatus.MAKING) return;
      const figures = await billFigures(tx, bill.orgId, bill.periodStart, bill.periodEnd);
      const status: BillStatusValue =
        figures.chargesMicros === 0 ? BillStatus.NOT_NEEDED : figures.closingMicros >= 0 ? BillStatus.SUCCEEDED : (await defaultCard(tx, bill.orgId)) ? BillStatus.CHARGING : BillStatus.FAILED;
      await tx
        .update(billingBills)
        .set({ ...figures, status, issuedAt: status === BillStatus.CHARGING ? null : this.now() })
        .where(eq(billingBills.id, id));
    });
  }

  /**
   * Charges each charging bill's debt (the negative closing balance) to the card on file, off-session. The outcome
   * arrives by webhook; settleCharged reads it. The payment is recorded on the bill after the charge starts, so a
   * server dying in between would leave the bill to be charged again by the takeover (a window of one call).
   */
  private async chargeDebts(month: string): Promise<void> {
    const due = await this.db.select().from(billingBills).where(and(eq(billingBills.month, month), eq(billingBills.status, BillStatus.CHARGING), isNull(billingBills.paymentId)));
    for (const bill of due) {
      const card = await defaultCard(this.db, bill.orgId);
      if (!card) {
        await this.db.update(billingBills).set({ status: BillStatus.FAILED, issuedAt: this.now() }).where(eq(billingBills.id, bill.id));
        continue;
      }
      const payment = await chargeCardOnFile(this.ctx.deps, this.ctx.provider, bill.orgId, null, { amountMicros: -bill.closingMicros, currency: bill.currency }, card.token, 'auto');
      await this.db.update(billingBills).set({ paymentId: payment.id }).where(and(eq(billingBills.id, bill.id), isNull(billingBills.paymentId)));
    }
  }

  /** Charging bills whose payment ended: paid → succeeded, failed → failed. */
  async settleCharged(): Promise<void> {
    const charging = await this.db
      .select({ id: billingBills.id, paymentStatus: billingPayments.status })
      .from(billingBills)
      .innerJoin(billingPayments, eq(billingPayments.id, billingBills.paymentId))
      .where(and(eq(billingBills.status, BillStatus.CHARGING), inArray(billingPayments.status, ['paid', 'failed'])));
    for (const bill of charging) {
      const status = bill.paymentStatus === 'paid' ? BillStatus.SUCCEEDED : BillStatus.FAILED;
      await this.db.update(billingBills).set({ status, issuedAt: this.now() }).where(and(eq(billingBills.id, bill.id), eq(billingBills.status, BillStatus.CHARGING)));
    }
  }

  /** One statement: a new month is inserted as ours; one not done whose lease ran out is taken over. */
  private async claim(month: string): Promise<boolean> {
    const now = this.now();
    const claimed = await this.db
      .insert(billingBillPeriods)
      .values({ month, status: 'running', nodeId: this.options.nodeId, leaseUntil: now + this.leaseMs })
      .onConflictDoUpdate({
        target: billingBillPeriods.month,
        set: { nodeId: this.options.nodeId, leaseUntil: now + this.leaseMs },
        setWhere: and(ne(billingBillPeriods.status, 'done'), lt(billingBillPeriods.leaseUntil, now)),
      })
      .returning({ nodeId: billingBillPeriods.nodeId });
    return claimed.length === 1 && claimed[0].nodeId === this.options.nodeId;
  }
}
