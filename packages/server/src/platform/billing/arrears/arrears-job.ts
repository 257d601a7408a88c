import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import { billingArrears, billingArrearsSuspensions, billingLedger, billingPayments, type BillingArrearsRow } from '../../../store/schema';
import { billingAccountOf, deleteOrgInstances, resumeInstances, suspendOrgInstances } from '../../../region';
import { currencyOf } from '../money';
import { defaultCard, chargeCardOnFile } from '../payments/payment-service';
import type { PaymentProvider } from '../payments/provider';
import { mailArrears, type ArrearsNotice } from './arrears-mails';
import { PeriodicPass } from '../periodic-pass';

const DAY = 24 * 60 * 60 * 1000;
/** §9 "Maturity tip: due within seven days": a negative balance is due seven days after it began. */
export const ARREARS_DUE_MS = 7 * DAY;
/** §4: "data is cleared after more than one month of arrears" (31 days after the arrears began). */
export const ARREARS_CLEAR_MS = 31 * DAY;
/** The last warning goes out this long before the data is cleared. */
export const ARREARS_CLEAR_WARNING_MS = 7 * DAY;
/** A card charge at the due date that has not settled in this time counts as failed. */
const CHARGE_SETTLE_MS = DAY;

interface ArrearsJobOptions {
  /** How often the arrears are looked at (ARREARS_CHECK_MS; a minute by default). */
  intervalMs: number;
  /** The instances' lifecycle, nudged after a change so it acts at once. */
  nudge: () => void;
  /** Charges the card on file at the due date. */
  provider: PaymentProvider;
  log: (message: string, error: unknown) => void;
}

/**
 * The arrears actions (§4 "arrears stops instances and data is cleared after more than one month of arrears";
 * docs/billing.md "Arrears"). For each organization whose balance is negative: a notice with the due date; at the due
 * date the card on file is charged for the debt, and when there is none or the charge fails its instances are
 * stopped; a warning a week before the clearing; after a month its instances are deleted with
 * their data. Once the balance is zero or more again, the instances the arrears stopped start again and the arrears
 * end. Every step is written before its mail, so a restart neither repeats nor skips one.
 */
