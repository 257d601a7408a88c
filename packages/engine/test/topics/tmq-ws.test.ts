import type http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRestServer } from '../../src/server/http-server';
import { openTestEngine, type TestEngine } from '../engine/helpers';
import { TmqClient } from '../../src/topics/ws-client';

let t: TestEngine;
let server: http.Server;
let url: string;
const clients: TmqClient[] = [];
const now = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  server = createRestServer(t.engine).server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  url = `http://127.0.0.1:${address.port}`;
  await t.run('CREATE DATABASE d1 VGROUPS 2 WAL_RETENTION_PERIOD 3600');
  await t.run('CREATE STABLE d1.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))');
  await t.run('CREATE TOPIC tp AS DATABASE d1');
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.kill();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

async function client(headers?: Record<string, string>): Promise<TmqClient> {
  const c = await TmqClient.connect(url, headers);
  clients.push(c);
  return c;
}

const TABLES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
async function writeAll(v: number): Promise<void> {
  const parts = TABLES.map((tb, i) => `d1.${tb} USING d1.meters TAGS (${i}, 'x') VALUES (${now + v}, 0.5, ${v})`);
  await t.run(`INSERT INTO ${parts.join(' ')}`);
}

describe('/rest/tmq', () => {
  it('two consumers of one group split the vgroups; when one leaves the other takes over from the commit', async () => {
    const c1 = await client();
    const c2 = await client();
    await c1.subscribe('g', ['tp']);
    await c2.subscribe('g', ['tp']);
    const a1 = (await c1.ok('assignment', { topic: 'tp' })).assignment as { vgroup_id: number }[];
    const a2 = (await c2.ok('assignment', { topic: 'tp' })).assignment as { vgroup_id: number }[];
    expect(a1).toHaveLength(1);
    expect(a2).toHaveLength(1);
    expect(a1[0].vgroup_id).not.toBe(a2[0].vgroup_id);
    await writeAll(1);
    const r1 = await c1.drain({ commit: true });
    const r2 = await c2.drain({ commit: true });
    expect(r1.length).toBeGreaterThan(0);
    expect(r2.length).toBeGreaterThan(0);
    expect([...r1, ...r2].map((r) => r[0]).sort()).toEqual(TABLES);
    const mine = new Set(r1.map((r) => r[0]));
    expect(r2.some((r) => mine.has(r[0]))).toBe(false);
    const consumers = await t.run("SELECT consumer_group, client_id, `topics` FROM performance_schema.perf_consumers");
    expect(consumers.kind === 'rows' && consumers.rows).toEqual([
      ['g', 'test', 'tp'],
      ['g', 'test', 'tp'],
    ]);
    await c1.ok('unsubscribe');
    expect(((await c2.ok('assignment', { topic: 'tp' })).assignment as unknown[]).length).toBe(2);
    await writeAll(2);
    const after = await c2.drain({ commit: true });
    expect(after.map((r) => r[0]).sort()).toEqual(TABLES);
    expect(after.every((r) => r[3] === 2)).toBe(true);
  });

  it('latest starts after what exists, earliest before it; seek goes back', async () => {
    await writeAll(1);
    const late = await client();
    const early = await client();
    await late.subscribe('late', ['tp'], { offset_reset: 'latest' });
    await early.subscribe('early', ['tp'], { offset_reset: 'earliest' });
    await writeAll(2);
    expect((await late.drain()).map((r) => r[3])).toEqual(Array(8).fill(2));
    expect((await early.drain()).map((r) => r[3]).sort()).toEqual([...Array(8).fill(1), ...Array(8).fill(2)]);
    const assignment = (await late.ok('assignment', { topic: 'tp' })).assignment as { vgroup_id: number; begin: number; offset: number; end: number }[];
    for (const a of assignment) {
      expect(a.offset).toBe(a.end);
      await late.ok('seek', { topic: 'tp', vgroup_id: a.vgroup_id, offset: a.begin });
    }
    expect((await late.drain()).length).toBe(16);
    const position = await late.ok('position', { topic_vgroup_ids: assignment.map((a) => ({ topic: 'tp', vgroup_id: a.vgroup_id })) });
    expect(position.position).toEqual(assignment.map((a) => a.end));
  });

  it('a snapshot message: integer offsets, snapshot positions as text that commit_offset and seek take back', async () => {
    await t.run('CREATE DATABASE d2 VGROUPS 1 WAL_RETENTION_PERIOD 3600');
    await t.run('CREATE TABLE d2.n (ts TIMESTAMP, v INT)');
    await t.run(`INSERT INTO d2.n VALUES (${now}, 1) (${now + 1}, 2)`);
    await t.run('CREATE TOPIC t2 AS DATABASE d2');
    const c = await client();
    await c.subscribe('s', ['t2']);
    const p = await c.ok('poll', { blocking_time: 100 });
    expect(p).toMatchObject({ have_message: true, snapshot: true, offset: 0, end_offset: 0, position: 'snapshot:0', end_position: 0, rows: 2 });
    const vg = [{ topic: 't2', vgroup_id: p.vgroup_id }];
    await c.ok('commit_offset', { topic: 't2', vgroup_id: p.vgroup_id, offset: `snapshot:0:${now}:n` });
    expect((await c.ok('committed', { topic_vgroup_ids: vg })).committed).toEqual([`snapshot:0:${now}:n`]);
    await c.ok('seek', { topic: 't2', vgroup_id: p.vgroup_id, offset: `snapshot:0:${now}:n` });
    expect((await c.ok('position', { topic_vgroup_ids: vg })).position).toEqual([`snapshot:0:${now}:n`]);
    expect((await c.drain()).map((r) => r[2])).toEqual([2]);
    expect((await c.ok('position', { topic_vgroup_ids: vg })).position).toEqual([0]);
    expect((await c.request('seek', { topic: 't2', vgroup_id: p.vgroup_id, offset: 'snapshot:x' })).code).toBe(0x03ee);
  });

  it('auto commit commits positions on the interval and on unsubscribe', async () => {
    const c = await client();
    await c.subscribe('auto', ['tp'], { auto_commit: 'true', auto_commit_interval_ms: 0 });
    await writeAll(1);
    expect((await c.drain()).length).toBe(8);
    await c.ok('unsubscribe');
    const again = await client();
    await again.subscribe('auto', ['tp'], { offset_reset: 'earliest' });
    expect(await again.drain()).toEqual([]);
  });

  it('checks credentials and subscribe options', async () => {
    await expect(client({ Authorization: 'Basic bm9wZTpub3Bl' })).rejects.toThrow('401');
    const anon = await client();
    expect((await anon.request('subscribe', { group_id: 'g', topics: ['tp'] })).code).toBe(0x0357);
    expect((await anon.request('subscribe', { user: 'root', password: 'bad', group_id: 'g', topics: ['tp'] })).code).toBe(0x0357);
    expect((await anon.request('poll', { blocking_time: 10 })).code).toBe(0x03e6);
    const withHeader = await client({ Authorization: `Basic ${Buffer.from('root:taosdata').toString('base64')}` });
    expect((await withHeader.request('subscribe', { group_id: 'x'.repeat(193), topics: ['tp'] })).code).toBe(0x03ee);
    expect((await withHeader.request('subscribe', { group_id: 'g', client_id: 'y'.repeat(193), topics: ['tp'] })).code).toBe(0x03ee);
    expect((await withHeader.request('subscribe', { group_id: 'g', offset_reset: 'sometimes', topics: ['tp'] })).code).toBe(0x03ee);
    expect((await withHeader.request('subscribe', { group_id: 'g', topics: ['nope'] })).code).toBe(0x03e1);
    expect((await withHeader.request('subscribe', { group_id: 'x'.repeat(192), client_id: 'y'.repeat(192), topics: ['tp'] })).code).toBe(0);
    expect((await withHeader.request('dance')).code).toBe(0x03ee);
    await t.run("CREATE USER reader PASS 'secret1_pw'");
    const reader = await client();
    expect((await reader.request('subscribe', { user: 'reader', password: 'secret1_pw', group_id: 'g', topics: ['tp'] })).code).toBe(0x2644);
    await t.run('GRANT SUBSCRIBE ON tp TO reader');
    expect((await reader.request('subscribe', { user: 'reader', password: 'secret1_pw', group_id: 'g', topics: ['tp'] })).code).toBe(0);
  });

  it('a WITH META topic delivers schema statements as meta messages', async () => {
    await t.run('CREATE TOPIC tm WITH META AS DATABASE d1');
    const c = await client();
    await c.subscribe('m', ['tm']);
    await t.run('CREATE STABLE d1.st2 (ts TIMESTAMP, v INT) TAGS (g INT)');
    // earliest: the snapshot's CREATE of the super table that existed before the topic comes first
    const snap = await c.ok('poll', { blocking_time: 500 });
    expect(snap).toMatchObject({ have_message: true, message_type: 2, snapshot: true, end_position: 'snapshot:0:meta:0:meters' });
    const old = await c.ok('fetch_json_meta', { message_id: snap.message_id });
    expect(old.data).toMatchObject({ statement: 'createStable', sql: expect.stringMatching(/^CREATE STABLE `meters` \(/) });
    const p = await c.ok('poll', { blocking_time: 500 });
    expect(p.have_message).toBe(true);
    expect(p.message_type).toBe(2);
    const meta = await c.ok('fetch_json_meta', { message_id: p.message_id });
    expect(meta.data).toEqual({ statement: 'createStable', sql: 'CREATE STABLE d1.st2 (ts TIMESTAMP, v INT) TAGS (g INT)' });
  });
});
