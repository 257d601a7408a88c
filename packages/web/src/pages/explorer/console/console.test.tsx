import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { EditorView } from '@codemirror/view';
import type { SqlResult } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest, fillRangeLayout } from '../../../testing/screenHarness';
import { HISTORY_KEY, type HistoryRecord } from './history';
import ConsolePage from './ConsolePage';

/** The console with the real request layer against a server answering the SQL call as ours does (envelope 200, data = SQL result). */
vi.setConfig({ testTimeout: 120_000 });

const rows = (columns: Array<[string, string, number]>, data: unknown[][], execution = 2): SqlResult => ({ code: 0, column_meta: columns, data, rows: data.length, timing: { execution_ms: execution, total_ms: 3 } });
const meters = Array.from({ length: 1000 }, (_, i) => [`2024-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`, i]);

/** What the fake engine answers per statement (the console's paged reads included). */
function answer(sql: string): SqlResult {
  if (sql === 'SHOW DATABASES') return rows([['name', 'VARCHAR', 64]], [['information_schema'], ['power']]);
  if (sql === 'SELECT COUNT(*) FROM (select ts, v from power.big\n)') return rows([['count(*)', 'BIGINT', 8]], [['2500']]);
  if (sql === 'select ts, v from power.big\nLIMIT 1000 OFFSET 0') return rows([['ts', 'TIMESTAMP', 8], ['v', 'INT', 4]], meters, 7);
  if (sql === 'SELECT COUNT(*) FROM (select * from power.small\n)') return rows([['count(*)', 'BIGINT', 8]], [[2]]);
  if (sql === 'select * from power.small\nLIMIT 1000 OFFSET 0') return rows([['ts', 'TIMESTAMP', 8], ['v', 'INT', 4]], [['2024-01-01T00:00:00.000Z', 41], ['2024-01-01T00:00:01.000Z', 42]]);
  if (sql === 'show power.stables') return rows([['stable_name', 'VARCHAR', 192]], [['meters']]);
  if (sql.startsWith('SELECT COUNT(*) FROM (select * from power.nope')) return { code: 9731, desc: 'Table does not exist', column_meta: [], data: [], rows: 0 };
  // As the server answers a USE the engine accepted: the database the tab makes current.
  if (sql === 'use power') return { ...rows([], []), database: 'power' };
  if (sql === 'show stables') return rows([['stable_name', 'VARCHAR', 192]], [['meters']]);
  return { code: 534, desc: `Syntax error in SQL: ${sql}`, column_meta: [], data: [], rows: 0 };
}

const instance = testInstance();

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (path === '/api/app/list') return sendJson(res, ok([instance]));
  if (path === '/api/region/local/data/sql/i1') return sendJson(res, ok(answer(JSON.parse(req.body).sql)));
  if (path === '/api/region/local/data/favorite' || path === '/api/region/local/data/shared_favorite') return sendJson(res, ok([]));
  if (isMenusCall(path)) return sendJson(res, ok({}));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

const sqlCalls = () => server.requests.filter((r) => r.url === '/api/region/local/data/sql/i1').map((r) => JSON.parse(r.body) as { sql: string; timing: boolean; db?: string });

useScreenTest(server, {
  beforeAll: fillRangeLayout,
  reset: () => window.localStorage.clear(),
});

function open() {
  signIn({ instances: [instance] });
  renderScreen(<ConsolePage />);
}

async function type(text: string) {
  const content = await screen.findByRole('textbox', { name: 'SQL statements' }, { timeout: 30_000 });
  const view = EditorView.findFromDOM(content)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
  return view;
}

/** Clicks Run once it is enabled and waits until the server has seen `expected`. */
async function run(expected: string) {
  const button = screen.getByRole('button', { name: /Run/ }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  await waitFor(() => expect(JSON.stringify(sqlCalls().map((c) => c.sql))).toContain(JSON.stringify(expected).slice(1, -1)), { timeout: 60_000 });
}

const history = () => JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? '[]') as HistoryRecord[];

