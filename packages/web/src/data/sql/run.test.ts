// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlResult } from '@tscloud/contracts';
import { configureHttp } from '../../api/http';
import { isApiError } from '../../api/errors';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { EngineError, SERVICE_UNAVAILABLE, runSql, sqlCall, sqlObjects, sqlRows, sqlSequence } from './run';

/**
 * The one web client of the SQL call against a server answering as ours does (envelope 200, data = the engine's
 * result; envelope errors for the call itself): one error shape for engine errors, the raw result for the console.
 */
const FAILING = 'DROP DATABASE nope';
const rowsResult: SqlResult = { code: 0, column_meta: [['name', 'VARCHAR', 10], ['n', 'BIGINT', 8]], data: [['a', 1], ['b', 2]], rows: 2 };
let server: Awaited<ReturnType<typeof startTestServer>>;
const target = { id: 'i1', region_id: 'r1' };
const bodies = () => server.requests.map((r) => ({ url: r.url, body: JSON.parse(r.body) as unknown }));

beforeAll(async () => {
  server = await startTestServer((req: RecordedRequest, res) => {
    const { sql } = JSON.parse(req.body) as { sql: string };
    if (sql === 'BROKEN') return sendJson(res, { code: 500, message: 'server broke', data: null }, 500);
    if (sql === FAILING) return sendJson(res, { code: 200, message: 'success', data: { code: 0x0388, desc: 'Database not exist', column_meta: [], data: [], rows: 0 } });
    if (sql === 'SILENT FAILURE') return sendJson(res, { code: 200, message: 'success', data: { code: 5, column_meta: [], data: [], rows: 0 } });
    sendJson(res, { code: 200, message: 'success', data: rowsResult });
  });
  configureHttp({
    csrfToken: () => 'csrf',
    orgId: () => 'org',
    deviceId: () => 'dev',
    language: () => 'en',
    mfaHeaders: () => ({}),
    showError: () => undefined,
    text: (key) => key,
    onSessionInvalid: () => undefined,
    origin: server.origin,
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

describe('the SQL client (data/sql/run.ts)', () => {
  it('runSql resolves with an engine error as a result, and asks for timing only when told', async () => {
    const answer = await runSql(target, FAILING, { silent: true });
    expect(answer.result.code).toBe(0x0388);
    expect(answer.clientMs).toBeGreaterThanOrEqual(0);
    await runSql(target, 'SELECT 1', { timing: true, silent: true });
    expect(bodies()).toEqual([
      { url: '/api/region/r1/data/sql/i1', body: { sql: FAILING } },
      { url: '/api/region/r1/data/sql/i1', body: { sql: 'SELECT 1', timing: true } },
    ]);
  });

  it('sqlCall, sqlRows and sqlObjects give rows, or reject with one EngineError shape', async () => {
    expect(await sqlRows(target, 'SELECT 1')).toEqual(rowsResult.data);
    expect(await sqlObjects(target, 'SELECT 1')).toEqual([{ name: 'a', n: 1 }, { name: 'b', n: 2 }]);
    for (const call of [sqlCall, sqlRows, sqlObjects]) {
      const error = await call(target, FAILING).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ code: 0x0388, message: 'Database not exist' });
    }
    await expect(sqlCall(target, 'SILENT FAILURE')).rejects.toMatchObject({ code: 5, message: SERVICE_UNAVAILABLE });
  });

  it("a call's own failure is the request layer's ApiError, not an engine error", async () => {
    const error = await sqlCall(target, 'BROKEN').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(EngineError);
    expect(isApiError(error)).toBe(true);
  });

  it('reads a shared database through its access code, and stops a sequence at the first engine error', async () => {
    await sqlRows({ ...target, token: 'code/1' }, 'SELECT 1');
    await expect(sqlSequence(target, ['SELECT 1', FAILING, 'SELECT 2'])).rejects.toBeInstanceOf(EngineError);
    expect(bodies().map((b) => b.url)).toEqual(['/api/region/r1/data/sql/token/code%2F1', '/api/region/r1/data/sql/i1', '/api/region/r1/data/sql/i1']);
  });
});
