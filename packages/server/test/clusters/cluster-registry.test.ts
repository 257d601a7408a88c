import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { systemClock } from '../../src/clock';
import type { AppDeps } from '../../src/deps';
import { LocalProvisioner } from '../../src/region';
import { CLUSTER_COMMANDS } from '../../src/region/clusters';
import { checkCluster } from '../../src/region/clusters/cluster-check';
import { featuresOf, versionParts } from '../../src/region/clusters/cluster-features';
import { clusterTarget } from '../../src/region/clusters/cluster-repo';
import { basicAuthorization } from '../../src/region/engine-client/rest-call';
import { createActiveUser } from '../../src/platform/accounts';
import { createOrganization } from '../../src/platform/orgs/org-service';
import { seedInstance } from '../../src/region';
import type { Store } from '../../src/store/database';
import { instances, tdengineClusters } from '../../src/store/schema';
import { freePort } from '../support/free-port';
import { createTestStore } from '../support/store';

/**
 * The registry of TDengine clusters (issue 23 step 1; docs/clusters.md): `ops cluster add|list|check|drain|activate|
 * remove` against our engine standing in for a cluster (the same REST protocol, `show dnodes`, `show mnodes`).
 */
describe('ops cluster', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tscloud-cluster-'));
  const provisioner = new LocalProvisioner({ instancesDir: join(dir, 'engines') });
  const password = 'Cluster-pass-1';
  let url: string;
  let store: Store;
  let deps: AppDeps;
  const run = async (command: string, args: string[]) => {
    const printed: string[] = [];
    await CLUSTER_COMMANDS[command].run(deps, args, (line) => printed.push(line));
    return printed.join('\n');
  };

  beforeAll(async () => {
    ({ url } = await provisioner.start({ instanceId: 'stand-in-cluster', planLevel: 1, ha: false, adminUser: 'root', adminPassword: password }));
    store = await createTestStore();
    deps = { config: loadConfig({ DATA_DIR: dir }), store, clock: systemClock } as AppDeps;
    writeFileSync(join(dir, 'password'), `${password}\n`);
  }, 120_000);
  afterAll(async () => {
    await provisioner.shutdown();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('checks a cluster: its version, dnodes and mnodes; unreachable with the reason when it does not answer or refuses', async () => {
    const healthy = await checkCluster({ url, authorization: basicAuthorization('root', password) });
    expect(healthy.health).toBe('healthy');
    expect(healthy.detail).toBeNull();
    expect(versionParts(healthy.serverVersion!)?.[0]).toBe(3);
    expect(healthy.dnodes.length).toBeGreaterThan(0);
    expect(healthy.dnodes.every((d) => d.status === 'ready')).toBe(true);
    expect(healthy.mnodes.length).toBeGreaterThan(0);

    const refused = await checkCluster({ url, authorization: basicAuthorization('root', 'wrong-password') });
    expect(refused).toMatchObject({ health: 'unreachable', serverVersion: null });
    expect(refused.detail).toMatch(/TDengine error \d+/);
    const closedUrl = `http://127.0.0.1:${await freePort()}`;
    const closed = await checkCluster({ url: closedUrl, authorization: basicAuthorization('root', password) });
    expect(closed.health).toBe('unreachable');
    expect(closed.detail).toMatch(/^select server_version\(\): no answer from http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED/);
  }, 60_000);

  it('adds a cluster after checking it, with the password sealed at rest; refuses bad input, a wrong password, a second name', async () => {
    await expect(run('cluster add', ['Bad Name', 'local', url, 'root', '--password-file', join(dir, 'password')])).rejects.toThrow(/the name is 1–40 lower-case/);
    await expect(run('cluster add', ['east', 'local', 'ftp://x', 'root', '--password-file', join(dir, 'password')])).rejects.toThrow(/http\(s\) URL/);
    await expect(run('cluster add', ['east', 'local', url, 'root'])).rejects.toThrow(/password is required/);
    writeFileSync(join(dir, 'wrong'), 'nope');
    await expect(run('cluster add', ['east', 'local', url, 'root', '--password-file', join(dir, 'wrong')])).rejects.toThrow(/cannot add the cluster: select server_version\(\): TDengine error/);
    expect(await store.db.select().from(tdengineClusters)).toEqual([]);

    const added = await run('cluster add', ['east', 'local', `${url}/`, 'root', '--password-file', join(dir, 'password'), '--max-instances', '3']);
    expect(added).toMatch(/added cluster east/);
    expect(added).toMatch(/healthy; version 3\./);
    const [row] = await store.db.select().from(tdengineClusters);
    expect(row).toMatchObject({ name: 'east', regionId: 'local', restUrl: url, adminUser: 'root', maxInstances: 3, state: 'active', health: 'healthy' });
    expect(row.adminPassword).not.toContain(password);
    // The sealed password opens for its own row only, and reaches the cluster.
    expect((await checkCluster(clusterTarget(row))).health).toBe('healthy');
    await expect(run('cluster add', ['east', 'local', url, 'root', '--password-file', join(dir, 'password')])).rejects.toThrow(/exists already/);
  }, 60_000);

  it('lists and checks, drains and activates, and removes only a cluster without instances', async () => {
    expect(await run('cluster list', [])).toMatch(/^east {2}region local {2}http:\/\/127\.0\.0\.1:\d+ {2}active {2}0\/3 instances/);
    const checked = await run('cluster check', ['east']);
    expect(checked).toMatch(/dnode 1 .* ready/);
    expect(checked).toMatch(/mnode 1 /);
    await expect(run('cluster check', ['west'])).rejects.toThrow(/no cluster west/);
    expect(await run('cluster drain', ['east'])).toBe('east: draining');
    expect(await run('cluster list', [])).toMatch(/ draining /);
    expect(await run('cluster activate', ['east'])).toBe('east: active');

    // An instance living on it keeps it; once deleted, it lets go.
    const [cluster] = await store.db.select().from(tdengineClusters);
    const owner = await createActiveUser(store.db, systemClock, { email: 'cluster.owner@example.com', firstName: 'Cluster' });
    const org = (await createOrganization(store.db, systemClock, { owner, name: 'Cluster users' }))!;
    const { id } = await seedInstance({ store, clock: systemClock, config: deps.config }, { orgId: org.id, alias: 'on-cluster', createdBy: owner.id });
    await store.db.update(instances).set({ clusterId: cluster.id }).where(eq(instances.id, id));
    expect(await run('cluster list', [])).toMatch(/1\/3 instances/);
    await expect(run('cluster remove', ['east'])).rejects.toThrow(/east holds 1 instances/);
    await store.db.update(instances).set({ status: 'Deleted' }).where(eq(instances.id, id));
    expect(await run('cluster remove', ['east'])).toBe('removed east');
    expect(await store.db.select().from(tdengineClusters)).toEqual([]);
    expect((await store.db.select().from(instances).where(eq(instances.id, id)))[0].clusterId).toBeNull();
  }, 60_000);
});

describe('cluster features by version', () => {
  it('knows the stream model, DECIMAL and virtual tables by version, and refuses what is not 3.x', () => {
    expect(featuresOf('3.3.7.5')).toEqual({ supported: true, streamModel: 'triggers', decimal: true, virtualTables: true });
    expect(featuresOf('3.3.7.0')).toMatchObject({ streamModel: 'triggers' });
    expect(featuresOf('3.3.6.13')).toEqual({ supported: true, streamModel: 'classic', decimal: true, virtualTables: true });
    expect(featuresOf('3.2.3.0')).toEqual({ supported: true, streamModel: 'classic', decimal: false, virtualTables: false });
    expect(featuresOf('3.4')).toMatchObject({ streamModel: 'triggers', decimal: true });
    expect(featuresOf('2.6.0.99').supported).toBe(false);
    expect(featuresOf('ver-3').supported).toBe(false);
    expect(versionParts('3.3.7.5-community')).toEqual([3, 3, 7, 5]);
  });
});
