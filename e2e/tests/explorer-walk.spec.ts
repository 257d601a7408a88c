import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { useWalkConsole } from '../src/walk-console';
import { gridRows, openConsoleTab, pickListedOption, runSql, visibleResult, workspacePane } from '../src/explorer';
import { activate, closeCreatedToken, completeAccount, openMenu, pickOption, signIn, signUp, type Person } from '../src/walk';

/**
 * Issue 5's browser test, against the console started as `npm start` starts it: on a running free instance the
 * owner creates a database with non-default options, designs a super table in the form, creates two child tables
 * and imports a CSV into one, runs an interval query in the SQL console, exports it (the downloaded file is read),
 * saves it as a favorite, reloads and finds it in the history and the favorites, rebuilds it in the query builder
 * with the same rows, then grants a second member read rights on the database; from the member's own session the
 * engine lets them read and refuses their write.
 */
const owner: Person = { email: 'owner@explorer.test', firstName: 'Erin', lastName: 'Owner', password: 'Walk2026!expl' };
const member: Person = { email: 'reader@explorer.test', firstName: 'Rita', lastName: 'Reader', password: 'Walk2026!read' };
const ALIAS = 'plant-data';
const DB = 'plant_walk';
const STABLE = 'meters';
const QUERY = `SELECT _wstart, avg(current), count(*) FROM ${DB}.${STABLE} INTERVAL(1m)`;

// Six readings of d1001 over three minutes of yesterday (UTC), inside the database's 365-day keep:
// minute 0: 10, 12 → avg 11, 2 rows; minute 1: 11, 13, 15 → avg 13, 3 rows; minute 2: 9.5 → 1 row.
const DAY_MS = 86_400_000;
const BASE = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
const READINGS: Array<[number, number, number]> = [
  [0, 10, 220],
  [30, 12, 221],
  [60, 11, 219],
  [80, 13, 222],
  [100, 15, 220],
  [150, 9.5, 218],
];
const CSV = READINGS.map(([s, current, voltage]) => `${new Date(BASE + s * 1000).toISOString()},${current},${voltage}`).join('\n') + '\n';
const EXPECTED = [
  { avg: 11, count: 2 },
  { avg: 13, count: 3 },
  { avg: 9.5, count: 1 },
];

test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

const walk = useWalkConsole();

/** The value cell of one fact in the view-database panel, by its label (bordered Descriptions: label th, value td). */
const dbInfo = (page: Page, label: string) => page.getByTestId('db-info').locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');

/** The interval query's rows as the grid shows them: window start, average, count. */
function expectIntervalRows(rows: string[][]): void {
  expect(rows).toHaveLength(EXPECTED.length);
  rows.forEach((row, i) => {
    expect(row).toHaveLength(3);
    expect(Number(row[1])).toBeCloseTo(EXPECTED[i].avg, 6);
    expect(Number(row[2])).toBe(EXPECTED[i].count);
  });
  // Windows a minute apart, in order.
  const starts = rows.map((r) => Date.parse(r[0].replace(' ', 'T')));
  expect(starts[1] - starts[0]).toBe(60_000);
  expect(starts[2] - starts[1]).toBe(60_000);
}

