import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBillingAccount } from '../../src/region/billing-account/account';
import { eq } from 'drizzle-orm';
import type { IpAllowEntry } from '@tscloud/contracts';
import { instances } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, waitForStatus, worldCaller } from './harness';

/**
 * The token-routed root entry `POST /rest/sql[/{db}]` for the stock JDBC REST driver (jdbc:TAOS-RS://host:port?token=…),
 * against a real engine. The requests are shaped as taos-jdbcdriver's RestfulStatement/HttpClientPoolUtil send them:
 * POST {http|https}://host:port/rest/sql[/{db}]?token=TOKEN (the token appended as is), Content-Type text/plain,
 * Accept application/json, Connection keep-alive, and Authorization "Basic " + the Base64 of user:password — which,
 * with a token and no user, is the literal "Basic null". A URL naming a database makes the driver send `use {db}` first.
 */
describe('gateway: the token-routed /rest/sql entry (JDBC REST driver)', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'jdbc.owner@example.com', 'Jdbc');
    orgId = await createOrg(owner, 'Jdbcorg');
    await setBillingAccount(world.store.db, Date.now(), orgId, { cardOnFile: 1 });
    const created = await createInstance(owner, orgId, 'Jdbc standard', 1);
    ({ token } = created);
    id = created.instance.id;
    const other = await createInstance(owner, orgId, 'Jdbc other', 1);
    otherToken = other.token;
    await waitForStatus(owner, orgId, id, 'Running');
    await waitForStatus(owner, orgId, other.instance.id, 'Running');
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  const driverPost = (statement: string, options: { token?: string; db?: string; remoteAddress?: string; authorization?: string } = {}) =>
    world.app
      .inject({
        method: 'POST',
        url: `/rest/sql${options.db ? `/${options.db}` : ''}${options.token === undefined ? '' : `?token=${options.token}`}`,
        headers: {
          'content-type': 'text/plain',
          accept: 'application/json',
          connection: 'keep-alive',
          authorization: options.authorization ?? 'Basic null',
        },
        payload: statement,
        remoteAddress: options.remoteAddress,
      })
      .then((res) => ({ status: res.statusCode, json: res.json() as Record<string, unknown> }));

  it('runs statements on the instance the token names, with and without a database in the path', async () => {
    expect(await driverPost('CREATE DATABASE jdbc_proof', { token })).toMatchObject({ status: 200, json: { code: 0 } });
    // The driver's connect with a database in the URL: `use db` to /rest/sql/{db}, then statements there.
    expect((await driverPost('use jdbc_proof', { token, db: 'jdbc_proof' })).json.code).toBe(0);
    expect((await driverPost('CREATE TABLE m (ts TIMESTAMP, v INT)', { token, db: 'jdbc_proof' })).json.code).toBe(0);
    expect((await driverPost('INSERT INTO m VALUES (1767225600000, 7)', { token, db: 'jdbc_proof' })).json.code).toBe(0);
    expect((await driverPost('SELECT v FROM m', { token, db: 'jdbc_proof' })).json).toMatchObject({ code: 0, data: [[7]] });
    // Another instance's token reaches that instance, not this one.
    const elsewhere = await driverPost('SHOW DATABASES', { token: otherToken });
    expect(JSON.stringify(elsewhere.json.data)).not.toContain('jdbc_proof');
    expect(JSON.stringify((await driverPost('SHOW DATABASES', { token })).json.data)).toContain('jdbc_proof');
    // A Bearer header works like the query parameter.
    expect((await driverPost('SELECT 1', { authorization: `Bearer ${token}` })).json).toMatchObject({ code: 0, data: [[1]] });
  });

  it('refuses a missing or wrong token like taosAdapter', async () => {
    expect(await driverPost('SELECT 1')).toEqual({ status: 401, json: { code: 0x1105, desc: 'no auth info input' } });
    expect(await driverPost('SELECT 1', { token: `${token}x` })).toEqual({ status: 401, json: { code: 0x0357, desc: 'Authentication failure' } });
    expect((await driverPost('SELECT 1', { token, db: 'bad%20name' })).status).toBe(400);
  });

  it('counts the bytes on the instance', async () => {
    await world.app.region.traffic.flush();
    const [before] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    const statement = 'SELECT 12345';
    expect((await driverPost(statement, { token })).json.code).toBe(0);
    await world.app.region.traffic.flush();
    const [after] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    expect(after.ingressBytes - before.ingressBytes).toBe(Buffer.byteLength(statement));
    expect(after.egressBytes).toBeGreaterThan(before.egressBytes);
  });

  it('enforces the instance IP allow-list', async () => {
    const added = await owner.call<IpAllowEntry>('POST', `/api/region/${REGION}/appipwhitelist`, { app_id: id, ip: '10.0.0.0/8' }, orgId);
    expect(added.code).toBe(200);
    expect((await driverPost('SELECT 1', { token, remoteAddress: '10.9.8.7' })).status).toBe(200);
    const outside = await driverPost('SELECT 1', { token, remoteAddress: '192.168.1.1' });
    expect(outside.status).toBe(403);
    expect(String(outside.json.desc)).toContain('192.168.1.1');
    // The other instance has no list: all addresses pass.
    expect((await driverPost('SELECT 1', { token: otherToken, remoteAddress: '192.168.1.1' })).status).toBe(200);
    await owner.call('DELETE', `/api/region/${REGION}/appipwhitelist/${added.data.id}`, undefined, orgId);
  });

  it('refuses a suspended instance', async () => {
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${id}`, undefined, orgId)).code).toBe(200);
    await waitForStatus(owner, orgId, id, 'Suspended');
    const suspended = await driverPost('SELECT 1', { token });
    expect(suspended).toEqual({ status: 503, json: { code: 11, desc: 'instance is not running (Suspended)' } });
  }, 90_000);
});
