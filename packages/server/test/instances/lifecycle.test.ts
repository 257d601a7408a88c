import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instances } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, gateway, listInstances, statusOf, waitForStatus, worldCaller } from './harness';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function sql(world: InstancesWorld, id: string, token: string, statement: string) {
  return gateway(world.app, { id, path: 'rest/sql', token, body: statement });
}

/**
 * One instance through its whole life against real engine processes: create → Running, data through the
 * gateway, suspend (process gone, gateway refuses), start (data there), a crash (Failed, then restarted), a
 * server restart (Running again), an engine ending just before the server's shutdown (not Failed), delete (directory gone). One engine at a time.
 */
describe('instance lifecycle with real engines', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;
  let token: string;
  const provisioner = () => world.app.region.localProvisioner;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'lifecycle.owner@example.com', 'Life');
    orgId = await createOrg(owner, 'Lifecycleorg');
  });
  afterAll(async () => world.close(), 60_000);

  it('creates an instance that goes from Starting to Running once its engine answers', async () => {
    const created = await createInstance(owner, orgId, 'My first instance');
    id = created.instance.id;
    token = created.token;
    expect(created.instance.cluster_status).toBe('Starting');
    expect(created.instance.gateway_url).toBe(`http://console.test/gw/${id}`);
    expect(created.instance.app_price_plan_name).toBe('FREE');
    expect(JSON.stringify(created.instance)).not.toContain(token);

    await waitForStatus(owner, orgId, id, 'Running');
    const pid = provisioner().pidOf(id)!;
    expect(isAlive(pid)).toBe(true);
    // The free plan's limits are the engine's (0.5 core → one DuckDB thread, 2 GB, 3 databases).
    const limits = JSON.parse(readFileSync(join(world.dataDir, 'instances', id, 'limits.json'), 'utf8'));
    expect(limits).toMatchObject({ threads: 1, memoryLimit: '2GB', maxDatabases: 3 });
    const [listed] = await listInstances(owner, orgId);
    expect(listed).toMatchObject({ id, alias: 'My first instance', cluster_status: 'Running', region_id: REGION, cloud_name: 'Local' });
    // The stored token is a hash; the engine password is not the token.
    const [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    expect(row.tokenHash).not.toContain(token);
  }, 120_000);

  it('enforces the plan limits in the engine', async () => {
    for (const db of ['d1', 'd2', 'd3']) expect((await sql(world, id, token, `CREATE DATABASE ${db}`)).json?.code).toBe(0);
    const fourth = await sql(world, id, token, 'CREATE DATABASE d4');
    expect(fourth.json?.code).not.toBe(0);
    expect(String(fourth.json?.desc)).toMatch(/max databases 3/i);
    await sql(world, id, token, 'DROP DATABASE d2');
    await sql(world, id, token, 'DROP DATABASE d3');
  }, 60_000);

  it('suspends: the engine process is gone and the gateway refuses', async () => {
    expect((await sql(world, id, token, 'CREATE TABLE d1.t (ts TIMESTAMP, v INT)')).json?.code).toBe(0);
    expect((await sql(world, id, token, "INSERT INTO d1.t VALUES ('2026-01-01 00:00:00', 41) ('2026-01-01 00:00:01', 42)")).json?.code).toBe(0);
    const pid = provisioner().pidOf(id)!;

    const res = await owner.call<{ cluster_status: string }>('PUT', `/api/region/${REGION}/cluster/suspend/${id}`, undefined, orgId);
    expect(res.code).toBe(200);
    expect(res.data.cluster_status).toBe('Suspending');
    await waitForStatus(owner, orgId, id, 'Suspended');
    expect(isAlive(pid)).toBe(false);
    const refused = await sql(world, id, token, 'SELECT * FROM d1.t');
    expect(refused.status).toBe(503);
    // Deleting needs a suspended instance; starting twice is refused.
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${id}`, undefined, orgId)).code).toBe(409);
  }, 60_000);

  it('starts again with the data written before', async () => {
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/start/${id}`, undefined, orgId)).code).toBe(200);
    expect((await statusOf(owner, orgId, id)).cluster_status).toBe('Starting');
    await waitForStatus(owner, orgId, id, 'Running');
    const rows = await sql(world, id, token, 'SELECT v FROM d1.t ORDER BY ts');
    expect(rows.json?.data).toEqual([[41], [42]]);
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/start/${id}`, undefined, orgId)).code).toBe(409);
    expect((await owner.call('DELETE', `/api/region/${REGION}/app/remove/${id}`, undefined, orgId)).code).toBe(409);
  }, 120_000);

  it('shows Failed with the reason when the engine process is killed, and restarts it by itself', async () => {
    const pid = provisioner().pidOf(id)!;
    process.kill(pid, 'SIGKILL');
    const failed = await waitForStatus(owner, orgId, id, 'Failed', 20_000);
    expect(failed.status_reason).toMatch(/SIGKILL/);
    expect((await sql(world, id, token, 'SELECT 1')).status).toBe(503);
    // Nobody starts it: the node restarts it after the backoff's first wait (1 s).
    await waitForStatus(owner, orgId, id, 'Running');
    expect(provisioner().pidOf(id)).not.toBe(pid);
    expect((await sql(world, id, token, 'SELECT v FROM d1.t ORDER BY ts')).json?.data).toEqual([[41], [42]]);
  }, 120_000);

  it('brings Running instances back when the server restarts on the same store', async () => {
    const before = provisioner().pidOf(id)!;
    await world.app.close();
    expect(isAlive(before)).toBe(false);

    await world.open();
    await waitForStatus(owner, orgId, id, 'Running');
    const rows = await sql(world, id, token, 'SELECT v FROM d1.t ORDER BY ts');
    expect(rows.json?.data).toEqual([[41], [42]]);
  }, 120_000);

  it('an engine that exits cleanly just before the server shuts down (one SIGTERM to the process group) is not Failed', async () => {
    const pid = provisioner().pidOf(id)!;
    // The group's SIGTERM reaches the engine first: it checkpoints and exits 0, seen by the server as unasked.
    process.kill(pid, 'SIGTERM');
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    await world.app.close();
    const [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    expect(row).toMatchObject({ desiredState: 'running', status: 'Starting', statusReason: null, nodeId: null });

    await world.open();
    await waitForStatus(owner, orgId, id, 'Running');
    expect((await sql(world, id, token, 'SELECT v FROM d1.t ORDER BY ts')).json?.data).toEqual([[41], [42]]);
  }, 120_000);

  it('deletes a suspended instance: the directory is gone and the instance leaves the list', async () => {
    const dir = join(world.dataDir, 'instances', id);
    expect(existsSync(dir)).toBe(true);
    await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${id}`, undefined, orgId);
    await waitForStatus(owner, orgId, id, 'Suspended');
    const res = await owner.call('DELETE', `/api/region/${REGION}/app/remove/${id}`, undefined, orgId);
    expect(res.code).toBe(200);
    const deadline = Date.now() + 20_000;
    while (existsSync(dir) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(dir)).toBe(false);
    await world.app.region.lifecycle.settle();
    const [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));
    expect(row.status).toBe('Deleted');
    expect(await listInstances(owner, orgId)).toEqual([]);
    // A deleted instance is not found any more, and the gateway refuses it.
    expect((await owner.call('GET', `/api/region/${REGION}/monitor/cluster/status/${id}`, undefined, orgId)).code).toBe(404);
    expect((await sql(world, id, token, 'SELECT 1')).status).toBe(404);
    // With no instance left, the organization can be deleted.
    expect((await owner.call('DELETE', `/api/org/remove/${orgId}`, undefined, orgId)).code).toBe(200);
  }, 60_000);
});
