import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';
import { TdError } from '../../src/errors';
import { DEFAULT_MAX_FILL_WINDOWS, parseLimits, queryLimits } from '../../src/limits/limits';
import { createRestServer } from '../../src/server/http-server';

/*
 * A read-only SELECT must not hold the instance (issue 12 item 2): FILL in linear time and in slices that give the
 * event loop back, a query stopped when its client hangs up, by KILL QUERY or by the timeout, and per-instance bounds
 * on FILL windows and result rows. Everything runs over the real REST server or a real Engine.
 */

const ROOT = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;
const T0 = 1699950010000;
/** The query: 100,000 windows of 500 ms, data only at both ends, so LINEAR fills one gap across all of them. */
const FILL_100K = `SELECT _wstart, AVG(v) FROM d.s WHERE ts >= ${T0} AND ts < 1700000010000 INTERVAL(500a) FILL(LINEAR)`;
/** Every row against every other (WINDOW JOIN over ±1000 days): seconds of DuckDB work for 30,000 rows. */
const SLOW_JOIN = 'select count(b.ts) from d.t a left window join d.t b window_offset(-1000d, 1000d)';
const SLOW_ROWS = 30_000;

async function openEngine(limits: Parameters<typeof parseLimits>[0]): Promise<{ engine: Engine; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'query-control-'));
  const engine = await Engine.open({ dataDir: dir, limits: parseLimits(limits) });
  return { engine, dir };
}

async function loadSlowTable(engine: Engine): Promise<void> {
  await engine.execute('create database if not exists d', { user: 'root' });
  await engine.execute('create table d.t (ts timestamp, v double)', { user: 'root' });
  const values = Array.from({ length: SLOW_ROWS }, (_, i) => `(${T0 + i * 1000}, ${i})`).join(' ');
  await engine.execute(`insert into d.t values ${values}`, { user: 'root' });
}

let engine: Engine;
let dir: string;
let server: http.Server;
let port: number;

