import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BillStatus, LedgerType, type Bill, type BillDetail, type Page } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { billingBillPeriods, billingBills, billingPayments } from '../../src/store/schema';
import { postEntry } from '../../src/platform/billing/ledger/ledger';
import { billId } from '../../src/platform/billing/bills/bills-job';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { GB, HOUR, MIN, instanceRow, sample } from './fixtures';
import { addCard } from './payments-harness';

const JAN_5 = Date.UTC(2026, 0, 5, 10);
const JAN_LAST_HOUR = Date.UTC(2026, 0, 31, 23);
const FEB_1 = Date.UTC(2026, 1, 1);
const DEC_10 = Date.UTC(2025, 11, 10);

/** The text a PDF shows: pdfkit writes each line as hex strings in a TJ array (kerning splits them). */
function pdfText(pdf: Buffer): string {
  const lines = [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)].map((m) =>
    [...m[1].matchAll(/<([0-9a-f]+)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''),
  );
  return lines.join('\n');
}

/**
 * Monthly bills made by the app's bills job from real metering (samples in the metrics database, the metering job's
 * hours) and the ledger, read through the HTTP calls. January 2026, UTC (the international edition): an hour on
 * STANDARD with 2 GB out costs 0.25 + 0.18 = 0.43.
 */
