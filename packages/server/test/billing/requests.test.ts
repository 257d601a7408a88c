import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BuiltinRole, LedgerType, type InvoiceAmount, type InvoiceRequestRecord, type Page, type RefundAmount, type RefundRequestRecord } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { createMailer } from '../../src/mail';
import { findCommand } from '../../src/ops/commands';
import { balanceMicros, postEntry } from '../../src/platform/billing/ledger/ledger';
import { billingLedger } from '../../src/store/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { addMember } from '../instances/harness';

const T0 = Date.UTC(2026, 2, 10, 9);
const M = 1_000_000;

/**
 * Issue 17, invoices and refunds (platform-shell.md §3, §5, §7, §9; docs/billing.md "Invoices and refunds"): the
 * amounts after recharges, coupons and charges; each rule refused with its message; another organization's id not
 * found; the operators' issue, approve and reject; the refund's ledger entry; the mails.
 */
describe('invoice and refund requests', () => {
  let t: TestApp;
  let owner: Caller;
  let orgId: string;
  let rival: Caller;
  let rivalOrg: string;
  let developer: Caller;
  const clock = new FakeClock(T0);

  const post = (type: (typeof LedgerType)[keyof typeof LedgerType], micros: number, reference: string) => postEntry(t.store.db, T0, { orgId, type, changeMicros: micros, reference });
  const invoiceAmount = async () => (await owner.call<InvoiceAmount>('GET', `/api/billing/account/invoice-amount/${orgId}`, undefined, orgId)).data;
  const refundAmount = async () => (await owner.call<RefundAmount>('GET', `/api/billing/account/refund-amount/${orgId}`, undefined, orgId)).data;
  const askInvoice = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    owner.call<InvoiceRequestRecord>('POST', '/api/billing/account/invoice', { company_id: 'TAX-91310000', address: '1 Harbour Rd', phone: '+86 21 5555 0100', bank: 'Bank of Test', bank_account: '6222 0000 1111', ...body }, orgId, headers);
  const askRefund = (body: Record<string, unknown>, caller = owner) =>
    caller.call<RefundRequestRecord>('POST', '/api/billing/account/refund', { reason: 'Project ended', description: 'We moved the workload off the service.', account_name: 'Ada Owner', ...body }, orgId);
  /** An operator command run as `npm run ops` runs it, with the test's store, clock and mailbox. */
  const ops = async (...argv: string[]) => {
    const found = findCommand(argv);
    if (!found) throw new Error(`no command ${argv.join(' ')}`);
    const config = loadConfig({ DATA_DIR: t.dataDir, SMTP_URL: `smtp://127.0.0.1:${t.mailbox.port}`, PUBLIC_URL: 'http://console.test' });
    const lines: string[] = [];
    await found.command.run({ config, store: t.store, clock: t.clock, mailer: createMailer(config) }, found.args, (l) => lines.push(l));
    return lines;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await t.app.billing.metering.stop();
    owner = await signedIn(t, 'ada@requests.test', 'Ada');
    orgId = await createOrg(owner, 'Invoicing-Co');
    rival = await signedIn(t, 'rita@requests.test', 'Rita');
    rivalOrg = await createOrg(rival, 'Rival-Co');
    developer = await signedIn(t, 'dev@requests.test', 'Dev');
    await addMember(t.store, orgId, developer, BuiltinRole.DEVELOPER);
  }, 120_000);
  afterAll(() => t.close());

  it('counts recharges, not coupons, and the unused paid-in part of the balance', async () => {
    await post(LedgerType.RECHARGE, 100 * M, 'pay-1');
    await post(LedgerType.COUPON, 30 * M, 'COUPON-1');
    await post(LedgerType.USAGE_CHARGE, -20 * M, 'cdr-1');
    // Charges use the coupon's credit first: all 100 paid in is still there.
    expect(await invoiceAmount()).toEqual({ total: 100, invoiced: 0, pending: 0, invoicable: 100 });
    expect(await refundAmount()).toEqual({ balance: 110, pending: 0, refundable: 100 });
    await post(LedgerType.USAGE_CHARGE, -50.5 * M, 'cdr-2');
    expect(await refundAmount()).toEqual({ balance: 59.5, pending: 0, refundable: 59.5 });
    expect((await invoiceAmount()).invoicable).toBe(100);
  });

  it("answers another organization's amounts as not found, and needs the billing privileges", async () => {
    for (const path of ['invoice-amount', 'refund-amount']) {
      expect((await owner.call('GET', `/api/billing/account/${path}/${rivalOrg}`, undefined, orgId)).code).toBe(404);
      expect((await rival.call('GET', `/api/billing/account/${path}/${orgId}`, undefined, rivalOrg)).code).toBe(404);
    }
    expect((await developer.call('GET', `/api/billing/account/refund-amount/${orgId}`, undefined, orgId)).code).toBe(403);
    expect((await askRefund({ amount: 1 }, developer)).code).toBe(403);
  });

  it('refuses each rule with its message', async () => {
    expect(await askInvoice({ apply_amount: 0 })).toMatchObject({ code: 400, message: 'The amount must be greater than 0', data: { field: 'apply_amount' } });
    expect(await askInvoice({ apply_amount: -5 })).toMatchObject({ code: 400, message: 'The amount must be greater than 0' });
    expect(await askInvoice({ apply_amount: 1.234 })).toMatchObject({ code: 400, message: 'The amount has at most two decimals' });
    expect(await askInvoice({ apply_amount: 100.01 })).toMatchObject({ code: 400, message: 'The apply amount cannot be more than the invoicable amount', data: { field: 'apply_amount' } });
    expect(await askInvoice({ apply_amount: 100.01 }, { 'accept-language': 'zh-CN' })).toMatchObject({ code: 400, message: '申请金额不能超过可开票金额' });
    expect(await askInvoice({ apply_amount: 5, bank: '  ' })).toMatchObject({ code: 400, message: 'This field is required', data: { field: 'bank' } });
    expect(await askRefund({ amount: 0 })).toMatchObject({ code: 400, message: 'The amount must be greater than 0', data: { field: 'amount' } });
    expect(await askRefund({ amount: 5, description: 'Too short, 19 char' })).toMatchObject({ code: 400, message: 'The description must be at least 20 characters', data: { field: 'description' } });
    expect(await askRefund({ amount: 59.51 })).toMatchObject({ code: 400, message: 'The refund amount cannot be more than the refundable amount', data: { field: 'amount' } });
    expect(await askRefund({ amount: 5, account_name: '' })).toMatchObject({ code: 400, message: 'This field is required', data: { field: 'account_name' } });
    expect((await owner.call<Page<InvoiceRequestRecord>>('GET', '/api/billing/account/invoice/list', undefined, orgId)).data.total).toBe(0);
  });

  it('takes an invoice request, mails that it is processed within 2 working days, and issues it under a number', async () => {
    const asked = await askInvoice({ apply_amount: '40' });
    expect(asked.code, asked.message).toBe(200);
    expect(asked.data).toMatchObject({ status: 'pending', apply_amount: 40, invoice_no: null, company_id: 'TAX-91310000' });
    expect(await invoiceAmount()).toEqual({ total: 100, invoiced: 0, pending: 40, invoicable: 60 });
    expect(await askInvoice({ apply_amount: 60.01 })).toMatchObject({ code: 400, message: 'The apply amount cannot be more than the invoicable amount' });
    const received = await t.mailbox.waitFor('ada@requests.test', /invoice request of 40\.00 USD received/);
    expect(received.text).toContain('within 2 working days');

    expect((await ops('billing', 'requests')).join('\n')).toContain(`invoice ${asked.data.id}`);
    expect(await ops('invoice', 'issue', asked.data.id, 'INV-2026-0001')).toEqual([`invoice ${asked.data.id}: issued, number INV-2026-0001`]);
    const issued = await t.mailbox.waitFor('ada@requests.test', /invoice issued/);
    expect(issued.text).toContain('INV-2026-0001');
    await expect(ops('invoice', 'issue', asked.data.id, 'INV-2026-0002')).rejects.toThrow(/already issued/);
    expect(await invoiceAmount()).toEqual({ total: 100, invoiced: 40, pending: 0, invoicable: 60 });

    clock.advance(60_000);
    const second = await askInvoice({ apply_amount: 10 });
    await expect(ops('invoice', 'issue', second.data.id, 'INV-2026-0001')).rejects.toThrow(/already given/);
    await ops('invoice', 'reject', second.data.id, 'The', 'company', 'id', 'does', 'not', 'match');
    const rejected = await t.mailbox.waitFor('ada@requests.test', /invoice request rejected/);
    expect(rejected.text).toContain('The company id does not match');
    expect(await invoiceAmount()).toEqual({ total: 100, invoiced: 40, pending: 0, invoicable: 60 });
    const list = (await owner.call<Page<InvoiceRequestRecord>>('GET', '/api/billing/account/invoice/list', undefined, orgId)).data;
    expect(list.list.map((r) => [r.status, r.invoice_no, r.reject_reason])).toEqual([
      ['rejected', null, 'The company id does not match'],
      ['issued', 'INV-2026-0001', null],
    ]);
  });

  it('approves a refund with a ledger entry of type 4 that lowers the balance, and rejects another', async () => {
    const asked = await askRefund({ amount: 25 });
    expect(asked.code, asked.message).toBe(200);
    expect(await refundAmount()).toEqual({ balance: 59.5, pending: 25, refundable: 34.5 });
    expect(await askRefund({ amount: 34.51 })).toMatchObject({ code: 400, message: 'The refund amount cannot be more than the refundable amount' });
    await t.mailbox.waitFor('ada@requests.test', /refund request of 25\.00 USD received/);

    const [line] = await ops('refund', 'approve', asked.data.id);
    expect(line).toMatch(new RegExp(`^refund ${asked.data.id}: refunded 25\\.00, transaction TX\\d{12}$`));
    const [entry] = await t.store.db.select().from(billingLedger).where(and(eq(billingLedger.orgId, orgId), eq(billingLedger.type, LedgerType.REFUND)));
    expect(entry).toMatchObject({ oldMicros: 59.5 * M, changeMicros: -25 * M, newMicros: 34.5 * M, reference: asked.data.id });
    expect(await balanceMicros(t.store.db, orgId)).toBe(34.5 * M);
    const approved = await t.mailbox.waitFor('ada@requests.test', /refund approved/);
    expect(approved.text).toContain(entry.transactionNo);
    await expect(ops('refund', 'approve', asked.data.id)).rejects.toThrow(/already refunded/);
    // Refunded money is neither refundable again nor invoicable.
    expect(await refundAmount()).toEqual({ balance: 34.5, pending: 0, refundable: 34.5 });
    expect(await invoiceAmount()).toEqual({ total: 75, invoiced: 40, pending: 0, invoicable: 35 });

    clock.advance(60_000);
    const other = await askRefund({ amount: 30 });
    // Usage charged since the request used the money: the approval is refused, the request stays pending.
    await post(LedgerType.USAGE_CHARGE, -10 * M, 'cdr-3');
    await expect(ops('refund', 'approve', other.data.id)).rejects.toThrow(/only 24\.50 is refundable now/);
    await ops('refund', 'reject', other.data.id, 'Balance', 'used', 'since');
    await t.mailbox.waitFor('ada@requests.test', /refund request rejected/);
    const list = (await owner.call<Page<RefundRequestRecord>>('GET', '/api/billing/account/refund/list', undefined, orgId)).data;
    expect(list.list.map((r) => [r.status, r.amount, r.transaction_no, r.reject_reason])).toEqual([
      ['rejected', 30, null, 'Balance used since'],
      ['refunded', 25, entry.transactionNo, null],
    ]);
    expect(await refundAmount()).toEqual({ balance: 24.5, pending: 0, refundable: 24.5 });
    expect((await ops('billing', 'requests'))).toEqual(['(no pending requests)']);
  });
});
