import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import type { AgentItem } from '@tscloud/contracts';
import { datainAgents } from '../../src/store/schema';
import type { Caller } from '../orgs/helpers';
import type { InstancesWorld } from '../instances/harness';
import { eventually } from './task-helpers';
import { DAY_MS, agentCalls, agentsWorld } from './agents-world';

const AGENT_CLI = fileURLToPath(new URL('../../src/region/replication/agents/agent-cli.ts', import.meta.url));

/** The agent program, as the console's command runs it (node with tsx's loader, so a kill reaches the agent itself). */
function startAgent(endpoint: string, token: string): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', AGENT_CLI, '--endpoint', endpoint, '--token', token], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Opens a websocket with this token: 'open', or the HTTP status of the refusal. */
function tryConnect(endpoint: string, token: string): Promise<{ result: 'open' | number; socket: WebSocket }> {
  const socket = new WebSocket(endpoint, { headers: { authorization: `Bearer ${token}` } });
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ result: 'open', socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ result: res.statusCode ?? 0, socket }));
    socket.once('error', () => resolve({ result: 0, socket }));
  });
}

/**
 * The agent's websocket for real (docs/data-in.md "Agents"): the agent program started against a listening server
 * goes pending → connected → disconnected when it stops; tokens are checked, expired tokens refused, one live
 * connection per agent.
 */
describe('replication agent connections', () => {
  let world: InstancesWorld;
  let owner: Caller;
  let orgId: string;
  let id: string;
  let calls: ReturnType<typeof agentCalls>;
  let endpoint: string;

  const agentNamed = async (agentId: string): Promise<AgentItem> => (await calls.list()).data.find((a) => a.agent_id === agentId)!;
  const waitStatus = (agentId: string, status: AgentItem['status']) =>
    eventually(async () => ((await agentNamed(agentId)).status === status ? true : undefined), `agent ${status}`, 20_000);

  beforeAll(async () => {
    // A short heartbeat, so a silent agent is dropped within the test (read when the server starts); long enough for an
    // agent on a loaded machine to answer every ping.
    process.env.AGENT_HEARTBEAT_MS = '1500';
    ({ world, owner, orgId, id } = await agentsWorld('ags'));
    delete process.env.AGENT_HEARTBEAT_MS;
    calls = agentCalls(owner, orgId, id);
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    endpoint = `${address.replace(/^http/, 'ws')}/agent/ws`;
  }, 120_000);
  afterAll(() => world?.close(), 60_000);

  it('the agent program connects (pending → connected) and its stop is seen (disconnected), with activities', async () => {
    const { agent, token } = (await calls.create({ name: 'edge', expires_at: Date.now() + DAY_MS })).data;
    expect(agent.status).toBe('pending');
    const run = startAgent(endpoint, token!);
    try {
      await waitStatus(agent.agent_id, 'connected');
      const seen = await eventually(async () => ((await agentNamed(agent.agent_id)).host ? agentNamed(agent.agent_id) : undefined), 'hello');
      expect(seen).toMatchObject({ version: '0.1.0' });
      expect(seen.last_seen_at).toBeGreaterThan(agent.created_at - 1);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited, run.output()).toBe(0);
    await waitStatus(agent.agent_id, 'disconnected');
    const activities = (await calls.activities(agent.agent_id)).data;
    expect(activities.map((a) => a.kind), JSON.stringify({ activities, output: run.output() })).toEqual(['disconnected', 'connected', 'registered']);
    expect(activities[0].message).toBe('agent stopped');
  }, 60_000);

  it('keeps a hello sent the moment the socket opens (before its connection is in the store)', async () => {
    const { agent, token } = (await calls.create({ name: 'eager', expires_at: Date.now() + DAY_MS })).data;
    const socket = new WebSocket(endpoint, { headers: { authorization: `Bearer ${token!}` } });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', host: 'eager-host', version: '9.9.9' })));
    try {
      const seen = await eventually(async () => ((await agentNamed(agent.agent_id)).host ? agentNamed(agent.agent_id) : undefined), 'hello', 20_000);
      expect(seen).toMatchObject({ host: 'eager-host', version: '9.9.9', status: 'connected' });
    } finally {
      socket.close();
    }
  }, 60_000);

  it('refuses a wrong token and an expired one; deleting or renewing ends the live connection', async () => {
    const { agent, token } = (await calls.create({ name: 'checked', expires_at: Date.now() + DAY_MS })).data;
    const wrong = await tryConnect(endpoint, `${token!.slice(0, -3)}xyz`);
    expect(wrong.result).toBe(401);
    expect((await tryConnect(endpoint, 'no token')).result).toBe(401);

    // Renewing: the live connection ends with the renewal's code, the old token is refused, the new one admitted.
    const first = await tryConnect(endpoint, token!);
    expect(first.result).toBe('open');
    const closed = new Promise<number>((resolve) => first.socket.once('close', (code) => resolve(code)));
    const renewed = (await calls.update(agent.agent_id, { name: 'checked', expires_at: Date.now() + DAY_MS, renew_token: true })).data.token!;
    expect(await closed).toBe(4005);
    expect((await tryConnect(endpoint, token!)).result).toBe(401);
    const second = await tryConnect(endpoint, renewed);
    expect(second.result).toBe('open');

    // One live connection per agent: a newer one replaces the older.
    const third = await tryConnect(endpoint, renewed);
    expect(third.result).toBe('open');
    expect(await new Promise<number>((resolve) => second.socket.once('close', (code) => resolve(code)))).toBe(4003);
    await waitStatus(agent.agent_id, 'connected');

    const removed = new Promise<number>((resolve) => third.socket.once('close', (code) => resolve(code)));
    expect((await calls.remove(agent.agent_id)).code).toBe(200);
    expect(await removed).toBe(4002);

    // An expired token: refused, and the refusal recorded.
    const old = (await calls.create({ name: 'old', expires_at: Date.now() + DAY_MS })).data;
    await world.store.db.update(datainAgents).set({ expiresAt: Date.now() - 1 }).where(eq(datainAgents.id, old.agent.agent_id));
    expect((await tryConnect(endpoint, old.token!)).result).toBe(401);
    expect((await calls.activities(old.agent.agent_id)).data[0]).toMatchObject({ kind: 'expired' });
    expect((await agentNamed(old.agent.agent_id)).status).toBe('pending');
  }, 60_000);

  it('an agent that stops answering the heartbeat is dropped (disconnected)', async () => {
    const { agent, token } = (await calls.create({ name: 'silent', expires_at: Date.now() + DAY_MS })).data;
    const socket = new WebSocket(endpoint, { headers: { authorization: `Bearer ${token}` }, autoPong: false });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    expect(await closed).toBe(4004);
    await waitStatus(agent.agent_id, 'disconnected');
    expect((await calls.activities(agent.agent_id)).data[0]).toMatchObject({ kind: 'disconnected', message: 'no heartbeat' });
  }, 30_000);
});
