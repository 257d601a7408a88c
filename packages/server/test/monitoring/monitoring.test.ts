import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Alert, MonitorClusterInfo, MonitorSeries, Page } from '@tscloud/contracts';
import { alerts, roles } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { TestMailbox } from '../support/mailbox';
import { InstancesWorld, REGION, addMember, createInstance, gateway, waitForStatus, worldCaller } from '../instances/harness';

const HOUR = 3_600_000;

/**
 * Monitoring against a real engine process: a sampler every 300 ms, a memory threshold so small that every
 * sample crosses it (the other two out of reach), mail through a real SMTP server.
 */
describe('watching an instance', () => {
  const world = new InstancesWorld();
  const mailbox = new TestMailbox();
  let owner: Caller;
  let viewer: Caller;
  let clerk: Caller;
  let outsider: Caller;
  let orgId: string;
  let outsiderOrg: string;
  let id: string;
  let token: string;

  async function series(caller: Caller, metric: string, query: Record<string, string | number> = {}, org = orgId, prefix = `/api/region/${REGION}/monitor`) {
    const end = Date.now() + 1_000;
    const params = new URLSearchParams(Object.entries({ app_id: id, start: end - HOUR, end, ...query }).map(([k, v]): [string, string] => [k, String(v)]));
    return caller.call<MonitorSeries>('GET', `${prefix}/${metric}?${params}`, undefined, org);
  }

  /** Polls a series until `accept` holds (the sampler writes every 300 ms). */
  async function waitForSeries(metric: string, accept: (s: MonitorSeries) => boolean, timeoutMs = 20_000): Promise<MonitorSeries> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await series(owner, metric);
      expect(res.code, `${metric}: ${res.message}`).toBe(200);
      if (accept(res.data)) return res.data;
      if (Date.now() > deadline) throw new Error(`${metric} never matched: ${JSON.stringify(res.data)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const total = (s: MonitorSeries) => s.points.reduce((sum, [, v]) => sum + v, 0);
  const sql = (statement: string, db = '') => gateway(world.app, { id, path: db ? `rest/sql/${db}` : 'rest/sql', body: statement, token });

  beforeAll(async () => {
    const smtpUrl = await mailbox.start();
    world.app = await world.build({
      SMTP_URL: smtpUrl,
      MONITOR_SAMPLE_MS: '300',
      MONITOR_ALERT_SAMPLES: '2',
      MONITOR_MEM_ALERT_PERCENT: '0.0001',
      MONITOR_CPU_ALERT_PERCENT: '1000000',
      MONITOR_DISK_ALERT_PERCENT: '1000000',
    });
    owner = await worldCaller(world, 'watch.owner@example.com', 'Owner');
    viewer = await worldCaller(world, 'watch.viewer@example.com', 'Viewer');
    clerk = await worldCaller(world, 'watch.clerk@example.com', 'Clerk');
    outsider = await worldCaller(world, 'watch.outsider@example.com', 'Outsider');
    orgId = await createOrg(owner, 'Watchorg');
    outsiderOrg = await createOrg(outsider, 'Outsideorg');
    const created = await createInstance(owner, orgId, 'Watched');
    id = created.instance.id;
    token = created.token;
    await addMember(world.store, orgId, viewer, 'Viewer');
    // A custom role that sees instances but not their monitoring.
    await world.store.db
      .insert(roles)
      .values({ id: randomUUID(), orgId, name: 'Clerk', privileges: ['org:read', 'instance:read'], createdAt: Date.now() });
    await addMember(world.store, orgId, clerk, 'Clerk');
    await waitForStatus(owner, orgId, id, 'Running');
  }, 120_000);

  afterAll(async () => {
    await world.close();
    await mailbox.stop();
  }, 60_000);

  it('samples CPU, memory and disk of the running engine', async () => {
    const cpu = await waitForSeries('cpu/range', (s) => s.points.length > 0);
    // CPU in percent of the plan (the unit of the CPU alerts): the free plan's half core is 100.
    expect(cpu).toMatchObject({ app_id: id, status: 'Running', metric: 'cpu', unit: 'plan_percent', interval_ms: 60_000, limit: 100 });
    for (const [at, value] of cpu.points) {
      expect(at % 60_000).toBe(0);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(800);
    }
    const mem = await waitForSeries('mem/range', (s) => s.points.length > 0);
    // An engine (Node and DuckDB) holds tens of megabytes at least, and far less than the plan's 2 GB here.
    expect(mem.points[0][1]).toBeGreaterThan(20 * 1024 * 1024);
    expect(mem.points[0][1]).toBeLessThan(2 * 1024 ** 3);
    expect(mem.limit).toBe(2 * 1024 ** 3);
    const disk = await waitForSeries('disk-used/range', (s) => s.points.length > 0);
    expect(disk.points[0][1]).toBeGreaterThan(0);
  });

  it('shows the inserts, queries and bytes written through the gateway', async () => {
    // Counters are deltas from a first sample: let one be taken before writing.
    await waitForSeries('cpu/range', (s) => s.points.length > 0);
    expect((await sql('CREATE DATABASE watch')).json?.code).toBe(0);
    expect((await sql('CREATE TABLE m (ts TIMESTAMP, v DOUBLE)', 'watch')).json?.code).toBe(0);
    let sent = 0;
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 20; i++) {
      const statement = `INSERT INTO m VALUES (${base + i * 1000}, ${i}.5)`;
      sent += Buffer.byteLength(statement);
      expect((await sql(statement, 'watch')).json?.code).toBe(0);
    }
    const read = await sql('SELECT COUNT(*) FROM m', 'watch');
    expect(read.json).toMatchObject({ code: 0, data: [[20]] });
    await world.app.region.traffic.flush();

    const inserts = await waitForSeries('qps-insert', (s) => total(s) > 0);
    expect(inserts.unit).toBe('per_second');
    // 20 statements in a second or so: a rate in the tens per second at most, never more than 20 per 300 ms.
    expect(Math.max(...inserts.points.map(([, v]) => v))).toBeLessThanOrEqual(20 / 0.25);
    const queries = await waitForSeries('qps-query', (s) => total(s) > 0);
    expect(queries.points.length).toBeGreaterThan(0);
    const ingress = await waitForSeries('ingress/range', (s) => total(s) >= sent);
    // Only what went through the gateway was counted: the statements above (and the two DDL statements).
    expect(total(ingress)).toBeLessThan(sent + 200);
    const egress = await waitForSeries('egress/range', (s) => total(s) > 0);
    expect(egress.unit).toBe('bytes');
  });

  it('the insert rate counts rows, not statements', async () => {
    // One statement of 10,000 rows: counted as rows it is at least 10,000 / 60 s in its minute; counted as one
    // statement it would stay below the 80 a second the previous test allows for its twenty.
    expect((await sql('CREATE DATABASE IF NOT EXISTS bulk')).json?.code).toBe(0);
    expect((await sql('CREATE TABLE IF NOT EXISTS r (ts TIMESTAMP, v INT)', 'bulk')).json?.code).toBe(0);
    const base = Date.UTC(2026, 1, 1);
    const values = Array.from({ length: 10_000 }, (_, i) => `(${base + i * 1000},${i})`).join(' ');
    const written = await sql(`INSERT INTO r VALUES ${values}`, 'bulk');
    expect(written.json).toMatchObject({ code: 0, data: [[10_000]] });
    const inserts = await waitForSeries('qps-insert', (s) => Math.max(...s.points.map(([, v]) => v)) >= 10_000 / 60);
    expect(inserts.unit).toBe('per_second');
  });

  it('serves the same calls without the region prefix, and user-cluster', async () => {
    const prefixed = await series(owner, 'disk-used/range');
    const plain = await series(owner, 'disk-used/range', {}, orgId, '/api/monitor');
    expect(plain.code).toBe(200);
    expect(plain.data.points.length).toBeGreaterThan(0);
    expect(plain.data.metric).toBe(prefixed.data.metric);

    const info = await owner.call<MonitorClusterInfo>('GET', `/api/region/${REGION}/monitor/user-cluster?app_id=${id}&container_id=c1`, undefined, orgId);
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ app_id: id, status: 'Running', cores: 0.5, mem_limit_bytes: 2 * 1024 ** 3 });
    expect(info.data.version).toMatch(/^\d+\.\d+/);
    expect(info.data.databases).toBeGreaterThanOrEqual(1);
    expect(info.data.uptime_ms).toBeGreaterThan(0);
    expect(info.data.mem_bytes).toBeGreaterThan(0);
    expect(info.data.sampled_at).toBeLessThanOrEqual(Date.now());
  });

  it('chooses the bucket from the range and validates the query', async () => {
    const quarter = await series(owner, 'cpu/range', { start: Date.now() - 90 * 24 * HOUR });
    expect(quarter.data.interval_ms).toBe(6 * HOUR);
    const fine = await series(owner, 'cpu/range', { interval: '10s' });
    expect(fine.data.interval_ms).toBe(10_000);
    expect((await series(owner, 'cpu/range', { interval: '1s' })).code).toBe(400);
    const backwards = await series(owner, 'cpu/range', { start: Date.now() + HOUR });
    expect(backwards.code).toBe(400);
    expect((await owner.call('GET', `/api/region/${REGION}/monitor/cpu/range?start=0&end=1`, undefined, orgId)).code).toBe(400);
    // Another region's path does not reach this instance.
    expect((await series(owner, 'cpu/range', {}, orgId, '/api/region/elsewhere/monitor')).code).toBe(404);
  });

  it('refuses a member without monitor:read and anyone of another organization', async () => {
    expect((await series(viewer, 'cpu/range')).code).toBe(200);
    const refused = await series(clerk, 'cpu/range');
    expect(refused.code).toBe(403);
    expect(refused.data ?? null).toBeNull();
    expect((await clerk.call('GET', `/api/monitor/user-cluster?app_id=${id}`, undefined, orgId)).code).toBe(403);
    // In their own organization the instance does not exist; in ours they are no member.
    expect((await series(outsider, 'mem/range', {}, outsiderOrg)).code).toBe(404);
    expect((await series(outsider, 'mem/range', {}, orgId)).code).toBe(403);
  });

  it('alerts the organization admins once, by record and e-mail, while memory stays over the threshold', async () => {
    const ownerMail = await mailbox.waitFor(owner.user.email, /Memory usage/, 20_000);
    expect(ownerMail.text).toContain('Watched');
    expect(ownerMail.text).toContain('http://console.test/alert');
    await mailbox.waitFor(viewer.user.email, /Memory usage/, 20_000);
    // Many more samples, all over the threshold: no second alert.
    const sampler = world.app.monitoring.sampler!;
    const after = sampler.rounds + 6;
    while (sampler.rounds < after) await new Promise((r) => setTimeout(r, 100));

    const rows = await world.store.db.select().from(alerts).where(and(eq(alerts.orgId, orgId), eq(alerts.instanceId, id)));
    expect(rows.map((r) => `${r.type}:${r.userId}`).sort()).toEqual([`MEMORY:${owner.user.id}`, `MEMORY:${viewer.user.id}`].sort());
    expect(mailbox.messages.filter((m) => /Alert on instance/.test(m.subject)).map((m) => m.to[0]).sort()).toEqual([owner.user.email, viewer.user.email].sort());
    // The clerk (no alert:read) got nothing; the owner reads the alert through the alert calls.
    expect(mailbox.messages.some((m) => m.to.includes(clerk.user.email))).toBe(false);
    const list = await owner.call<Page<Alert>>('GET', '/api/alert/list', undefined, orgId);
    expect(list.data.list).toEqual([expect.objectContaining({ type: 'MEMORY', instanceId: id, read: false })]);
    expect(list.data.list[0].content).toMatch(/Memory usage of instance Watched is [\d.]+% of its plan/);
  });

  it('leaves the instance to the server running its engine when several servers share the store', async () => {
    const second = await world.build({ MONITOR_SAMPLE_MS: '200' });
    try {
      const mine = world.app.monitoring.sampler!;
      const theirs = second.monitoring.sampler!;
      const before = mine.samplesWritten;
      const target = theirs.rounds + 5;
      while (theirs.rounds < target) await new Promise((r) => setTimeout(r, 100));
      expect(theirs.samplesWritten).toBe(0);
      expect(mine.samplesWritten).toBeGreaterThan(before);
    } finally {
      await second.close();
    }
  });

  it('answers a Suspended instance with its status and empty series', async () => {
    expect((await owner.call('PUT', `/api/region/${REGION}/cluster/suspend/${id}`, undefined, orgId)).code).toBe(200);
    await waitForStatus(owner, orgId, id, 'Suspended');
    for (const metric of ['cpu/range', 'mem/range', 'qps-insert', 'ingress/range']) {
      const res = await series(owner, metric);
      expect(res.code).toBe(200);
      expect(res.data).toMatchObject({ status: 'Suspended', points: [] });
    }
    const info = await owner.call<MonitorClusterInfo>('GET', `/api/monitor/user-cluster?app_id=${id}`, undefined, orgId);
    expect(info.data).toMatchObject({ status: 'Suspended', version: null, uptime_ms: null, cpu: null, mem_bytes: null });
  }, 60_000);
});
