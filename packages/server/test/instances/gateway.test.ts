import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InstanceToken, IpAllowEntry } from '@tscloud/contracts';
// The official, unmodified TDengine REST connector, used as a user's own program would use it.
import { connect, options } from '@tdengine/rest';
import { instances } from '../../src/store/schema';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, gateway, worldCaller } from './harness';
import { runningPaidInstance } from './running-instance';
import { enginePasswordOf } from '../../src/region/instances/engine-password';

/** The gateway against one real engine of a standard-plan instance: tokens, the IP allow-list, byte counts. */
describe('instance gateway', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;
  let token: string;
  let proxied: FastifyInstance | null = null;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'gateway.owner@example.com', 'Gate');
    ({ orgId, id, token } = await runningPaidInstance(world.store, owner, 'Gatewayorg', 'Standard one'));
  }, 120_000);
  afterAll(async () => {
    await proxied?.close();
    await world.close();
  }, 60_000);

  const sql = (statement: string, auth: { token?: string; bearer?: string } = { token }, remoteAddress?: string) =>
    gateway(world.app, { id, path: 'rest/sql', body: statement, remoteAddress, ...auth });

  it('speaks the engine protocol with the token in the query or as a Bearer header', async () => {
    const byQuery = await sql('SHOW DATABASES');
    expect(byQuery.status).toBe(200);
    expect(byQuery.json?.code).toBe(0);
    const byBearer = await sql('SELECT 1', { bearer: token });
    expect(byBearer.json).toMatchObject({ code: 0, data: [[1]] });
    expect((await gateway(world.app, { id, path: '-/ping', token })).status).toBe(200);
    // /rest/sql/{db} and schemaless writes pass through too.
    expect((await sql('CREATE DATABASE gw')).json?.code).toBe(0);
    expect((await gateway(world.app, { id, path: 'rest/sql/gw', token, body: 'CREATE TABLE m (ts TIMESTAMP, usage DOUBLE)' })).json?.code).toBe(0);
    expect((await gateway(world.app, { id, path: 'rest/sql/gw', token, body: 'INSERT INTO m VALUES (1767225600000, 0.5)' })).json?.code).toBe(0);
    const read = await gateway(world.app, { id, path: 'rest/sql/gw', token, body: 'SELECT usage FROM m' });
    expect(read.json).toMatchObject({ code: 0, data: [[0.5]] });
    // A schemaless write gets exactly the engine's own answer (path and query passed on, token removed).
    const [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    const body = 'cpu,host=a usage=0.5 1767225600000';
    const direct = await fetch(`${row.engineUrl}/influxdb/v1/write?db=gw&precision=ms`, {
      method: 'POST',
      body,
      headers: { authorization: `Basic ${Buffer.from(`${row.engineUser}:${enginePasswordOf(row)}`).toString('base64')}` },
    });
    const line = await gateway(world.app, { id, path: 'influxdb/v1/write?db=gw&precision=ms', token, body });
    expect({ status: line.status, text: line.text }).toEqual({ status: direct.status, text: await direct.text() });
  });

  it('serves the official TDengine REST client over HTTP with the gateway URL and the token', async () => {
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    // As TDengine cloud's examples do: the URL of the REST endpoint and the token as a query option.
    const cursor = connect({ ...options, url: `${address}/gw/${id}/rest/sql`, query: { token } }).cursor();
    const result = await cursor.query('SELECT usage FROM gw.m');
    expect(result.getErrCode()).toBe(0);
    expect(result.getData()).toEqual([[0.5]]);
    // A client given its default Basic credentials as well is still served by the token alone.
    const withBasic = connect({ ...options, url: `${address}/gw/${id}/rest/sql?token=${token}`, user: 'root', passwd: 'taosdata' }).cursor();
    expect((await withBasic.query('SELECT COUNT(*) FROM gw.m')).getData()).toEqual([[1]]);
    // No Content-Type at all (a bare client) is accepted too.
    const bare = await fetch(`${address}/gw/${id}/rest/sql?token=${token}`, { method: 'POST', body: new Uint8Array(Buffer.from('SELECT 2')) });
    expect(await bare.json()).toMatchObject({ code: 0, data: [[2]] });
  });

  it('refuses a missing or wrong token like taosAdapter', async () => {
    const none = await sql('SELECT 1', {});
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ code: 0x1105, desc: 'no auth info input' });
    const wrong = await sql('SELECT 1', { token: `${token}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.json?.code).toBe(0x0357);
    // An instance's token does not open another instance.
    expect((await gateway(world.app, { id: 'no-such-instance', path: 'rest/sql', token, body: 'SELECT 1' })).status).toBe(404);
  });

  it('stops accepting the old token as soon as it is reset', async () => {
    const res = await owner.call<InstanceToken>('PUT', `/api/region/${REGION}/apptoken/reset/${id}`, undefined, orgId);
    expect(res.code).toBe(200);
    expect(res.data.token).not.toBe(token);
    expect((await sql('SELECT 1')).status).toBe(401);
    token = res.data.token;
    expect((await sql('SELECT 1')).json?.code).toBe(0);
  });

  it('enforces the IP allow-list: IPv4 and IPv6 addresses and ranges in any text form, empty allows all', async () => {
    const add = (ip: string) => owner.call<IpAllowEntry>('POST', `/api/region/${REGION}/appipwhitelist`, { app_id: id, ip }, orgId);
    expect((await sql('SELECT 1', { token }, '192.168.7.7')).status).toBe(200);
    expect((await add('10.0.0.0/8')).code).toBe(200);
    const v6 = await add('2001:0db8:0000:0000:0000:0000:0000:0001');
    expect(v6.code).toBe(200);
    // Compressed IPv6 with a prefix is accepted (stored in lower case); malformed forms are refused.
    expect((await add('2001:DB8:AA::/120')).data.ip).toBe('2001:db8:aa::/120');
    for (const bad of ['2001:db8:::1', '2001:db8::1::2', '2001:db8::/129', '1:2:3:4:5:6:7:8:9', 'fe80::1%eth0']) {
      expect((await add(bad)).message).toBe('Please enter a valid IP address');
    }
    expect((await add('10.0.0.300')).code).toBe(400);
    expect((await add('10.0.0.0/8')).code).toBe(409);
    // One address in another spelling is the same entry: stored once, in RFC 5952 form (issue 14).
    expect(v6.data.ip).toBe('2001:db8::1');
    for (const same of ['2001:DB8::1', '2001:db8:0:0:0:0:0:1', '2001:db8:0000::0001']) expect((await add(same)).code).toBe(409);
    expect((await add('::FFFF:0A01:0203')).data.ip).toBe('::ffff:10.1.2.3');
    expect((await add('::ffff:10.1.2.3')).code).toBe(409);

    expect((await sql('SELECT 1', { token }, '10.1.2.3')).status).toBe(200);
    expect((await sql('SELECT 1', { token }, '::ffff:10.1.2.3')).status).toBe(200);
    expect((await sql('SELECT 1', { token }, '2001:db8::1')).status).toBe(200);
    const outside = await sql('SELECT 1', { token }, '192.168.7.7');
    expect(outside.status).toBe(403);
    expect(String(outside.json?.desc)).toContain('192.168.7.7');
    expect((await sql('SELECT 1', { token }, '2001:db8::2')).status).toBe(403);
    expect((await sql('SELECT 1', { token }, '2001:db8:aa::ff')).status).toBe(200);
    expect((await sql('SELECT 1', { token }, '2001:db8:aa::1:0')).status).toBe(403);
    // Without TRUST_PROXY a forwarded-for header does not change the client address.
    const spoofed = await gateway(world.app, { id, path: 'rest/sql', token, body: 'SELECT 1', remoteAddress: '192.168.7.7', headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(spoofed.status).toBe(403);

    const list = await owner.call<IpAllowEntry[]>('GET', `/api/region/${REGION}/appipwhitelist?app_id=${id}`, undefined, orgId);
    expect(list.data.map((e) => e.ip)).toEqual(['10.0.0.0/8', '2001:db8::1', '2001:db8:aa::/120', '::ffff:10.1.2.3']);
  });

  it('honours X-Forwarded-For behind a proxy (TRUST_PROXY), on a second server process of the same store', async () => {
    proxied = await world.build({ TRUST_PROXY: '1' });
    const via = (forwarded: string) =>
      gateway(proxied!, { id, path: 'rest/sql', token, body: 'SELECT 1', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } });
    expect((await via('10.9.9.9')).json?.code).toBe(0);
    expect((await via('192.168.7.7')).status).toBe(403);
    // One hop: the entry the proxy appended (right-most) is the client; what the client wrote before it is not.
    expect((await via('10.9.9.9, 127.0.0.1')).status).toBe(403);
    expect((await via('10.9.9.9, 192.168.7.7')).status).toBe(403);
    expect((await via('192.168.7.7, 10.9.9.9')).json?.code).toBe(0);
    // The instance stays with the server holding its lease: the second one reaches that engine, runs none itself.
    await proxied.region.lifecycle.settle();
    expect(proxied.region.provisioner.isActive(id)).toBe(false);
    expect(world.app.region.provisioner.isActive(id)).toBe(true);
  });

  it('allows all again once the list is empty', async () => {
    const list = await owner.call<IpAllowEntry[]>('GET', `/api/region/${REGION}/appipwhitelist?app_id=${id}`, undefined, orgId);
    for (const entry of list.data) expect((await owner.call('DELETE', `/api/region/${REGION}/appipwhitelist/${entry.id}`, undefined, orgId)).code).toBe(200);
    expect((await sql('SELECT 1', { token }, '192.168.7.7')).status).toBe(200);
  });

  it('counts ingress and egress bytes per instance', async () => {
    await world.app.region.traffic.flush();
    const [before] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    const statement = "SELECT 'x' AS padding";
    const res = await sql(statement);
    await world.app.region.traffic.flush();
    const [after] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    expect(after.ingressBytes - before.ingressBytes).toBe(Buffer.byteLength(statement));
    expect(after.egressBytes - before.egressBytes).toBe(Buffer.byteLength(res.text));
    expect(before.ingressBytes).toBeGreaterThan(0);
  });
});