export class ArrearsJob {
  private readonly clock: PeriodicPass;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: ArrearsJobOptions,
  ) {
    this.clock = new PeriodicPass(() => this.pass(), options.intervalMs, (error) => options.log('arrears check failed', error));
  }

  start(): void {
    this.clock.start();
  }

  stop(): Promise<void> {
    return this.clock.stop();
  }

  /** One pass over every organization in arrears or with an arrears record (tests call it directly). */
  runOnce(): Promise<void> {
    return this.clock.runOnce();
  }

  private async pass(): Promise<void> {
    const { db } = this.deps.store;
    const balances = new Map<string, number>(
      (
        await db
          .selectDistinctOn([billingLedger.orgId], { orgId: billingLedger.orgId, balance: billingLedger.newMicros })
          .from(billingLedger)
          .orderBy(billingLedger.orgId, desc(billingLedger.seq))
      ).map((row) => [row.orgId, row.balance]),
    );
    const records = new Map((await db.select().from(billingArrears)).map((row) => [row.orgId, row]));
    const orgIds = new Set([...records.keys(), ...[...balances].filter(([, balance]) => balance < 0).map(([orgId]) => orgId)]);
    for (const orgId of orgIds) {
      try {
        await this.settle(orgId, balances.get(orgId) ?? 0, records.get(orgId) ?? null);
      } catch (error) {
        this.options.log(`arrears of organization ${orgId}`, error);
      }
    }
  }

  private async settle(orgId: string, balance: number, record: BillingArrearsRow | null): Promise<void> {
    const { db } = this.deps.store;
    const now = this.deps.clock.now();
    if (balance >= 0) {
      if (record) await this.end(orgId, balance, record);
      return;
    }
    const arrears = record ?? (await db.insert(billingArrears).values({ orgId, since: now, dueAt: now + ARREARS_DUE_MS, updatedAt: now }).onConflictDoNothing().returning())[0];
    if (!arrears) return;
    const clearAt = arrears.since + ARREARS_CLEAR_MS;
    const facts = { balanceMicros: balance, dueAt: arrears.dueAt, clearAt };
    const step = async (column: 'dueMailedAt' | 'suspendedAt' | 'clearWarnedAt' | 'clearedAt', notice: ArrearsNotice, act?: () => Promise<void>) => {
      await act?.();
      await db.update(billingArrears).set({ [column]: now, updatedAt: now }).where(eq(billingArrears.orgId, orgId));
      await mailArrears(this.deps, this.options.log, orgId, notice, facts);
    };
    if (!arrears.dueMailedAt) await step('dueMailedAt', 'due');
    if (now >= arrears.dueAt && !arrears.suspendedAt && (await this.cardStillPaying(orgId, arrears, balance))) return;
    if (now >= arrears.dueAt && !arrears.suspendedAt) {
      await step('suspendedAt', 'suspended', async () => {
        const stopped = await suspendOrgInstances(db, now, orgId);
        if (stopped.length > 0) await db.insert(billingArrearsSuspensions).values(stopped.map((instanceId) => ({ orgId, instanceId }))).onConflictDoNothing();
        this.options.nudge();
      });
    }
    if (now >= clearAt - ARREARS_CLEAR_WARNING_MS && !arrears.clearWarnedAt && !arrears.clearedAt) await step('clearWarnedAt', 'clearing');
    if (now >= clearAt && !arrears.clearedAt) {
      await step('clearedAt', 'cleared', async () => {
        await deleteOrgInstances(db, now, orgId);
        this.options.nudge();
      });
    }
  }

  /**
   * At the due date the card on file is charged for the debt, once (an off-session charge recorded as a payment, as a
   * bill's is). True while that charge may still pay: the stop waits for it; a paid charge ends the arrears at the
   * next pass (the balance is back), a failed or unsettled one lets the stop go ahead.
   */
  private async cardStillPaying(orgId: string, arrears: BillingArrearsRow, balance: number): Promise<boolean> {
    const { db } = this.deps.store;
    const now = this.deps.clock.now();
    if (!arrears.chargePaymentId) {
      const card = await defaultCard(db, orgId);
      if (!card || (await billingAccountOf(db, orgId, this.deps.config.marketplace !== 'none')).marketplace) return false;
      const payment = await chargeCardOnFile(this.deps, this.options.provider, orgId, null, { amountMicros: -balance, currency: currencyOf(this.deps.config) }, card.token, 'auto');
      await db.update(billingArrears).set({ chargePaymentId: payment.id, updatedAt: now }).where(eq(billingArrears.orgId, orgId));
      return payment.status !== 'failed';
    }
    const [payment] = await db.select({ status: billingPayments.status, createdAt: billingPayments.createdAt }).from(billingPayments).where(eq(billingPayments.id, arrears.chargePaymentId));
    if (payment?.status === 'paid') {
      // paid, and charges since left a debt again: the next pass charges that
      await db.update(billingArrears).set({ chargePaymentId: null, updatedAt: now }).where(eq(billingArrears.orgId, orgId));
      return true;
    }
    return payment !== undefined && (payment.status === 'waiting' || payment.status === 'processing') && now - payment.createdAt < CHARGE_SETTLE_MS;
  }

  /** Paid: the instances the arrears stopped start again (unless their data was cleared), and the arrears end. */
  private async end(orgId: string, balance: number, record: BillingArrearsRow): Promise<void> {
    const { db } = this.deps.store;
    const now = this.deps.clock.now();
    const stopped = (await db.select().from(billingArrearsSuspensions).where(eq(billingArrearsSuspensions.orgId, orgId))).map((row) => row.instanceId);
    const started = record.clearedAt ? [] : await resumeInstances(db, now, stopped);
    await db.delete(billingArrears).where(eq(billingArrears.orgId, orgId));
    if (started.length > 0) {
      this.options.nudge();
      await mailArrears(this.deps, this.options.log, orgId, 'resumed', { balanceMicros: balance, dueAt: record.dueAt, clearAt: record.since + ARREARS_CLEAR_MS });
    }
  }
}

/** Whether an organization's instances are stopped for arrears (a start is refused until it is paid). */
export async function stoppedForArrears(deps: Pick<AppDeps, 'store'>, orgId: string): Promise<boolean> {
  const [row] = await deps.store.db.select({ suspendedAt: billingArrears.suspendedAt }).from(billingArrears).where(eq(billingArrears.orgId, orgId));
  return Boolean(row?.suspendedAt);
}
