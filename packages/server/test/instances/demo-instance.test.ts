import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_INSTANCE_ALIAS, seedDemo } from '../../src/platform/demo';
import { loadConfig } from '../../src/config';
import { createSession, findUserByEmail } from '../../src/platform/accounts';
import { request, type Caller } from '../orgs/helpers';
import { InstancesWorld, gateway, listInstances, waitForStatus } from './harness';

/** `npm start`'s demo instance: created once in the Demo organization, running, its token renewed at every seed. */
describe('demo instance', () => {
  const world = new InstancesWorld();
  beforeAll(async () => {
    await world.open();
  }, 60_000);
  afterAll(async () => world.close(), 60_000);

  it('runs in the Demo organization and answers through the gateway with the token of the latest seed only', async () => {
    // The world's servers read the secrets key under its DATA_DIR: the seed seals with the same one.
    const seedDeps = { ...world.testApp(), config: loadConfig({ DATA_DIR: world.dataDir }) };
    const first = await seedDemo(seedDeps);
    const user = (await findUserByEmail(world.store.db, DEMO_EMAIL))!;
    const { token } = await createSession(world.store.db, world.testApp().clock, user.id);
    const demo: Caller = { user, token, call: (method, url, body, orgId) => request(world.testApp(), { method, url, token, orgId, body }) };
    await waitForStatus(demo, first.orgId, first.instance.id, 'Running');

    const second = await seedDemo(seedDeps);
    expect(second.instance.id).toBe(first.instance.id);
    expect(second.instance.token).not.toBe(first.instance.token);
    const listed = await listInstances(demo, first.orgId);
    expect(listed.map((i) => [i.id, i.alias, i.plan])).toEqual([[first.instance.id, DEMO_INSTANCE_ALIAS, 0]]);

    const sql = (tok: string) => gateway(world.app, { id: first.instance.id, path: 'rest/sql', token: tok, body: 'SELECT 1' });
    expect((await sql(second.instance.token)).json).toMatchObject({ code: 0, data: [[1]] });
    expect((await sql(first.instance.token)).status).toBe(401);
  }, 120_000);
});
