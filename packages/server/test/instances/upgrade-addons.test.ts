import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION, type Instance, type InstanceUpgradeResult, type MonitorClusterInfo } from '@tscloud/contracts';
import { createOrg, type Caller } from '../orgs/helpers';
import { setBillingAccount } from '../../src/region/billing-account/account';
import { InstancesWorld, REGION, createInstance, listInstances, waitForStatus, worldCaller } from './harness';

/**
 * Storage and connector add-ons (§5 plan upgrade, §6 additional storage): the add-metrics call (storage as a
 * difference), the upgrade call with add-ons (full values when HA changes), and the rules the server enforces.
 */
describe('instance add-ons', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'addons.owner@example.com', 'Add');
    orgId = await createOrg(owner, 'Addonorg');
    id = (await createInstance(owner, orgId, 'Growing')).instance.id;
    await waitForStatus(owner, orgId, id, 'Running');
  }, 120_000);
  afterAll(() => world.close(), 60_000);

  const metrics = (body: Record<string, unknown>) =>
    owner.call<InstanceUpgradeResult>('POST', `/api/region/${REGION}/app/metrics`, { app_id: id, ...body }, orgId);
  const upgrade = (body: Record<string, unknown>) =>
    owner.call<InstanceUpgradeResult>('POST', `/api/region/${REGION}/app/upgrade`, { app_id: id, ...body }, orgId);
  const storage = (value: number) => ({ metric_type: 'STORAGE', value });
  const connector = (value: string) => ({ metric_type: 'ADDITIONAL_CONNECTOR', value });
  const instance = async (): Promise<Instance> => (await listInstances(owner, orgId)).find((i) => i.id === id)!;

  it('on the free plan: no additional storage, only the CSV connector', async () => {
    expect((await metrics({ additional_metrics: [storage(50)] })).message).toBe('Additional storage needs the standard or enterprise plan');
    expect((await metrics({ additional_metrics: [connector('Kafka')] })).message).toBe('The plan does not offer the connector Kafka');
    expect((await metrics({ additional_metrics: [] })).code).toBe(400);
    const csv = await metrics({ additional_metrics: [connector('CSV')] });
    expect(csv.data.addons).toEqual({ storageGb: 0, connectors: ['CSV'] });
    expect((await instance()).additional_connector.map((c) => c.name)).toEqual(['CSV']);
  }, 30_000);

  it('an upgrade carries add-ons: storage as the difference, checked against the target plan', async () => {
    await setBillingAccount(world.store.db, Date.now(), orgId, { creditCents: 10_000 });
    expect((await upgrade({ price_plan_id: '1', additional_metrics: [storage(30)] })).message).toBe(
      'Additional storage must be a multiple of 50 GB between 0 and 2000 GB',
    );
    const done = await upgrade({ price_plan_id: '1', additional_metrics: [storage(50), connector('MQTT')] });
    expect(done.data).toEqual({ id, price_plan_level: 1, ha: 0, addons: { storageGb: 50, connectors: ['CSV', 'MQTT'] } });
    const shown = await instance();
    expect(shown.additional_storage.storage).toBe(50);
    // Standard's 100 GB plus the 50 added.
    expect(shown.quota_info.storage).toBe(150);
  }, 30_000);

  it('adds metrics as differences, never below the current values, within the maximum', async () => {
    expect((await metrics({ additional_metrics: [storage(100)] })).data.addons.storageGb).toBe(150);
    expect((await metrics({ additional_metrics: [storage(-50)] })).message).toBe('Storage and connectors can only be added, not removed');
    expect((await metrics({ additional_metrics: [storage(2000)] })).code).toBe(400);
    expect((await metrics({ additional_metrics: [{ metric_type: 'CPU', value: 1 }] })).code).toBe(400);
  }, 30_000);

  it('with an HA change the full values are sent: removing a connector is refused, the full storage kept', async () => {
    expect((await upgrade({ price_plan_id: '1', high_availability: 1, additional_metrics: [storage(150), connector('MQTT')] })).message).toBe(
      'Storage and connectors can only be added, not removed',
    );
    const ha = await upgrade({ price_plan_id: '1', high_availability: 1, additional_metrics: [storage(200), connector('CSV'), connector('MQTT')] });
    expect(ha.data).toEqual({ id, price_plan_level: 1, ha: 1, addons: { storageGb: 200, connectors: ['CSV', 'MQTT'] } });
  }, 30_000);

  it('shows one version: the running engine reports the instance image_version', async () => {
    const info = await owner.call<MonitorClusterInfo>('GET', `/api/region/${REGION}/monitor/user-cluster?app_id=${id}`, undefined, orgId);
    expect(info.data.version).toBe(ENGINE_VERSION);
    expect((await instance()).image_version).toBe(ENGINE_VERSION);
  }, 30_000);
});
