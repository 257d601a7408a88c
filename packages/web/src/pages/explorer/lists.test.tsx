import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Engine } from 'tscloud-engine';
import { engineSqlResult } from '../../testing/engineSql';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest } from '../../testing/screenHarness';
import ExplorerPage from './ExplorerPage';
import { QueryBuilder } from './builder/QueryBuilder';
import { ROW_ACTIONS_CLASS } from './console/ResultGrid';

/**
 * A super table's child tables searched by name, its advanced filter and the query builder's filter rules built
 * through the form: the explorer with the real request layer against a test server whose SQL call runs on a real
 * engine (temp directory).
 */
vi.setConfig({ testTimeout: 240_000 });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-explorer-lists-'));
const engine = await Engine.open({ dataDir: dir, limits: {} });
for (const sql of [
  'CREATE DATABASE works',
  'CREATE STABLE works.meters (ts TIMESTAMP, v INT) TAGS (site VARCHAR(16), grade INT)',
  "CREATE TABLE works.m_1 USING works.meters TAGS ('north', 1)",
  "CREATE TABLE works.mx1 USING works.meters TAGS ('south', 2)",
  "CREATE TABLE works.m2 USING works.meters TAGS ('o\\'hare', 3)",
  "CREATE TABLE works.m3 USING works.meters TAGS ('north', 5)",
  'CREATE STABLE works.big (ts TIMESTAMP, v INT) TAGS (n INT)',
  `CREATE TABLE ${Array.from({ length: 300 }, (_, i) => `works.c${i} USING works.big TAGS (${i})`).join(' ')}`,
  "INSERT INTO works.m_1 VALUES ('2024-01-01 00:00:00.000', 5) works.m3 VALUES ('2024-01-01 00:00:00.000', 20) works.mx1 VALUES ('2024-01-01 00:00:00.000', 15)",
]) await engine.execute(sql, { user: 'root' });

const instance = testInstance({ image_version: '3.3.0.0-tscloud' });
const SQL_CALL = '/api/region/local/data/sql/i1';

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  void (async () => {
    if (url === '/api/app/list') return sendJson(res, ok([instance]));
    if (isMenusCall(url)) return sendJson(res, ok({}));
    if (url === '/api/data/user/dblist/i1') {
      const privileges = [{ name: 'db:read' }, { name: 'db:write' }];
      return sendJson(res, ok([{ databaseName: 'works', name: 'works', privileges, typeName: 'database', parent: 'i1', key: 'i1/works' }]));
    }
    if (url === '/api/data/database/mart') return sendJson(res, ok({ published: [], imported: [] }));
    if (url === '/api/data/database/platform') return sendJson(res, ok([]));
    if (url === SQL_CALL) return sendJson(res, ok(await engineSqlResult(engine, JSON.parse(req.body).sql as string)));
    sendJson(res, { code: 404, message: 'Not found', data: null });
  })();
});

