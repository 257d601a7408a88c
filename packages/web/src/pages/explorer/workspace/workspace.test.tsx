import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { Engine } from 'tscloud-engine';
import { en } from '@tscloud/contracts';
import { isReadOnly, usedDatabase } from '@tscloud/contracts/sql';
import { queryClient } from '../../../data/queryClient';
import { engineSqlEnvelopeText } from '../../../testing/engineSql';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest, fillRangeLayout } from '../../../testing/screenHarness';
import { formatDateTime } from '../../../config/format';
import ExplorerPage from '../ExplorerPage';
import { workspaceKey } from './tabs';

/**
 * The explorer workspace (issue 13) against a real engine behind a test server that answers the SQL call and the
 * token SQL call as the server does (the current database as REST /rest/sql/{db}, a USE's database, a shared
 * database's writes refused): editor tabs with their own text, database and results, kept across a reload; the
 * data preview and its time range; a shared database queried read-only; EXPLAIN; running queries and Kill.
 */
vi.setConfig({ testTimeout: 360_000 });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-workspace-'));
const engine = await Engine.open({ dataDir: dir, limits: {} });
const NOW = Date.now();
const MIN = 60_000;
const CODE = 'b'.repeat(32);
const sharedEntry = { id: 'e1', title: 'Plant data', description: '', db_name: 'plant', region_id: 'local', access_code: CODE, platform: false, owned: false, imported: true, app_id: null, created_at: 0 };
/** Every row against every other: seconds of engine work, long enough to be seen running and killed. */
const SLOW_JOIN = 'select count(b.ts) from slow.t a left window join slow.t b window_offset(-1000d, 1000d)';

for (const sql of [
  'CREATE DATABASE power',
  'CREATE STABLE power.meters (ts TIMESTAMP, current INT) TAGS (g INT)',
  'CREATE TABLE power.d1 USING power.meters TAGS (1)',
  `INSERT INTO power.d1 VALUES (${NOW - 5 * MIN}, 101) (${NOW - 30 * MIN}, 102) (${NOW - 180 * MIN}, 103) (${NOW - 2 * 24 * 60 * MIN}, 104)`,
  'CREATE DATABASE plant',
  'CREATE TABLE plant.air (ts TIMESTAMP, pm25 INT)',
  `INSERT INTO plant.air VALUES (${NOW - MIN}, 12) (${NOW - 2 * MIN}, 15)`,
  "CREATE USER reader PASS 'r3ader_pw'",
  'GRANT READ ON plant.* TO reader',
  'CREATE DATABASE slow',
  'CREATE TABLE slow.t (ts TIMESTAMP, v DOUBLE)',
  `INSERT INTO slow.t VALUES ${Array.from({ length: 30_000 }, (_, i) => `(${1_699_950_010_000 + i * 1000}, ${i})`).join(' ')}`,
]) await engine.execute(sql, { user: 'root' });

const instance = testInstance();
const SQL_CALL = '/api/region/local/data/sql/i1';
const TOKEN_CALL = `/api/region/local/data/sql/token/${CODE}`;

