import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import type { ResultSet } from '../../src/format/result';
import { createRestServer } from '../../src/server/http-server';
import { OFF_THREAD_MIN_LENGTH } from '../../src/workers/insert-parser';
import { openTestEngine, type TestEngine } from '../engine/helpers';

/**
 * A large POST /rest/sql body is read into a slab and, when it is an INSERT of VALUES, decoded and parsed in a parse
 * worker (workers/insert-parser.ts): the engine's thread never decodes it unless an error message needs its text.
 * Whatever the path, the answers are the ones a statement parsed on the engine's thread gets.
 */

let t: TestEngine;
let server: http.Server;
let url: string;
const T0 = 1_700_000_000_000;
const AUTH = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;

beforeAll(async () => {
  t = await openTestEngine();
  server = createRestServer(t.engine).server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/rest/sql`;
  await t.run('CREATE DATABASE big');
  await t.run('CREATE STABLE big.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (location NCHAR(16), groupid INT)');
  await t.run('CREATE TABLE big.notes (ts TIMESTAMP, note NCHAR(20), n INT)');
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

async function post(body: string, path = ''): Promise<{ code: number; desc?: string; data?: unknown[][] }> {
  const res = await fetch(url + path, { method: 'POST', headers: { Authorization: AUTH }, body });
  return (await res.json()) as { code: number; desc?: string; data?: unknown[][] };
}

const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `(${T0 + (from + i) * 1000},${(i % 300) / 10},${200 + (i % 40)},${(i % 100) / 100})`).join(' ');

async function count(sql: string): Promise<bigint> {
  return ((await t.run(sql)) as ResultSet).rows[0][0] as bigint;
}

describe('POST /rest/sql with a large INSERT', () => {
  it('writes every row of a body parsed in a worker, non-ASCII text and tags included', async () => {
    const notes = Array.from({ length: 300 }, (_, i) => `(${T0 + i}, '北京 ü ${i}', ${i})`).join(' ');
    const body = `  INSERT INTO d0 USING meters TAGS ('Zürich', 1) VALUES ${rows(3000)} d1 USING meters TAGS ('東京', 2) VALUES ${rows(2000)} notes VALUES ${notes}\n`;
    expect(Buffer.byteLength(body)).toBeGreaterThan(OFF_THREAD_MIN_LENGTH);
    expect(await post(body, '/big')).toMatchObject({ code: 0, data: [[5300]] });
    expect(await count('SELECT count(*) FROM big.meters')).toBe(5000n);
    const [[location]] = ((await t.run("SELECT location FROM big.meters WHERE tbname = 'd1' LIMIT 1")) as ResultSet).rows;
    expect(location).toBe('東京');
    const [[note]] = ((await t.run(`SELECT note FROM big.notes WHERE ts = ${T0 + 7}`)) as ResultSet).rows;
    expect(note).toBe('北京 ü 7');
    // it went to a parse worker (one started for it)
    expect((t.engine.lineParser.workers as unknown as { slots: unknown[] }).slots).toHaveLength(1);
  });

  it('refuses a bad value deep in the body with the message a statement parsed here gets, and writes nothing', async () => {
    const body = `INSERT INTO big.d2 USING big.meters TAGS ('x', 3) VALUES ${rows(3000)} (${T0 + 9_000_000}, 1.5, 'volts', 0.1)`;
    const answer = await post(body);
    const here = await t.run(body).then(
      () => undefined,
      (error: { code: number; message: string }) => error,
    );
    expect(here).toBeDefined();
    expect(answer).toMatchObject({ code: here!.code & 0xffff, desc: here!.message });
    expect(answer.desc).toContain("'volts', 0.1)");
    expect(await count("SELECT count(*) FROM big.meters WHERE tbname = 'd2'")).toBe(0n);
  });

  it('answers a syntax error, a large query and a body of blanks as before', async () => {
    const broken = `INSERT INTO big.d0 VALUES ${rows(3000, 10_000)} (1, 2`;
    const here = await t.run(broken).then(
      () => undefined,
      (error: { code: number; message: string }) => error,
    );
    expect(await post(broken)).toMatchObject({ code: here!.code & 0xffff, desc: here!.message });
    const query = `SELECT count(*) FROM big.meters /* ${'x'.repeat(OFF_THREAD_MIN_LENGTH)} */`;
    expect(await post(query)).toMatchObject({ code: 0, data: [[5000]] });
    expect(await post(' '.repeat(OFF_THREAD_MIN_LENGTH + 10))).toMatchObject({ code: TdCode.NO_SQL_INPUT & 0xffff, desc: 'no sql input' });
  });
});
