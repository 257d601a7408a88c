import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, LedgerType, type LedgerTypeValue } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, waitForStatus, worldCaller } from '../instances/harness';
import { instanceSql, runningPaidInstance, type RunningInstance } from '../instances/running-instance';
import { postEntry } from '../../src/platform/billing/ledger/ledger';
import { billingArrears } from '../../src/store/schema';

/**
 * Issue 17 "Arrears end to end on a real instance": the balance runs out, the due date passes unpaid, the running
 * engine is stopped (Suspended) and cannot be started; a payment brings it back to Running with its data.
 */
describe('arrears on a real instance', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let instance: RunningInstance;

  beforeAll(async () => {
    world.app = await world.build();
    // the jobs run when the test says (their timers would too, a minute apart)
    await world.app.billing.arrears.stop();
    owner = await worldCaller(world, 'arrears.real@example.com', 'Owner');
    instance = await runningPaidInstance(world.store, owner, 'Arrearsorg', 'Busy');
    expect((await instanceSql(owner, instance.orgId, instance.id, 'CREATE DATABASE kept')).data).toMatchObject({ code: 0 });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('stops the instance when the debt is not paid by its due date, and starts it again once paid', async () => {
    const { orgId, id } = instance;
    const post = (type: LedgerTypeValue, changeMicros: number, reference: string) => postEntry(world.store.db, Date.now(), { orgId, type, changeMicros, reference });
    // a card is on file (runningPaidInstance), but not as a payment method: nothing can be charged
    await post(LedgerType.USAGE_CHARGE, -3_000_000, 'cdr-real-1');
    await world.app.billing.arrears.runOnce();
    expect((await world.store.db.select().from(billingArrears).where(eq(billingArrears.orgId, orgId)))[0]?.dueAt).toBeGreaterThan(Date.now());
    // the due date comes (seven days are not waited for here)
    await world.store.db.update(billingArrears).set({ dueAt: Date.now() - 1 }).where(eq(billingArrears.orgId, orgId));
    await world.app.billing.arrears.runOnce();
    await waitForStatus(owner, orgId, id, 'Suspended');
    const start = await owner.call('PUT', `/api/region/${REGION}/cluster/start/${id}`, undefined, orgId);
    expect(start).toMatchObject({ code: 434, message: en['error.instanceSuspendedFunds'] });

    await post(LedgerType.RECHARGE, 5_000_000, 'recharge-real-1');
    await world.app.billing.arrears.runOnce();
    await waitForStatus(owner, orgId, id, 'Running');
    const databases = await instanceSql(owner, orgId, id, 'SHOW DATABASES');
    expect(JSON.stringify(databases.data)).toContain('kept');
    expect(await world.store.db.select().from(billingArrears).where(eq(billingArrears.orgId, orgId))).toEqual([]);
  }, 240_000);
});
