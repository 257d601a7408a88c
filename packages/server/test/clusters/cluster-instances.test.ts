import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeRawBlock, precisionOfCode, TdCode } from 'tscloud-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { loadConfig } from '../../src/config';
import type { AppDeps } from '../../src/deps';
import { LocalProvisioner } from '../../src/region';
import { CLUSTER_COMMANDS } from '../../src/region/clusters';
import { applyClusterHealth } from '../../src/region/clusters/cluster-health';
import { basicAuthorization, engineRestCall } from '../../src/region/engine-client/rest-call';
import { enginePasswordOf } from '../../src/region/instances/engine-password';
import { instances, type InstanceRow } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, gateway, listInstances, waitForStatus, worldCaller } from '../instances/harness';
import { instanceSql } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';
import { engineCredentialsOf } from '../../src/region/instance-users';
import { registerSourceModule } from '../../src/region/replication/runner/sources';
import { eventually, fakeTask, taskCalls } from '../datain/task-helpers';
import type { TopicConsumers, TopicSample } from '@tscloud/contracts';
import { TmqClient } from '../../src/region/topics/tmq-client';
import WebSocket from 'ws';

// data-in tasks read the fake source (as the data-in suites do): no broker needed to test the writes; for this file
// only (files share a worker's module graph: the MQTT suites need the real one)
let realSource: () => void;
beforeAll(() => {
  realSource = registerSourceModule('mqtt', new URL('../datain/fake-source.ts', import.meta.url).href);
});
afterAll(() => realSource());

/**
 * Instances on a TDengine cluster (issue 23 step 3; docs/clusters.md), with our engine standing in for the cluster
 * (the same REST protocol and SQL; root as the cluster's superuser): the provisioner contract run against both
 * provisioners through the console (create, SQL, suspend, start, delete), and two tenants of one cluster that can
 * never see or touch each other, through the console's SQL or the gateway.
 *
 * The development run against a real TDengine (docs/instances.md "On a real TDengine cluster") runs this same file
 * with TSCLOUD_TEST_CLUSTER_URL=http://root:taosdata@127.0.0.1:6041 (its taosAdapter, or the oracle's REST shim).
 */
const world = new InstancesWorld();
const standInDir = mkdtempSync(join(tmpdir(), 'tscloud-stand-in-'));
const standIn = new LocalProvisioner({ instancesDir: standInDir });
const realCluster = process.env.TSCLOUD_TEST_CLUSTER_URL ? new URL(process.env.TSCLOUD_TEST_CLUSTER_URL) : null;
const clusterUser = realCluster ? decodeURIComponent(realCluster.username) : 'root';
const clusterPassword = realCluster ? decodeURIComponent(realCluster.password) : 'Cluster-pass-1';
let clusterUrl: string;

/** The stand-in cluster as its superuser. */
async function asRoot(sql: string): Promise<unknown[][]> {
  const answer = await engineRestCall({ url: clusterUrl, authorization: basicAuthorization(clusterUser, clusterPassword) }, sql, { timeoutMs: 30_000 });
  if (answer.code !== 0) throw new Error(`${sql}: ${answer.code} ${answer.desc}`);
  return answer.data ?? [];
}

async function rowOf(id: string): Promise<InstanceRow> {
  const [row] = await world.store.db.select().from(instances).where(eq(instances.id, id));
  return row;
}

interface Tenant {
  owner: Caller;
  orgId: string;
  id: string;
  token: string;
}

async function newTenant(name: string): Promise<Tenant> {
  const owner = await worldCaller(world, `${name.toLowerCase()}@example.com`, name);
  const orgId = await createOrg(owner, name);
  const created = await createInstance(owner, orgId, `${name} db`, 0);
  await waitForStatus(owner, orgId, created.instance.id, 'Running');
  return { owner, orgId, id: created.instance.id, token: created.token };
}

/** A statement through the console's SQL call; its engine answer. */
async function consoleSql(tenant: Tenant, sql: string) {
  const res = await instanceSql(tenant.owner, tenant.orgId, tenant.id, sql);
  return res.data as unknown as { code: number; desc?: string; data?: unknown[][] };
}