useScreenTest(server);
afterAll(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wait = { timeout: 60_000 };
const sqls = () => server.requests.filter((r) => r.url === SQL_CALL).map((r) => JSON.parse(r.body).sql as string);

/** Opens the explorer on super table works.`stable` (meters unless named) and shows the tab `tab`. */
async function openMeters(tab: string, stable = 'meters') {
  signIn({ instances: [instance] });
  renderScreen(<ExplorerPage />);
  fireEvent.click(await screen.findByLabelText('Toggle works', {}, wait));
  fireEvent.click(await within(await screen.findByTestId('stables-works', {}, wait)).findByText(stable, {}, wait));
  fireEvent.click(await screen.findByText(tab, {}, wait));
}

/** Picks `option` in the antd select labelled `label` (the `index`th of that label). */
async function choose(label: string, option: string, index = 0) {
  const select = screen.getAllByLabelText(label)[index];
  fireEvent.mouseDown(select);
  const options = await screen.findAllByTitle(option, {}, wait);
  fireEvent.click(options[options.length - 1]);
}

const tableNames = () => within(screen.getByTestId('tables-list')).queryAllByRole('button').map((b) => b.textContent).filter((n) => n?.startsWith('m'));

describe('child tables name search', () => {
  it('narrows the paged list by a name the engine matches with _ taken literally, and clearing shows all again', async () => {
    await openMeters('Child tables');
    await waitFor(() => expect(tableNames()).toEqual(['m2', 'm3', 'm_1', 'mx1']), wait);

    const search = screen.getByLabelText('Search tables by name');
    // Enter searches; the input takes the next Enter after the key is released.
    const searchFor = (value: string) => {
      fireEvent.change(search, { target: { value } });
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    searchFor('m_1');
    await waitFor(() => expect(tableNames()).toEqual(['m_1']), wait);
    expect(sqls()).toContain("SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'works' AND stable_name = 'meters' AND table_name LIKE '%m\\\\_1%'");

    searchFor("m'");
    await within(screen.getByTestId('tables-list')).findByText('No tables', {}, wait);

    searchFor('');
    await waitFor(() => expect(tableNames()).toEqual(['m2', 'm3', 'm_1', 'mx1']), wait);
  });
});

describe('advanced filter', () => {
  it('asks for what is missing, then lists the child tables whose tags match the rules built in the form', async () => {
    await openMeters('Advanced filter');
    const filterCalls = () => sqls().filter((s) => s.startsWith('SELECT COUNT(*) AS total FROM (SELECT TAGS TBNAME'));

    fireEvent.click(await screen.findByTestId('filter-apply', {}, wait));
    expect((await screen.findByTestId('filter-problem', {}, wait)).textContent).toBe('Field is required');
    fireEvent.click(screen.getByText('Add rule'));
    expect(screen.getByTestId('filter-problem').textContent).toBe('Complete every rule before adding another');
    expect(screen.getAllByTestId('filter-rule')).toHaveLength(1);

    await choose('Field', 'site');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'north' } });
    fireEvent.click(screen.getByText('Add rule'));
    await choose('Field', 'grade', 1);
    await choose('Operator', '>', 1);
    fireEvent.change(screen.getAllByLabelText('Value')[1], { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(screen.getByTestId('filter-count').textContent).toBe('1 matching child tables'), wait);
    expect(screen.getByRole('button', { name: 'm3' })).toBeTruthy();
    expect(filterCalls()).toEqual(["SELECT COUNT(*) AS total FROM (SELECT TAGS TBNAME FROM works.meters WHERE site = 'north' AND grade > 2)"]);

    await choose('Connector', 'OR');
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(screen.getByTestId('filter-count').textContent).toBe('3 matching child tables'), wait);
    for (const name of ['m_1', 'm2', 'm3']) expect(screen.getByRole('button', { name })).toBeTruthy();

    // A quote in a value is escaped, not a syntax error.
    fireEvent.change(screen.getAllByLabelText('Value')[0], { target: { value: "o'hare" } });
    await choose('Operator', 'IS NULL', 1);
    expect(screen.getAllByLabelText('Value')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(screen.getByTestId('filter-count').textContent).toBe('1 matching child tables'), wait);
    expect(screen.getByRole('button', { name: 'm2' })).toBeTruthy();
    expect(filterCalls().at(-1)).toBe("SELECT COUNT(*) AS total FROM (SELECT TAGS TBNAME FROM works.meters WHERE site = 'o\\'hare' OR grade IS NULL)");
  });
});

/** The names on the buttons inside `testId` that start with c (the child tables of works.big). */
const childButtons = (container: HTMLElement) => within(container).queryAllByRole('button').map((b) => b.textContent ?? '').filter((n) => /^c\d+$/.test(n));

