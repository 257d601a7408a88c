import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';
import { parseLimits } from '../../src/limits/limits';
import { createRestServer } from '../../src/server/http-server';

/*
 * POST /rest/export (issue 13 item 5): a query's whole result as CSV, JSON Lines or Parquet, streamed, as the
 * authenticated user with their read privileges, with every digit of 64-bit integers and ns timestamps.
 */

const ROOT = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;
const READER = `Basic ${Buffer.from('reader:r3ader_pw').toString('base64')}`;
const STRANGER = `Basic ${Buffer.from('stranger:str4nger_pw').toString('base64')}`;
/** More rows than the instance's maxResultRows below: an export is not held, so that bound does not apply. */
const MANY = 5000;

let engine: Engine;
let dir: string;
let server: http.Server;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rest-export-'));
  engine = await Engine.open({ dataDir: dir, limits: parseLimits({ maxResultRows: 1000 }) });
  const run = (sql: string) => engine.execute(sql, { user: 'root' });
  await run("create database d precision 'ns'");
  await run('create table d.t (ts timestamp, big bigint, u bigint unsigned, f float, note nchar(20))');
  await run("insert into d.t values (1700000000123456789, 9007199254740993, 18446744073709551615, 1.5, '=cmd') (1700000000123456790, -9223372036854775808, 0, null, 'a,b')");
  await run('create table d.many (ts timestamp, v int)');
  for (let start = 0; start < MANY; start += 1000) {
    await run(`insert into d.many values ${Array.from({ length: 1000 }, (_, i) => `(${1700000000000000000n + BigInt(start + i)}, ${start + i})`).join(' ')}`);
  }
  await run("create user reader pass 'r3ader_pw'");
  await run('grant read on d.* to reader');
  await run("create user stranger pass 'str4nger_pw'");
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

function exportCall(sql: string, format: string, authorization = READER, db = '') {
  return fetch(`http://127.0.0.1:${port}/rest/export${db ? `/${db}` : ''}?format=${format}`, { method: 'POST', headers: { authorization }, body: sql });
}

describe('POST /rest/export', () => {
  it('writes CSV with exact 64-bit integers and ns timestamps, text guarded against formulas', async () => {
    const res = await exportCall('select * from d.t order by ts', 'csv');
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await res.text()).split('\r\n')).toEqual([
      'ts,big,u,f,note',
      `2023-11-14T22:13:20.123456789Z,9007199254740993,18446744073709551615,1.5,"'=cmd"`,
      '2023-11-14T22:13:20.123456790Z,-9223372036854775808,0,,"a,b"',
      '',
    ]);
  });

  it('writes JSON Lines: one object a line, integers as exact JSON numbers', async () => {
    const res = await exportCall('select ts, big, u, note from t order by ts', 'jsonl', READER, 'd');
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect((await res.text()).split('\n')).toEqual([
      '{"ts":"2023-11-14T22:13:20.123456789Z","big":9007199254740993,"u":18446744073709551615,"note":"=cmd"}',
      '{"ts":"2023-11-14T22:13:20.123456790Z","big":-9223372036854775808,"u":0,"note":"a,b"}',
      '',
    ]);
  });

  it('writes Parquet with ns timestamps and unsigned 64-bit integers kept', async () => {
    const res = await exportCall('select ts, big, u, note from d.t order by ts', 'parquet');
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    const file = path.join(dir, 'back.parquet');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const duck = await DuckDBInstance.create(':memory:');
    const conn = await duck.connect();
    const reader = await conn.runAndReadAll(`select epoch_ns(ts)::varchar, big::varchar, u::varchar, note, typeof(ts), typeof(u) from '${file}'`);
    expect(reader.getRows()).toEqual([
      ['1700000000123456789', '9007199254740993', '18446744073709551615', '=cmd', 'TIMESTAMP_NS', 'UBIGINT'],
      ['1700000000123456790', '-9223372036854775808', '0', 'a,b', 'TIMESTAMP_NS', 'UBIGINT'],
    ]);
    conn.closeSync();
    duck.closeSync();
  });

  it('streams more rows than a held result may have, in order', async () => {
    const lines = (await (await exportCall('select ts, v from d.many order by ts', 'csv')).text()).trim().split('\r\n');
    expect(lines).toHaveLength(MANY + 1);
    expect(lines[1]).toBe('2023-11-14T22:13:20.000000000Z,0');
    expect(lines[MANY]).toBe(`2023-11-14T22:13:20.000004999Z,${MANY - 1}`);
  });

  it('streams a query with a JS stage (FILL) as its held result, and refuses it as Parquet', async () => {
    await engine.execute('create database gaps', { user: 'root' });
    await engine.execute('create table gaps.s (ts timestamp, v int)', { user: 'root' });
    await engine.execute('insert into gaps.s values (1700000000000, 1) (1700000003000, 2)', { user: 'root' });
    const fill = 'select _wstart, max(v) from gaps.s where ts >= 1700000000000 and ts < 1700000004000 interval(1s) fill(null)';
    expect(await (await exportCall(fill, 'csv', ROOT)).text()).toBe(
      '_wstart,max(v)\r\n2023-11-14T22:13:20.000Z,1\r\n2023-11-14T22:13:21.000Z,\r\n2023-11-14T22:13:22.000Z,\r\n2023-11-14T22:13:23.000Z,2\r\n',
    );
    const parquet = await exportCall(fill, 'parquet', ROOT);
    expect(parquet.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await parquet.json()) as { desc: string }).desc).toBe('Parquet export is not available for FILL or INTERP queries: export them as CSV or JSON Lines');
  });

  it("runs as the caller: another user's database is refused, as are statements that are not queries", async () => {
    const errorOf = async (res: Response) => {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      return (await res.json()) as { code: number; desc: string };
    };
    expect(await errorOf(await exportCall('select * from d.t', 'csv', STRANGER))).toMatchObject({ desc: 'Permission denied' });
    expect(await errorOf(await exportCall('drop database d', 'csv', ROOT))).toMatchObject({ desc: 'Only a query (SELECT) can be exported' });
    const format = await exportCall('select * from d.t', 'xlsx');
    expect(format.status).toBe(400);
    expect((await errorOf(format)).desc).toBe('illegal param, format must be csv, jsonl or parquet');
    const wrongPassword = await errorOf(await exportCall('select 1', 'csv', `Basic ${Buffer.from('reader:nope').toString('base64')}`));
    expect(wrongPassword.code).not.toBe(0);
    expect(await engine.execute('select count(*) from d.t', { user: 'root' })).toMatchObject({ rows: [[2n]] });
  });
});