/** A statement through the gateway with the tenant's token. */
async function gatewaySql(tenant: Tenant, sql: string, db?: string) {
  return (await gateway(world.app, { id: tenant.id, path: db ? `rest/sql/${db}` : 'rest/sql', token: tenant.token, body: sql })).json as { code: number; desc?: string; data?: unknown[][] };
}

let local: Tenant;
let tenantA: Tenant;
let tenantB: Tenant;

beforeAll(async () => {
  await world.open();
  // Made before the region has a cluster: an engine process of ours.
  local = await newTenant('Localorg');
  if (realCluster) clusterUrl = realCluster.origin;
  else ({ url: clusterUrl } = await standIn.start({ instanceId: 'stand-in-cluster', planLevel: 1, ha: false, adminUser: 'root', adminPassword: clusterPassword }));
  const deps = { config: loadConfig({ DATA_DIR: world.dataDir, PUBLIC_URL: 'http://console.test' }), store: world.store, clock: systemClock } as AppDeps;
  writeFileSync(join(standInDir, 'password'), clusterPassword);
  await CLUSTER_COMMANDS['cluster add'].run(deps, ['shared', REGION, clusterUrl, clusterUser, '--password-file', join(standInDir, 'password'), '--max-instances', '10'], () => undefined);
  tenantA = await newTenant('Tenanta');
  tenantB = await newTenant('Tenantb');
}, 240_000);

afterAll(async () => {
  // A real cluster keeps what the tenants left: drop it (the stand-in's directory goes with the test).
  if (realCluster && clusterUrl) {
    const namespaces = (await world.store.db.select({ ns: instances.clusterNamespace }).from(instances)).map((r) => r.ns).filter(Boolean);
    for (const [list, drop] of [
      ['select topic_name from information_schema.ins_topics', 'drop topic if exists'],
      ['select name from information_schema.ins_databases', 'drop database if exists'],
      ['select name from information_schema.ins_users', 'drop user'],
    ]) {
      // Plain names (a back-quoted user name counts its quotes against TDengine's 23 bytes).
      for (const [name] of await asRoot(list)) if (namespaces.some((ns) => String(name).startsWith(`${ns}_`))) await asRoot(`${drop} ${String(name)}`);
    }
  }
  await world.close();
  await standIn.shutdown();
  rmSync(standInDir, { recursive: true, force: true });
}, 60_000);

describe('placement', () => {
  it('puts new instances of a region with a cluster on it, each in a namespace of its own with its own administrator', async () => {
    expect((await rowOf(local.id)).clusterId).toBeNull();
    const [a, b] = [await rowOf(tenantA.id), await rowOf(tenantB.id)];
    for (const row of [a, b]) {
      expect(row.clusterId).not.toBeNull();
      expect(row.clusterNamespace).toMatch(/^[a-z][a-z0-9]{7}$/);
      expect(row.engineUrl).toBe(clusterUrl);
      expect(row.engineUser).toBe(`${row.clusterNamespace}_admin`);
    }
    expect(a.clusterNamespace).not.toBe(b.clusterNamespace);
    const users = (await asRoot('select name, `enable` from information_schema.ins_users')).map((r) => [r[0], Number(r[1])]);
    expect(users).toEqual(expect.arrayContaining([[a.engineUser, 1], [b.engineUser, 1]]));
  });
});