describe('billing monthly bills', () => {
  let t: TestApp;
  let clock: FakeClock;
  const callers: Record<string, Caller> = {};
  const orgs: Record<string, string> = {};

  /** An hour of STANDARD with 2 GB out for the instance, metered by the app's metering job. */
  async function usedHour(instanceId: string, hour: number) {
    const metrics = await t.app.monitoring.metrics();
    await metrics.write([
      sample(instanceId, hour, null, 1, 0),
      sample(instanceId, hour + 30 * MIN, 30 * MIN, 1, 0, { egress: 2 * GB }),
      sample(instanceId, hour + 59 * MIN, 29 * MIN, 1, 0),
      sample(instanceId, hour + 60 * MIN, MIN, 1, 0),
    ]);
  }

  beforeAll(async () => {
    clock = new FakeClock(FEB_1 + 30 * MIN);
    t = await createTestApp({ clock });
    // The test drives both jobs itself.
    await t.app.billing.metering.stop();
    await t.app.billing.bills.stop();
    for (const name of ['paid', 'owing', 'idle', 'carded', 'declined']) {
      callers[name] = await signedIn(t, `bills.${name}@example.com`);
      orgs[name] = await createOrg(callers[name], `Bills_${name}`);
    }
    const instances: Record<string, string> = {};
    for (const name of ['paid', 'owing', 'carded', 'declined']) instances[name] = await instanceRow(t.store, orgs[name], `${name}-db`, 1, 0);
    // paid: 1.00 from December, a 2.00 coupon in January, two charged hours (the month's first days and its last hour).
    await postEntry(t.store.db, DEC_10, { orgId: orgs.paid, type: LedgerType.ADJUSTMENT, changeMicros: 1_000_000, note: 'opening' });
    await postEntry(t.store.db, JAN_5 + 5 * HOUR, { orgId: orgs.paid, type: LedgerType.COUPON, changeMicros: 2_000_000, reference: 'C'.repeat(32) });
    await usedHour(instances.paid, JAN_5);
    await usedHour(instances.paid, JAN_LAST_HOUR);
    // owing: an hour used and nothing to pay it with; carded: the same with a card that pays; declined: one that does not.
    await usedHour(instances.owing, JAN_5);
    await usedHour(instances.carded, JAN_5);
    await usedHour(instances.declined, JAN_5);
    await addCard(t, callers.carded, orgs.carded, '4242424242424242');
    await addCard(t, callers.declined, orgs.declined, '4000000000000002');
    // idle: 5.00 since December and no usage.
    await postEntry(t.store.db, DEC_10, { orgId: orgs.idle, type: LedgerType.ADJUSTMENT, changeMicros: 5_000_000, note: 'opening' });
    expect(await t.app.billing.metering.meter(JAN_5)).toBe(true);
  }, 120_000);
  afterAll(() => t.close());

  const billOf = async (org: string, month = '2026-01') => {
    const [row] = await t.store.db.select().from(billingBills).where(eq(billingBills.id, billId(orgs[org], month)));
    return row;
  };

  it('waits for the month last hour to be metered, makes the months before (catching up), and leaves a month another server holds', async () => {
    // Another server holds November with a live lease.
    await t.store.db.insert(billingBillPeriods).values({ month: '2025-11', status: 'running', nodeId: 'other-node', leaseUntil: clock.now() + 10 * MIN });
    expect(await t.app.billing.bills.runDue()).toEqual(['2025-12']);
    expect(await billOf('paid')).toBeUndefined();
    // December: the two organizations with a balance then, nothing charged.
    expect((await billOf('idle', '2025-12')).status).toBe(BillStatus.NOT_NEEDED);
    expect((await billOf('paid', '2025-12')).closingMicros).toBe(1_000_000);
    expect(await billOf('owing', '2025-12')).toBeUndefined();

    expect(await t.app.billing.metering.meter(JAN_LAST_HOUR)).toBe(true);
    expect(await t.app.billing.bills.runDue()).toEqual(['2026-01']);
    clock.advance(11 * MIN);
    // The other server's lease ran out: November is taken over (no organization had a balance or usage then).
    expect(await t.app.billing.bills.runDue()).toEqual(['2025-11']);
    const [november] = await t.store.db.select().from(billingBillPeriods).where(eq(billingBillPeriods.month, '2025-11'));
    expect(november).toMatchObject({ status: 'done', nodeId: t.app.region.lifecycle.nodeId, billCount: 0 });
  });

  it('bills the month exactly: its last hour charged after it still belongs to it, credits, opening and closing', async () => {
    const paid = await billOf('paid');
    expect(paid).toMatchObject({ status: BillStatus.SUCCEEDED, currency: 'USD', openingMicros: 1_000_000, creditsMicros: 2_000_000, chargesMicros: 860_000, closingMicros: 2_140_000 });
    expect(paid.issuedAt).toBe(FEB_1 + 30 * MIN);
    expect(paid.chargeLines.map((l) => [l.kind, l.plan_level, l.quantity, l.amount_micros])).toEqual([
      ['plan', 1, 2, 500_000],
      ['storage', 1, 0, 0],
      ['egress', 1, 4, 360_000],
    ]);
    expect(paid.creditLines).toEqual([{ type: LedgerType.COUPON, count: 1, amount_micros: 2_000_000 }]);
    expect(await billOf('owing')).toMatchObject({ status: BillStatus.FAILED, chargesMicros: 430_000, closingMicros: -430_000, paymentId: null });
    expect(await billOf('idle')).toMatchObject({ status: BillStatus.NOT_NEEDED, chargesMicros: 0, openingMicros: 5_000_000, closingMicros: 5_000_000 });
  });

  it('charges a debt to the card on file and succeeds once the payment is paid', async () => {
    // The sandbox's webhook comes back during the charge, so the run that made the month settled the bill (2 → 3).
    const carded = await billOf('carded');
    expect(carded).toMatchObject({ status: BillStatus.SUCCEEDED, closingMicros: -430_000, issuedAt: FEB_1 + 30 * MIN });
    const [payment] = await t.store.db.select().from(billingPayments).where(eq(billingPayments.id, carded.paymentId!));
    expect(payment).toMatchObject({ orgId: orgs.carded, amountMicros: 430_000, status: 'paid' });
    const balance = await callers.carded.call<{ balance: number }>('GET', '/api/billing/payment/summary/overview', undefined, orgs.carded);
    expect(balance.data.balance).toBe(0);
  });

  it('fails a bill whose card charge is declined', async () => {
    const declined = await billOf('declined');
    expect(declined).toMatchObject({ status: BillStatus.FAILED, closingMicros: -430_000, issuedAt: FEB_1 + 30 * MIN });
    const [payment] = await t.store.db.select().from(billingPayments).where(eq(billingPayments.id, declined.paymentId!));
    expect(payment).toMatchObject({ amountMicros: 430_000, status: 'failed', failureCode: 'card_declined' });
  });

  it('makes a month once however often the job runs', async () => {
    const before = await t.store.db.select().from(billingBills);
    expect(await t.app.billing.bills.runDue()).toEqual([]);
    expect(await t.store.db.select().from(billingBills)).toEqual(before);
  });

  it('lists the organization bills and one bill detail; another organization bill is not found', async () => {
    const page = await callers.paid.call<Page<Bill>>('GET', '/api/billing/payment/summary/receipt-page?current_page=1&page_size=10', undefined, orgs.paid);
    expect(page.code).toBe(200);
    expect(page.data.list.map((b) => [b.month, b.amount, b.status])).toEqual([
      ['2026-01', 0.86, 3],
      ['2025-12', 0, 5],
    ]);
    const id = billId(orgs.paid, '2026-01');
    const detail = await callers.paid.call<BillDetail>('GET', `/api/billing/payment/summary/external-receipt?id=${id}`, undefined, orgs.paid);
    expect(detail.data).toMatchObject({ id, month: '2026-01', amount: 0.86, opening_balance: 1, credits: 2, closing_balance: 2.14, status: 3 });
    expect(detail.data.charge_lines[2]).toEqual({ instance_id: expect.any(String), instance_name: 'paid-db', kind: 'egress', plan_level: 1, ha: 0, quantity: 4, amount: 0.36 });
    expect(detail.data.credit_lines).toEqual([{ type: 2, count: 1, amount: 2 }]);

    const foreign = await callers.owing.call('GET', `/api/billing/payment/summary/external-receipt?id=${id}`, undefined, orgs.owing);
    expect(foreign.code).toBe(404);
    const foreignPdf = await t.app.inject({ method: 'GET', url: `/api/billing/payment/summary/external-receipt?id=${id}&format=pdf`, headers: { authorization: `Bearer ${callers.owing.token}`, 'account-id': orgs.owing } });
    expect(foreignPdf.headers['content-type']).toMatch(/json/);
    expect(foreignPdf.json().code).toBe(404);
  });

  it('gives the bill as a PDF holding its figures and total', async () => {
    const id = billId(orgs.paid, '2026-01');
    const answer = await t.app.inject({ method: 'GET', url: `/api/billing/payment/summary/external-receipt?id=${id}&format=pdf`, headers: { authorization: `Bearer ${callers.paid.token}`, 'account-id': orgs.paid } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="bill-2026-01.pdf"');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('Bill 2026-01');
    expect(text).toContain('Organization: Bills_paid');
    expect(text).toContain('Opening balance: 1.00 USD');
    expect(text).toContain('Closing balance: 2.14 USD');
    expect(text).toContain('Total: 0.86 USD');
  });
});
