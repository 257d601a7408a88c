import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_AUTH, startEngine, tempDir, type EngineProcess } from '../server/engine-process';

let engine: EngineProcess;
let dir: string;
const NOW = Date.now();

beforeAll(async () => {
  dir = tempDir('engine-sml-');
  engine = await startEngine(dir);
  expect((await engine.sql("CREATE DATABASE power PRECISION 'ms'")).status).toBe(200);
});

afterAll(async () => {
  expect(await engine.stop()).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function post(path: string, body: string, auth: string | null = ROOT_AUTH): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = {};
  if (auth !== null) headers.Authorization = auth;
  const res = await fetch(`${engine.url}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
}

async function rows(sql: string): Promise<unknown[][]> {
  const res = await engine.sql(sql);
  expect(res.status).toBe(200);
  return (JSON.parse(res.body) as { data: unknown[][] }).data;
}

describe('POST /influxdb/v1/write', () => {
  it('writes with Basic auth (204) and the rows read back over /rest/sql', async () => {
    const body = `meters,location=SF,groupid=2 current=10.3,voltage=219i32,phase=0.31f32 ${NOW}\nmeters,location=LA,groupid=3 current=12.6,voltage=218i32,phase=0.33f32 ${NOW}`;
    expect(await post('/influxdb/v1/write?db=power&precision=ms', body)).toEqual({ status: 204, body: '' });
    expect(await rows('SELECT location, current, voltage FROM power.meters ORDER BY location')).toEqual([
      ['LA', 12.6, 218],
      ['SF', 10.3, 219],
    ]);
  });

  it('large bodies (read into slabs, parsed by the worker) written side by side, chunked or not, one falling back', async () => {
    const body = (table: string, n: number, extra = '') =>
      Array.from({ length: n }, (_, i) => `big,tname=${table} v=${i}.25,k=${i}i ${NOW - 100_000 + i}`).join('\n') + extra;
    // a quoted string at the end: the fast path gives up on the whole body, the row-by-row path writes it
    const fallback = body('b3', 6000, `\nbig,tname=b3 v=1.5,k=1i,s="x" ${NOW}`);
    const streamed = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 50_000) controller.enqueue(bytes.subarray(at, at + 50_000));
          controller.close();
        },
      });
    };
    const url = `${engine.url}/influxdb/v1/write?db=power&precision=ms&table_name_key=tname`;
    const chunked = fetch(url, { method: 'POST', headers: { Authorization: ROOT_AUTH }, body: streamed(body('b4', 6000)), duplex: 'half' } as RequestInit);
    const results = await Promise.all([post(url.slice(engine.url.length), body('b0', 6000)), post(url.slice(engine.url.length), body('b1', 6000)), post(url.slice(engine.url.length), body('b2', 6000)), post(url.slice(engine.url.length), fallback), chunked.then((r) => ({ status: r.status, body: '' }))]);
    expect(results.map((r) => r.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await rows('SELECT tbname, count(*), sum(v), sum(k) FROM power.big PARTITION BY tbname ORDER BY tbname')).toEqual([
      ['b0', 6000, 6000 * 0.25 + (5999 * 6000) / 2, (5999 * 6000) / 2],
      ['b1', 6000, 6000 * 0.25 + (5999 * 6000) / 2, (5999 * 6000) / 2],
      ['b2', 6000, 6000 * 0.25 + (5999 * 6000) / 2, (5999 * 6000) / 2],
      ['b3', 6001, 6000 * 0.25 + (5999 * 6000) / 2 + 1.5, (5999 * 6000) / 2 + 1],
      ['b4', 6000, 6000 * 0.25 + (5999 * 6000) / 2, (5999 * 6000) / 2],
    ]);
  });

  it('takes u/p query parameters (they win over the header) and defaults to ns precision', async () => {
    const res = await post(`/influxdb/v1/write?db=power&u=root&p=taosdata`, `ns_default,a=1 v=1 ${NOW * 1_000_000}`, 'Basic d3Jvbmc6d3Jvbmc=');
    expect(res.status).toBe(204);
    expect(await rows('SELECT v FROM power.ns_default')).toEqual([[1]]);
  });

  it('answers auth problems with 401 forbidden', async () => {
    const missing = await post('/influxdb/v1/write?db=power', 'm v=1', null);
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'forbidden' });
    const wrong = await post('/influxdb/v1/write?db=power&u=root&p=nope', 'm v=1');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body)).toEqual({ code: 'forbidden', message: 'Authentication failure' });
  });

  it('answers a missing db and a bad precision with 400 and op/err/line', async () => {
    const noDb = await post('/influxdb/v1/write', 'm v=1');
    expect(noDb.status).toBe(400);
    expect(JSON.parse(noDb.body)).toEqual({ code: 'not found', message: 'db required', op: 'get db', err: 'db required', line: 0 });
    const badPrecision = await post('/influxdb/v1/write?db=power&precision=d', 'm v=1');
    expect(badPrecision.status).toBe(400);
    expect(JSON.parse(badPrecision.body)).toMatchObject({ code: 'invalid', op: 'parse precision' });
  });

  it('answers malformed lines, type conflicts and unknown databases with 500 internal error naming the line', async () => {
    const malformed = await post('/influxdb/v1/write?db=power&precision=ms', `ok v=1 ${NOW}\nbroken v=abc ${NOW}`);
    expect(malformed.status).toBe(500);
    const m = JSON.parse(malformed.body) as { code: string; message: string };
    expect(m.code).toBe('internal error');
    expect(m.message).toMatch(/^\[0x3002\] Invalid data format: line 2 "broken v=abc \d+"/);

    const conflict = await post('/influxdb/v1/write?db=power&precision=ms', `meters,location=SF,groupid=2 current=1i ${NOW + 1}`);
    expect(conflict.status).toBe(500);
    expect(JSON.parse(conflict.body).message).toMatch(/^\[0x3002\] .*line 1 "meters,location=SF,groupid=2 current=1i \d+".*BIGINT.*DOUBLE/);

    const noSuchDb = await post('/influxdb/v1/write?db=nosuch&precision=ms', `m v=1 ${NOW}`);
    expect(noSuchDb.status).toBe(500);
    expect(JSON.parse(noSuchDb.body)).toEqual({ code: 'internal error', message: '[0x388] Database not exist' });
  });
});

describe('POST /opentsdb/v1/put/{json,telnet}/{db}', () => {
  const sec = Math.floor(NOW / 1000);

  it('writes JSON and telnet points (204) into the metric super table', async () => {
    const json = JSON.stringify([
      { metric: 'sys.cpu.nice', timestamp: sec, value: 18, tags: { dc: 'lga', hostname: 'web01' } },
      { metric: 'sys.cpu.nice', timestamp: sec, value: 9, tags: { dc: 'lga', hostname: 'web02' } },
    ]);
    expect(await post('/opentsdb/v1/put/json/power', json)).toEqual({ status: 204, body: '' });
    expect(await post('/opentsdb/v1/put/telnet/power', `put sys.cpu.nice ${sec + 1} 20 dc=lga hostname=web01`)).toEqual({ status: 204, body: '' });
    expect(await rows('SELECT hostname, `_value` FROM power.sys_cpu_nice ORDER BY hostname, `_ts`')).toEqual([
      ['web01', 18],
      ['web01', 20],
      ['web02', 9],
    ]);
  });

  it('needs the Authorization header (401) and answers errors with {code: status, message}', async () => {
    const missing = await post('/opentsdb/v1/put/telnet/power', `m ${sec} 1 a=1`, null);
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body)).toEqual({ code: 401, message: 'no auth info input' });
    const bad = await post('/opentsdb/v1/put/telnet/power', `m ${sec} 1 a=1\nm x 1 a=1`);
    expect(bad.status).toBe(500);
    expect(JSON.parse(bad.body)).toEqual({ code: 500, message: '[0x3002] Invalid data format: line 2 "m x 1 a=1": invalid timestamp x' });
    const empty = await post('/opentsdb/v1/put/json/power', '');
    expect(empty).toEqual({ status: 400, body: '{"code":400,"message":"request body is empty"}' });
  });
});