describe.each([
  ['local', () => local],
  ['cluster', () => tenantA],
] as const)('provisioner contract: %s', (_name, tenantOf) => {
  it('runs SQL through the console and the gateway', async () => {
    const tenant = tenantOf();
    expect((await consoleSql(tenant, 'create database contract')).code).toBe(0);
    expect((await consoleSql(tenant, 'create table contract.t (ts timestamp, v int)')).code).toBe(0);
    expect((await gatewaySql(tenant, "insert into t values ('2026-01-01 00:00:00', 41) ('2026-01-01 00:00:01', 42)", 'contract')).code).toBe(0);
    expect((await consoleSql(tenant, 'select v from contract.t order by ts')).data).toEqual([[41], [42]]);
    const databases = (await gatewaySql(tenant, 'show databases')).data!.map((row) => row[0]);
    expect(databases).toContain('contract');
  }, 60_000);

  it('mirrors instance users to engine users with their grants: a database reader reads and cannot write', async () => {
    const tenant = tenantOf();
    const row = await rowOf(tenant.id);
    const reader = await worldCaller(world, `reader.${tenant.id.slice(0, 8)}@example.com`, 'Reader');
    const readerMember = await addMember(world.store, tenant.orgId, reader);
    await grant(world.store, tenant.orgId, { memberId: readerMember }, 'Viewer', { resType: 'DATABASE', resId: 'contract', instanceId: tenant.id });
    const asReader = (sql: string) => instanceSql(reader, tenant.orgId, tenant.id, sql).then((res) => res.data as unknown as { code: number; data?: unknown[][] });
    expect((await asReader('select v from contract.t order by ts')).data).toEqual([[41], [42]]);
    const write = await asReader("insert into contract.t values ('2026-01-01 00:00:02', 43)");
    // TDengine's community edition keeps grants but checks none (docs/instances.md "On a real TDengine cluster").
    if (!realCluster) expect(write.code).not.toBe(0);
    // The engine users: the owner's and the reader's, named for the engine the instance lives on.
    const { user: readerUser } = engineCredentialsOf(row, readerMember);
    const users = row.clusterNamespace
      ? (await asRoot('select name from information_schema.ins_users')).map((r) => String(r[0]))
      : ((await engineRestCall({ url: row.engineUrl!, authorization: basicAuthorization(row.engineUser, enginePasswordOf(row)) }, 'select name from information_schema.ins_users', { timeoutMs: 10_000 })).data ?? []).map((r) => String(r[0]));
    expect(users).toContain(readerUser);
    expect(readerUser.startsWith(row.clusterNamespace ? `${row.clusterNamespace}_u_` : 'u_')).toBe(true);
    expect(readerUser.length).toBeLessThanOrEqual(23);
    if (realCluster) await consoleSql(tenant, "delete from contract.t where ts = '2026-01-01 00:00:02'");
  }, 60_000);

  it('suspends: the gateway refuses and the instance credentials run nothing; starts again with the data', async () => {
    const tenant = tenantOf();
    const row = await rowOf(tenant.id);
    expect((await tenant.owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${tenant.id}`, undefined, tenant.orgId)).code).toBe(200);
    await waitForStatus(tenant.owner, tenant.orgId, tenant.id, 'Suspended');
    expect((await gateway(world.app, { id: tenant.id, path: 'rest/sql', token: tenant.token, body: 'select 1' })).status).toBe(503);
    // Straight at the engine (or the cluster) with the instance's own credentials: gone, or a disabled user.
    const direct = await engineRestCall({ url: row.engineUrl!, authorization: basicAuthorization(row.engineUser, enginePasswordOf(row)) }, 'select v from contract.t', { timeoutMs: 5_000 }).catch(() => ({ code: -1 }));
    expect(direct.code, "a suspended instance's own credentials").not.toBe(0);
    expect((await tenant.owner.call('PUT', `/api/region/${REGION}/cluster/start/${tenant.id}`, undefined, tenant.orgId)).code).toBe(200);
    await waitForStatus(tenant.owner, tenant.orgId, tenant.id, 'Running');
    expect((await consoleSql(tenant, 'select v from contract.t order by ts')).data).toEqual([[41], [42]]);
  }, 120_000);
});

describe('two tenants on one cluster', () => {
  it('each has its own databases under the same name', async () => {
    for (const [tenant, rows] of [
      [tenantA, 2],
      [tenantB, 3],
    ] as const) {
      expect((await consoleSql(tenant, 'create database power')).code).toBe(0);
      expect((await consoleSql(tenant, 'create stable power.meters (ts timestamp, current float) tags (groupid int)')).code).toBe(0);
      for (let i = 0; i < rows; i++) expect((await gatewaySql(tenant, `insert into power.d${i} using power.meters tags (${i}) values ('2026-01-01 00:00:00', ${i})`)).code).toBe(0);
    }
    expect((await consoleSql(tenantA, 'select count(*) from power.meters')).data).toEqual([[2]]);
    expect((await gatewaySql(tenantB, 'select count(*) from meters', 'power')).data).toEqual([[3]]);
    expect((await gatewaySql(tenantA, 'show user databases')).data!.map((row) => row[0]).sort()).toEqual(['contract', 'power']);
  }, 60_000);

  it('never sees or touches the other tenant, by its cluster names, its system-table rows or the cluster itself', async () => {
    const nsB = (await rowOf(tenantB.id)).clusterNamespace!;
    // The name is read as A's own (`<nsA>_<nsB>_power`), which does not exist: not a privilege refusal of B's.
    for (const sql of [`select * from ${nsB}_power.meters`, `drop database ${nsB}_power`, `insert into ${nsB}_power.d0 values ('2026-01-01 00:00:01', 9)`]) {
      expect((await gatewaySql(tenantA, sql)).code, sql).toBe(TdCode.DB_NOT_EXIST);
      expect((await consoleSql(tenantA, sql)).code, sql).toBe(TdCode.DB_NOT_EXIST);
    }
    const tables = await gatewaySql(tenantA, 'select db_name, table_name from information_schema.ins_tables where stable_name = \'meters\' order by table_name');
    expect(tables.data).toEqual([
      ['power', 'd0'],
      ['power', 'd1'],
    ]);
    for (const sql of ['show dnodes', 'select * from information_schema.ins_dnodes', `drop user ${nsB}_admin`, `alter user ${nsB}_admin pass 'Taken-over-12'`, "kill query '1'"]) {
      expect((await gatewaySql(tenantA, sql)).code, sql).toBe(0x0303);
    }
    expect(JSON.stringify((await gatewaySql(tenantA, 'show databases')).data)).not.toContain(nsB);
    // Schemaless writes land in the tenant's own database.
    const line = await gateway(world.app, { id: tenantA.id, path: 'influxdb/v1/write?db=power&precision=ms', token: tenantA.token, body: 'cpu,host=a usage=0.5 1767225600000' });
    expect(line.status).toBe(204);
    expect((await consoleSql(tenantA, 'select usage from power.cpu')).data).toEqual([[0.5]]);
    expect((await gatewaySql(tenantB, 'select count(*) from information_schema.ins_tables where table_name = \'cpu\'')).data).toEqual([[0]]);
    // What the guard cannot read is not forwarded; a token opens its own instance only.
    expect((await gateway(world.app, { id: tenantA.id, path: 'rest/export', token: tenantA.token, body: 'select 1' })).status).toBe(404);
    expect((await gateway(world.app, { id: tenantB.id, path: 'rest/sql', token: tenantA.token, body: 'select 1' })).status).toBe(401);
    // B is as it was.
    expect((await consoleSql(tenantB, 'select count(*) from power.meters')).data).toEqual([[3]]);
  }, 60_000);

  it('deletes a tenant: what its namespace owned leaves the cluster, the other tenant keeps everything', async () => {
    const nsA = (await rowOf(tenantA.id)).clusterNamespace!;
    expect((await consoleSql(tenantA, 'create topic feed as select ts, current from power.meters')).code).toBe(0);
    expect((await tenantA.owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${tenantA.id}`, undefined, tenantA.orgId)).code).toBe(200);
    await waitForStatus(tenantA.owner, tenantA.orgId, tenantA.id, 'Suspended');
    expect((await tenantA.owner.call('DELETE', `/api/region/${REGION}/app/remove/${tenantA.id}`, undefined, tenantA.orgId)).code).toBe(200);
    const deadline = Date.now() + 30_000;
    while ((await rowOf(tenantA.id)).status !== 'Deleted' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect((await rowOf(tenantA.id)).status, (await rowOf(tenantA.id)).statusReason ?? '').toBe('Deleted');
    expect(await listInstances(tenantA.owner, tenantA.orgId)).toEqual([]);
    const owned = async (sql: string) => (await asRoot(sql)).map((r) => String(r[0])).filter((name) => name.startsWith(`${nsA}_`));
    expect(await owned('select name from information_schema.ins_databases')).toEqual([]);
    expect(await owned('select topic_name from information_schema.ins_topics')).toEqual([]);
    expect(await owned('select name from information_schema.ins_users')).toEqual([]);
    expect((await consoleSql(tenantB, 'select count(*) from power.meters')).data).toEqual([[3]]);
  }, 90_000);
});

