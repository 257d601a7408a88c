import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerType, type BalanceChange, type Page } from '@tscloud/contracts';
import { FakeClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import { webhookSecret } from '../../src/platform/billing/payments/webhook-secret';
import { WEBHOOK_PATH } from '../../src/platform/billing/payments/webhook-route';
import { SIGNATURE_HEADER, signatureHeader } from '../../src/platform/billing/payments/webhook-signature';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { MIN } from './fixtures';
import { act, addCard, balanceOf, paymentOf, recharge } from './payments-harness';

/** The webhook trusts nothing but its signature: unsigned, forged, stale or malformed deliveries change nothing; a repeat credits once. */
describe('payments: the signed webhook', () => {
  let t: TestApp;
  let clock: FakeClock;
  let boss: Caller;
  let orgId: string;
  let secret: string;

  const deliver = (body: string, signature?: string) =>
    t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) }, payload: body });
  const recharges = async () => (await boss.call<Page<BalanceChange>>('GET', `/api/billing/balance/changelog?type=${LedgerType.RECHARGE}`, undefined, orgId)).data.total;
  /** A payment waiting for its webhook (the customer has not paid yet) and an event for it. */
  const waitingPayment = async (value: string) => {
    const session = await recharge(boss, orgId, value);
    const sessionId = new URL(session.pay_url).pathname.split('/').pop()!;
    const event = (id: string) => JSON.stringify({ id, type: 'payment.succeeded', sessionId, reference: session.payment.id, failureCode: null });
    return { session, event };
  };

  beforeAll(async () => {
    clock = new FakeClock(Date.UTC(2026, 2, 10, 12));
    t = await createTestApp({ clock });
    await t.app.billing.metering.stop();
    boss = await signedIn(t, 'hook.owner@example.com');
    orgId = await createOrg(boss, 'Hookorg');
    await addCard(t, boss, orgId, '4242424242424242');
    secret = await webhookSecret({ store: t.store, config: loadConfig({ DATA_DIR: t.dataDir }) });
  }, 120_000);
  afterAll(() => t.close());

  it('refuses unsigned, badly signed, stale and malformed deliveries without effect', async () => {
    const { session, event } = await waitingPayment('4');
    const body = event('evt_refusals00000001');
    const answers = [
      await deliver(body),
      await deliver(body, 't=1,v1=zz'),
      await deliver(body, signatureHeader('another deployment secret', clock.now(), body)),
      await deliver(body.replace('evt_refusals', 'evt_tampered'), signatureHeader(secret, clock.now(), body)),
      await deliver(body, signatureHeader(secret, clock.now() - 6 * MIN, body)),
      await deliver(body, signatureHeader(secret, clock.now() + 6 * MIN, body)),
      await deliver('{"id":1}', signatureHeader(secret, clock.now(), '{"id":1}')),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(answers.map((a) => a.json().message)).toEqual([
      'webhook refused: unsigned',
      'webhook refused: unsigned',
      'webhook refused: bad-signature',
      'webhook refused: bad-signature',
      'webhook refused: outside-window',
      'webhook refused: outside-window',
      'webhook refused: malformed',
    ]);
    expect((await paymentOf(boss, orgId, session.payment.id)).status).toBe('waiting');
    expect(await balanceOf(boss, orgId)).toBe(0);

    // The same body, well signed, is taken.
    expect((await deliver(body, signatureHeader(secret, clock.now(), body))).statusCode).toBe(200);
    expect((await paymentOf(boss, orgId, session.payment.id)).status).toBe('paid');
    expect(await balanceOf(boss, orgId)).toBe(4);
  });

  it('credits once however often the success is delivered, in turn or at once, and refuses a captured delivery replayed late', async () => {
    const { session } = await waitingPayment('1');
    const before = await balanceOf(boss, orgId);
    const entries = await recharges();
    await act(t, session, 'pay');
    const delivered = t.app.billing.payments.deliveries.at(-1)!;
    expect(JSON.parse(delivered.body)).toMatchObject({ type: 'payment.succeeded', reference: session.payment.id });
    // The processor's retry of the same delivery: acknowledged, nothing more.
    expect((await deliver(delivered.body, delivered.signature)).statusCode).toBe(200);
    expect(await balanceOf(boss, orgId)).toBe(before + 1);
    expect(await recharges()).toBe(entries + 1);

    // A captured delivery replayed after the window is refused.
    clock.advance(6 * MIN);
    expect((await deliver(delivered.body, delivered.signature)).statusCode).toBe(400);

    // Several distinct success events for one payment, racing: one credit.
    const second = await waitingPayment('2');
    const bodies = Array.from({ length: 4 }, (_, i) => second.event(`evt_race0000000000${i}`));
    const answers = await Promise.all(bodies.map((b) => deliver(b, signatureHeader(secret, clock.now(), b))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await balanceOf(boss, orgId)).toBe(before + 3);
    expect(await recharges()).toBe(entries + 2);
    const receipts = t.mailbox.messages.filter((m) => m.subject.startsWith('Payment receipt') && m.text.includes(second.session.payment.id));
    expect(receipts).toHaveLength(1);
  });
});
