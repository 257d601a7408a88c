import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { useWalkConsole } from '../src/walk-console';
import { gridRows, openConsoleTab, pickListedOption, runSql, workspacePane } from '../src/explorer';
import { openMenu, signIn } from '../src/walk';

/**
 * Issue 13's browser test of the explorer, on the demo account `npm start` prints: with a million meter readings in
 * the demo instance, the database tree sits beside the workspace; a super table is previewed (newest rows, a time
 * range), an hourly query is run and drawn as a chart, its times are switched to another zone, and the whole
 * super table is exported to a CSV file that the browser writes as it arrives (the file is read back line by line).
 */
const DB = 'walk_meters';
const TABLES = 10;
const ROWS_PER_TABLE = 100_000;
const TOTAL = TABLES * ROWS_PER_TABLE;
const ROWS_PER_INSERT = 20_000;
const STEP_MS = 1_000;

const walk = useWalkConsole({ TSCLOUD_DEMO: '1' });

test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

/** The demo instance's gateway and token, as the start log prints them. */
function demoGateway(log: string): { url: string; token: string } {
  const line = /demo instance "[^"]+": (\S+) token (\S+)/.exec(log);
  if (!line) throw new Error(`no demo instance in the console's log:\n${log}`);
  return { url: line[1], token: line[2] };
}

async function gatewaySql(gateway: { url: string; token: string }, sql: string): Promise<void> {
  const res = await fetch(`${gateway.url}/rest/sql?token=${encodeURIComponent(gateway.token)}`, { method: 'POST', body: sql });
  const body = (await res.json()) as { code: number; desc?: string };
  if (body.code !== 0) throw new Error(`${sql.slice(0, 80)}…: ${body.desc ?? body.code}`);
}

/**
 * A million readings: d0…d9 of one meters super table, one a second, the newest of each a few seconds ago, written
 * through the instance's gateway as a client would (the walk is about reading them in the console).
 */
async function loadMeters(gateway: { url: string; token: string }, newest: number): Promise<void> {
  // The demo instance is started with the console: its gateway answers "not running" until the engine is up.
  await expect
    .poll(async () => gatewaySql(gateway, `CREATE DATABASE IF NOT EXISTS ${DB}`).then(() => 'created', (e: Error) => e.message), { timeout: 180_000, intervals: [1_000] })
    .toBe('created');
  await gatewaySql(gateway, `CREATE STABLE IF NOT EXISTS ${DB}.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))`);
  for (let t = 0; t < TABLES; t++) {
    await gatewaySql(gateway, `CREATE TABLE IF NOT EXISTS ${DB}.d${t} USING ${DB}.meters TAGS (${t % 3}, 'hall-${t}')`);
    for (let from = 0; from < ROWS_PER_TABLE; from += ROWS_PER_INSERT) {
      const values: string[] = [];
      for (let r = from; r < Math.min(ROWS_PER_TABLE, from + ROWS_PER_INSERT); r++) {
        values.push(`(${newest - (ROWS_PER_TABLE - 1 - r) * STEP_MS},${(10 + ((r * 7 + t) % 40) / 10).toFixed(1)},${218 + ((r + t) % 5)})`);
      }
      await gatewaySql(gateway, `INSERT INTO ${DB}.d${t} VALUES ${values.join('')}`);
    }
  }
}

/** Epoch ms of a grid time `YYYY-MM-DD HH:mm:ss.SSS` read in UTC. */
const utcMs = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

async function countLines(path: string): Promise<{ lines: number; first: string }> {
  let lines = 0;
  let first = '';
  for await (const line of createInterface({ input: createReadStream(path) })) {
    if (lines === 0) first = line;
    if (line !== '') lines++;
  }
  return { lines, first };
}

function resultOf(pane: Locator): Locator {
  return pane.getByRole('tabpanel', { name: /^Result \d+/ }).filter({ visible: true });
}

async function firstTime(result: Locator): Promise<number> {
  const rows = await gridRows(result);
  expect(rows.length).toBeGreaterThan(0);
  return utcMs(rows[0][0]);
}

async function openExplorer(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await signIn(page, { email: 'demo@tscloud.local', password: 'Demo.2026!', firstName: 'Demo', lastName: 'User' });
  await openMenu(page, 'Explorer');
  await expect(page.getByTestId('db-tree')).toContainText(DB, { timeout: 60_000 });
}