describe('the cluster on the instance, and its streams in its own grammar', () => {
  it("shows the cluster's name and version on its instances, and which stream grammar each speaks", async () => {
    const [version] = (await asRoot('select server_version()'))[0] as string[];
    const [onCluster] = (await listInstances(tenantB.owner, tenantB.orgId)).filter((i) => i.id === tenantB.id);
    expect(onCluster).toMatchObject({ backend: { kind: 'tdengine-cluster', cluster_name: 'shared' }, image_version: version, stream_model: 'triggers' });
    const [ours] = (await listInstances(local.owner, local.orgId)).filter((i) => i.id === local.id);
    expect(ours).toMatchObject({ backend: { kind: 'engine' }, stream_model: 'classic' });
  });

  it("creates a stream from the same form in 3.3.7's grammar, renamed into the namespace", async () => {
    for (const statement of ['create database flows', 'create stable flows.meters (ts timestamp, v int) tags (site int)', 'create table flows.d0 using flows.meters tags (1)']) {
      expect((await consoleSql(tenantB, statement)).code).toBe(0);
    }
    const body = { name: 'avg_v', source_db: 'flows', source_table: 'meters', target_table: 'avg_out', window: 'INTERVAL', interval: '1m', partition_by: 'tbname', columns: [{ fn: 'AVG', column: 'v' }] };
    const base = `/api/region/${REGION}/stream`;
    // the classic-only trigger is refused by 3.3.7's rules before anything is sent
    const atOnce = await tenantB.owner.call('POST', `${base}/create/${tenantB.id}`, { ...body, trigger: 'AT_ONCE' }, tenantB.orgId);
    expect(atOnce.code).toBe(400);
    const created = await tenantB.owner.call<{ name: string; source_db: string; target_table: string; trigger: string }>('POST', `${base}/create/${tenantB.id}`, body, tenantB.orgId);
    if (!realCluster) {
      // Our engine stands in as a 3.3.7 server without an snode: the statement reached it in 3.3.7's grammar with
      // its database in the namespace (else 9750 or a syntax error), and its refusal reaches the user as it is.
      expect({ code: created.code, message: created.message }).toEqual({ code: 400, message: 'No Snode is available' });
      return;
    }
    // A real TDengine 3.3.7 with an snode runs it: listed with its source and output read from its statement.
    expect(created.code, JSON.stringify(created)).toBe(200);
    expect(created.data).toMatchObject({ name: 'avg_v', source_db: 'flows', target_table: 'avg_out', trigger: 'window close' });
    // Rows after it runs: a window closes when a later row passes its end; windows without rows give nothing.
    const running = async () => (await tenantB.owner.call<Array<{ name: string; status: string }>>('GET', `${base}/list/${tenantB.id}`, undefined, tenantB.orgId)).data;
    for (let i = 0; i < 60 && (await running()).find((s) => s.name === 'avg_v')?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 500));
    const now = Date.now();
    expect((await consoleSql(tenantB, `insert into flows.d0 values (${now}, 1) (${now + 1000}, 2) (${now + 300_000}, 3)`)).code).toBe(0);
    type Output = { total: number; rows: unknown[][] };
    const output = async () => (await tenantB.owner.call<Output>('GET', `${base}/output/${tenantB.id}/avg_v?rows=10`, undefined, tenantB.orgId)).data;
    let out = await output();
    for (let i = 0; i < 60 && out.total === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      out = await output();
    }
    expect(out.total).toBeGreaterThan(0);
    // one row a window that held rows (the minute of the first two), none for the empty minutes between
    expect(out.total).toBeLessThan(3);
    const paused = await tenantB.owner.call<{ status: string }>('POST', `${base}/pause/${tenantB.id}/avg_v`, {}, tenantB.orgId);
    expect(paused.data.status).toBe('stopped');
    const resumed = await tenantB.owner.call<{ status: string }>('POST', `${base}/resume/${tenantB.id}/avg_v`, {}, tenantB.orgId);
    expect(resumed.data.status).not.toBe('stopped');
    expect((await tenantB.owner.call('DELETE', `${base}/${tenantB.id}/avg_v`, undefined, tenantB.orgId)).code).toBe(200);
  }, 60_000);
});