/** The SQL call's answer as the server gives it: the engine's text, and a successful USE's database. */
async function sqlAnswer(sql: string, user: string, db?: string): Promise<string> {
  const text = await engineSqlEnvelopeText(engine, sql, user, db);
  const used = usedDatabase(sql);
  if (used === null) return text;
  const envelope = JSON.parse(text) as { data: { code: number; database?: string } };
  if (envelope.data.code === 0) envelope.data.database = used;
  return JSON.stringify(envelope);
}

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  void (async () => {
    if (url === '/api/app/list') return sendJson(res, ok([instance]));
    if (isMenusCall(url)) return sendJson(res, ok({}));
    if (url.includes('favorite')) return sendJson(res, ok([]));
    if (url === '/api/data/user/dblist/i1') {
      return sendJson(res, ok(['power', 'slow'].map((n) => ({ databaseName: n, name: n, privileges: [{ name: 'db:read' }, { name: 'db:write' }], typeName: 'database', parent: 'i1', key: `i1/${n}` }))));
    }
    if (url === '/api/data/database/mart') return sendJson(res, ok({ published: [], imported: [sharedEntry] }));
    if (url === '/api/data/database/platform') return sendJson(res, ok([]));
    if (url === SQL_CALL || url === TOKEN_CALL) {
      const body = JSON.parse(req.body) as { sql: string; db?: string };
      // As the server's token route: reads only, as the shared database's reader user.
      if (url === TOKEN_CALL && !isReadOnly(body.sql)) return sendJson(res, { code: 403, message: en['error.readOnlyDatabase'], data: null });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(await sqlAnswer(body.sql, url === TOKEN_CALL ? 'reader' : 'root', body.db));
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
type Call = { url: string; sql: string; db?: string };
const calls = (): Call[] =>
  server.requests.filter((r) => r.url === SQL_CALL || r.url === TOKEN_CALL).map((r) => ({ url: r.url, ...(JSON.parse(r.body) as { sql: string; db?: string }) }));
const sent = (sql: string) => calls().filter((c) => c.sql === sql);

function open() {
  signIn({ instances: [instance] });
  renderScreen(<ExplorerPage />);
}
const pane = (id: string) => screen.getByTestId(`pane-${id}`);
const addTab = () => fireEvent.click(document.querySelector('.explorer-workspace .ant-tabs-nav-add')!);

async function editorIn(id: string) {
  const content = await within(await screen.findByTestId(`pane-${id}`, {}, wait)).findByRole('textbox', { name: 'SQL statements' }, wait);
  return EditorView.findFromDOM(content)!;
}
async function type(id: string, text: string) {
  const view = await editorIn(id);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}
async function run(id: string, expected: string) {
  const button = within(pane(id)).getByRole('button', { name: /Run/ }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false), wait);
  fireEvent.click(button);
  await waitFor(() => expect(calls().map((c) => c.sql)).toContain(expected), wait);
}
const pickerOf = (id: string) => within(pane(id)).getByRole('combobox', { name: 'Database' }).closest('.ant-select')!;
const pickedIn = (id: string) => pickerOf(id).querySelector('.ant-select-content')?.getAttribute('title') ?? null;

describe('explorer workspace', () => {
  it('editor tabs keep their own text, database and results; USE in one leaves the other; all kept across a reload', async () => {
    open();
    await screen.findByLabelText('Toggle power', {}, wait);
    addTab();
    await type('q1', 'use power;\nshow stables');
    await run('q1', 'show stables');
    await within(pane('q1')).findByText('meters', {}, wait);
    await waitFor(() => expect(pickedIn('q1')).toBe('power'), wait);
    expect(sent('show stables')[0].db).toBe('power');

    addTab();
    await type('q2', 'show stables');
    await run('q2', 'show stables');
    // The second tab has no current database: the engine asks for one, the first tab's USE did not reach it.
    await waitFor(() => expect(sent('show stables')).toHaveLength(2), wait);
    expect(sent('show stables')[1].db).toBeUndefined();
    expect(await within(pane('q2')).findByRole('alert', {}, wait)).toBeTruthy();
    expect(pickedIn('q2')).toBeNull();
    // The first tab still shows its own result.
    expect(within(pane('q1')).getByText('meters')).toBeTruthy();

    // Rename by double-click.
    fireEvent.doubleClick(within(screen.getByTestId('tab-q2')).getByText('Query 2'));
    const name = await screen.findByLabelText('Tab name', {}, wait);
    fireEvent.change(name, { target: { value: 'Mine' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await within(screen.getByTestId('tab-q2')).findByText('Mine');

    // A reload: the tabs, their texts and databases come back from localStorage.
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(workspaceKey('i1'))!).tabs).toHaveLength(2));
    cleanup();
    queryClient.clear();
    open();
    await screen.findByTestId('tab-q1', {}, wait);
    expect(within(screen.getByTestId('tab-q2')).getByText('Mine')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('tab-q1')).getByText('Query 1'));
    expect((await editorIn('q1')).state.doc.toString()).toBe('use power;\nshow stables');
    expect(pickedIn('q1')).toBe('power');
    fireEvent.click(within(screen.getByTestId('tab-q2')).getByText('Mine'));
    expect((await editorIn('q2')).state.doc.toString()).toBe('show stables');
    expect(pickedIn('q2')).toBeNull();
    // Closing a tab forgets it.
    fireEvent.click(screen.getByTestId('tab-q2').closest('.ant-tabs-tab')!.querySelector('.ant-tabs-tab-remove')!);
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(workspaceKey('i1'))!).tabs.map((t: { id: string }) => t.id)).toEqual(['q1']));
  });

  it('previews a super table: its newest rows in the last hour, then the last 24 h, the SQL shown', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Toggle power', {}, wait));
    const stables = await screen.findByTestId('stables-power', {}, wait);
    await within(stables).findByText('meters', {}, wait);
    fireEvent.click(within(stables).getByLabelText('Preview meters'));
    const lastHour = 'SELECT * FROM `power`.`meters` WHERE `ts` >= NOW - 1h ORDER BY `ts` DESC';
    // Paged as the console pages any query: the count, then the first 1000 rows.
    await waitFor(() => expect(calls().map((c) => c.sql)).toContain(`${lastHour}\nLIMIT 1000 OFFSET 0`), wait);
    expect(calls().map((c) => c.sql)).toContain(`SELECT COUNT(*) FROM (${lastHour}\n)`);
    expect((await editorIn('q1')).state.doc.toString()).toBe(lastHour);
    const preview = pane('q1');
    await within(preview).findByText('2 rows', {}, wait);
    const cells = () => [...preview.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.querySelectorAll('td')[1]?.textContent);
    expect(cells()).toEqual(['101', '102']);

    fireEvent.click(within(preview).getByText('Last 24 h'));
    const lastDay = 'SELECT * FROM `power`.`meters` WHERE `ts` >= NOW - 24h ORDER BY `ts` DESC';
    await waitFor(() => expect(calls().map((c) => c.sql)).toContain(`${lastDay}\nLIMIT 1000 OFFSET 0`), wait);
    await within(preview).findByText('3 rows', {}, wait);
    expect(cells()).toEqual(['101', '102', '103']);
    expect((await editorIn('q1')).state.doc.toString()).toBe(lastDay);
    expect(JSON.parse(window.localStorage.getItem(workspaceKey('i1'))!).tabs[0]).toMatchObject({ kind: 'preview', table: 'meters', database: 'power', range: { preset: '24h' } });
  });

  it('previews a custom time range: the statement sent has the picked bounds (edition zone, as UTC text)', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Toggle power', {}, wait));
    fireEvent.click(await within(await screen.findByTestId('stables-power', {}, wait)).findByLabelText('Preview meters', {}, wait));
    // The preset's statement first: the picker acts once the table's timestamp column is known.
    await waitFor(() => expect(calls().map((c) => c.sql)).toContain('SELECT * FROM `power`.`meters` WHERE `ts` >= NOW - 1h ORDER BY `ts` DESC\nLIMIT 1000 OFFSET 0'), wait);
    const [from, to] = [NOW - 60 * MIN, NOW - 20 * MIN].map((ms) => Math.floor(ms / 1000) * 1000);
    const inputs = within(pane('q1')).getAllByRole('textbox').filter((input) => input.closest('.ant-picker-range'));
    for (const [input, ms] of [[inputs[0], from], [inputs[1], to]] as const) {
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: formatDateTime(ms) } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    const custom = `SELECT * FROM \`power\`.\`meters\` WHERE \`ts\` >= '${new Date(from).toISOString()}' AND \`ts\` < '${new Date(to).toISOString()}' ORDER BY \`ts\` DESC`;
    await waitFor(() => expect(calls().map((c) => c.sql)).toContain(`${custom}\nLIMIT 1000 OFFSET 0`), wait);
    // Only the row 30 minutes old is in it.
    await waitFor(() => expect([...pane('q1').querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.querySelectorAll('td')[1]?.textContent)).toEqual(['102']), wait);
    expect(JSON.parse(window.localStorage.getItem(workspaceKey('i1'))!).tabs[0].range).toEqual({ from, to });
  });

  it('puts a database, super table or column name from the tree at the editor cursor; with no editor open, in a new tab', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Toggle power', {}, wait));
    const insertName = async (item: HTMLElement) => {
      fireEvent.contextMenu(item);
      fireEvent.click((await screen.findAllByRole('menuitem', { name: 'Insert the name in the SQL editor' }, wait)).at(-1)!);
    };
    addTab();
    await type('q1', 'SELECT * FROM  LIMIT 1');
    const view = await editorIn('q1');
    act(() => view.dispatch({ selection: { anchor: 'SELECT * FROM '.length } }));
    const meters = await within(await screen.findByTestId('stables-power', {}, wait)).findByText('meters', {}, wait);
    await insertName(meters);
    await waitFor(() => expect(view.state.doc.toString()).toBe('SELECT * FROM power.meters LIMIT 1'), wait);
    // A column (DESCRIBE of the super table) from the same menu, over the selected `*`.
    act(() => view.dispatch({ selection: { anchor: 'SELECT '.length, head: 'SELECT *'.length } }));
    fireEvent.contextMenu(meters);
    fireEvent.mouseEnter(await screen.findByText('Insert a column name', {}, wait));
    fireEvent.click(await screen.findByText('current (INT)', {}, wait));
    await waitFor(() => expect(view.state.doc.toString()).toBe('SELECT current FROM power.meters LIMIT 1'), wait);
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(workspaceKey('i1'))!).tabs[0].text).toBe('SELECT current FROM power.meters LIMIT 1'));

    fireEvent.click(screen.getByText('Selected item'));
    await insertName(within(screen.getByTestId('db-tree')).getByText('power'));
    expect((await editorIn('q2')).state.doc.toString()).toBe('power');
  });

  it('queries a shared database read-only in its own tab, shown by its mart title; a write is refused', async () => {
    open();
    const shared = await screen.findByTestId('shared-tree', {}, wait);
    expect(within(shared).getByText('Plant data')).toBeTruthy();
    fireEvent.click(within(shared).getByRole('button', { name: 'Query Plant data in a new tab' }));
    await within(await screen.findByTestId('tab-q1', {}, wait)).findByText('Read-only: Plant data');
    expect(pickedIn('q1')).toBe('plant');
    await type('q1', 'SELECT count(*) FROM air');
    await run('q1', 'SELECT count(*) FROM air\nLIMIT 1000 OFFSET 0');
    // Through the access code, in the shared database (unqualified names are in it).
    expect(sent('SELECT count(*) FROM air\nLIMIT 1000 OFFSET 0')[0]).toMatchObject({ url: TOKEN_CALL, db: 'plant' });
    expect(sent('SELECT COUNT(*) FROM (SELECT count(*) FROM air\n)')[0]).toMatchObject({ url: TOKEN_CALL, db: 'plant' });
    await waitFor(() => expect([...pane('q1').querySelectorAll('.ant-table-tbody td')].map((td) => td.textContent)).toContain('2'), wait);
    // The instance's export route cannot read a shared database: no Export in its tab.
    expect(within(pane('q1')).queryByRole('button', { name: /Export/ })).toBeNull();

    await type('q1', 'INSERT INTO air VALUES (NOW, 1)');
    fireEvent.click(within(pane('q1')).getByRole('button', { name: /Run/ }));
    expect((await screen.findAllByText('A shared database is read-only', {}, wait)).length).toBeGreaterThan(0);
    expect(calls().some((c) => c.sql.startsWith('INSERT'))).toBe(false);
  });

  it('EXPLAIN sends the engine EXPLAIN [ANALYZE] of the statement and shows its answer', async () => {
    open();
    await screen.findByLabelText('Toggle power', {}, wait);
    addTab();
    await type('q1', 'select * from power.meters');
    fireEvent.click(within(pane('q1')).getByRole('button', { name: /Explain/ }));
    await waitFor(() => expect(calls().map((c) => c.sql)).toContain('EXPLAIN select * from power.meters'), wait);
    // The engine's own plan (its QUERY_PLAN rows) is the statement's result, not one made up in the browser.
    expect((await within(pane('q1')).findAllByText(/-> Table Scan on meters/, {}, wait)).length).toBeGreaterThan(0);
    fireEvent.click(within(pane('q1')).getByRole('button', { name: 'More explain options' }));
    fireEvent.click(await screen.findByText('Explain analyze (runs the query)', {}, wait));
    await waitFor(() => expect(calls().map((c) => c.sql)).toContain('EXPLAIN ANALYZE select * from power.meters'), wait);
    expect((await within(pane('q1')).findAllByText(/Execution Time/, {}, wait)).length).toBeGreaterThan(0);
  });

  it('lists the running queries while the tab is open and kills one', async () => {
    const join = engine.execute(SLOW_JOIN, { user: 'root' }).then(
      () => 'finished',
      (error: Error) => error.message,
    );
    open();
    fireEvent.click(await screen.findByText('Running queries', {}, wait));
    const row = (await screen.findByText(SLOW_JOIN, {}, wait)).closest('tr')!;
    const id = row.querySelector('td')!.textContent!;
    expect(id).toMatch(/^0:[0-9a-f]+$/);
    fireEvent.click(within(row).getByRole('button', { name: 'Kill' }));
    const confirm = await screen.findByText('Stop this query? Its client gets "Query killed".', {}, wait);
    fireEvent.click(within(confirm.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: 'Kill' }));
    expect(await join).toBe('Query killed');
    expect(calls().map((c) => c.sql)).toContain(`KILL QUERY '${id}'`);
    // Read again: the list no longer has it.
    await screen.findByText('No query is running', {}, wait);
    expect(calls().filter((c) => c.sql === 'SHOW QUERIES').length).toBeGreaterThanOrEqual(2);
  });
});