describe('SQL console', () => {
  it('runs several statements, pages a query (count, then LIMIT 1000) and keeps each in the history', async () => {
    open();
    await type('select * from power.small;\nshow power.stables;');
    await run('show power.stables');
    await screen.findByRole('tab', { name: /Result 2/ }, { timeout: 30_000 });
    expect(sqlCalls().filter((c) => c.sql !== 'SHOW DATABASES').map((c) => c.sql)).toEqual([
      'SELECT COUNT(*) FROM (select * from power.small\n)',
      'select * from power.small\nLIMIT 1000 OFFSET 0',
      'show power.stables',
    ]);
    expect(sqlCalls().every((c) => c.timing === true)).toBe(true);
    // The last statement's result is open; the first one's rows are one click away.
    expect(await screen.findByText('meters')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Result 1/ }));
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getAllByText('2 rows').length).toBeGreaterThan(0);
    await waitFor(() => expect(history()).toHaveLength(2));
    const [last, first] = history();
    expect(first).toMatchObject({ sql: 'select * from power.small', type: 1, rows: 2, appId: 'i1', cluster: 'prod', message: '', executTime: 4 });
    expect(last).toMatchObject({ sql: 'show power.stables', type: 1, rows: 1 });
    expect(typeof first.totalTime).toBe('number');
    expect(typeof first.networkTime).toBe('number');
    // and the history panel lists them
    expect(await screen.findAllByTestId('history-item')).toHaveLength(2);
  });

  it('runs with Ctrl+Enter and shows the engine error persistently, recording the failure', async () => {
    open();
    const view = await type('select * from power.nope; select 1');
    act(() => {
      view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, cancelable: true }));
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(within(alert).getByText('Table does not exist')).toBeTruthy();
    // §8: the message stays (duration 0) — still there after the usual toast time would have passed
    expect((await screen.findAllByText('Table does not exist')).length).toBeGreaterThanOrEqual(2);
    // the run stops at the failing statement
    expect(sqlCalls().some((c) => c.sql.includes('select 1'))).toBe(false);
    await waitFor(() => expect(history()[0]).toMatchObject({ sql: 'select * from power.nope', type: 0, rows: 0, message: 'Table does not exist' }));
  });

  it('shows at most 1000 rows, 10 per page, with the §8 message when the query has more', async () => {
    open();
    await type('select ts, v from power.big');
    await run('select ts, v from power.big\nLIMIT 1000 OFFSET 0');
    expect(await screen.findByText('Maximum 1000 rows shown per query', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('2500 rows')).toBeTruthy();
    const table = document.querySelector('.ant-table-tbody')!;
    expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(10);
    // 2500 rows in pages of 10, read 1000 at a time when paged to (console-pages.test.tsx): the last page is 250
    expect(screen.getByTitle('250')).toBeTruthy();
    // the count's and the page's execution times add up
    expect(screen.getByText('Execution 9 ms', { exact: false })).toBeTruthy();
  });

  it('keeps a current database: USE sets it (the picker shows it) and the statements after it carry it (issue 13 item 3)', async () => {
    open();
    await type('show stables');
    await run('show stables');
    await screen.findByText('meters', {}, { timeout: 30_000 });
    // No database chosen yet: the call carries none.
    expect(sqlCalls().find((c) => c.sql === 'show stables')!.db).toBeUndefined();

    await type('use power;\nshow stables');
    await run('use power');
    // The statement after the USE in the same run already goes to power …
    await waitFor(() => expect(sqlCalls().filter((c) => c.sql === 'show stables')).toHaveLength(2), { timeout: 30_000 });
    expect(sqlCalls().filter((c) => c.sql === 'show stables')[1].db).toBe('power');
    // … the picker shows it, and the next run carries it too.
    const picker = screen.getByRole('combobox', { name: 'Database' }).closest('.ant-select')!;
    await waitFor(() => expect(picker.querySelector('.ant-select-content')?.getAttribute('title')).toBe('power'));
    await type('show stables');
    await run('show stables');
    await waitFor(() => expect(sqlCalls().filter((c) => c.sql === 'show stables')).toHaveLength(3), { timeout: 30_000 });
    expect(sqlCalls().filter((c) => c.sql === 'show stables')[2].db).toBe('power');
    await waitFor(() => expect(history()[0]).toMatchObject({ sql: 'show stables', database: 'power' }));
  });

  it('refuses to export a result that is not a query, without calling the server', async () => {
    open();
    await type('show power.stables');
    await run('show power.stables');
    await screen.findByText('meters', {}, { timeout: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText('export only for query results')).toBeTruthy();
    expect(server.requests.some((r) => r.url.includes('/data/sql/export/'))).toBe(false);
  });
});