describe('data-in on a cluster instance', () => {
  it("runs a task whose writes pass the namespace's guard: rows land in the tenant's database, its super table made", async () => {
    expect((await consoleSql(tenantB, 'create database inflow')).code).toBe(0);
    const calls = taskCalls(tenantB.owner, tenantB.orgId, tenantB.id);
    const created = await calls.create(fakeTask('to cluster', 'inflow', { total: 300, batch: 100 }));
    expect(created.code, JSON.stringify(created)).toBe(200);
    const taskId = created.data.id;
    expect((await calls.start(taskId)).code).toBe(200);
    await eventually(async () => ((await calls.details(taskId)).data.status === 'completed' ? true : undefined), 'task completed', 60_000);
    expect((await consoleSql(tenantB, 'select count(*) from inflow.meters')).data).toEqual([[300]]);
    // on the cluster the rows are in the namespace's database, nowhere else
    const nsB = (await rowOf(tenantB.id)).clusterNamespace!;
    expect(await asRoot(`select count(*) from ${nsB}_inflow.meters`)).toEqual([[300]]);
    expect((await asRoot('select name from information_schema.ins_databases')).map((r) => r[0])).not.toContain('inflow');
  }, 90_000);
});

/** The console's own address for WebSocket clients of its gateway (it listens from the first call on). */
async function gatewayBase(): Promise<string> {
  if (!world.app.server.listening) return world.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(world.app.server.address() as { port: number }).port}`;
}

/** Whether the cluster under test answers TMQ over the WebSocket (the oracle's REST shim has no taosAdapter). */
async function clusterSpeaksTmq(): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${clusterUrl.replace(/^http/, 'ws')}/rest/tmq`);
    ws.once('open', () => {
      ws.terminate();
      resolve(true);
    });
    ws.once('error', () => resolve(false));
    ws.once('unexpected-response', () => resolve(false));
  });
}

