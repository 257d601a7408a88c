import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '@tscloud/contracts';
import { engineExport } from '../../src/region/explorer/export-engine';

/** The server's side of the engine's export stream, against a stand-in engine: what passes through, what is refused. */
describe('engineExport', () => {
  let server: http.Server;
  let url: string;
  const seen: Array<{ path: string; authorization?: string; body: string }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
        if (body === 'refused') {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end('{"code":9796,"desc":"Permission denied","timing":1}');
        } else if (body === 'old engine') {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('404 page not found');
        } else {
          res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
          res.write('a\r\n');
          setTimeout(() => res.end('1\r\n'), 20);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const target = () => ({ url, authorization: 'Basic bWVtYmVyOnB3' });
  const options = { format: 'csv' as const, signal: new AbortController().signal };

  it("passes the file through as the engine's member user, in the current database", async () => {
    const file = await engineExport(target(), 'SELECT a FROM t', { ...options, db: 'power' });
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    let text = '';
    for await (const chunk of file.body) text += String(chunk);
    expect(text).toBe('a\r\n1\r\n');
    expect(seen.at(-1)).toEqual({ path: '/rest/export/power?format=csv', authorization: 'Basic bWVtYmVyOnB3', body: 'SELECT a FROM t' });
  });

  it("throws the engine's refusal as the console shows it, and anything else that is not a file as unavailable", async () => {
    await expect(engineExport(target(), 'refused', options)).rejects.toMatchObject({ code: ApiCode.BAD_REQUEST, data: { code: 9796, desc: 'Permission denied' } });
    await expect(engineExport(target(), 'old engine', options)).rejects.toMatchObject({ code: ApiCode.SERVICE_UNAVAILABLE });
    await expect(engineExport({ url: 'http://127.0.0.1:1', authorization: '' }, 'x', options)).rejects.toMatchObject({ code: ApiCode.SERVICE_UNAVAILABLE });
  });
});
