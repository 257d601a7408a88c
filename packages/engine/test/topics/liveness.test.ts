import type http from 'node:http';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRestServer } from '../../src/server/http-server';
import { ConsumerGroups } from '../../src/topics/consumers';
import { TmqClient } from '../../src/topics/ws-client';
import { openTestEngine, type TestEngine } from '../engine/helpers';

// session.timeout.ms and max.poll.interval.ms: a consumer without heartbeat or poll for that long leaves its group
// (without committing) and its vgroups go to the remaining members.

let t: TestEngine;

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE d1 VGROUPS 2 WAL_RETENTION_PERIOD 3600');
  await t.run('CREATE TABLE d1.n (ts TIMESTAMP, v INT)');
  await t.run('CREATE TOPIC tp AS DATABASE d1');
});
afterEach(async () => {
  await t.close();
});

const vgroupsOf = (groups: ConsumerGroups, id: string): number => groups.assignment(id, 'tp').length;

describe('consumer liveness (library, own clock)', () => {
  it('removes a silent consumer after its session timeout and an idle one after its poll interval', async () => {
    let now = 1_000_000;
    const groups = new ConsumerGroups(t.engine.topics, () => now);
    try {
      const root = t.engine.catalog.user('root');
      const sub = (extra: object) => groups.subscribe(root, { groupId: 'g', topics: ['tp'], ...extra }, 'h').id;
      for (const bad of [{ sessionTimeoutMs: 5999 }, { sessionTimeoutMs: 1_800_001 }, { maxPollIntervalMs: 999 }]) {
        expect(() => sub(bad)).toThrow(expect.objectContaining({ code: 0x03ee }));
      }
      const a = sub({ sessionTimeoutMs: 6000 });
      const b = sub({ sessionTimeoutMs: 6000 });
      expect([vgroupsOf(groups, a), vgroupsOf(groups, b)]).toEqual([1, 1]);
      now += 5000;
      groups.heartbeat(a);
      groups.sweep();
      expect(groups.list()).toHaveLength(2);
      now += 1001; // b: 6001 ms without a heartbeat; a: 1001 ms
      groups.sweep();
      expect(groups.list().map((c) => c.id)).toEqual([a]);
      expect(vgroupsOf(groups, a)).toBe(2);

      const c = sub({ maxPollIntervalMs: 1000 });
      expect(vgroupsOf(groups, a)).toBe(1);
      // a blocking poll under way is neither a missed poll nor silence
      const polling = groups.poll(c, 30);
      now += 7000;
      groups.heartbeat(a);
      groups.sweep();
      expect(groups.list()).toHaveLength(2);
      await polling;
      now += 900;
      groups.heartbeat(c);
      groups.sweep();
      expect(groups.list()).toHaveLength(2);
      now += 200; // heartbeats without polls: 1100 ms since the poll returned
      groups.heartbeat(a);
      groups.heartbeat(c);
      groups.sweep();
      expect(groups.list().map((x) => x.id)).toEqual([a]);
      expect(vgroupsOf(groups, a)).toBe(2);
      await expect(groups.poll(c, 0)).rejects.toMatchObject({ code: 0x03e6 });
    } finally {
      groups.close();
    }
  });
});

describe('consumer liveness over /rest/tmq', () => {
  let server: http.Server;
  let url: string;
  beforeEach(async () => {
    server = createRestServer(t.engine).server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('pings keep an idle but live client; a client that answers no ping is removed after session.timeout.ms', { timeout: 20_000 }, async () => {
    const live = await TmqClient.connect(url);
    // a hung client: its socket stays open but it answers no ping and sends nothing
    const hung = new WebSocket(`${url.replace(/^http/, 'ws')}/rest/tmq`, { autoPong: false });
    await new Promise((resolve) => hung.once('open', resolve));
    try {
      await live.subscribe('g', ['tp'], { session_timeout_ms: 6000 });
      const reply = new Promise<{ code: number; consumer_id: string }>((resolve) => hung.once('message', (d) => resolve(JSON.parse(String(d)))));
      const args = { req_id: 1, user: 'root', password: 'taosdata', group_id: 'g', topics: ['tp'], session_timeout_ms: 6000 };
      hung.send(JSON.stringify({ action: 'subscribe', args }));
      expect((await reply).code).toBe(0);
      expect(t.engine.consumers.list()).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 7000));
      // the live one sent nothing either, but answered the pings
      expect(t.engine.consumers.list().map((c) => c.config.groupId)).toEqual(['g']);
      const assignment = (await live.ok('assignment', { topic: 'tp' })).assignment as unknown[];
      expect(assignment).toHaveLength(2);
    } finally {
      hung.terminate();
      await live.close();
    }
  });

  it('a client that stops polling for max.poll.interval.ms leaves; it must subscribe again', { timeout: 20_000 }, async () => {
    const c = await TmqClient.connect(url);
    try {
      await c.subscribe('g', ['tp'], { max_poll_interval_ms: 1000 });
      await c.ok('poll', { blocking_time: 1500 }); // a long blocking poll is fine
      expect(t.engine.consumers.list()).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect(t.engine.consumers.list()).toHaveLength(0);
      expect((await c.request('poll', { blocking_time: 0 })).code).toBe(0x03e6);
      await c.subscribe('g', ['tp'], { max_poll_interval_ms: 1000 });
      expect((await c.request('poll', { blocking_time: 0 })).code).toBe(0);
    } finally {
      await c.close();
    }
  });
});