describe('topics of a cluster instance over the WebSocket', () => {
  it('samples messages and lists consumers in the namespace; the gateway relays a consumer with names and rows as on our engine', async () => {
    if (realCluster && !(await clusterSpeaksTmq())) {
      console.log(`skipped against ${clusterUrl}: no TMQ WebSocket there (a REST-only server such as the oracle's shim)`);
      return;
    }
    expect((await consoleSql(tenantB, 'create topic feed_b as select ts, current from power.meters')).code).toBe(0);
    const nsB = (await rowOf(tenantB.id)).clusterNamespace!;
    // the console's sample: a consumer of the cluster's `<ns>_feed_b`, its raw blocks read back as REST cells
    const sample = await tenantB.owner.call<TopicSample>('GET', `/api/region/${REGION}/topic/sample/${tenantB.id}/feed_b?count=10`, undefined, tenantB.orgId);
    expect(sample.code, JSON.stringify(sample)).toBe(200);
    expect(sample.data.messages.map((m) => m.row).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['2026-01-01T00:00:00.000Z', 0],
      ['2026-01-01T00:00:00.000Z', 1],
      ['2026-01-01T00:00:00.000Z', 2],
    ]);
    expect(sample.data.messages[0].columns).toEqual(['ts', 'current']);

    // a client of the gateway, with the instance token, speaks our engine's protocol with the instance's names
    const address = await gatewayBase();
    const client = await TmqClient.open(`${address}/gw/${tenantB.id}`, `Bearer ${tenantB.token}`, 10_000);
    try {
      await client.call('subscribe', { group_id: 'readers', client_id: 'example', offset_reset: 'earliest', auto_commit: 'false', topics: ['feed_b'] });
      expect((await client.call('list_topics')).topics).toEqual(['feed_b']);
      const rows: unknown[][] = [];
      // until a poll brings nothing once all rows are in: TDengine's position then passes the WAL entries of the
      // vgroup the topic does not deliver (its lag counts WAL versions, our engine's the topic's change log)
      for (let polls = 0; polls < 20; polls++) {
        const message = await client.call('poll', { blocking_time: 500 });
        if (!message.have_message) {
          if (rows.length >= 3) break;
          continue;
        }
        expect({ topic: message.topic, database: message.database }).toEqual({ topic: 'feed_b', database: 'power' });
        for (;;) {
          const block = await client.call('fetch', { message_id: message.message_id });
          if (block.completed) break;
          expect(block.fields_names).toEqual(['ts', 'current']);
          rows.push(...(block.data as unknown[][]));
          // the binary frame passes too, under the client's own request id
          const binary = await client.call('fetch_block', { message_id: message.message_id });
          expect(decodeRawBlock(binary.block as Buffer, precisionOfCode(block.precision)).cells).toEqual(block.data);
        }
        await client.call('commit', { message_id: message.message_id });
      }
      await client.call('commit', {});
      expect(rows.map((r) => r[1]).sort()).toEqual([0, 1, 2]);
      // the group is the namespace's on the cluster, and the consumers view shows it by the instance's name
      expect((await asRoot('select consumer_group from performance_schema.perf_consumers')).map((r) => r[0])).toContain(`${nsB}_readers`);
      // TDengine records commits in its subscription table with the consumers' heartbeats: seconds later, not at once
      const consumers = await eventually(async () => {
        const view = await tenantB.owner.call<TopicConsumers>('GET', `/api/region/${REGION}/topic/consumers/${tenantB.id}/feed_b`, undefined, tenantB.orgId);
        expect(view.code, JSON.stringify(view)).toBe(200);
        return view.data.groups[0]?.vgroups.every((v) => v.committed !== null) ? view.data : undefined;
      }, 'the commit in the consumers view', 30_000);
      expect(consumers.groups.map((g) => g.group)).toEqual(['readers']);
      expect(consumers.groups[0].consumers.map((c) => c.client_id)).toEqual(['example']);
      expect(consumers.groups[0].lag).toBe(0);
      // a topic the namespace does not own is not there to subscribe to (the name is read as the namespace's)
      await expect(client.call('subscribe', { group_id: 'x', topics: [`${nsB}_feed_b`] })).rejects.toMatchObject({ code: expect.any(Number) });
    } finally {
      await client.close();
    }
  }, 90_000);

  it("cuts off a gateway consumer that stops answering, after its session timeout: its group member leaves the cluster", async () => {
    if (realCluster && !(await clusterSpeaksTmq())) return;
    const nsB = (await rowOf(tenantB.id)).clusterNamespace!;
    const address = await gatewayBase();
    // a client that answers no ping (as a hung process would), with the shortest session timeout (6 s)
    const hung = new WebSocket(`${address.replace(/^http/, 'ws')}/gw/${tenantB.id}/rest/tmq`, { headers: { authorization: `Bearer ${tenantB.token}` }, autoPong: false });
    await new Promise((done) => hung.once('open', done));
    const subscribed = new Promise<{ code: number }>((done) => hung.once('message', (d) => done(JSON.parse(String(d)))));
    hung.send(JSON.stringify({ action: 'subscribe', args: { req_id: 1, group_id: 'hung', topics: ['feed_b'], session_timeout_ms: 6000 } }));
    const reply = await subscribed;
    expect(reply.code, JSON.stringify(reply)).toBe(0);
    const groups = async () => (await asRoot('select consumer_group from performance_schema.perf_consumers')).map((r) => String(r[0]));
    expect(await groups()).toContain(`${nsB}_hung`);
    const closed = new Promise<number>((done) => hung.once('close', (code) => done(code)));
    expect(await closed).toBe(1006);
    await eventually(async () => ((await groups()).includes(`${nsB}_hung`) ? undefined : true), 'the hung consumer to leave', 30_000);
  }, 60_000);
});

