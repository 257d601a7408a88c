import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_INSTANCE_ALIAS, demoTokenText, seedDemo } from '../../src/platform/demo';
import { loadConfig } from '../../src/config';
import { createSession, findUserByEmail } from '../../src/platform/accounts';
import { request, type Caller } from '../orgs/helpers';
import { InstancesWorld, gateway, listInstances, waitForStatus } from './harness';

/**
 * `npm start`'s demo instance: created once in the Demo organization, running; its token outlives restarts (issue 13
 * item 11): a later seed keeps it, and says so instead of printing a token it cannot know (only the hash is stored).
 */
describe('demo instance', () => {
  const world = new InstancesWorld();
  beforeAll(async () => {
    await world.open();
  }, 60_000);
  afterAll(async () => world.close(), 60_000);

  it('runs in the Demo organization, and the token of the first start still answers through the gateway after a restart', async () => {
    // The world's servers read the secrets key under its DATA_DIR: the seed seals with the same one.
    const seedDeps = () => ({ ...world.testApp(), config: loadConfig({ DATA_DIR: world.dataDir }) });
    const first = await seedDemo(seedDeps());
    const user = (await findUserByEmail(world.store.db, DEMO_EMAIL))!;
    const { token } = await createSession(world.store.db, world.testApp().clock, user.id);
    const demo: Caller = { user, token, call: (method, url, body, orgId) => request(world.testApp(), { method, url, token, orgId, body }) };
    await waitForStatus(demo, first.orgId, first.instance.id, 'Running');
    const firstToken = first.instance.token!;
    expect(firstToken).toMatch(/^tsc_/);
    expect(demoTokenText(first.instance)).toBe(`token ${firstToken}`);

    // A second start on the same store: a new server, the seed again.
    await world.app.close();
    await world.open();
    const second = await seedDemo(seedDeps());
    expect(second.instance.id).toBe(first.instance.id);
    expect(second.instance.token).toBeNull();
    expect(demoTokenText(second.instance)).toMatch(/^token unchanged/);
    const listed = await listInstances(demo, first.orgId);
    expect(listed.map((i) => [i.id, i.alias, i.plan])).toEqual([[first.instance.id, DEMO_INSTANCE_ALIAS, 0]]);
    await waitForStatus(demo, first.orgId, first.instance.id, 'Running');

    const sql = (tok: string) => gateway(world.app, { id: first.instance.id, path: 'rest/sql', token: tok, body: 'SELECT 1' });
    expect((await sql(firstToken)).json).toMatchObject({ code: 0, data: [[1]] });
    expect((await sql('tsc_not-the-token')).status).toBe(401);
  }, 180_000);
});
