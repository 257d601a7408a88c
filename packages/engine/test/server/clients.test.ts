import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRestServer } from '../../src/server/http-server';
import { openTestEngine, type TestEngine } from '../engine/helpers';

/*
 * Client connections (perf_connections / SHOW CONNECTIONS) and users' IP white lists over the real HTTP server.
 * Linux routes all of 127.0.0.0/8 to the loopback device, so a client bound to 127.0.0.2 … 127.0.0.9 reaches the
 * server (on 127.0.0.1) from a distinct address without any network set-up.
 */
let t: TestEngine;
let server: http.Server;
let port: number;
const agents: http.Agent[] = [];

beforeAll(async () => {
  t = await openTestEngine();
  server = createRestServer(t.engine).server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  await t.run('CREATE DATABASE sml');
});
afterAll(async () => {
  for (const a of agents) a.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** A keep-alive client bound to `from`: its requests share one TCP connection until destroyed. */
function agentFrom(from: string): http.Agent {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: from });
  agents.push(agent);
  return agent;
}

const basic = (user: string, pass: string): string => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const ROOT = basic('root', 'taosdata');

interface Reply {
  status: number;
  body: string;
}

function request(agent: http.Agent, path: string, opts: { method?: string; body?: string; auth?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = opts.auth ? { Authorization: opts.auth } : {};
    const req = http.request({ host: '127.0.0.1', port, path, method: opts.method ?? 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(opts.body ?? '');
  });
}

const sql = (agent: http.Agent, text: string, auth = ROOT, query = ''): Promise<Reply> =>
  request(agent, `/rest/sql${query ? `?${query}` : ''}`, { body: text, auth });

/** perf_connections as objects, read by root from the local host. */
async function connectionsNow(): Promise<Record<string, unknown>[]> {
  const r = JSON.parse((await sql(agentFrom('127.0.0.1'), 'select * from performance_schema.perf_connections')).body) as {
    column_meta: [string][];
    data: unknown[][];
  };
  return r.data.map((row) => Object.fromEntries(r.column_meta.map(([name], i) => [name, row[i]])));
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met');
}

describe('perf_connections / SHOW CONNECTIONS', () => {
  it('lists a REST client connection with its user, end point, app/ip parameters and times, until it closes', async () => {
    const a = agentFrom('127.0.0.2');
    const before = Date.now();
    expect((await sql(a, 'select server_version()', ROOT, 'app=meter-reader&ip=10.1.2.3')).status).toBe(200);
    const mine = (await connectionsNow()).filter((c) => String(c.end_point).startsWith('127.0.0.2:'));
    expect(mine).toHaveLength(1);
    const c = mine[0];
    expect(c).toMatchObject({ user: 'root', app: 'taosadapter', pid: process.pid, user_app: 'meter-reader', user_ip: '10.1.2.3' });
    expect(c.end_point).toMatch(/^127\.0\.0\.2:\d+$/);
    expect(Date.parse(String(c.login_time))).toBeGreaterThanOrEqual(before - 1000);

    // a second request on the same keep-alive connection is the same connection, with a later last access
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sql(a, 'select 1');
    const again = (await connectionsNow()).filter((x) => x.conn_id === c.conn_id);
    expect(again).toHaveLength(1);
    expect(Date.parse(String(again[0].last_access))).toBeGreaterThan(Date.parse(String(c.last_access)));

    // SHOW CONNECTIONS reads the same table
    const shown = JSON.parse((await sql(agentFrom('127.0.0.1'), 'show connections')).body) as { column_meta: [string][]; data: unknown[][] };
    expect(shown.column_meta.map(([n]) => n).slice(0, 7)).toEqual(['conn_id', 'user', 'app', 'pid', 'end_point', 'login_time', 'last_access']);
    expect(shown.data.some((row) => row[0] === c.conn_id)).toBe(true);

    a.destroy();
    await until(async () => !(await connectionsNow()).some((x) => x.conn_id === c.conn_id));
  });

  it('each user over one connection is its own connection; a non-root user sees only its own', async () => {
    await t.run("CREATE USER viewer PASS 'Viewer_123'");
    const a = agentFrom('127.0.0.5');
    await sql(a, 'select 1');
    const r = JSON.parse((await sql(a, 'select `user`, end_point from performance_schema.perf_connections', basic('viewer', 'Viewer_123'))).body) as {
      data: [string, string][];
    };
    expect(r.data.map(([user]) => user)).toEqual(['viewer']);
    const users = (await connectionsNow()).filter((x) => String(x.end_point).startsWith('127.0.0.5:')).map((x) => x.user);
    expect(users.sort()).toEqual(['root', 'viewer']);
  });

  it('lists a WebSocket (/rest/tmq) connection while it is open', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/rest/tmq`, { headers: { Authorization: ROOT }, localAddress: '127.0.0.6' });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    expect((await connectionsNow()).filter((x) => String(x.end_point).startsWith('127.0.0.6:')).map((x) => x.user)).toEqual(['root']);
    ws.close();
    await until(async () => !(await connectionsNow()).some((x) => String(x.end_point).startsWith('127.0.0.6:')));
  });
});

describe('IP white list (CREATE USER … HOST, ALTER USER … ADD/DROP HOST)', () => {
  const WL = basic('wl', 'Wl_pass_123');
  const refused = { status: 403, body: expect.stringMatching(/^\{"code":308,"desc":"Not allowed to connect","timing":\d+\}$/) as unknown };

  it('stores the list with the local host and lets only its ranges log in over REST', async () => {
    await t.run("CREATE USER wl PASS 'Wl_pass_123' HOST '127.0.0.2', '127.0.0.16/30'");
    const users = await t.run("select allowed_host from information_schema.ins_users where name = 'wl'");
    expect(users).toMatchObject({ rows: [['127.0.0.1/32,127.0.0.2/32,127.0.0.16/30']] });

    expect((await sql(agentFrom('127.0.0.2'), 'select 1', WL)).status).toBe(200);
    expect((await sql(agentFrom('127.0.0.18'), 'select 1', WL)).status).toBe(200);
    // the local host is always in the list
    expect((await sql(agentFrom('127.0.0.1'), 'select 1', WL)).status).toBe(200);
    expect(await sql(agentFrom('127.0.0.3'), 'select 1', WL)).toEqual(refused);
    expect(await sql(agentFrom('127.0.0.20'), 'select 1', WL)).toEqual(refused);
    // the refused login is no connection
    expect((await connectionsNow()).some((x) => String(x.end_point).startsWith('127.0.0.3:'))).toBe(false);
    // a user without HOST has no white list: any address
    expect((await sql(agentFrom('127.0.0.3'), 'select 1')).status).toBe(200);
  });

  it('applies to tokens, /rest/login, schemaless writes and WebSocket logins', async () => {
    const login = await request(agentFrom('127.0.0.2'), '/rest/login/wl/Wl_pass_123', { method: 'GET' });
    const token = (JSON.parse(login.body) as { desc: string }).desc;
    expect((await sql(agentFrom('127.0.0.2'), 'select 1', `Taosd ${token}`)).status).toBe(200);
    expect(await sql(agentFrom('127.0.0.3'), 'select 1', `Taosd ${token}`)).toEqual(refused);
    expect(await request(agentFrom('127.0.0.3'), '/rest/login/wl/Wl_pass_123', { method: 'GET' })).toEqual({
      status: 403,
      body: '{"code":308,"desc":"Not allowed to connect"}',
    });

    await t.run('GRANT ALL ON sml.* TO wl');
    const line = 'cpu,host=a usage=1 1700000000000000000';
    expect((await request(agentFrom('127.0.0.2'), '/influxdb/v1/write?db=sml&u=wl&p=Wl_pass_123', { body: line })).status).toBe(204);
    expect(await request(agentFrom('127.0.0.3'), '/influxdb/v1/write?db=sml&u=wl&p=Wl_pass_123', { body: line })).toEqual({
      status: 401,
      body: '{"code":"forbidden","message":"Not allowed to connect"}',
    });
    expect((await request(agentFrom('127.0.0.3'), '/influxdb/v1/write?db=sml', { body: line, auth: WL })).status).toBe(401);

    // WebSocket: a refused Authorization header is 403 at the upgrade
    const ws = new WebSocket(`ws://127.0.0.1:${port}/rest/tmq`, { headers: { Authorization: WL }, localAddress: '127.0.0.3' });
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => resolve(101));
    });
    expect(status).toBe(403);
    ws.on('error', () => undefined);
    ws.terminate();
  });

  it('ALTER USER ADD/DROP HOST with TDengine\'s errors; changes apply to the next login', async () => {
    const a = agentFrom('127.0.0.7');
    expect(await sql(a, 'select 1', WL)).toEqual(refused);
    await t.run("ALTER USER wl ADD HOST '127.0.0.7'");
    expect((await sql(agentFrom('127.0.0.7'), 'select 1', WL)).status).toBe(200);

    const code = async (text: string): Promise<number> => {
      try {
        await t.run(text);
        return 0;
      } catch (error) {
        return (error as { code: number }).code;
      }
    };
    expect(await code("ALTER USER wl ADD HOST '127.0.0.7'")).toBe(0x035a);
    expect(await code("ALTER USER wl DROP HOST '127.0.0.9'")).toBe(0x035b);
    expect(await code("ALTER USER wl DROP HOST '127.0.0.1'")).toBe(0x035d);
    expect(await code("ALTER USER wl ADD HOST '300.1.1.1'")).toBe(0x266b);
    expect(await code("CREATE USER bad PASS 'Bad_pass_1' HOST '10.0.0.0/33'")).toBe(0x266b);
    // only root manages white lists, a user not even its own
    expect(await code("ALTER USER viewer ADD HOST '127.0.0.8'")).toBe(0);
    await expect(t.run("ALTER USER viewer DROP HOST '127.0.0.8'", { user: 'viewer' })).rejects.toMatchObject({ code: 0x2644 });

    await t.run("ALTER USER wl DROP HOST '127.0.0.2'");
    expect(await sql(agentFrom('127.0.0.2'), 'select 1', WL)).toEqual(refused);
    const users = await t.run("select allowed_host from information_schema.ins_users where name = 'wl'");
    expect(users).toMatchObject({ rows: [['127.0.0.1/32,127.0.0.16/30,127.0.0.7/32']] });
  });
});
