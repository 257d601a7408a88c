import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { BuiltinRole, Privilege, type BillingOverview, type InstanceUpgradeResult } from '@tscloud/contracts';
import { runCli } from '../../src/ops/cli';
import { activityLog, organizations, roles } from '../../src/store/schema';
import { setBillingAccount } from '../../src/region/billing-account/account';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, addMember, createInstance, gateway, listInstances, waitForStatus, worldCaller } from './harness';

/**
 * Plan upgrade (§5, §7 POST /region/{r}/app/upgrade) on a real engine: the rules (upward only, privileges, the credit
 * check on the organization's billing account), and the new plan's limits taking effect in the running engine.
 */
describe('plan upgrade', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;
  let token: string;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'upgrade.owner@example.com', 'Up');
    orgId = await createOrg(owner, 'Upgradeorg');
    const created = await createInstance(owner, orgId, 'Growing');
    ({ token } = created);
    id = created.instance.id;
    await waitForStatus(owner, orgId, id, 'Running');
  }, 120_000);
  afterAll(() => world.close(), 60_000);

  const upgrade = (caller: Caller, body: Record<string, unknown>) =>
    caller.call<InstanceUpgradeResult>('POST', `/api/region/${REGION}/app/upgrade`, { app_id: id, ...body }, orgId);
  const sql = (statement: string) => gateway(world.app, { id, path: 'rest/sql', token, body: statement });
  /** The operator command line on the test's store (the store stays open for the test). */
  const ops = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runCli(argv, (l) => lines.push(l), async () => ({ ...world.store, close: async () => undefined }));
    return { code, out: lines.join('\n') };
  };

  it('refuses a plan that is not higher, an unknown plan and HA on the free plan', async () => {
    expect((await upgrade(owner, { price_plan_id: '0', high_availability: 0 })).message).toBe(
      'A plan can only be upgraded: choose a higher plan or turn on high availability',
    );
    expect((await upgrade(owner, { price_plan_id: '7' })).message).toBe('Unknown price plan');
    expect((await upgrade(owner, { price_plan_id: '0', high_availability: 1 })).message).toBe('This plan does not offer high availability');
    expect((await upgrade(owner, { price_plan_id: '' })).code).toBe(400);
    expect((await owner.call('POST', `/api/region/nowhere/app/upgrade`, { app_id: id, price_plan_id: '1' }, orgId)).code).toBe(404);
    expect((await upgrade(owner, { price_plan_id: '1', cluster_id: 'tsdb-other' })).code).toBe(404);
  });

  it('needs billing:instance:upgrade, then billing:credit:query (its own message)', async () => {
    const developer = await worldCaller(world, 'upgrade.dev@example.com');
    await addMember(world.store, orgId, developer, BuiltinRole.DEVELOPER);
    expect((await upgrade(developer, { price_plan_id: '1' })).code).toBe(403);

    await world.store.db.insert(roles).values({
      id: randomUUID(),
      orgId,
      name: 'Upgrader',
      privileges: [Privilege.ORG_READ, Privilege.INSTANCE_READ, Privilege.BILLING_INSTANCE_UPGRADE],
      createdAt: Date.now(),
    });
    const upgrader = await worldCaller(world, 'upgrade.upgrader@example.com');
    await addMember(world.store, orgId, upgrader, 'Upgrader');
    const refused = await upgrade(upgrader, { price_plan_id: '1' });
    expect(refused.code).toBe(403);
    expect(refused.message).toBe('You have no billing query rights, so you cannot upgrade the plan');
    // Nor may it read the credit balance.
    expect((await upgrader.call('GET', '/api/billing/payment/summary/overview', undefined, orgId)).code).toBe(403);
  });

  it('refuses when the credit balance is below the hourly charge and no card is on file; an operator adds credit', async () => {
    const overview = await owner.call<BillingOverview>('GET', '/api/billing/payment/summary/overview', undefined, orgId);
    expect(overview.data).toEqual({ balance: 0, credit_card: false, marketplace: false });
    const poor = await upgrade(owner, { price_plan_id: '1' });
    expect(poor.code).toBe(409);
    expect(poor.message).toBe('Your credit balance is below the hourly charge of this plan; add a credit card or credit before upgrading');

    // Standard costs 0.25 an hour: 0.24 is not enough, 0.25 is.
    expect((await ops('billing', 'credit', orgId, '0.24')).out).toContain('credit 0.24, card none, marketplace no');
    expect((await upgrade(owner, { price_plan_id: '1' })).code).toBe(409);
    expect((await ops('billing', 'credit', orgId, '0.25')).code).toBe(0);
    expect((await owner.call<BillingOverview>('GET', '/api/billing/payment/summary/overview', undefined, orgId)).data.balance).toBe(0.25);
    await expect(ops('billing', 'credit', 'no-such-org', '1')).rejects.toThrow('no organization no-such-org');
    await expect(ops('billing', 'credit', orgId, '-1')).rejects.toThrow('the amount must be a number, 0 or more');
  }, 30_000);

  it('applies the new plan: the running engine allows more databases without a restart', async () => {
    // The free plan allows 3 databases.
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await sql(`CREATE DATABASE up_${i}`);
      if (res.json?.code !== 0) break;
      made.push(`up_${i}`);
    }
    expect(made.length).toBeGreaterThan(0);
    expect(made.length).toBeLessThanOrEqual(3);
    const refused = await sql(`CREATE DATABASE up_${made.length}`);
    expect(String(refused.json?.desc)).toContain('Limit exceeded');

    const res = await upgrade(owner, { price_plan_id: '1', high_availability: 0 });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ id, price_plan_level: 1, ha: 0, addons: { storageGb: 0, connectors: [] } });
    const limits = JSON.parse(readFileSync(join(world.dataDir, 'instances', id, 'limits.json'), 'utf8')) as Record<string, unknown>;
    expect(limits.maxDatabases).toBe(50);
    expect(limits.threads).toBe(2);

    // The engine re-reads its limits file (about every second): the database refused before is now created.
    const deadline = Date.now() + 20_000;
    let code: unknown;
    while (Date.now() < deadline) {
      code = (await sql(`CREATE DATABASE IF NOT EXISTS up_${made.length}`)).json?.code;
      if (code === 0) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(code).toBe(0);
    const [instance] = (await listInstances(owner, orgId)).filter((i) => i.id === id);
    expect(instance.cluster_status).toBe('Running');
    expect(instance.app_price_plan_level).toBe(1);

    const logged = await world.store.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.orgId, orgId), eq(activityLog.operation, 'upgrade')));
    expect(logged.map((l) => ({ type: l.type, instanceId: l.instanceId, result: l.result }))).toContainEqual({ type: 'instance', instanceId: id, result: expect.anything() });
  }, 60_000);

  it('a card on file passes the credit check; HA on the same plan is an upgrade; nothing goes down', async () => {
    await setBillingAccount(world.store.db, Date.now(), orgId, { creditCents: 0 });
    expect((await upgrade(owner, { price_plan_id: '2' })).code).toBe(409);
    expect((await ops('billing', 'card', orgId, 'on')).out).toContain('card on file');
    const ha = await upgrade(owner, { price_plan_id: '1', high_availability: 1 });
    expect(ha.data).toEqual({ id, price_plan_level: 1, ha: 1, addons: { storageGb: 0, connectors: [] } });
    // HA off again, or a lower plan, is not an upgrade.
    expect((await upgrade(owner, { price_plan_id: '1', high_availability: 0 })).code).toBe(400);
    expect((await upgrade(owner, { price_plan_id: '2', high_availability: 0 })).code).toBe(400);
    expect((await upgrade(owner, { price_plan_id: '2', high_availability: 1 })).data).toEqual({ id, price_plan_level: 2, ha: 1, addons: { storageGb: 0, connectors: [] } });
    const limits = JSON.parse(readFileSync(join(world.dataDir, 'instances', id, 'limits.json'), 'utf8')) as Record<string, unknown>;
    expect(limits.maxDatabases).toBeUndefined();
  });

  it('a marketplace-billed organization passes the credit check; a suspended instance can be upgraded', async () => {
    const second = await createOrg(owner, 'Marketorg');
    const created = await createInstance(owner, second, 'Market one');
    const call = (plan: string) => owner.call('POST', `/api/region/${REGION}/app/upgrade`, { app_id: created.instance.id, price_plan_id: plan }, second);
    await waitForStatus(owner, second, created.instance.id, 'Running');
    await world.store.db.update(organizations).set({ marketplaceType: 'aws' }).where(eq(organizations.id, second));
    expect((await owner.call<BillingOverview>('GET', '/api/billing/payment/summary/overview', undefined, second)).data.marketplace).toBe(true);
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${created.instance.id}`, undefined, second)).code).toBe(200);
    await waitForStatus(owner, second, created.instance.id, 'Suspended');
    expect((await call('2')).code).toBe(200);
    expect((await listInstances(owner, second))[0]).toMatchObject({ app_price_plan_level: 2, cluster_status: 'Suspended' });
  }, 120_000);
});
