import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, tempDir, withoutTiming, type EngineProcess } from './engine-process';

const OK0 = '{"code":0,"column_meta":[["affected_rows","INT",4]],"data":[[0]],"rows":1}';
let engine: EngineProcess;
let dir: string;

beforeAll(async () => {
  dir = tempDir('engine-rest-');
  engine = await startEngine(dir);
});

afterAll(async () => {
  expect(await engine.stop()).toBe(0);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('REST protocol of taosAdapter', () => {
  it('answers DDL with one affected_rows column', async () => {
    expect(await engine.sql('CREATE DATABASE power PRECISION \'ms\'')).toEqual({ status: 200, body: OK0 });
    expect(
      await engine.sql('CREATE STABLE power.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location BINARY(24))'),
    ).toEqual({ status: 200, body: OK0 });
    expect(await engine.sql("CREATE TABLE d1001 USING meters TAGS (2, 'California.SanFrancisco')", { db: 'power' })).toEqual({
      status: 200,
      body: OK0,
    });
  });

  it('answers INSERT with the number of rows written, with row_with_meta and timing', async () => {
    const r = await engine.sql(
      "INSERT INTO power.d1001 VALUES (1538548685000, 10.3, 219, 0.31) (1538548695000, 12.6, 218, 0.33) (1538548696800, 12.3, 221, 0.31)",
    );
    expect(r).toEqual({ status: 200, body: '{"code":0,"column_meta":[["affected_rows","INT",4]],"data":[[3]],"rows":1}' });
    const meta = await engine.sql('INSERT INTO d1002 USING meters TAGS (3, \'California.SanJose\') VALUES (now, 1, 2, 3)', {
      db: 'power',
      query: 'row_with_meta=true&timing=true',
    });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatch(/^\{"code":0,"column_meta":\[\["affected_rows","INT",4\]\],"data":\[\{"affected_rows":1\}\],"rows":1,"timing":\d+\}$/);
  });

  it('answers DESCRIBE with compression columns and TAG notes', async () => {
    const r = await engine.sql('DESCRIBE power.meters');
    expect(r.body).toBe(
      '{"code":0,"column_meta":[["field","VARCHAR",325],["type","VARCHAR",20],["length","INT",4],["note","VARCHAR",16],["encode","VARCHAR",12],["compress","VARCHAR",12],["level","VARCHAR",12]],' +
        '"data":[["ts","TIMESTAMP",8,"","delta-i","lz4","medium"],["current","FLOAT",4,"","delta-d","lz4","medium"],["voltage","INT",4,"","simple8b","lz4","medium"],["phase","FLOAT",4,"","delta-d","lz4","medium"],' +
        '["groupid","INT",4,"TAG","disabled","disabled","disabled"],["location","VARCHAR",24,"TAG","disabled","disabled","disabled"]],"rows":6}',
    );
  });

  it('rejects empty and blank bodies with 400', async () => {
    const empty = await engine.sql('');
    expect(empty.status).toBe(400);
    expect(withoutTiming(empty.body)).toBe('{"code":4358,"desc":"request is empty","timing":T}');
    const blank = await engine.sql('   \n ');
    expect(blank.status).toBe(400);
    expect(withoutTiming(blank.body)).toBe('{"code":4359,"desc":"no sql input","timing":T}');
  });

  it('answers authentication problems like taosAdapter', async () => {
    const missing = await engine.sql('SHOW DATABASES', { auth: null });
    expect(missing.status).toBe(401);
    expect(withoutTiming(missing.body)).toBe('{"code":4357,"desc":"no auth info input","timing":T}');
    const scheme = await engine.sql('SHOW DATABASES', { auth: 'Digest abc' });
    expect(scheme.status).toBe(401);
    expect(withoutTiming(scheme.body)).toBe('{"code":4386,"desc":"invalid type of Authorization","timing":T}');
    const wrong = await engine.sql('SHOW DATABASES', { auth: `Basic ${Buffer.from('root:nope').toString('base64')}` });
    expect(wrong.status).toBe(200);
    expect(withoutTiming(wrong.body)).toBe('{"code":855,"desc":"Authentication failure","timing":T}');
  });

  it('logs in and accepts the token as Taosd and Bearer, and refuses a forged one', async () => {
    const login = await fetch(`${engine.url}/rest/login/root/taosdata`);
    const { code, desc } = (await login.json()) as { code: number; desc: string };
    expect(code).toBe(0);
    expect((await engine.sql('DESCRIBE power.d1001', { auth: `Taosd ${desc}` })).body).toContain('"code":0');
    expect((await engine.sql('DESCRIBE power.d1001', { auth: `Bearer ${desc}` })).body).toContain('"code":0');
    const forged = Buffer.from('root:AAAA').toString('base64');
    expect((await engine.sql('DESCRIBE power.d1001', { auth: `Taosd ${forged}` })).status).toBe(401);
    const bad = await fetch(`${engine.url}/rest/login/root/wrong`);
    expect(await bad.text()).toBe('{"code":855,"desc":"Authentication failure"}');
  });

  it('reports TDengine errors with HTTP 200 and their codes', async () => {
    const syntax = await engine.sql('CREAT DATABASE x');
    expect(syntax.status).toBe(200);
    expect(JSON.parse(syntax.body).code).toBe(9728);
    expect(withoutTiming((await engine.sql('INSERT INTO power.d9999 VALUES (now, 1, 1, 1)')).body)).toBe(
      '{"code":9731,"desc":"Table does not exist : d9999","timing":T}',
    );
    expect(withoutTiming((await engine.sql('DESCRIBE nodb.t')).body)).toBe('{"code":904,"desc":"Database not exist","timing":T}');
    // /rest/sql/{db} with a missing db: the adapter's `use` fails silently, so names need a database
    expect(withoutTiming((await engine.sql('DESCRIBE t', { db: 'nodb' })).body)).toBe('{"code":9750,"desc":"Database not specified","timing":T}');
    expect((await engine.sql('CREATE DATABASE IF NOT EXISTS newdb', { db: 'newdb' })).body).toBe(OK0);
    expect(withoutTiming((await engine.sql('CREATE DATABASE power')).body)).toBe('{"code":897,"desc":"Database already exists","timing":T}');
    expect(withoutTiming((await engine.sql('CREATE TABLE t (ts TIMESTAMP, v INT)')).body)).toBe(
      '{"code":9750,"desc":"Database not specified","timing":T}',
    );
    expect(withoutTiming((await engine.sql('DELETE FROM power.d1001 WHERE current > 1')).body)).toBe(
      '{"code":9813,"desc":"The DELETE statement must only have a definite time window range","timing":T}',
    );
  });

  it('treats USE as stateless and checks tz / req_id parameters', async () => {
    expect((await engine.sql('USE power')).body).toBe(OK0);
    expect(JSON.parse((await engine.sql('DESCRIBE d1001')).body).code).toBe(9750);
    const tz = await engine.sql('DESCRIBE power.d1001', { query: 'tz=Not/AZone' });
    expect(tz.status).toBe(400);
    expect(JSON.parse(tz.body).code).toBe(65535);
    const reqId = await engine.sql('DESCRIBE power.d1001', { query: 'req_id=abc' });
    expect(reqId.status).toBe(400);
    expect((await engine.sql('DESCRIBE power.d1001', { query: 'req_id=42' })).status).toBe(200);
  });

  it('answers ping, stats and unknown routes', async () => {
    const ping = await fetch(`${engine.url}/-/ping`);
    expect(ping.status).toBe(200);
    const stats = (await (await fetch(`${engine.url}/-/stats`)).json()) as Record<string, number>;
    expect(stats.inserts).toBeGreaterThanOrEqual(2);
    expect(stats.rowsWritten).toBeGreaterThanOrEqual(4);
    expect(stats.statements).toBeGreaterThan(5);
    expect(stats.bytesIn).toBeGreaterThan(100);
    expect(stats.bytesOut).toBeGreaterThan(100);
    expect((await fetch(`${engine.url}/nope`)).status).toBe(404);
  });

  it('prints timestamps with the fraction digits of the database precision, in UTC or the requested zone', async () => {
    await engine.sql("CREATE DATABASE pus PRECISION 'us'");
    await engine.sql("CREATE DATABASE pns PRECISION 'ns'");
    await engine.sql('CREATE TABLE pus.t (ts TIMESTAMP, v INT)');
    await engine.sql('CREATE TABLE pns.t (ts TIMESTAMP, v INT)');
    // epochs inside KEEP, in each database's precision
    const ms = 1_700_000_000_000; // 2023-11-14T22:13:20Z
    await engine.sql(`INSERT INTO pus.t VALUES (${ms}123, 1)`);
    await engine.sql(`INSERT INTO pns.t VALUES (${ms}000007, 2)`);
    expect((await engine.sql('SELECT ts, v FROM pus.t')).body).toBe(
      '{"code":0,"column_meta":[["ts","TIMESTAMP",8],["v","INT",4]],"data":[["2023-11-14T22:13:20.000123Z",1]],"rows":1}',
    );
    expect((await engine.sql('SELECT ts, v FROM pns.t', { query: 'tz=Asia/Shanghai' })).body).toBe(
      '{"code":0,"column_meta":[["ts","TIMESTAMP",8],["v","INT",4]],"data":[["2023-11-15T06:13:20.000000007+08:00",2]],"rows":1}',
    );
    expect((await engine.sql('SELECT ts, v FROM pns.t', { query: 'row_with_meta=true&conn_tz=UTC&tz=Asia/Shanghai' })).body).toBe(
      '{"code":0,"column_meta":[["ts","TIMESTAMP",8],["v","INT",4]],"data":[{"ts":"2023-11-14T22:13:20.000000007+00:00","v":2}],"rows":1}',
    );
  });
});