test('the explorer: tree beside the editor, preview, query, chart, time zone and a 1M-row export', async ({ browser }) => {
  test.setTimeout(900_000);
  const newest = Date.now() - 5_000;
  await test.step('a million readings are written into the demo instance through its gateway', async () => {
    await loadMeters(demoGateway(walk.app.output()), newest);
  });

  const context = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US', acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  await test.step('the database tree sits beside the workspace, at the same height', async () => {
    await openExplorer(page);
    const tree = await page.getByTestId('db-tree').boundingBox();
    const workspace = await page.locator('.explorer-workspace').boundingBox();
    expect(tree && workspace).toBeTruthy();
    expect(tree!.x + tree!.width).toBeLessThanOrEqual(workspace!.x);
    expect(Math.abs(tree!.y - workspace!.y)).toBeLessThan(120);
  });

  await test.step('preview the super table: its newest rows, then only the last hour', async () => {
    await page.getByRole('button', { name: `toggle ${DB}` }).click();
    await page.getByTestId(`stables-${DB}`).getByRole('button', { name: 'Preview meters', exact: true }).click();
    const pane = workspacePane(page);
    await expect(pane.getByText(`Newest rows of ${DB}.meters`)).toBeVisible();
    const result = resultOf(pane);
    await expect(result.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    // Newest first: the first row is the last reading written.
    expect(await firstTime(result)).toBe(newest);
    // A preset writes the statement for its range and runs it.
    await pane.getByText('Last 15 min', { exact: true }).click();
    await expect(pane.getByRole('textbox', { name: 'SQL statements' })).toContainText('15m');
    await expect.poll(async () => (await gridRows(resultOf(pane))).length, { timeout: 60_000 }).toBeGreaterThan(0);
    const rows = await gridRows(resultOf(pane));
    expect(utcMs(rows[0][0])).toBe(newest);
    for (const row of rows) expect(utcMs(row[0])).toBeGreaterThanOrEqual(newest - 15 * 60_000 - 60_000);
  });

  await test.step('run an hourly query in a new editor tab and draw it as a chart', async () => {
    const pane = await openConsoleTab(page, 'SQL console');
    const result = await runSql(pane, `SELECT _wstart, avg(current), count(*) FROM ${DB}.meters INTERVAL(1h)`);
    await expect(result.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    const rows = await gridRows(result);
    // 100,000 s of readings span 28 hourly windows; together they count every row.
    expect(rows.length).toBeGreaterThanOrEqual(10);
    await result.getByText('Chart', { exact: true }).click();
    const chart = result.getByTestId('result-chart');
    await expect(chart).toBeVisible();
    // One symbol a window and series, besides the axes and grid lines.
    await expect.poll(() => chart.locator('svg path').count(), { timeout: 30_000 }).toBeGreaterThan(rows.length * 2);
    await result.getByText('Table', { exact: true }).click();
  });

  await test.step('switch the result to Asia/Shanghai: the same row reads eight hours later', async () => {
    const pane = workspacePane(page);
    const result = resultOf(pane);
    const before = (await gridRows(result))[0][0];
    await expect(result.getByText('Times in UTC')).toBeVisible();
    await pickListedOption(page, result.getByLabel('Time zone', { exact: true }), 'Asia/Shanghai');
    await expect(result.getByText(/Times in Asia\/Shanghai/)).toBeVisible();
    const after = (await gridRows(result))[0][0];
    expect(utcMs(after) - utcMs(before)).toBe(8 * 3_600_000);
    await pickListedOption(page, result.getByLabel('Time zone', { exact: true }), 'UTC');
  });

  await test.step('export the whole super table: a million rows written to a file as they arrive', async () => {
    const pane = workspacePane(page);
    const result = await runSql(pane, `SELECT ts, current, voltage, tbname FROM ${DB}.meters`);
    await expect(result.getByText(`${TOTAL.toLocaleString('en-US')}`, { exact: false }).or(result.getByText(String(TOTAL)))).toBeVisible({ timeout: 60_000 });
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await result.getByRole('button', { name: /Export/ }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    const path = await download.path();
    expect(await download.failure()).toBeNull();
    const { lines, first } = await countLines(path);
    expect(first).toBe('ts,current,voltage,tbname');
    expect(lines).toBe(TOTAL + 1);
    expect(statSync(path).size).toBeGreaterThan(TOTAL * 20);
  });

  await context.close();
});