describe('monitoring of a cluster instance', () => {
  it("samples the namespace's disk from the cluster's own table, and no process of its own", async () => {
    await world.app.monitoring.sampler!.sampleAll();
    const latest = await (await world.app.monitoring.metrics()).latest(tenantB.id);
    expect(latest).toMatchObject({ cpu: null, memBytes: null });
    expect(latest!.diskBytes).not.toBeNull();
    // Our engine keeps each database in a file of its own: never empty. (A real cluster may not have flushed yet.)
    if (!realCluster) expect(latest!.diskBytes).toBeGreaterThan(0);
  }, 60_000);

  it('counts its rows inserted and queries where they pass: the console, the gateway and its schemaless writes', async () => {
    const sampler = world.app.monitoring.sampler!;
    await world.app.region.traffic.flush();
    const before = await rowOf(tenantB.id);
    const from = Date.now();
    await sampler.sampleAll(); // the baseline
    expect((await consoleSql(tenantB, 'create table if not exists power.counted (ts timestamp, v int)')).code).toBe(0);
    expect((await consoleSql(tenantB, `insert into power.counted values (${Date.now()}, 1) (${Date.now() + 1}, 2)`)).code).toBe(0);
    expect((await gatewaySql(tenantB, `insert into power.counted values (${Date.now() + 2}, 3)`)).code).toBe(0);
    expect((await consoleSql(tenantB, 'select count(*) from power.counted')).code).toBe(0);
    expect((await gatewaySql(tenantB, 'select count(*) from power.counted')).code).toBe(0);
    const lines = `counted_lp,site=a v=1i ${Date.now()}000000\ncounted_lp,site=b v=2i ${Date.now() + 1}000000\n`;
    const write = await gateway(world.app, { id: tenantB.id, path: 'influxdb/v1/write?db=power&precision=ns', token: tenantB.token, body: lines });
    expect(write.status, write.text).toBe(204);
    await world.app.region.traffic.flush();
    const after = await rowOf(tenantB.id);
    // 2 + 1 rows of INSERT and 2 points; two queries (statements the console sent for itself may add more)
    expect(after.clusterRowsInserted - before.clusterRowsInserted).toBe(5);
    expect(after.clusterQueries - before.clusterQueries).toBeGreaterThanOrEqual(2);
    // …and the monitoring page's insert rate has them
    await sampler.sampleAll();
    const inserts = await (await world.app.monitoring.metrics()).series(tenantB.id, 'qps-insert', from - 60_000, Date.now() + 60_000, 60_000);
    expect(inserts.some(([, rate]) => rate > 0), JSON.stringify(inserts)).toBe(true);
  }, 60_000);
});

