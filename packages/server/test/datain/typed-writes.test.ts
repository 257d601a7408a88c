import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from 'tscloud-engine';
import { createRestServer } from '../../../engine/src/server/http-server';
import { EngineWriter } from '../../src/region/replication/runner/engine-writer';
import type { MappedRow } from '../../src/region/replication/pipeline/types';

/**
 * The writer's typed writes (POST /rest/insert/{db}, runner/typed-insert-body.ts) store what the INSERT text stores,
 * refuse what it refuses (counted as failed, with the engine's message), and an engine without the entry gets the
 * text. Real engine, in process, behind its own REST server.
 */
describe('typed writes of the data-in writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'typed-writes-'));
  const auth = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;
  let engine: Engine;
  let server: http.Server;
  /** The same engine behind a server that answers 404 to the typed entry (an engine from before it). */
  let older: http.Server;
  let url = '';
  let olderUrl = '';
  /** Requests by path: /rest/sql and /rest/insert/… */
  let requests: string[] = [];

  const listen = async (s: http.Server) => {
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    engine = await Engine.open({ dataDir: dir, limits: {} });
    server = createRestServer(engine).server;
    const handle = server.listeners('request')[0] as http.RequestListener;
    server.prependListener('request', (request: http.IncomingMessage) => requests.push(request.url ?? ''));
    older = http.createServer((request, response) => {
      if (request.url?.startsWith('/rest/insert')) {
        response.writeHead(404).end('404 page not found');
        return;
      }
      handle(request, response);
    });
    url = await listen(server);
    olderUrl = await listen(older);
    await engine.execute('CREATE DATABASE typed', { user: 'root' });
  });
  afterAll(async () => {
    for (const s of [server, older]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const select = async (sql: string) => {
    const result = await engine.execute(sql, { user: 'root' });
    if (!('rows' in result)) throw new Error('no rows');
    return result.rows;
  };

  const T0 = 1_767_225_600_000;
  /** Values of every kind a transform hands over, in every column type the mapping offers. */
  const odd: Array<Record<string, unknown>> = [
    { d: 0.1, i: 7, b: 2 ** 60, f: 1.5, flag: true, s: "it's", n: 'ünïcødé 温度 🌡' },
    { d: -0, i: -2_147_483_648, b: 1234567890123456789n, f: -2.5e-7, flag: false, s: 'back\\slash', n: '' },
    { d: Number.NaN, i: null, b: Number.MAX_SAFE_INTEGER, f: Number.POSITIVE_INFINITY, flag: null, s: 'line\nbreak', n: undefined },
    { d: 1e300, i: 0, b: -5n, f: 3.4e38, flag: 1, s: '1767225600000000000', n: 42 },
    { d: 1e21, i: 2_147_483_647, b: -(2 ** 53), f: 0, flag: 'true', s: new Date(T0).toISOString(), n: 'x' },
  ];
  const rowsOf = (stable: string, values: Array<Record<string, unknown>>): MappedRow[] =>
    values.map((columns, k) => ({ stable, table: `${stable}_${k % 2}`, tags: { device: `dev'${k % 2}`, site: k % 2 }, columns: { ts: T0 + k, ...columns } }));
  const create = (stable: string) =>
    engine.execute(
      `CREATE STABLE typed.${stable} (ts TIMESTAMP, d DOUBLE, i INT, b BIGINT, f FLOAT, flag BOOL, s VARCHAR(64), n NCHAR(16)) TAGS (device VARCHAR(16), site INT)`,
      { user: 'root' },
    );

  it('stores every value as the INSERT text stores it, tags and child tables included', async () => {
    await create('by_text');
    await create('by_values');
    const text = new EngineWriter({ url: olderUrl, authorization: auth }, 'typed');
    const typed = new EngineWriter({ url, authorization: auth }, 'typed');
    requests = [];
    expect(await text.write(rowsOf('by_text', odd))).toMatchObject({ written: 5, failed: 0 });
    expect(text.typed).toBe(false);
    expect(await typed.write(rowsOf('by_values', odd))).toMatchObject({ written: 5, failed: 0 });
    expect(typed.typed).toBe(true);
    expect(requests.filter((path) => path.startsWith('/rest/insert/typed'))).toHaveLength(1);
    expect(requests.filter((path) => path.startsWith('/rest/sql'))).toHaveLength(0);
    const stored = (stable: string) => select(`SELECT tbname, device, site, ts, d, i, b, f, flag, s, n FROM typed.${stable} ORDER BY ts`);
    const byText = await stored('by_text');
    expect(byText).toHaveLength(5);
    const renamed = (rows: unknown[][]) => rows.map(([name, ...rest]) => [String(name).replace('by_text', 'by_values'), ...rest]);
    expect(await stored('by_values')).toEqual(renamed(byText));
  });

  it('rows the engine refuses are counted with its message, the others written', async () => {
    await create('refused');
    const values = Array.from({ length: 40 }, (_, k) => ({ d: k, s: k % 13 === 12 ? 'x'.repeat(65) : 'ok' }));
    const rows = rowsOf('refused', values);
    const typed = new EngineWriter({ url, authorization: auth }, 'typed');
    const outcome = await typed.write(rows);
    const text = await new EngineWriter({ url: olderUrl, authorization: auth }, 'typed').write(rowsOf('refused', values));
    expect(outcome).toMatchObject({ written: 37, failed: 3 });
    const byTs = (list: MappedRow[]) => [...list].sort((a, b) => Number(a.columns.ts) - Number(b.columns.ts));
    expect(byTs(outcome.refused)).toEqual(rows.filter((_, k) => k % 13 === 12));
    expect(outcome.lastError).toBe(text.lastError);
    expect(outcome.lastError).toMatch(/too long/i);
    expect(typed.typed).toBe(true);
    expect(await select('SELECT COUNT(*) FROM typed.refused')).toEqual([[37n]]);
  });

  it('the entry answers 400 to a body it cannot read and 401 without credentials', async () => {
    const res = await fetch(`${url}/rest/insert/typed`, { method: 'POST', headers: { authorization: auth }, body: Buffer.from([1, 0, 0, 0, 0x7b]) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: expect.any(Number), desc: 'header is not JSON' });
    const unauthorised = await fetch(`${url}/rest/insert/typed`, { method: 'POST', body: Buffer.alloc(8) });
    expect(unauthorised.status).toBe(401);
  });
});
