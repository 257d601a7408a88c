import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { Engine } from 'tscloud-engine';
import { engineSqlEnvelopeText } from '../../../../testing/engineSql';
import { sendJson, startTestServer, type RecordedRequest } from '../../../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, testInstance, useScreenTest, fillRangeLayout } from '../../../../testing/screenHarness';
import ConsolePage from '../ConsolePage';
import { echarts } from './echarts';
import { TIME_ZONE_KEY } from './timeZone';

/**
 * The console's results against a real engine's REST text (issue 13, results): sort over every row read (64-bit
 * exact, NULLs last), filter, the time zone switch, copy a row as exact JSON, the chart of the rows, a time-range
 * preset.
 */
vi.setConfig({ testTimeout: 240_000 });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-console-results-'));
const engine = await Engine.open({ dataDir: dir, limits: {} });
const T0 = 1700000000000000000n; // 2023-11-14T22:13:20Z in ns
// 15 rows two minutes apart (a 28-minute span), more than one grid page: the biggest values are on the second page
const VALUES = [5n, 7n, 3n, 11n, 2n, 13n, 1n, 17n, 19n, 23n, 29n, 9007199254740993n, null, 18446744073709551615n, 31n];
for (const sql of [
  "CREATE DATABASE exact PRECISION 'ns'",
  'CREATE TABLE exact.t (ts TIMESTAMP, u BIGINT UNSIGNED, location VARCHAR(24))',
  `INSERT INTO exact.t VALUES ${VALUES.map((v, i) => `(${T0 + BigInt(i) * 120_000_000_000n + 123456789n}, ${v ?? 'NULL'}, '${i % 2 ? 'Beijing' : 'Shanghai'}')`).join(' ')}`,
]) await engine.execute(sql, { user: 'root' });

const instance = testInstance();
const SQL_CALL = '/api/region/local/data/sql/i1';
const copied: string[] = [];

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = req.url.split('?')[0];
  void (async () => {
    if (url === '/api/app/list') return sendJson(res, ok([instance]));
    if (isMenusCall(url)) return sendJson(res, ok({}));
    if (url.startsWith('/api/region/local/data/favorite') || url.startsWith('/api/region/local/data/shared_favorite')) return sendJson(res, ok([]));
    if (url === SQL_CALL) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(await engineSqlEnvelopeText(engine, JSON.parse(req.body).sql as string));
    }
    sendJson(res, { code: 404, message: 'Not found', data: null });
  })();
});

useScreenTest(server, {
  beforeAll: () => {
    fillRangeLayout();
    // jsdom has no canvas to measure text with: a fixed width per character
    echarts.setPlatformAPI({ measureText: (text: string) => ({ width: text.length * 7 }) });
    // jsdom has no clipboard: the browser's Clipboard API is given a recorder here.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
  },
  reset: () => window.localStorage.clear(),
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wait = { timeout: 60_000 };
const gridRows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent));
// the header cell's title (antd may draw the header row twice, a measuring copy of it)
const header = (name: string) => screen.getAllByText(name, { selector: '.ant-table-thead span[title]' })[0];
const pageButton = (n: string) => within(document.querySelector<HTMLElement>('.ant-pagination')!).getByTitle(n);
const column = (i: number) => gridRows().map((r) => r[i]);

async function runText(text: string) {
  signIn({ instances: [instance] });
  renderScreen(<ConsolePage />);
  const content = await screen.findByLabelText('SQL statements', {}, { timeout: 30_000 });
  const view = EditorView.findFromDOM(content)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
  const button = screen.getByText('Run', { selector: 'button span' }).closest('button')!;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  await waitFor(() => expect(screen.getByText(`${VALUES.length} rows`)).toBeTruthy(), wait);
}

// Label queries, not role queries: computing roles over the console's whole DOM takes tens of seconds in jsdom.
async function chooseOption(label: string, option: string, search?: string) {
  const box = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.mouseDown(box);
  if (search) fireEvent.change(box, { target: { value: search } });
  fireEvent.click(await screen.findByTitle(option, { exact: true }, wait));
}

