import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { Engine } from 'tscloud-engine';
import { engineSqlEnvelopeText } from '../../../testing/engineSql';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest, fillRangeLayout } from '../../../testing/screenHarness';
import ConsolePage from './ConsolePage';

/**
 * The console against a test server whose SQL call answers with a real engine's REST text (issue 13 items 1 and 4):
 * 64-bit integers and ns timestamps show with every digit, and a query with a large LIMIT of its own is read a page
 * of 1000 rows at a time, the next page read when the grid is turned to it.
 */
vi.setConfig({ testTimeout: 240_000 });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-console-pages-'));
const engine = await Engine.open({ dataDir: dir, limits: {} });
const BIG_ROWS = 2_500;
const T0 = Date.UTC(2024, 0, 1);
for (const sql of [
  "CREATE DATABASE exact PRECISION 'ns'",
  'CREATE TABLE exact.t (ts TIMESTAMP, b BIGINT, u BIGINT UNSIGNED)',
  'INSERT INTO exact.t VALUES (1700000000123456789, 9007199254740993, 18446744073709551615)',
  'CREATE DATABASE power',
  'CREATE TABLE power.big (ts TIMESTAMP, v INT)',
  `INSERT INTO power.big VALUES ${Array.from({ length: BIG_ROWS }, (_, i) => `(${T0 + i * 1000}, ${i})`).join(' ')}`,
]) await engine.execute(sql, { user: 'root' });

const instance = testInstance();
const SQL_CALL = '/api/region/local/data/sql/i1';

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  void (async () => {
    if (url === '/api/app/list') return sendJson(res, ok([instance]));
    if (isMenusCall(url)) return sendJson(res, ok({}));
    if (url === '/api/region/local/data/favorite' || url === '/api/region/local/data/shared_favorite') return sendJson(res, ok([]));
    if (url === SQL_CALL) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(await engineSqlEnvelopeText(engine, JSON.parse(req.body).sql as string));
    }
    sendJson(res, { code: 404, message: 'Not found', data: null });
  })();
});

useScreenTest(server, {
  beforeAll: fillRangeLayout,
  reset: () => window.localStorage.clear(),
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wait = { timeout: 60_000 };
const sqls = () => server.requests.filter((r) => r.url === SQL_CALL).map((r) => JSON.parse(r.body).sql as string);
const gridRows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

async function runText(text: string) {
  signIn({ instances: [instance] });
  renderScreen(<ConsolePage />);
  const content = await screen.findByRole('textbox', { name: 'SQL statements' }, { timeout: 30_000 });
  const view = EditorView.findFromDOM(content)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
  const button = screen.getByRole('button', { name: /Run/ }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

describe('SQL console: exact values and pages', () => {
  it('shows BIGINT, BIGINT UNSIGNED and ns timestamps (in the edition zone, UTC here) with every digit', async () => {
    await runText('select ts, b, u from exact.t');
    await waitFor(() => expect(gridRows().map((r) => r.slice(0, 3))).toEqual([['2023-11-14 22:13:20.123456789', '9007199254740993', '18446744073709551615']]), wait);
  });

  it('reads a LIMIT 1000000 query a page at a time, and the next page when the grid is turned to it', async () => {
    await runText('select ts, v from power.big order by ts limit 1000000');
    await waitFor(() => expect(screen.getByText(`${BIG_ROWS} rows`)).toBeTruthy(), wait);
    // the count within its own LIMIT, then the first 1000 rows: the statement is never sent as typed
    expect(sqls().filter((s) => s !== 'SHOW DATABASES')).toEqual([
      'SELECT COUNT(*) FROM (select ts, v from power.big order by ts limit 1000000\n)',
      'select ts, v from power.big order by ts LIMIT 1000 OFFSET 0',
    ]);
    expect(gridRows().map((r) => r[1])).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    // 2500 rows in pages of 10: the pager reaches page 250; its rows are read from the server when turned to
    fireEvent.click(screen.getByTitle('250'));
    await waitFor(() => expect(gridRows().map((r) => r[1])).toEqual(['2490', '2491', '2492', '2493', '2494', '2495', '2496', '2497', '2498', '2499']), wait);
    expect(sqls().at(-1)).toBe('select ts, v from power.big order by ts LIMIT 1000 OFFSET 2000');
    // back to page 1: the first page is read again (only one page is held)
    fireEvent.click(screen.getByTitle('1'));
    await waitFor(() => expect(gridRows().map((r) => r[1])[0]).toBe('0'), wait);
    expect(sqls().at(-1)).toBe('select ts, v from power.big order by ts LIMIT 1000 OFFSET 0');
  });
});
