import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltinRole, LedgerType, type BalanceChange, type Page, type PaymentEmail, type PaymentMethodInfo, type PaymentProviderInfo, type PaymentRecord } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { addMember } from '../instances/harness';
import { act, balanceOf, openPage, owner, paymentOf, recharge, tokenize } from './payments-harness';

/** Recharges end to end through the real server: recharge/init → the sandbox's hosted page → signed webhook → ledger. */
describe('payments: cards and recharges', () => {
  let t: TestApp;
  let boss: Caller;
  let developer: Caller;
  let orgId: string;

  const changelog = async (org: string) => (await boss.call<Page<BalanceChange>>('GET', '/api/billing/balance/changelog?type=1', undefined, org)).data.list;

  beforeAll(async () => {
    t = await createTestApp({ clock: new FakeClock(Date.UTC(2026, 2, 10, 12)) });
    await t.app.billing.metering.stop();
    boss = await signedIn(t, 'pay.owner@example.com');
    orgId = await createOrg(boss, 'Payorg');
    developer = await signedIn(t, 'pay.dev@example.com');
    await addMember(t.store, orgId, developer, BuiltinRole.DEVELOPER);
  }, 120_000);
  afterAll(() => t.close());

  it('names the provider\'s tokenisation endpoint, where the card dialog sends the card', async () => {
    const info = await boss.call<PaymentProviderInfo>('GET', '/api/billing/payment/provider', undefined, orgId);
    expect(info.data).toEqual({ provider: 'sandbox', tokenize_url: 'http://console.test/sandbox-pay/v1/tokens' });
    const refused = await t.app.inject({ method: 'POST', url: new URL(info.data.tokenize_url).pathname, payload: { number: '4242424242424241', exp_month: 12, exp_year: 2030, cvc: '123' } });
    expect([refused.statusCode, refused.json()]).toEqual([402, { error: 'invalid_number' }]);
  });

  it('keeps a card as the provider token with §3 display fields, refusing card data sent to our API', async () => {
    const { token } = await tokenize(t, '4242424242424242');
    expect(token).toMatch(/^tok_/);
    for (const field of ['cardNumber', 'cardCvv', 'cvc']) {
      const refused = await boss.call('POST', '/api/billing/PaymentMethod/create', { token, ...owner, [field]: '4242424242424242' }, orgId);
      expect(refused, field).toMatchObject({ code: 400, message: 'Card numbers and security codes go to the payment provider, never to this server' });
    }
    expect((await boss.call('POST', '/api/billing/PaymentMethod/create', { token: 'tok_unknown0000', ...owner }, orgId)).code).toBe(400);
    expect((await developer.call('POST', '/api/billing/PaymentMethod/create', { token, ...owner }, orgId)).code).toBe(403);

    const created = await boss.call<PaymentMethodInfo>('POST', '/api/billing/PaymentMethod/create', { token, ...owner }, orgId);
    expect(created.data).toMatchObject({ brand: 'visa', cardNumber: '**** **** **** 4242', cardExpMonth: 12, cardExpYear: 2030, cvcCode: '***', ...owner, isDefault: true });
    expect((await boss.call<PaymentMethodInfo>('GET', '/api/billing/PaymentMethod/info', undefined, orgId)).data.id).toBe(created.data.id);
    expect((await boss.call<{ credit_card: boolean }>('GET', '/api/billing/payment/summary/overview', undefined, orgId)).data.credit_card).toBe(true);

    const updated = await boss.call<PaymentMethodInfo>('POST', '/api/billing/PaymentMethod/update', { id: created.data.id, ...owner, city: 'Shelbyville' }, orgId);
    expect(updated.data).toMatchObject({ city: 'Shelbyville', cardNumber: '**** **** **** 4242' });
    expect((await developer.call('POST', '/api/billing/PaymentMethod/update', { id: created.data.id, ...owner }, orgId)).code).toBe(403);
    const page = await boss.call<Page<PaymentMethodInfo>>('GET', '/api/billing/payment/card/page', undefined, orgId);
    expect(page.data.total).toBe(1);
  });

  it('4242424242424242 pays: hosted page, webhook, one type-1 ledger entry naming the payment, a receipt e-mail', async () => {
    const before = await balanceOf(boss, orgId);
    const session = await recharge(boss, orgId, '25.50');
    expect(session.payment).toMatchObject({ status: 'waiting', amount: 25.5, currency: 'USD', kind: 'recharge' });
    expect(session.pay_url).toMatch(/^http:\/\/console\.test\/sandbox-pay\/cs_/);
    expect(await openPage(t, session)).toContain('•••• 4242');
    expect(await act(t, session, 'pay')).toContain('Payment succeeded');

    const paid = await paymentOf(boss, orgId, session.payment.id);
    expect(paid).toMatchObject({ status: 'paid', failure_message: null });
    expect(await balanceOf(boss, orgId)).toBeCloseTo(before + 25.5, 6);
    const entry = (await changelog(orgId)).find((e) => e.reference === session.payment.id);
    expect(entry).toMatchObject({ type: LedgerType.RECHARGE, change: 25.5, transaction_no: paid.transaction_no });
    const mail = await t.mailbox.waitFor('pay.owner@example.com', /Payment receipt/);
    expect(mail.text).toContain('25.50 USD');
    expect(mail.text).toContain(paid.transaction_no);
  });

  it('4000000000000002 is declined with the §8 message; retry after the card is updated pays', async () => {
    const [card] = (await boss.call<Page<PaymentMethodInfo>>('GET', '/api/billing/payment/card/page', undefined, orgId)).data.list;
    const declining = await tokenize(t, '4000000000000002');
    await boss.call('POST', '/api/billing/PaymentMethod/update', { id: card.id, token: declining.token, ...owner }, orgId);
    const before = await balanceOf(boss, orgId);
    const session = await recharge(boss, orgId, '10');
    expect(await act(t, session, 'pay')).toContain('Payment failed');
    const failed = await paymentOf(boss, orgId, session.payment.id);
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'card_declined', failure_message: 'Payment failed, please update your credit card (service stops if unpaid by the due date)' });
    expect(await balanceOf(boss, orgId)).toBe(before);

    // Retry on the same declining card fails again, with the §8 message.
    expect(await boss.call('POST', '/api/billing/payment/retry', { id: session.payment.id }, orgId)).toMatchObject({ code: 400, message: failed.failure_message });
    expect((await developer.call('POST', '/api/billing/payment/retry', { id: session.payment.id }, orgId)).code).toBe(403);

    const good = await tokenize(t, '5555555555554444');
    await boss.call('POST', '/api/billing/PaymentMethod/update', { id: card.id, token: good.token, ...owner }, orgId);
    const retried = await boss.call<PaymentRecord>('POST', '/api/billing/payment/retry', { id: session.payment.id }, orgId);
    expect(retried.data).toMatchObject({ kind: 'retry', status: 'paid', amount: 10 });
    expect(await balanceOf(boss, orgId)).toBeCloseTo(before + 10, 6);
  });

  it('4000002500003155 needs the customer to confirm on the hosted page: processing, then paid or failed', async () => {
    const [card] = (await boss.call<Page<PaymentMethodInfo>>('GET', '/api/billing/payment/card/page', undefined, orgId)).data.list;
    const confirming = await tokenize(t, '4000002500003155');
    await boss.call('POST', '/api/billing/PaymentMethod/update', { id: card.id, token: confirming.token, ...owner }, orgId);
    const before = await balanceOf(boss, orgId);

    const session = await recharge(boss, orgId, '7.25');
    expect(await act(t, session, 'pay')).toContain('Complete authentication');
    expect((await paymentOf(boss, orgId, session.payment.id)).status).toBe('processing');
    expect(await balanceOf(boss, orgId)).toBe(before);
    expect(await act(t, session, 'authenticate')).toContain('Payment succeeded');
    expect((await paymentOf(boss, orgId, session.payment.id)).status).toBe('paid');
    expect(await balanceOf(boss, orgId)).toBeCloseTo(before + 7.25, 6);

    const refused = await recharge(boss, orgId, '3');
    await act(t, refused, 'pay');
    await act(t, refused, 'fail-authentication');
    expect(await paymentOf(boss, orgId, refused.payment.id)).toMatchObject({ status: 'failed', failure_code: 'authentication_failed' });
    // Off-session (a retry) nobody can confirm: it fails as with real processors.
    expect((await boss.call('POST', '/api/billing/payment/retry', { id: refused.payment.id }, orgId)).code).toBe(400);
    expect(await balanceOf(boss, orgId)).toBeCloseTo(before + 7.25, 6);
  });

  it('without a card on file the hosted page takes one; cancelling fails the payment; another organization sees none of it', async () => {
    const other = await signedIn(t, 'pay.other@example.com');
    const otherOrg = await createOrg(other, 'Otherpayorg');
    const session = await recharge(other, otherOrg, '5');
    expect(await openPage(t, session)).toContain('Card number');
    expect(await act(t, session, 'pay', { number: '4242 4242 4242 4241', exp_month: '12', exp_year: '2030', cvc: '123' })).toContain('invalid_number');
    expect(await act(t, session, 'pay', { number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123' })).toContain('Payment succeeded');
    expect(await balanceOf(other, otherOrg)).toBe(5);
    expect((await other.call('GET', `/api/billing/payment/record/${session.payment.id}`, undefined, orgId)).code).toBe(403);
    expect((await boss.call('GET', `/api/billing/payment/record/${session.payment.id}`, undefined, orgId)).code).toBe(404);

    const cancelled = await recharge(other, otherOrg, '5');
    expect(await act(t, cancelled, 'cancel')).toContain('Payment cancelled');
    expect(await paymentOf(other, otherOrg, cancelled.payment.id)).toMatchObject({ status: 'failed', failure_code: 'cancelled' });
    const records = await other.call<Page<PaymentRecord>>('GET', '/api/billing/payment/record-page', undefined, otherOrg);
    expect(records.data.list.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
    expect(await balanceOf(other, otherOrg)).toBe(5);
  });

  it('enforces §5 recharge amounts on the server with the message', async () => {
    const message = 'The amount is a number above 0 with at most two decimals, up to 100000';
    const table: Array<[string, boolean]> = [
      ['1', true],
      ['0.5', true],
      ['12.34', true],
      ['100000', true],
      ['0', false],
      ['0.00', false],
      ['-5', false],
      ['1.234', false],
      ['1e3', false],
      ['abc', false],
      ['', false],
      ['100000.01', false],
    ];
    for (const [value, accepted] of table) {
      const answer = await boss.call('GET', `/api/billing/recharge/init?value=${encodeURIComponent(value)}`, undefined, orgId);
      if (accepted) expect(answer.code, value).toBe(200);
      else expect(answer, value).toMatchObject({ code: 400, message });
    }
    expect((await developer.call('GET', '/api/billing/recharge/init?value=5', undefined, orgId)).code).toBe(403);
  });

  it('lists, adds and removes payment e-mails; receipts go to them', async () => {
    const added = await boss.call<PaymentEmail>('POST', '/api/billing/UserBillAccount/email', { email: 'finance@example.com' }, orgId);
    expect(added.data.email).toBe('finance@example.com');
    expect((await boss.call('POST', '/api/billing/UserBillAccount/email', { email: 'finance@example.com' }, orgId)).message).toBe('This payment e-mail is already listed');
    expect((await boss.call('POST', '/api/billing/UserBillAccount/email', { email: 'not an email' }, orgId)).code).toBe(400);
    expect((await developer.call('POST', '/api/billing/UserBillAccount/email', { email: 'dev@example.com' }, orgId)).code).toBe(403);
    const listed = await boss.call<PaymentEmail[]>('GET', '/api/billing/UserBillAccount/email/list', undefined, orgId);
    expect(listed.data.map((e) => e.email)).toEqual(['finance@example.com']);

    const [card] = (await boss.call<Page<PaymentMethodInfo>>('GET', '/api/billing/payment/card/page', undefined, orgId)).data.list;
    await boss.call('POST', '/api/billing/PaymentMethod/update', { id: card.id, token: (await tokenize(t, '4242424242424242')).token, ...owner }, orgId);
    const session = await recharge(boss, orgId, '1.50');
    await act(t, session, 'pay');
    const receipt = await t.mailbox.waitFor('finance@example.com', /Payment receipt/);
    expect(receipt.text).toContain('1.50 USD');

    expect((await developer.call('DELETE', `/api/billing/UserBillAccount/email/remove/${added.data.id}`, undefined, orgId)).code).toBe(403);
    expect((await boss.call('DELETE', `/api/billing/UserBillAccount/email/remove/${added.data.id}`, undefined, orgId)).code).toBe(200);
    expect((await boss.call<PaymentEmail[]>('GET', '/api/billing/UserBillAccount/email/list', undefined, orgId)).data).toEqual([]);
  });
});