async function createChildTable(page: Page, name: string, location: string, groupid: string): Promise<void> {
  await page.getByTestId('table-create').click();
  const dialog = page.getByRole('dialog', { name: 'Create table' });
  await dialog.getByLabel('Table name').fill(name);
  // The super table's tags become the fields to fill once its structure is read.
  await dialog.locator('#tag-location').fill(location);
  await dialog.locator('#tag-groupid').fill(groupid);
  await dialog.getByTestId('table-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('tables-list').getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
}

test('an owner designs, fills and queries a database, then shares read access with a member', async ({ browser }) => {
  test.setTimeout(900_000);
  const ownerContext = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US', acceptDownloads: true });
  const memberContext = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' });
  const page = await ownerContext.newPage();
  let consoleRows: string[][] = [];

  await test.step('sign up, activate, sign in and create a free instance that reaches Running', async () => {
    await page.goto('/auth/signup');
    await signUp(page, owner);
    await activate(page, await walk.mailbox.waitForLink(owner.email, '/auth/activate?token='), owner);
    await page.goto('/auth/login');
    await signIn(page, owner);
    await completeAccount(page, 'Explorer Ltd');
    await expect(page.getByRole('heading', { name: 'Create your first instance' })).toBeVisible();
    await page.getByRole('radio', { name: 'Free' }).check();
    await page.getByLabel('Alias').fill(ALIAS);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await closeCreatedToken(page, ALIAS);
    await expect(page.getByRole('row').filter({ hasText: ALIAS })).toContainText('Running', { timeout: 180_000 });
  });

  await test.step('create a database with non-default options; the view shows them as the engine keeps them', async () => {
    await openMenu(page, 'Explorer');
    await page.getByTestId('db-create').click();
    const dialog = page.getByRole('dialog', { name: 'Create database' });
    await dialog.getByLabel('Database name').fill(DB);
    await pickOption(page, dialog.getByLabel('Precision', { exact: true }), 'us');
    await pickOption(page, dialog.getByLabel('Cache model', { exact: true }), 'last_row');
    await dialog.getByLabel('Keep', { exact: true }).fill('365');
    await dialog.getByTestId('db-submit').click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    await expect(page.getByTestId('db-title')).toHaveText(DB);
    // Members' engine users have SYSINFO 0, so ins_databases gives them name, times, tables, precision and status
    // only (as TDengine does); the other options are read back with SHOW CREATE DATABASE in the console below.
    await expect(dbInfo(page, 'Time precision')).toHaveText('us');
    await expect(dbInfo(page, 'Tables')).toHaveText('0');
    await expect(dbInfo(page, 'Created')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(page.getByTestId('db-tree')).toContainText(DB);
  });

  await test.step('design a super table in the form: FLOAT and INT columns, a VARCHAR and an INT tag', async () => {
    await page.getByTestId('stable-create').click();
    const dialog = page.getByRole('dialog', { name: 'Create super table' });
    await dialog.getByLabel('Super table name').fill(STABLE);
    // The default form: ts TIMESTAMP, val INT; one INT tag.
    await dialog.getByLabel('Column 2: Name').fill('current');
    await pickListedOption(page, dialog.getByLabel('Column 2: Type'), 'FLOAT');
    await dialog.getByRole('button', { name: 'Add column' }).click();
    await dialog.getByLabel('Column 3: Name').fill('voltage');
    await dialog.getByLabel('Tag 1: Name').fill('location');
    await pickListedOption(page, dialog.getByLabel('Tag 1: Type'), 'VARCHAR');
    await expect(dialog.getByLabel('Tag 1: Length')).toHaveValue('32');
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.getByLabel('Tag 2: Name').fill('groupid');
    await dialog.getByTestId('stable-submit').click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });

    await page.getByRole('button', { name: `toggle ${DB}` }).click();
    await page.getByTestId(`stables-${DB}`).getByRole('button', { name: new RegExp(`^${STABLE}`) }).click();
    const structure = page.getByTestId('structure');
    for (const [field, kind] of [['ts', 'Column'], ['current', 'Column'], ['voltage', 'Column'], ['location', 'Tag'], ['groupid', 'Tag']]) {
      await expect(structure.getByRole('row').filter({ hasText: new RegExp(`^${field}`) })).toContainText(kind);
    }
    await expect(structure.getByRole('row').filter({ hasText: /^current/ })).toContainText('FLOAT');
    await expect(structure.getByRole('row').filter({ hasText: /^location/ })).toContainText('VARCHAR(32)');
  });

  await test.step('create two child tables and import a CSV file into one', async () => {
    await page.getByRole('tab', { name: 'Child tables' }).click();
    await createChildTable(page, 'd1001', 'hall-a', '1');
    await createChildTable(page, 'd1002', 'hall-b', '2');
    const row = page.getByTestId('tables-list').getByRole('row').filter({ hasText: 'd1001' });
    await row.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV into d1001' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'd1001-readings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    // The dialog lists the chosen file once the upload control took it; a click before that sent nothing once in CI.
    await expect(dialog.getByText('d1001-readings.csv')).toBeVisible();
    await expect(dialog.getByTestId('import-submit')).toBeEnabled();
    await dialog.getByTestId('import-submit').click();
    await expect(page.getByText(`${READINGS.length} rows imported`)).toBeVisible({ timeout: 60_000 });
    await expect(dialog).toBeHidden();
  });

  await test.step('in the SQL console the engine reports the options the database was created with', async () => {
    const pane = await openConsoleTab(page, 'SQL console');
    const result = await runSql(pane, `SHOW CREATE DATABASE ${DB}`);
    await expect(result.getByText('1 rows', { exact: true })).toBeVisible({ timeout: 60_000 });
    const [[name, statement]] = await gridRows(result);
    expect(name).toBe(DB);
    expect(statement).toContain("PRECISION 'us'");
    expect(statement).toContain("CACHEMODEL 'last_row'");
    expect(statement).toMatch(/KEEP 365d\b/);
  });

  await test.step('64-bit integers show with every digit in the console grid (issue 13 item 1)', async () => {
    const pane = workspacePane(page);
    const result = await runSql(pane, 'SELECT CAST(9007199254740993 AS BIGINT) AS b, CAST(18446744073709551615 AS BIGINT UNSIGNED) AS u');
    await expect(result.getByText('1 rows', { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await gridRows(result)).toEqual([['9007199254740993', '18446744073709551615']]);
  });

  await test.step('run the interval query in the SQL console: one row per minute', async () => {
    const pane = workspacePane(page);
    const result = await runSql(pane, QUERY);
    await expect(result.getByText(`${EXPECTED.length} rows`, { exact: true })).toBeVisible({ timeout: 60_000 });
    consoleRows = await gridRows(result);
    expectIntervalRows(consoleRows);
  });

  await test.step('export the result: the downloaded CSV holds the same rows', async () => {
    const pane = workspacePane(page);
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await visibleResult(pane).getByRole('button', { name: 'Export' }).click();
    // The menu opens in a popup outside the result pane; the download goes through a single-use ticket link.
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^query-.*\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(lines[0].split(',')).toEqual(['_wstart', 'avg(current)', 'count(*)']);
    const body = lines.slice(1).map((l) => l.split(','));
    expect(body).toHaveLength(EXPECTED.length);
    body.forEach((cells, i) => {
      expect(Number(cells[1])).toBeCloseTo(EXPECTED[i].avg, 6);
      expect(Number(cells[2])).toBe(EXPECTED[i].count);
      // The same window as the grid shows.
      expect(Date.parse(cells[0])).toBe(Date.parse(consoleRows[i][0].replace(' ', 'T')));
    });
  });

  await test.step('save it as a favorite; after a reload the history and the favorites hold it', async () => {
    const pane = workspacePane(page);
    await pane.getByRole('button', { name: 'Save query' }).click();
    const saving = page.getByRole('dialog', { name: 'Save query' });
    await saving.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Query saved.')).toBeVisible();
    await page.reload();
    const reloaded = await openConsoleTab(page, 'SQL console');
    await reloaded.getByRole('tab', { name: 'History' }).click();
    await expect(reloaded.getByTestId('history-item').filter({ hasText: QUERY }).first()).toBeVisible();
    await expect(reloaded.getByTestId('history-item').filter({ hasText: QUERY }).first()).toContainText('Success');
    await reloaded.getByRole('tab', { name: 'Favorites' }).click();
    const favorite = reloaded.getByTestId('saved-query').filter({ hasText: QUERY });
    await expect(favorite).toHaveCount(1);
    // "Open in the editor" puts it back into the editor.
    await favorite.getByRole('button', { name: 'Open in the editor' }).click();
    await expect(reloaded.getByRole('textbox', { name: 'SQL statements' })).toHaveText(QUERY);
  });

  await test.step('rebuild the same query in the query builder and get the same rows', async () => {
    const pane = await openConsoleTab(page, 'Query builder');
    await pickOption(page, pane.getByRole('combobox', { name: 'Database' }), DB);
    await pickOption(page, pane.getByRole('combobox', { name: 'Super table or table' }), STABLE);
    // The interval first: row-by-row functions (MAVG…) leave the list, so AVG is the only match.
    await pane.getByRole('spinbutton', { name: 'Interval' }).fill('1');
    await pane.getByRole('button', { name: 'Add column' }).click();
    const first = pane.getByTestId('builder-select-item').nth(0);
    await pickOption(page, first.getByRole('combobox', { name: 'Column' }), 'current');
    await pickOption(page, first.getByRole('combobox', { name: 'Function' }), 'AVG');
    await pane.getByRole('button', { name: 'Add column' }).click();
    const second = pane.getByTestId('builder-select-item').nth(1);
    await pickOption(page, second.getByRole('combobox', { name: 'Column' }), '*');
    await expect(pane.getByTestId('builder-sql')).toHaveText(QUERY);
    await pane.getByRole('button', { name: 'Run query' }).click();
    const result = visibleResult(pane);
    await expect(result.getByText(`${EXPECTED.length} rows`, { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await gridRows(result)).toEqual(consoleRows);
  });

  await test.step('invite a second member; they join the organization', async () => {
    await openMenu(page, 'Organization', 'Users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('E-mail').fill(member.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const other = await memberContext.newPage();
    await other.goto(await walk.mailbox.waitForLink(member.email, '/auth/thirdparty?accept='));
    await other.getByRole('button', { name: 'Sign up' }).click();
    await signUp(other, member);
    await activate(other, await walk.mailbox.waitForLink(member.email, '/auth/activate?token='), member);
    await other.goto('/auth/login');
    await signIn(other, member);
    await completeAccount(other, 'Explorer Ltd');
  });

  await test.step('grant the member read rights on the database from the explorer', async () => {
    await openMenu(page, 'Explorer');
    await page.getByTestId('db-tree').getByRole('button', { name: DB }).filter({ hasText: DB }).click();
    const dialog = page.getByRole('dialog', { name: `Privileges on database ${DB}` });
    // the panel re-renders once the database's details load: a click landing on the button it replaces opens nothing
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Privileges' }).click();
      await expect(dialog).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await pickOption(page, dialog.getByRole('combobox', { name: 'User or group' }), member.email);
    await pickOption(page, dialog.getByRole('combobox', { name: 'Role' }), 'Viewer');
    await dialog.getByRole('button', { name: 'Grant or change' }).click();
    const row = dialog.getByRole('row').filter({ hasText: member.email });
    await expect(row).toContainText('Read databases');
    await expect(row).not.toContainText('Write databases');
    await expect(row).toContainText('Active');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  const other = memberContext.pages()[0];
  await test.step("from the member's session: the database is readable, a write is refused by the engine", async () => {
    await other.goto('/explorer');
    await expect(other.getByTestId('db-tree')).toContainText(DB, { timeout: 60_000 });
    await other.getByTestId('db-tree').getByRole('button', { name: DB }).filter({ hasText: DB }).click();
    await expect(other.getByTestId('db-title')).toHaveText(DB);
    // Read rights only: no designing, importing or deleting offered.
    await expect(other.getByTestId('stable-create')).toHaveCount(0);
    await expect(other.getByTestId('db-drop')).toHaveCount(0);
    await expect(other.getByRole('button', { name: 'Privileges' })).toHaveCount(0);

    const pane = await openConsoleTab(other, 'SQL console');
    const read = await runSql(pane, QUERY);
    await expect(read.getByText(`${EXPECTED.length} rows`, { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await gridRows(read)).toEqual(consoleRows);

    const write = await runSql(pane, `INSERT INTO ${DB}.d1002 VALUES ('${new Date(BASE).toISOString()}', 1.5, 230)`);
    const refusal = write.getByRole('alert');
    await expect(refusal).toContainText('Error', { timeout: 60_000 });
    await expect(refusal).toContainText(/permission denied/i);
  });

  await test.step('the refused write left nothing behind', async () => {
    const pane = await openConsoleTab(page, 'SQL console');
    const result = await runSql(pane, `SELECT COUNT(*) FROM ${DB}.d1002`);
    await expect(result.getByText('1 rows', { exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await gridRows(result)).toEqual([['0']]);
  });

  await ownerContext.close();
  await memberContext.close();
});

