import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, LedgerType } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, newSession, signedIn, type Caller } from '../orgs/helpers';
import { FakeClock } from '../../src/clock';
import { balanceMicros, postEntry } from '../../src/platform/billing/ledger/ledger';
import { ARREARS_CLEAR_MS, ARREARS_DUE_MS } from '../../src/platform/billing/arrears/arrears-job';
import { instances } from '../../src/store/schema';
import { instanceRow, HOUR } from './fixtures';
import { addCard } from './payments-harness';

const DAY = 24 * HOUR;

/**
 * Issue 17, arrears actions (§4: "A suspended instance is shown when funds run out; arrears stops instances and data
 * is cleared after more than one month of arrears"): the notice with its due date, the stop at the due date, a start
 * refused until paid, the start again once paid; the warning and the clearing after a month.
 */
describe('arrears actions', () => {
  let t: TestApp;
  let clock: FakeClock;
  let owner: Caller;

  beforeAll(async () => {
    clock = new FakeClock(Date.UTC(2026, 10, 2, 10));
    t = await createTestApp({ clock });
    owner = await signedIn(t, 'olga@arrears.test', 'Olga');
  });
  afterAll(async () => t.close());

  /** A running instance another server holds (its lease far ahead), so this server's lifecycle leaves it alone. */
  async function runningInstance(orgId: string, alias: string): Promise<string> {
    const id = await instanceRow(t.store, orgId, alias);
    await t.store.db.update(instances).set({ desiredState: 'running', status: 'Running', nodeId: 'another-node', leaseUntil: clock.now() + 365 * DAY }).where(eq(instances.id, id));
    return id;
  }
  const stateOf = async (id: string) => (await t.store.db.select({ desired: instances.desiredState, status: instances.status }).from(instances).where(eq(instances.id, id)))[0];
  const charge = (orgId: string, micros: number, reference: string) => postEntry(t.store.db, clock.now(), { orgId, type: LedgerType.USAGE_CHARGE, changeMicros: -micros, reference });
  const pay = (orgId: string, micros: number, reference: string) => postEntry(t.store.db, clock.now(), { orgId, type: LedgerType.RECHARGE, changeMicros: micros, reference });
  const run = () => t.app.billing.arrears.runOnce();
  const mailsTo = (address: string, subject: RegExp) => t.mailbox.messages.filter((m) => m.to.includes(address) && subject.test(m.subject));

  it('gives notice with a due date, stops the instances at it, refuses a start until paid, then starts them again', async () => {
    const orgId = await createOrg(owner, 'Unpaid-Power');
    const instance = await runningInstance(orgId, 'main');
    const other = await createOrg(owner, 'Paid-Power');
    const untouched = await runningInstance(other, 'fine');
    await pay(other, 5_000_000, 'r-other');

    await charge(orgId, 2_500_000, 'cdr-1');
    await run();
    const due = await t.mailbox.waitFor('olga@arrears.test', /Payment due for Unpaid-Power/);
    expect(due.text).toContain('-2.50');
    expect(due.text).toContain(new Date(clock.now() + ARREARS_DUE_MS).toISOString().slice(0, 10));
    expect(await stateOf(instance)).toEqual({ desired: 'running', status: 'Running' });
    await run();
    expect(mailsTo('olga@arrears.test', /Payment due/)).toHaveLength(1);

    clock.advance(ARREARS_DUE_MS);
    await run();
    await t.mailbox.waitFor('olga@arrears.test', /stopped for insufficient funds/);
    expect(await stateOf(instance)).toEqual({ desired: 'suspended', status: 'Suspending' });
    expect(await stateOf(untouched)).toEqual({ desired: 'running', status: 'Running' });
    // whatever the lifecycle made of it, a start waits for the payment
    await t.store.db.update(instances).set({ status: 'Suspended' }).where(eq(instances.id, instance));
    // the fake clock outran the session
    owner = await newSession(t, owner.user);
    const refused = await owner.call('PUT', `/api/region/local/cluster/start/${instance}`, undefined, orgId);
    expect(refused).toMatchObject({ code: 434, message: en['error.instanceSuspendedFunds'] });
    // the organization is read-only meanwhile, but for paying and support; its summary says so
    const orgs = await owner.call<{ list: Array<{ orgId: string; stoppedForArrears?: boolean }> }>('GET', '/api/org');
    expect(orgs.data.list.find((o) => o.orgId === orgId)?.stoppedForArrears).toBe(true);
    expect(orgs.data.list.find((o) => o.orgId === other)?.stoppedForArrears).toBe(false);
    expect(await owner.call('POST', '/api/group', { name: 'Late-Payers' }, orgId)).toMatchObject({ message: en['error.orgInArrears'] });
    expect((await owner.call('POST', '/api/issues', { title: 'Why stopped?', description: 'We paid', type: 4 }, orgId)).code).toBe(200);
    expect((await owner.call('POST', '/api/billing/coupon/redeem?code=NOTACOUPON0000000000000000000000', undefined, orgId)).message).toBe(en['billing.couponRedeemFailed']);

    await pay(orgId, 3_000_000, 'r-1');
    await run();
    expect(await stateOf(instance)).toEqual({ desired: 'running', status: 'Starting' });
    await t.mailbox.waitFor('olga@arrears.test', /Instances of Unpaid-Power started again/);
    expect((await owner.call('POST', '/api/group', { name: 'Paid-Up' }, orgId)).code).toBe(200);
    // the arrears ended: a later negative balance gives notice again
    clock.advance(DAY);
    await charge(orgId, 1_000_000, 'cdr-2');
    await run();
    expect(mailsTo('olga@arrears.test', /Payment due for Unpaid-Power/)).toHaveLength(2);
  });

  it('charges the card on file at the due date: paid, nothing stops; declined, the instances stop', async () => {
    owner = await newSession(t, owner.user);
    const paying = await createOrg(owner, 'Card-Pays');
    const kept = await runningInstance(paying, 'kept');
    await addCard(t, owner, paying, '4242424242424242');
    const declining = await createOrg(owner, 'Card-Declines');
    const stopped = await runningInstance(declining, 'stopped');
    await addCard(t, owner, declining, '4000000000000002');
    await charge(paying, 1_250_000, 'cdr-paying');
    await charge(declining, 1_250_000, 'cdr-declining');
    await run();
    clock.advance(ARREARS_DUE_MS);
    await run();
    // the paying card settled at once (the sandbox's webhook): the next pass ends the arrears
    await run();
    expect(await balanceMicros(t.store.db, paying)).toBe(0);
    expect(await stateOf(kept)).toEqual({ desired: 'running', status: 'Running' });
    expect(mailsTo('olga@arrears.test', /Card-Pays/).map((m) => m.subject)).toEqual(['Payment due for Card-Pays']);
    // the declined card: the instances stop
    expect(await stateOf(stopped)).toEqual({ desired: 'suspended', status: 'Suspending' });
    await t.mailbox.waitFor('olga@arrears.test', /Card-Declines stopped for insufficient funds/);
  });

  it('warns a week before clearing, and after a month deletes the instances with their data', async () => {
    owner = await newSession(t, owner.user);
    const orgId = await createOrg(owner, 'Gone-Power');
    const instance = await runningInstance(orgId, 'old');
    await charge(orgId, 1_000_000, 'cdr-gone');
    await run();
    clock.advance(ARREARS_DUE_MS);
    await run();
    expect((await stateOf(instance)).desired).toBe('suspended');
    await t.store.db.update(instances).set({ status: 'Suspended' }).where(eq(instances.id, instance));

    clock.advance(ARREARS_CLEAR_MS - ARREARS_DUE_MS - 7 * DAY);
    await run();
    const warning = await t.mailbox.waitFor('olga@arrears.test', /Data of Gone-Power will be cleared/);
    expect(warning.text).toContain('deleted on');
    expect((await stateOf(instance)).desired).toBe('suspended');

    clock.advance(7 * DAY);
    await run();
    await t.mailbox.waitFor('olga@arrears.test', /Data of Gone-Power cleared/);
    expect((await stateOf(instance)).desired).toBe('deleted');
    // paying afterwards ends the arrears but brings nothing back
    await pay(orgId, 2_000_000, 'r-late');
    await run();
    expect((await stateOf(instance)).desired).toBe('deleted');
    expect(mailsTo('olga@arrears.test', /Gone-Power started again/)).toHaveLength(0);
  });
});