describe('cluster health as instance status', () => {
  it('shows a degraded cluster as Warning (still served) and one that does not answer as Error, with the reason', async () => {
    await world.app.region.clusterHealth.checkNow();
    const row = await rowOf(tenantB.id);
    expect({ status: row.status, reason: row.statusReason }).toEqual({ status: 'Running', reason: null });
    // A dnode of several offline: the check says degraded (our engine has one dnode, so the check is given).
    const degraded = { health: 'degraded' as const, detail: 'dnode 2 (tdengine-2:6030) offline', serverVersion: '3.3.7.5', dnodes: [], mnodes: [] };
    expect(await applyClusterHealth(world.store.db, row.clusterId!, degraded, Date.now())).toBe(1);
    expect(await applyClusterHealth(world.store.db, row.clusterId!, degraded, Date.now())).toBe(0);
    const warned = await waitForStatus(tenantB.owner, tenantB.orgId, tenantB.id, 'Warning');
    expect(warned.status_reason).toBe('the TDengine cluster is degraded: dnode 2 (tdengine-2:6030) offline');
    expect((await gatewaySql(tenantB, 'select count(*) from power.meters')).data).toEqual([[3]]);
    // The next real check finds it healthy again.
    await world.app.region.clusterHealth.checkNow();
    await waitForStatus(tenantB.owner, tenantB.orgId, tenantB.id, 'Running');
    if (realCluster) return;
    await standIn.stop('stand-in-cluster');
    await world.app.region.clusterHealth.checkNow();
    const down = await waitForStatus(tenantB.owner, tenantB.orgId, tenantB.id, 'Error');
    expect(down.status_reason).toMatch(/^the TDengine cluster does not answer: select server_version\(\): no answer from/);
    expect((await gateway(world.app, { id: tenantB.id, path: 'rest/sql', token: tenantB.token, body: 'select 1' })).status).toBe(503);
  }, 60_000);
});
