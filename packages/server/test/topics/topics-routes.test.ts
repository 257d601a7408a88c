import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
// The example tab's own generator (pure text), so the tested consumer is the one users copy.
import { buildConsumerSnippet } from '../../../web/src/pages/topics/consumerSnippets';
import { and, eq } from 'drizzle-orm';
import { en, type SqlResult, type TopicConsumers, type TopicItem, type TopicSample, type TopicShareItem } from '@tscloud/contracts';
import { instances } from '../../src/store/schema';
import WebSocket from 'ws';
import { TmqClient } from '../../src/region/topics/tmq-client';
import { rowsOf } from '../../src/region/topics/engine';
import { basicAuthorization } from '../../src/region/engine-client/rest-call';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, waitForStatus, worldCaller } from '../instances/harness';
import { addMember, grant } from '../instance-users/members';
import { enginePasswordOf } from '../../src/region/instances/engine-password';

/**
 * The Topics screen's calls against a real engine process: create of each kind with the §5 WAL check and the §8
 * duplicate message, sample messages read over /rest/tmq, consumers and lag after a consumer commits, and share
 * (GRANT SUBSCRIBE) decided by the engine itself.
 */
describe('topics console calls', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let analyst: Caller;
  let mate: Caller;
  let orgId: string;
  let id: string;
  let analystMember: string;
  let token: string;
  const T0 = 1_767_225_600_000;

  const sql = async (text: string) => {
    const res = await owner.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${id}`, { sql: text }, orgId);
    expect(res.data, text).toMatchObject({ code: 0 });
  };
  const path = (what: string) => `/api/region/${REGION}/topic/${what}`;
  const create = (body: object, caller = owner) => caller.call<TopicItem>('POST', path(`create/${id}`), body, orgId);
  const sample = (topic: string, caller = owner, count?: number) =>
    caller.call<TopicSample>('GET', path(`sample/${id}/${topic}${count ? `?count=${count}` : ''}`), undefined, orgId);
  const root = async () => {
    const [row] = await world.store.db.select().from(instances).where(and(eq(instances.id, id))).limit(1);
    return { url: row.engineUrl!, authorization: basicAuthorization(row.engineUser, enginePasswordOf(row)) };
  };

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'tp.owner@example.com', 'Owner');
    analyst = await worldCaller(world, 'tp.analyst@example.com', 'Analyst');
    mate = await worldCaller(world, 'tp.mate@example.com', 'Mate');
    orgId = await createOrg(owner, 'Topicorg');
    const created = await createInstance(owner, orgId, 'Topics one', 0);
    id = created.instance.id;
    token = created.token;
    await waitForStatus(owner, orgId, id, 'Running');
    for (const statement of [
      'CREATE DATABASE plant VGROUPS 2',
      'CREATE DATABASE nowal WAL_RETENTION_PERIOD 0',
      'CREATE DATABASE other',
      'CREATE STABLE plant.meters (ts TIMESTAMP, v INT) TAGS (site INT)',
      'CREATE TABLE plant.m1 USING plant.meters TAGS (1)',
      'CREATE TABLE plant.m2 USING plant.meters TAGS (2)',
      'CREATE TABLE nowal.t (ts TIMESTAMP, v INT)',
      'CREATE TABLE other.t (ts TIMESTAMP, v INT)',
    ]) {
      await sql(statement);
    }
    analystMember = await addMember(world.store, orgId, analyst);
    const mateMember = await addMember(world.store, orgId, mate);
    // Both may read another database only: subscribing to a topic of plant needs a share.
    for (const member of [analystMember, mateMember]) await grant(world.store, orgId, { memberId: member }, 'Viewer', { resType: 'DATABASE', resId: 'other', instanceId: id });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('creates a topic of each kind from the form body and lists them', async () => {
    const query = await create({ name: 'hot', kind: 'query', db: 'plant', query: 'SELECT ts, v FROM meters WHERE v > 10' });
    expect(query.code).toBe(200);
    expect(query.data).toMatchObject({ name: 'hot', db: 'plant', kind: 'query', with_meta: false });
    expect(query.data.columns.map((c) => c.name)).toEqual(['ts', 'v']);
    const stable = await create({ name: 'site1', kind: 'stable', db: 'plant', stable: 'meters', condition: 'site = 1', with_meta: true });
    expect(stable.data).toMatchObject({ name: 'site1', kind: 'stable', with_meta: true });
    const database = await create({ name: 'Everything', kind: 'database', db: 'plant' });
    expect(database.data).toMatchObject({ name: 'Everything', kind: 'database' });

    const list = await owner.call<TopicItem[]>('GET', path(`list/${id}`), undefined, orgId);
    expect(list.data.map((t) => t.name)).toEqual(['Everything', 'hot', 'site1']);
    expect(list.data.find((t) => t.name === 'site1')!.sql).toMatch(/AS STABLE .*meters.* WHERE site = 1/i);
  });

  it('answers the §5 WAL message, the §8 duplicate message and the name rule before creating', async () => {
    const wal = await create({ name: 'nope', kind: 'database', db: 'nowal' });
    expect(wal.code).toBe(400);
    expect(wal.message).toBe(en['error.topicWalRetention']);
    const dup = await create({ name: 'hot', kind: 'database', db: 'plant' });
    expect(dup.code).toBe(409);
    expect(dup.message).toBe('Topic name already exists');
    const bad = await create({ name: '1bad', kind: 'database', db: 'plant' });
    expect(bad.code).toBe(400);
    expect(bad.message).toBe(en['validation.topicName']);
    const aggregate = await create({ name: 'agg', kind: 'query', db: 'plant', query: 'SELECT count(*) FROM meters' });
    expect(aggregate.code).toBe(400);
    expect(aggregate.message).toMatch(/Invalid topic query/i);
  });

  it('sample messages: the first N written rows, read with a temporary group that leaves nothing behind', async () => {
    for (let i = 0; i < 8; i++) await sql(`INSERT INTO plant.m1 VALUES (${T0 + i * 1000}, ${20 + i})`);
    await sql(`INSERT INTO plant.m2 VALUES (${T0}, 5)`);
    const first = await sample('hot');
    expect(first.code).toBe(200);
    expect(first.data.count).toBe(5);
    expect(first.data.messages).toHaveLength(5);
    expect(first.data.messages.map((m) => m.row[1])).toEqual([20, 21, 22, 23, 24]);
    expect(first.data.messages[0].columns).toEqual(['ts', 'v']);
    const all = await sample('site1', owner, 100);
    // Data rows of m1 only (site = 1); WITH META may add meta messages.
    expect(all.data.messages.filter((m) => m.message_type === 1).map((m) => m.row[1])).toEqual([20, 21, 22, 23, 24, 25, 26, 27]);
    expect((await sample('hot', owner, 101)).code).toBe(400);
    const consumers = await owner.call<TopicConsumers>('GET', path(`consumers/${id}/hot`), undefined, orgId);
    expect(consumers.data.groups).toEqual([]);
  });

  it('consumers view: groups, consumers, committed offsets and lag after a consumer commits', async () => {
    const engine = await root();
    const client = await TmqClient.open(engine.url, engine.authorization, 10_000);
    try {
      await client.call('subscribe', { group_id: 'billing', client_id: 'app-1', offset_reset: 'earliest', auto_commit: 'false', topics: ['Everything'] });
      let polled = await client.call('poll', { blocking_time: 500 });
      expect(polled.have_message).toBe(true);
      await client.call('commit', { message_id: polled.message_id });
      const view = await owner.call<TopicConsumers>('GET', path(`consumers/${id}/Everything`), undefined, orgId);
      expect(view.code).toBe(200);
      const [group] = view.data.groups;
      expect(group.group).toBe('billing');
      expect(group.consumers).toEqual([expect.objectContaining({ client_id: 'app-1', status: 'ready' })]);
      expect(group.vgroups).toHaveLength(2);
      const committedVg = group.vgroups.find((v) => v.vgroup_id === Number(polled.vgroup_id))!;
      expect(committedVg.committed).toBe(Number(polled.end_offset));
      expect(typeof committedVg.committed).toBe('number');
      expect(committedVg.lag).toBe(committedVg.end - (committedVg.committed as number));
      expect(group.snapshot).toBe(false);
      for (const v of group.vgroups) expect(v.lag).toBe(v.end - ((v.committed as number | null) ?? v.begin));
      const before = group.lag;
      expect(before).toBeGreaterThan(0);
      await sql(`INSERT INTO plant.m1 VALUES (${T0 + 100_000}, 99)`);
      const after = await owner.call<TopicConsumers>('GET', path(`consumers/${id}/Everything`), undefined, orgId);
      expect(after.data.groups[0].lag).toBe(before + 1);
      polled = await client.call('poll', { blocking_time: 500 });
      expect(polled.have_message).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('consumers view: an earliest group stopped in the snapshot shows where it stands and counts only the log after it', async () => {
    // Rows written before any topic of the database (the plan allows no further database): the change log does not
    // hold them, the snapshot does.
    await sql('CREATE TABLE other.h (ts TIMESTAMP, v INT)');
    for (let chunk = 0; chunk < 5; chunk++) {
      const values = Array.from({ length: 1000 }, (_, i) => `(${T0 + (chunk * 1000 + i) * 1000}, ${chunk * 1000 + i})`).join(' ');
      await sql(`INSERT INTO other.h VALUES ${values}`);
    }
    expect((await create({ name: 'past', kind: 'database', db: 'other' })).code).toBe(200);
    expect((await create({ name: 'pastmeta', kind: 'database', db: 'other', with_meta: true })).code).toBe(200);
    const view = async (topic: string) => {
      const res = await owner.call<TopicConsumers>('GET', path(`consumers/${id}/${topic}`), undefined, orgId);
      expect(res.code).toBe(200);
      expect(res.data.groups).toHaveLength(1);
      const [group] = res.data.groups;
      expect(group.lag).toBe(group.vgroups.reduce((sum, v) => sum + v.lag, 0));
      return group;
    };
    const engine = await root();
    const open = async (group: string, topic: string) => {
      const client = await TmqClient.open(engine.url, engine.authorization, 10_000);
      await client.call('subscribe', { group_id: group, client_id: `${group}-1`, offset_reset: 'earliest', auto_commit: 'false', topics: [topic] });
      return client;
    };

    // One message (4096 rows at most) of h's 5000, committed, then the consumer stops.
    let client = await open('replay', 'past');
    let polled = await client.call('poll', { blocking_time: 1000 });
    expect(polled).toMatchObject({ have_message: true, snapshot: true, rows: 4096 });
    const vgroupId = Number(polled.vgroup_id);
    await client.call('commit', { message_id: polled.message_id });
    await client.close();
    const lastTs = String(T0 + 4095 * 1000);
    let group = await view('past');
    expect(group.group).toBe('replay');
    expect(group.consumers).toEqual([]);
    const vg = group.vgroups.find((v) => v.vgroup_id === vgroupId)!;
    expect(vg.consumer_id).toBeNull();
    expect(vg.committed).toEqual({ text: `snapshot:${vg.begin}:${lastTs}:h`, log: vg.begin, phase: 'rows', table: 'h', super_table: false, ts: lastTs, time: T0 + 4095 * 1000 });
    expect(vg.committed).toMatchObject({ text: polled.end_position });
    expect(vg).toMatchObject({ snapshot: true, lag: vg.end - vg.begin });
    expect(group.snapshot).toBe(true);
    for (const other of group.vgroups.filter((v) => v !== vg)) expect(other).toMatchObject({ committed: null, snapshot: false });

    // A write after the stop is in the log after the snapshot's log offset: counted; the snapshot's rest is not.
    await sql(`INSERT INTO other.h VALUES (${T0 + 9_000_000}, -1)`);
    group = await view('past');
    expect(group.vgroups.find((v) => v.vgroup_id === vgroupId)!.lag).toBe(vg.lag + 1);
    expect(group.snapshot).toBe(true);

    // Resumed: the rest of the snapshot (904 rows) ends it; the committed position is then a log offset.
    client = await open('replay', 'past');
    polled = await client.call('poll', { blocking_time: 1000 });
    expect(polled).toMatchObject({ vgroup_id: vgroupId, rows: 904 });
    await client.call('commit', { message_id: polled.message_id });
    group = await view('past');
    expect(group.vgroups.find((v) => v.vgroup_id === vgroupId)).toMatchObject({ committed: vg.begin, snapshot: false, lag: vg.lag + 1 });
    expect(group.snapshot).toBe(false);
    await client.close();

    // WITH META: the first message is a table's CREATE statement; stopped there, the position is in the schema part.
    client = await open('schema', 'pastmeta');
    polled = await client.call('poll', { blocking_time: 1000 });
    expect(polled.message_type).toBe(2);
    await client.call('commit', { message_id: polled.message_id });
    await client.close();
    group = await view('pastmeta');
    const meta = group.vgroups.find((v) => v.vgroup_id === Number(polled.vgroup_id))!;
    expect(meta.committed).toMatchObject({ text: polled.end_position, phase: 'schema', super_table: false, ts: null, time: null });
    expect(['h', 't']).toContain((meta.committed as { table: string }).table);
    expect(group.snapshot).toBe(true);
  });

  it('share: a granted member may subscribe; another member is refused by the engine', async () => {
    const refusedBefore = await sample('hot', analyst);
    expect(refusedBefore.code).toBe(400);
    expect(refusedBefore.message).toMatch(/permission|privilege|authoriz/i);

    const list = await owner.call<TopicShareItem[]>('GET', path(`share/${id}/hot`), undefined, orgId);
    expect(list.data.find((u) => u.email === 'tp.analyst@example.com')).toMatchObject({ shared: false, implied: false });
    expect(list.data.find((u) => u.email === 'tp.owner@example.com')).toMatchObject({ implied: true });

    // A member without db:privilege:manage cannot share.
    expect((await analyst.call('PUT', path(`share/${id}/hot`), { member_id: analystMember, action: 'grant' }, orgId)).code).toBe(403);
    const shared = await owner.call<TopicShareItem[]>('PUT', path(`share/${id}/hot`), { member_id: analystMember, action: 'grant' }, orgId);
    expect(shared.code).toBe(200);
    expect(shared.data.find((u) => u.member_id === analystMember)).toMatchObject({ shared: true });

    const allowed = await sample('hot', analyst, 3);
    expect(allowed.code).toBe(200);
    expect(allowed.data.messages.map((m) => m.row[1])).toEqual([20, 21, 22]);
    const other = await sample('hot', mate);
    expect(other.code).toBe(400);
    expect(other.message).toMatch(/permission|privilege|authoriz/i);

    // A later reconcile (any SQL of the member) keeps the share; revoke removes it.
    expect((await analyst.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${id}`, { sql: 'SELECT * FROM other.t' }, orgId)).data.code).toBe(0);
    expect((await sample('hot', analyst, 1)).code).toBe(200);
    const revoked = await owner.call<TopicShareItem[]>('PUT', path(`share/${id}/hot`), { member_id: analystMember, action: 'revoke' }, orgId);
    expect(revoked.data.find((u) => u.member_id === analystMember)).toMatchObject({ shared: false });
    expect((await sample('hot', analyst)).code).toBe(400);
  });

  it('the gateway relays /gw/{id}/rest/tmq with the instance token (the example consumers)', async () => {
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const gatewayUrl = `${address}/gw/${id}`;
    await expect(TmqClient.open(gatewayUrl, 'Bearer wrong-token', 5_000)).rejects.toMatchObject({ code: 855 });
    const client = await TmqClient.open(gatewayUrl, `Bearer ${token}`, 5_000);
    try {
      await client.call('subscribe', { group_id: 'example', client_id: 'example', offset_reset: 'earliest', topics: ['hot'] });
      const message = await client.call('poll', { blocking_time: 1000 });
      expect(message.have_message).toBe(true);
      const block = await client.call('fetch', { message_id: message.message_id });
      expect(block.fields_names).toEqual(['ts', 'v']);
      expect((block.data as unknown[][]).length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    // The engine's pings reach the client through the gateway: one that answers none leaves after session.timeout.ms.
    const hung = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/rest/tmq`, { headers: { authorization: `Bearer ${token}` }, autoPong: false });
    await new Promise((done) => hung.once('open', done));
    const subscribed = new Promise<{ code: number }>((done) => hung.once('message', (d) => done(JSON.parse(String(d)))));
    hung.send(JSON.stringify({ action: 'subscribe', args: { req_id: 1, group_id: 'hung', topics: ['hot'], session_timeout_ms: 6000 } }));
    expect((await subscribed).code).toBe(0);
    const groups = async () => (await rowsOf(await root(), 'SELECT consumer_group FROM performance_schema.perf_consumers')).map((r) => r[0]);
    expect(await groups()).toContain('hung');
    await new Promise((done) => setTimeout(done, 7000));
    expect(await groups()).not.toContain('hung');
    hung.terminate();
    // The example tab's Node consumer, run as written (ws resolved from the workspace's node_modules).
    const scratch = mkdtempSync(join(tmpdir(), 'tscloud-topic-snippet-'));
    try {
      const file = join(scratch, 'consumer.cjs');
      writeFileSync(file, buildConsumerSnippet('node', { gatewayUrl, token, topic: 'hot', group: 'snippet' }));
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        env: { ...process.env, NODE_PATH: resolve(__dirname, '../../../../node_modules') },
        timeout: 60_000,
      });
      expect(stdout).toContain("[ 'ts', 'v' ]");
      expect(stdout).toMatch(/\b20\b/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('drops a topic; an unknown topic is not found', async () => {
    expect((await owner.call('DELETE', path(`${id}/site1`), undefined, orgId)).code).toBe(200);
    const gone = await owner.call('DELETE', path(`${id}/site1`), undefined, orgId);
    expect(gone.code).toBe(404);
    expect(gone.message).toBe(en['error.topicNotFound']);
    expect((await owner.call<TopicItem[]>('GET', path(`list/${id}`), undefined, orgId)).data.map((t) => t.name)).toEqual(['Everything', 'hot', 'past', 'pastmeta']);
  });
});
