import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn } from '../orgs/helpers';
import { act, addCard, balanceOf, owner, recharge, tokenize } from './payments-harness';

const PANS = ['4242424242424242', '4000000000000002', '4000002500003155', '5555555555554444'];
/** The CVC every card of this test is tokenised with (payments-harness.ts), and the one typed on the hosted page. */
const CVCS = ['9183', '7306'];

/** Every card number in the text, whole or grouped by spaces or dashes. */
const panPattern = new RegExp(PANS.map((pan) => pan.replace(/(\d{4})(?=\d)/g, '$1[ -]?')).join('|'));
/** A CVC as a value of its own (not inside a longer number), or a field named like one. */
const cvcPattern = new RegExp(`(^|[^0-9A-Za-z])(${CVCS.join('|')})([^0-9A-Za-z]|$)|"(cvc|cvv|cardCvv|cvcCode)"\\s*:\\s*"?\\d`);

/**
 * After cards are added and payments made (the whole server, its log captured), no table of the store and no log
 * line holds a card number or a CVC: only tokens, brands, last fours and expiries.
 */
describe('payments: no card data in the store or the logs', () => {
  let t: TestApp;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: new FakeClock(Date.UTC(2026, 2, 10, 12)), logStream: { write: (line) => void logged.push(line) } });
    await t.app.billing.metering.stop();
  }, 120_000);
  afterAll(() => t.close());

  it('scans every table and the captured logs after cards and payments', async () => {
    const boss = await signedIn(t, 'scan.owner@example.com');
    const orgId = await createOrg(boss, 'Scanorg');
    const card = await addCard(t, boss, orgId, PANS[0]);
    const declining = await tokenize(t, PANS[1]);
    await boss.call('POST', '/api/billing/PaymentMethod/update', { id: card.id, token: declining.token, ...owner }, orgId);
    await act(t, await recharge(boss, orgId, '3'), 'pay');
    await boss.call('POST', '/api/billing/PaymentMethod/update', { id: card.id, token: (await tokenize(t, PANS[2])).token, ...owner }, orgId);
    const confirming = await recharge(boss, orgId, '4');
    await act(t, confirming, 'pay');
    await act(t, confirming, 'authenticate');
    // Refused attempts to hand our API card data must not be stored or logged either.
    await boss.call('POST', '/api/billing/PaymentMethod/create', { token: declining.token, ...owner, cardNumber: PANS[0], cardCvv: CVCS[0] }, orgId);
    // A card typed on the hosted page (no card on file).
    const other = await signedIn(t, 'scan.other@example.com');
    const otherOrg = await createOrg(other, 'Scanotherorg');
    await act(t, await recharge(other, otherOrg, '5'), 'pay', { number: PANS[3], exp_month: '11', exp_year: '2031', cvc: CVCS[1] });
    expect(await balanceOf(boss, orgId)).toBe(4);
    expect(await balanceOf(other, otherOrg)).toBe(5);

    // The card data really was there to leak: the patterns find it in what the browser sent.
    expect(panPattern.test(`{"number":"${PANS[3]}"}`) && cvcPattern.test(`"cvc":"${CVCS[1]}"`)).toBe(true);

    // PostgreSQL quotes the names itself (format %I).
    const tables = await t.store.sql.query<{ table_name: string; select_all: string }>(
      "SELECT table_name, format('SELECT * FROM %I', table_name) AS select_all FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['billing_payment_methods', 'billing_payments', 'sandbox_pay_tokens']));
    for (const { table_name: table, select_all: selectAll } of tables) {
      const rows = await t.store.sql.query(selectAll);
      const text = JSON.stringify(rows);
      expect(panPattern.exec(text)?.[0], `card number in ${table}`).toBeUndefined();
      expect(cvcPattern.exec(text)?.[0], `CVC in ${table}`).toBeUndefined();
    }
    const [stored] = await t.store.sql.query<{ last4: string; token: string }>("SELECT last4, token FROM billing_payment_methods");
    expect(stored.last4).toBe('3155');

    expect(logged.length).toBeGreaterThan(10);
    const log = logged.join('\n');
    expect(panPattern.exec(log)?.[0], 'card number in the log').toBeUndefined();
    expect(cvcPattern.exec(log)?.[0], 'CVC in the log').toBeUndefined();
  });
});