beforeAll(async () => {
  ({ engine, dir } = await openEngine({}));
  await engine.execute('create database d', { user: 'root' });
  await engine.execute('create table d.s (ts timestamp, v double)', { user: 'root' });
  await engine.execute(`insert into d.s values (${T0}, 1) (1700000009500, 100000)`, { user: 'root' });
  await loadSlowTable(engine);
  await engine.execute("create user reader pass 'r3ader_pw'", { user: 'root' });
  await engine.execute('grant read on d to reader', { user: 'root' });
  server = createRestServer(engine).server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  /** the parsed body once answered */
  answer: Promise<{ code: number; desc?: string; rows?: number; data?: unknown[][] }>;
  /** hangs up without waiting for the answer */
  hangUp(): void;
}

/** POST /rest/sql on its own connection (another client each time). */
function send(sql: string, auth = ROOT): Sent {
  let req!: http.ClientRequest;
  const answer = new Promise<{ code: number; desc?: string; rows?: number; data?: unknown[][] }>((resolve, reject) => {
    req = http.request({ host: '127.0.0.1', port, path: '/rest/sql', method: 'POST', agent: false, headers: { Authorization: auth } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(sql);
  });
  return { answer, hangUp: () => req.destroy() };
}

const sql = (text: string, auth?: string) => send(text, auth).answer;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The kill_id of the running query whose text contains `part`, once it is listed (undefined if it never is). */
async function runningKillId(part: string, waitMs = 10_000): Promise<string | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const r = await sql('select kill_id, sql from performance_schema.perf_queries');
    const found = (r.data ?? []).find((row) => String(row[1]).includes(part) && !String(row[1]).includes('perf_queries'));
    if (found) return String(found[0]);
    if (Date.now() >= until) return undefined;
    await sleep(50);
  }
}

describe('one query does not hold the instance', () => {
  it('SELECT 1 from another client answers within 1 s while a 100k-window FILL(LINEAR) runs', async () => {
    const fill = send(FILL_100K).answer;
    await sleep(30);
    const started = Date.now();
    const one = await sql('SELECT 1');
    const waited = Date.now() - started;
    expect(one.code).toBe(0);
    expect(waited).toBeLessThan(1000);
    const filled = await fill;
    expect(filled.code).toBe(0);
    expect(filled.rows).toBe(100_000);
    // the middle of the gap, interpolated between 1 (first window) and 100000 (last one)
    expect(filled.data![50_000][1]).toBeCloseTo(1 + (99_999 * 50_000) / 99_999, 6);
  });

  it('a client that hangs up stops its query (DuckDB is interrupted)', async () => {
    const join = send(SLOW_JOIN);
    join.answer.catch(() => undefined);
    expect(await runningKillId('window join')).toBeDefined();
    const started = Date.now();
    join.hangUp();
    let stillRunning = true;
    while (stillRunning && Date.now() - started < 5000) {
      await sleep(50);
      stillRunning = (await runningKillId('window join', 0)) !== undefined;
    }
    expect(stillRunning).toBe(false);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('KILL QUERY stops a running query; its client gets 0x022D Query killed', async () => {
    const join = send(SLOW_JOIN).answer;
    const id = await runningKillId('window join');
    expect(id).toMatch(/^0:[0-9a-f]+$/);
    expect((await sql('SHOW QUERIES')).data!.map((row) => row[0])).toContain(id);
    // another user may not kill it (TDengine 3.3: only a superuser kills), nor can anyone kill what is not running
    expect(await sql(`KILL QUERY '${id}'`, `Basic ${Buffer.from('reader:r3ader_pw').toString('base64')}`)).toMatchObject({ code: 0x0303 });
    expect(await sql("KILL QUERY 'nonsense'")).toMatchObject({ code: 0x030c, desc: 'Invalid query id' });
    expect(await sql("KILL QUERY '0:fffffff'")).toMatchObject({ code: 0x030c });
    expect(await sql("KILL QUERY '5:1'")).toMatchObject({ code: 0x030e, desc: 'Invalid connection id' });
    const started = Date.now();
    expect(await sql(`KILL QUERY '${id}'`)).toMatchObject({ code: 0, rows: 1 });
    expect(await join).toMatchObject({ code: 0x022d, desc: 'Query killed' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await runningKillId('window join', 0)).toBeUndefined();
  });
});

describe('per-instance query limits', () => {
  let small: { engine: Engine; dir: string };
  const run = (text: string) => small.engine.execute(text, { user: 'root' });
  const error = async (text: string) => {
    try {
      await run(text);
    } catch (e) {
      return e as TdError;
    }
    throw new Error(`no error for ${text}`);
  };

  beforeAll(async () => {
    small = await openEngine({ maxFillWindows: 1000, maxResultRows: 50, queryTimeoutSeconds: 1 });
    await loadSlowTable(small.engine);
  });
  afterAll(async () => {
    await small.engine.close();
    fs.rmSync(small.dir, { recursive: true, force: true });
  });

  it('limits.json takes the three keys; missing ones are the defaults (TDengine: 10 M FILL windows)', () => {
    expect(queryLimits(parseLimits({}))).toEqual({ maxFillWindows: DEFAULT_MAX_FILL_WINDOWS, maxResultRows: 1_000_000, queryTimeoutMs: 600_000 });
    expect(DEFAULT_MAX_FILL_WINDOWS).toBe(10_000_000);
    expect(() => parseLimits({ maxResultRows: -1 })).toThrow('limits.maxResultRows must be a non-negative integer');
  });

  it('a FILL over more windows than maxFillWindows is 0x263B (9787), as TDengine refuses a too long range', async () => {
    // from 10 s before the last row on: 10 windows with data, the rest filled
    const from = T0 + (SLOW_ROWS - 10) * 1000;
    const fill = (windows: number) => `select _wstart, avg(v) from d.t where ts >= ${from} and ts < ${from + windows * 1000} interval(1s) fill(prev)`;
    expect(await error(fill(1001))).toMatchObject({ code: 9787, message: 'Start(end) time of query range required or time range too large' });
    expect(await error(`select _irowts, interp(v) from d.t range(${T0}, ${T0 + 1000 * 1000}) every(1s) fill(prev)`)).toMatchObject({ code: 9787 });
    // within the window bound but over the row bound: TDengine's executor error for too many windows
    expect(await error(fill(1000))).toMatchObject({ code: 0x070a, message: 'Too many groups/time window in query' });
    expect(await error('select _wstart, count(*) from d.t interval(1s)')).toMatchObject({ code: 0x070a });
    expect(await error(`select _irowts, interp(v) from d.t range(${from}, ${from + 999_000}) every(1s) fill(prev)`)).toMatchObject({ code: 0x0a0e });
    const limited = await run(`${fill(1000)} limit 50`);
    expect(limited.kind === 'rows' && limited.rows.length).toBe(50);
  });

  it('a result of more than maxResultRows rows is refused; LIMIT gets under it', async () => {
    expect(await error('select * from d.t')).toMatchObject({ code: 0x0a0e, message: 'Limit exceeded: max result rows 50' });
    const r = await run('select * from d.t limit 50');
    expect(r.kind === 'rows' && r.rows.length).toBe(50);
  });

  it('a query running longer than queryTimeoutSeconds is stopped', async () => {
    const started = Date.now();
    expect(await error(SLOW_JOIN)).toMatchObject({ message: 'Query killed: timeout' });
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
