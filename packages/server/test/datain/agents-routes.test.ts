import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, Page } from '@tscloud/contracts';
import type { Caller } from '../orgs/helpers';
import { addMember, worldCaller } from '../instances/harness';
import type { InstancesWorld } from '../instances/harness';
import { DAY_MS, agentCalls, agentsWorld } from './agents-world';

/** The agent calls (data-explorer.md §5, §7, §8; docs/data-in.md "Agents"): CRUD, the rules, the token, the rights. */
describe('replication agent calls', () => {
  let world: InstancesWorld;
  let owner: Caller;
  let orgId: string;
  let id: string;
  let calls: ReturnType<typeof agentCalls>;

  beforeAll(async () => {
    ({ world, owner, orgId, id } = await agentsWorld('agr'));
    calls = agentCalls(owner, orgId, id);
  }, 120_000);
  afterAll(() => world?.close(), 60_000);

  it('registers an agent with a token shown once, lists, edits, renews the token and deletes it', async () => {
    const expires = Date.now() + 30 * DAY_MS;
    const created = await calls.create({ name: 'plant-1', expires_at: expires, dsn: 'mqtt://10.0.0.5:1883' });
    expect(created.code).toBe(200);
    const { agent, token } = created.data;
    expect(token).toMatch(new RegExp(`^tsa_${agent.agent_id}\\.`));
    expect(agent).toMatchObject({ name: 'plant-1', cluster_id: id, dsn: 'mqtt://10.0.0.5:1883', user_id: owner.user.id, status: 'pending', expires_at: expires, last_seen_at: null });
    expect(agent.created_at).toBeGreaterThan(Date.now() - 60_000);

    const listed = await calls.list();
    expect(listed.data).toEqual([agent]);
    // The token is never answered again, nor its hash.
    expect(JSON.stringify(listed.data)).not.toContain(token!.split('.')[1]);
    expect(JSON.stringify(listed.data)).not.toMatch(/token/i);

    const edited = await calls.update(agent.agent_id, { name: 'plant-one', expires_at: expires + DAY_MS, dsn: '' });
    expect(edited.data).toMatchObject({ token: null, agent: { name: 'plant-one', dsn: '', expires_at: expires + DAY_MS } });
    const renewed = await calls.update(agent.agent_id, { name: 'plant-one', expires_at: expires + DAY_MS, renew_token: true });
    expect(renewed.data.token).toMatch(/^tsa_/);
    expect(renewed.data.token).not.toBe(token);

    const kinds = (await calls.activities(agent.agent_id)).data.map((a) => a.kind);
    expect(kinds).toEqual(['token_renewed', 'updated', 'registered']);

    expect((await calls.remove(agent.agent_id)).code).toBe(200);
    expect((await calls.list()).data).toEqual([]);
    expect((await calls.remove(agent.agent_id)).code).toBe(404);
    expect((await calls.activities(agent.agent_id)).code).toBe(404);

    // The changes are in the organization's activity log, under Data In (type replication).
    const log = (await owner.call<Page<ActivityEntry>>('GET', '/api/activity?type=replication&page_size=50', undefined, orgId)).data.list;
    const operations = log.filter((e) => e.instanceId === id).map((e) => `${e.operation}: ${e.result}`);
    // The second delete found nothing: a failure.
    expect(operations.sort()).toEqual(['delete agent: FAILURE', 'delete agent: SUCCESS', 'register agent: SUCCESS', 'update agent: SUCCESS', 'update agent: SUCCESS']);
  });

  it('refuses a taken name, a past expiry, a malformed data source URL and a websocket DSN that is not taos+ws', async () => {
    const later = Date.now() + DAY_MS;
    const first = (await calls.create({ name: 'dup', expires_at: later })).data.agent;
    const again = await calls.create({ name: 'dup', expires_at: later });
    expect(again).toMatchObject({ code: 409, message: 'Agent name already exists' });
    const other = (await calls.create({ name: 'other', expires_at: later })).data.agent;
    expect((await calls.update(other.agent_id, { name: 'dup', expires_at: later })).message).toBe('Agent name already exists');

    expect(await calls.create({ name: 'past', expires_at: Date.now() - 1000 })).toMatchObject({ code: 400, message: 'The expiration is earlier than the current time' });
    expect((await calls.update(first.agent_id, { name: 'dup', expires_at: Date.now() - 1000 })).code).toBe(400);
    const wrongUrl = 'Wrong data source URL format; a websocket DSN starts with taos+ws:// or taos+wss://';
    expect((await calls.create({ name: 'u1', expires_at: later, dsn: 'not a url' })).message).toBe(wrongUrl);
    expect((await calls.create({ name: 'u2', expires_at: later, dsn: 'ws://host:6041' })).message).toBe(wrongUrl);
    expect((await calls.create({ name: 'u3', expires_at: later, dsn: 'taos+wss://host:6041' })).code).toBe(200);
    expect((await calls.create({ name: '', expires_at: later })).code).toBe(400);
  });

  it('answers the websocket address on the public URL', async () => {
    expect((await calls.address()).data).toEqual({ address: 'ws://console.test/agent/ws' });
    // Another region's instance is not found.
    expect((await agentCalls(owner, orgId, id, 'elsewhere').list()).code).toBe(404);
  });

  it('reading needs replication:read, changing also db:write (a Viewer reads nothing, a Developer changes)', async () => {
    const viewer = await worldCaller(world, 'agr.viewer@example.com', 'Viewer');
    const developer = await worldCaller(world, 'agr.dev@example.com', 'Dev');
    await addMember(world.store, orgId, viewer, 'Viewer');
    await addMember(world.store, orgId, developer, 'Developer', id);
    const asViewer = agentCalls(viewer, orgId, id);
    expect((await asViewer.list()).code).toBe(403);
    expect((await asViewer.create({ name: 'v', expires_at: Date.now() + DAY_MS })).code).toBe(403);
    const asDeveloper = agentCalls(developer, orgId, id);
    expect((await asDeveloper.create({ name: 'by-dev', expires_at: Date.now() + DAY_MS })).data.agent.user_id).toBe(developer.user.id);
  });
});