describe('past 100 matches (issue 13 item 6, natural order)', () => {
  it('the advanced filter tells the true count of 300, says the list is cut and pages it in natural order', async () => {
    await openMeters('Advanced filter', 'big');
    await choose('Field', 'n');
    await choose('Operator', '>=');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(screen.getByTestId('filter-count').textContent).toBe('300 matching child tables'), wait);
    const panel = screen.getByTestId('filter-results');
    expect(childButtons(panel)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']);
    expect(screen.getByTestId('filter-span').textContent).toBe('Showing 1–10 of 300: use the pages below for the rest');
    fireEvent.click(within(panel).getByTitle('2'));
    await waitFor(() => expect(childButtons(panel)).toEqual(['c10', 'c11', 'c12', 'c13', 'c14', 'c15', 'c16', 'c17', 'c18', 'c19']), wait);
    expect(screen.getByTestId('filter-span').textContent).toBe('Showing 11–20 of 300: use the pages below for the rest');
    expect(sqls().some((s) => s.startsWith('SELECT tbname FROM (SELECT TAGS TBNAME FROM works.big WHERE n >= 0)') && s.endsWith('LIMIT 10 OFFSET 10'))).toBe(true);
  });

  it('the tag-value browser counts all 300 values, pages them and sorts a numeric tag by number', async () => {
    await openMeters('Tags', 'big');
    fireEvent.click(await within(await screen.findByTestId('tag-list', {}, wait)).findByText('n', {}, wait));
    const values = () => within(screen.getByTestId('tag-values')).queryAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
    await waitFor(() => expect(values()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']), wait);
    expect((await screen.findByTestId('tag-values-count', {}, wait)).textContent).toBe('Showing 1–10 of 300: use the pages below for the rest');
    fireEvent.click(within(screen.getByTestId('tag-values-panel')).getByTitle('2'));
    await waitFor(() => expect(values()).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']), wait);
  });

  it('the child table list pages names naturally (c9 before c10)', async () => {
    await openMeters('Child tables', 'big');
    const names = () => within(screen.getByTestId('tables-list')).queryAllByRole('button').map((b) => b.textContent ?? '').filter((n) => /^c\d+$/.test(n));
    await waitFor(() => expect(names()).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']), wait);
  });
});

describe('query builder filter', () => {
  it('builds the WHERE of the query from rules picked in the form and shows the matching rows', async () => {
    signIn({ instances: [instance] });
    renderScreen(<QueryBuilder instance={instance} onOpenInConsole={() => undefined} />);
    fireEvent.mouseDown(await screen.findByLabelText('Database', {}, wait));
    fireEvent.click(await screen.findByTitle('works', {}, wait));
    fireEvent.mouseDown(screen.getByLabelText('Super table or table'));
    fireEvent.click(await screen.findByTitle(/^meters/, {}, wait));

    // The rule can be added once the table's columns are read (DESCRIBE).
    const addRule = await screen.findByRole('button', { name: /Add rule/ }, wait);
    await waitFor(() => expect((addRule as HTMLButtonElement).disabled).toBe(false), wait);
    fireEvent.click(addRule);
    await choose('Field', 'v');
    await choose('Operator', '>');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: /Add rule/ }));
    await choose('Field', 'site', 1);
    fireEvent.change(screen.getAllByLabelText('Value')[1], { target: { value: 'north' } });
    const built = "SELECT * FROM works.meters WHERE v > 10 AND site = 'north'";
    await waitFor(() => expect(screen.getByTestId('builder-sql').textContent).toContain(built), wait);

    fireEvent.click(screen.getByRole('button', { name: /Run query/ }));
    await waitFor(() => expect(sqls().some((q) => q.includes(built))).toBe(true), wait);
    await screen.findByText('20', {}, wait);
    // One row (m3: v 20, site north, grade 5); m_1 (v 5) and mx1 (south) are filtered out.
    // The result's cells only: not the row number, nor the row actions column (copy as JSON).
    const rows = Array.from(document.querySelectorAll('tr.ant-table-row')).map((tr) => Array.from(tr.querySelectorAll('td')).filter((td) => !td.classList.contains(ROW_ACTIONS_CLASS)).map((td) => td.textContent).slice(1));
    expect(rows).toEqual([['20', 'north', '5']]);
  });
});
