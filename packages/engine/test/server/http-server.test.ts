import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setInternalErrorLog, TdCode, type InternalErrorLog } from '../../src/errors';
import { createRestServer } from '../../src/server/http-server';
import { openTestEngine, type TestEngine } from '../engine/helpers';

let t: TestEngine;
let server: http.Server;
let port: number;
const logged: Parameters<InternalErrorLog>[0][] = [];
let previousLog: InternalErrorLog;

beforeAll(async () => {
  t = await openTestEngine();
  server = createRestServer(t.engine).server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  previousLog = setInternalErrorLog((entry) => logged.push(entry));
});
afterAll(async () => {
  setInternalErrorLog(previousLog);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}

describe('HTTP server: a request that fails unexpectedly', () => {
  it('answers with a TDengine code and plain message, and logs the internal text for the operator', async () => {
    const spy = vi.spyOn(t.engine.catalog, 'databases').mockImplementation(() => {
      throw new Error('catalog map corrupted at db_power');
    });
    try {
      const reply = await get('/-/stats');
      expect(reply.status).toBe(500);
      const body = JSON.parse(reply.body) as { code: number; desc: string; timing: number };
      expect(body.code).toBe(TdCode.INTERNAL_ERROR);
      expect(body.desc).toBe('Internal error');
      expect(reply.body).not.toContain('db_power');
      expect(logged).toContainEqual(expect.objectContaining({ stage: 'client', detail: 'catalog map corrupted at db_power' }));
    } finally {
      spy.mockRestore();
    }
  });

  it('still answers normally once the failure is gone', async () => {
    const reply = await get('/-/stats');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toHaveProperty('databases');
  });
});