describe('SQL console results', () => {
  it('sorts every row read exactly, filters, switches the zone and copies a row and a cell', async () => {
    await runText('select ts, u, location from exact.t');
    // in the edition's zone (UTC here), ns digits kept
    expect(column(0)[0]).toBe('2023-11-14 22:13:20.123456789');
    expect(column(1).slice(0, 3)).toEqual(['5', '7', '3']);

    // sort over all 15 rows, not the 10 shown: the 64-bit values from page 2 come first, exact; NULL stays last
    fireEvent.click(header('u'));
    await waitFor(() => expect(column(1).slice(0, 3)).toEqual(['1', '2', '3']));
    fireEvent.click(header('u'));
    await waitFor(() => expect(column(1).slice(0, 3)).toEqual(['18446744073709551615', '9007199254740993', '31']));
    fireEvent.click(pageButton('2'));
    await waitFor(() => expect(column(1).at(-1)).toBe('NULL'));
    fireEvent.click(pageButton('1'));

    // filter by text contains: the Beijing rows (odd positions), still sorted
    fireEvent.click(screen.getAllByLabelText('Filter location', { selector: '[role=img]' })[0]);
    fireEvent.change(await screen.findByLabelText('Filter location', { selector: 'input' }), { target: { value: 'beij' } });
    await waitFor(() => expect(column(2).every((v) => v === 'Beijing')).toBe(true));
    expect(column(1)).toEqual(['18446744073709551615', '9007199254740993', '23', '17', '13', '11', '7']);

    // the zone: Shanghai is 8 h ahead, the ns digits stay; the choice is remembered
    const before = column(0)[0];
    expect(before).toBe('2023-11-14 22:39:20.123456789');
    await chooseOption('Time zone', 'Asia/Shanghai', 'Shanghai');
    await waitFor(() => expect(column(0)[0]).toBe('2023-11-15 06:39:20.123456789'));
    expect(JSON.parse(window.localStorage.getItem(TIME_ZONE_KEY)!)).toBe('Asia/Shanghai');
    expect(screen.getByText('Times in Asia/Shanghai (UTC+08:00)')).toBeTruthy();

    // copy the first row shown as JSON: every digit, as a JSON number
    fireEvent.click(screen.getAllByLabelText('Copy row as JSON', { selector: 'button' })[0]);
    await waitFor(() => expect(copied.at(-1)).toBe('{"ts":"2023-11-14T22:39:20.123456789Z","u":18446744073709551615,"location":"Beijing"}'));
    // a cell by double-click: as shown
    fireEvent.doubleClick(document.querySelector('.ant-table-tbody tr.ant-table-row td')!);
    await waitFor(() => expect(copied.at(-1)).toBe('2023-11-15 06:39:20.123456789'));
  });

  it('charts the rows read, one series per value of a chosen column', async () => {
    await runText('select ts, u, location from exact.t');

    // all 15 rows, not the 10 of the page shown; the NULL leaves no point
    fireEvent.click(screen.getByText('Chart'));
    const chart = await screen.findByTestId('result-chart', {}, wait);
    expect(chart.getAttribute('data-series')).toBe('u');
    expect(chart.getAttribute('data-points')).toBe('14');
    expect(chart.querySelector('svg')).not.toBeNull();
    await chooseOption('Series by', 'location');
    await waitFor(() => expect(screen.getByTestId('result-chart').getAttribute('data-series')).toBe('Shanghai|Beijing'));
  });

  it('keeps the last 15 minutes of the result span with the range preset', async () => {
    await runText('select ts, u, location from exact.t');
    expect(document.querySelectorAll('.ant-pagination-item')).toHaveLength(2);
    // the newest row is at minute 28: the rows from minute 13 on (7 … 14), one page, no call
    const calls = server.requests.length;
    await chooseOption('Time range', 'Last 15 min');
    await waitFor(() => expect(column(1)).toEqual(['17', '19', '23', '29', '9007199254740993', 'NULL', '18446744073709551615', '31']));
    expect(document.querySelectorAll('.ant-pagination-item')).toHaveLength(0);
    expect(server.requests.length).toBe(calls);
    await chooseOption('Time range', 'All');
    await waitFor(() => expect(column(1)).toHaveLength(10));
    expect(document.querySelectorAll('.ant-pagination-item')).toHaveLength(2);
  });
});
