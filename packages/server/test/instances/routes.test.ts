import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cloud, CreatedInstance, IdmpStatusInfo, Instance, IpAllowEntry, PricePlan } from '@tscloud/contracts';
import { createOrg, request, type Caller } from '../orgs/helpers';
import { setBillingAccount } from '../../src/region/billing-account/account';
import { CLOUD, InstancesWorld, REGION, addMember, createInstance, listInstances, waitForStatus, worldCaller } from './harness';

/**
 * The instance calls' rules and guards: dictionaries, create validation, plan limits, alias uniqueness, the
 * IDMP status call, and every instance route refusing members without the privilege. Instances here are
 * suspended right after creation, so their engines never run for long.
 */
describe('instance calls', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let viewer: Caller;
  let outsider: Caller;
  let scoped: Caller;
  let orgId: string;
  let free: CreatedInstance;
  let standard: CreatedInstance;
  let idmp: CreatedInstance;
  let entry: IpAllowEntry;

  const create = (body: Record<string, unknown>, path = 'app', region = REGION) =>
    owner.call<CreatedInstance>('POST', `/api/region/${region}/${path}`, { alias: 'Inst', cloud_id: CLOUD, price_plan_level: 0, ha: 0, ...body }, orgId);
  const suspend = async (id: string) => {
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${id}`, undefined, orgId)).code).toBe(200);
    await waitForStatus(owner, orgId, id, 'Suspended');
  };

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'routes.owner@example.com', 'Owner');
    viewer = await worldCaller(world, 'routes.viewer@example.com', 'Viewer');
    outsider = await worldCaller(world, 'routes.outsider@example.com', 'Outsider');
    scoped = await worldCaller(world, 'routes.scoped@example.com', 'Scoped');
    orgId = await createOrg(owner, 'Routesorg');
    free = await createInstance(owner, orgId, 'Free one', 0);
    // Paid plans pass the credit check with a card on file (the refusal has its own test below).
    await setBillingAccount(world.store.db, Date.now(), orgId, { cardOnFile: 1 });
    standard = await createInstance(owner, orgId, 'Standard one', 1);
    idmp = (await create({ alias: 'Assets', price_plan_level: 1 }, 'app/tsdb-asset')).data;
    for (const i of [free, standard, idmp]) await suspend(i.instance.id);

    await addMember(world.store, orgId, viewer, 'Viewer');
    expect((await owner.call('POST', '/api/role', { name: 'Org-Reader', privileges: ['org:read'] }, orgId)).code).toBe(200);
    await addMember(world.store, orgId, outsider, 'Org-Reader');
    await addMember(world.store, orgId, scoped, 'Developer', standard.instance.id);
    const added = await owner.call<IpAllowEntry>('POST', `/api/region/${REGION}/appipwhitelist`, { app_id: standard.instance.id, ip: '10.0.0.1' }, orgId);
    expect(added.code).toBe(200);
    entry = added.data;
  }, 240_000);
  afterAll(async () => world.close(), 60_000);

  it('answers the cloud dictionary and the price plans', async () => {
    const clouds = await request<Cloud[]>(world.testApp(), { method: 'GET', url: '/api/dict/cloud' });
    expect(clouds.data).toEqual([{ id: 'local', name: 'Local', regions: [{ id: 'local', name: 'local' }] }]);
    const plans = await owner.call<PricePlan[]>('GET', '/api/billing/PricePlan/list/instance?ha=0');
    expect(plans.data.map((p) => [p.name, p.level])).toEqual([['FREE', 0], ['STANDARD', 1], ['ENTERPRISE', 2]]);
    expect(plans.data[0].limits).toMatchObject({ instancesPerOrg: 1, cores: 0.5, memoryGb: 2, databases: 3, ipAllowList: false });
    expect(plans.data[1].additionalConnector.length).toBeGreaterThan(0);
    const ha = await owner.call<PricePlan[]>('GET', '/api/billing/PricePlan/list/instance?ha=1');
    expect(ha.data.map((p) => p.name)).toEqual(['STANDARD', 'ENTERPRISE']);
    expect(ha.data[0].basicChargeHourPrice).toBe(plans.data[1].basicChargeHourPrice * 2);
  });

  it('validates a new instance: name rules, cloud and region, plan, HA, the free plan count, alias uniqueness', async () => {
    expect((await create({ alias: 'a<b' })).message).toMatch(/cannot contain/);
    expect((await create({ alias: 'COM1' })).message).toMatch(/reserved word/);
    expect((await create({ alias: '' })).code).toBe(400);
    expect((await create({ alias: 'Elsewhere' }, 'app', 'mars')).message).toBe('Unknown cloud or region');
    expect((await create({ alias: 'Elsewhere', cloud_id: 'aws' })).message).toBe('Unknown cloud or region');
    expect((await create({ alias: 'Plan', price_plan_level: 5 })).code).toBe(400);
    expect((await create({ alias: 'Ha', price_plan_level: 0, ha: 1 })).code).toBe(400);
    const second = await create({ alias: 'Second free' });
    expect(second.code).toBe(409);
    expect(second.message).toBe('The plan allows no more instances in this organization');
    const duplicate = await create({ alias: 'STANDARD ONE', price_plan_level: 2 });
    expect(duplicate.message).toBe('Instance alias is duplicated');
    expect((await listInstances(owner, orgId)).map((i) => i.alias).sort()).toEqual(['Assets', 'Free one', 'Standard one']);
  });

  it('creates a paid instance only when the credit covers its hourly charge or a card is on file, as the plan upgrade checks (issue 14 item 6)', async () => {
    const poorOrg = await createOrg(owner, 'Poororg');
    const createIn = (body: Record<string, unknown>) =>
      owner.call<CreatedInstance>('POST', `/api/region/${REGION}/app`, { cloud_id: CLOUD, ha: 0, ...body }, poorOrg);
    const refused = await createIn({ alias: 'Paid', price_plan_level: 1 });
    expect(refused.code).toBe(409);
    expect(refused.message).toBe('Your credit balance is below the hourly charge of this plan; add a credit card or credit before creating an instance on it');
    expect((await listInstances(owner, poorOrg)).map((i) => i.alias)).toEqual([]);
    // The hourly charge of STANDARD is 0.25, with HA 0.5: 0.25 of credit covers the first, not the second.
    await setBillingAccount(world.store.db, Date.now(), poorOrg, { creditCents: 25 });
    expect((await createIn({ alias: 'Paid ha', price_plan_level: 1, ha: 1 })).message).toMatch(/^Your credit balance is below/);
    const paid = await createIn({ alias: 'Paid', price_plan_level: 1 });
    expect(paid.code).toBe(200);
    await suspend(paid.data.instance.id).catch(() => undefined);
    // The free plan costs nothing: no credit needed.
    await setBillingAccount(world.store.db, Date.now(), poorOrg, { creditCents: 0 });
    expect((await createIn({ alias: 'Free', price_plan_level: 0 })).code).toBe(200);
  });

  it('lets only one of two concurrent creates have the single free instance', async () => {
    const other = await createOrg(owner, 'Raceorg');
    const body = (alias: string) => ({ alias, cloud_id: CLOUD, price_plan_level: 0 });
    const answers = await Promise.all(['Race one', 'Race two'].map((alias) => owner.call<CreatedInstance>('POST', `/api/region/${REGION}/app`, body(alias), other)));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.code === 200)!.data.instance.id;
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${won}`, undefined, other)).code).toBe(200);
    await waitForStatus(owner, other, won, 'Suspended');
  });

  it('renames with the same rules', async () => {
    const rename = (alias: string) => owner.call('POST', `/api/region/${REGION}/app/alias`, { app_id: free.instance.id, alias }, orgId);
    expect((await rename('Standard one')).code).toBe(409);
    expect((await rename('x|y')).code).toBe(400);
    expect((await rename('Renamed')).code).toBe(200);
    expect((await listInstances(owner, orgId)).find((i) => i.id === free.instance.id)?.alias).toBe('Renamed');
  });

  it('answers the IDMP status call with a phase, only for IDMP instances', async () => {
    const res = await owner.call<IdmpStatusInfo>('GET', `/api/region/${REGION}/app/idmp/status/${idmp.instance.id}`, undefined, orgId);
    expect(res.data).toEqual({ id: idmp.instance.id, phase: 'Suspended', cluster_status: 'Suspended' });
    expect(idmp.instance.app_type).toBe('TDASSET');
    expect((await owner.call('GET', `/api/region/${REGION}/app/idmp/status/${free.instance.id}`, undefined, orgId)).code).toBe(404);
  });

  it('offers the IP allow-list on standard and enterprise plans only', async () => {
    const res = await owner.call('POST', `/api/region/${REGION}/appipwhitelist`, { app_id: free.instance.id, ip: '10.0.0.1' }, orgId);
    expect(res.code).toBe(403);
    expect(res.message).toBe('This feature is only for standard and enterprise plans');
  });

  it('refuses an instance of the organization named in the path when it is not the caller’s', async () => {
    expect((await owner.call('GET', `/api/app/list/${orgId}`, undefined, orgId)).data).toHaveLength(3);
    expect((await owner.call('GET', '/api/app/list/another-org', undefined, orgId)).code).toBe(404);
    // A region other than the instance's does not find it.
    expect((await owner.call('GET', `/api/region/mars/monitor/cluster/status/${free.instance.id}`, undefined, orgId)).code).toBe(404);
  });

  it('shows each member only the instances they may read, with their privileges in it', async () => {
    const seen = await listInstances(scoped, orgId);
    expect(seen.map((i: Instance) => i.id)).toEqual([standard.instance.id]);
    expect(seen[0].privileges).toContain('db:write');
    expect(seen[0].privileges).not.toContain('instance:control');
    expect(await listInstances(outsider, orgId)).toEqual([]);
    expect((await listInstances(viewer, orgId)).length).toBe(3);
  });

  const routes = () => {
    const a = free.instance.id;
    const s = standard.instance.id;
    return {
      writes: [
        ['POST', `/api/region/${REGION}/app`, { alias: 'New', cloud_id: CLOUD, price_plan_level: 1 }],
        ['POST', `/api/region/${REGION}/app/tsdb-asset`, { alias: 'New', cloud_id: CLOUD, price_plan_level: 1 }],
        ['PUT', `/api/region/${REGION}/cluster/start/${a}`],
        ['PUT', `/api/region/${REGION}/cluster/suspend/${a}`],
        ['DELETE', `/api/region/${REGION}/app/remove/${a}`],
        ['PUT', `/api/region/${REGION}/apptoken/reset/${a}`],
        ['POST', `/api/region/${REGION}/app/alias`, { app_id: a, alias: 'Hijacked' }],
        ['POST', `/api/region/${REGION}/appipwhitelist`, { app_id: s, ip: '10.9.9.9' }],
        ['DELETE', `/api/region/${REGION}/appipwhitelist/${entry.id}`],
      ] as Array<[string, string, object?]>,
      reads: [
        ['GET', `/api/region/${REGION}/monitor/cluster/status/${a}`],
        ['GET', `/api/region/${REGION}/app/idmp/status/${idmp.instance.id}`],
        ['GET', `/api/region/${REGION}/appipwhitelist?app_id=${s}`],
      ] as Array<[string, string, object?]>,
    };
  };

  it('refuses every change to a member without the privilege (Viewer), and every instance call to a member without instance:read', async () => {
    const { writes, reads } = routes();
    for (const [method, url, body] of writes) {
      const res = await viewer.call(method, url, body, orgId);
      expect([res.code, res.data], `viewer ${method} ${url}`).toEqual([403, null]);
    }
    for (const [method, url, body] of [...writes, ...reads]) {
      const res = await outsider.call(method, url, body, orgId);
      expect([res.code, res.data], `org reader ${method} ${url}`).toEqual([403, null]);
    }
    for (const [method, url] of reads) expect((await viewer.call(method, url, undefined, orgId)).code, `viewer ${url}`).toBe(200);
    // Nothing changed: the free instance keeps its name and state, the allow-list its entry.
    const list = await listInstances(owner, orgId);
    expect(list.find((i) => i.id === free.instance.id)).toMatchObject({ alias: 'Renamed', cluster_status: 'Suspended' });
    const entries = await owner.call<IpAllowEntry[]>('GET', `/api/region/${REGION}/appipwhitelist?app_id=${standard.instance.id}`, undefined, orgId);
    expect(entries.data.map((e) => e.ip)).toEqual(['10.0.0.1']);
  });

  it('refuses an instance-scoped member on other instances', async () => {
    const res = await scoped.call('GET', `/api/region/${REGION}/monitor/cluster/status/${free.instance.id}`, undefined, orgId);
    expect(res.code).toBe(403);
    expect((await scoped.call('GET', `/api/region/${REGION}/monitor/cluster/status/${standard.instance.id}`, undefined, orgId)).code).toBe(200);
  });

  it('keeps an organization with instances from being deleted', async () => {
    const res = await owner.call('DELETE', `/api/org/remove/${orgId}`, undefined, orgId);
    expect(res.code).toBe(409);
  });
});
