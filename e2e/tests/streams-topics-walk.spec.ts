import { expect, test, type Page } from '@playwright/test';
import { useWalkConsole } from '../src/walk-console';
import { openConsoleTab, runSql } from '../src/explorer';
import { activate, closeCreatedToken, completeAccount, openMenu, pickOption, signIn, signUp, type Person } from '../src/walk';

/**
 * Issue 6's browser test, against the console started as `npm start` starts it: on a running free instance the
 * owner creates a stream on its Streams screen (the form shows the statement that runs; a second stream of the same
 * name is refused with the §8 message and the form keeps its input) and a topic on its Topics screen, writes rows in
 * the explorer's SQL console, then sees the stream's output table fill (running, paused, resumed, deleted) and the
 * topic's sample messages.
 */
const owner: Person = { email: 'owner@streams.test', firstName: 'Sam', lastName: 'Streamer', password: 'Walk2026!strm' };
const ALIAS = 'stream-plant';
const DB = 'walk';
const STREAM = 'VoltAvg';
const OUT = 'volt_avg';
const TOPIC = 'meters_feed';
const STREAM_SQL =
  'CREATE STREAM `VoltAvg` TRIGGER AT_ONCE IGNORE EXPIRED 0 FILL_HISTORY 0 INTO `walk`.`volt_avg` AS SELECT _wstart, count(*) AS `count_all`, avg(`voltage`) AS `avg_v` FROM `walk`.`meters` PARTITION BY tbname INTERVAL(1m)';

// Yesterday (UTC) from midnight: three minutes of two readings a minute for each of two meters.
const DAY_MS = 86_400_000;
const BASE = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
const values = (offset: number) => Array.from({ length: 6 }, (_, i) => `(${BASE + i * 30_000}, ${10 + i / 2}, ${220 + offset + i})`).join(' ');

test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

const walk = useWalkConsole();

const field = (page: Page, name: string) => page.locator(`[id="field-${name}"]`);

async function fillStreamForm(page: Page, name: string): Promise<void> {
  await page.getByTestId('stream-create').click();
  const form = page.getByTestId('stream-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Stream name').fill(name);
  await field(page, 'source_db').fill(DB);
  await field(page, 'source_table').fill('meters');
  // The first column is COUNT(*); add AVG(voltage) named avg_v.
  await form.getByTestId('stream-add-column').click();
  await field(page, 'columns.1.column').fill('voltage');
  await field(page, 'columns.1.alias').fill('avg_v');
  await field(page, 'partition_by').fill('tbname');
  await pickOption(page, field(page, 'trigger'), 'At once');
  await form.getByRole('checkbox', { name: 'Ignore expired data' }).uncheck();
  await field(page, 'target_table').fill(OUT);
}

test('a stream and a topic made on their screens follow the rows written afterwards', async ({ browser }) => {
  test.setTimeout(900_000);
  const context = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' });
  const page = await context.newPage();

  await test.step('sign up, sign in and create a free instance that reaches Running', async () => {
    await page.goto('/auth/signup');
    await signUp(page, owner);
    await activate(page, await walk.mailbox.waitForLink(owner.email, '/auth/activate?token='), owner);
    await page.goto('/auth/login');
    await signIn(page, owner);
    await completeAccount(page, 'Streams Ltd');
    await expect(page.getByRole('heading', { name: 'Create your first instance' })).toBeVisible();
    await page.getByRole('radio', { name: 'Free' }).check();
    await page.getByLabel('Alias').fill(ALIAS);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await closeCreatedToken(page, ALIAS);
    await expect(page.getByRole('row').filter({ hasText: ALIAS })).toContainText('Running', { timeout: 180_000 });
  });

  await test.step('create the database, a super table and two meters in the explorer', async () => {
    await openMenu(page, 'Explorer');
    await page.getByTestId('db-create').click();
    const dialog = page.getByRole('dialog', { name: 'Create database' });
    await dialog.getByLabel('Database name').fill(DB);
    await dialog.getByTestId('db-submit').click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    const pane = await openConsoleTab(page, 'SQL console');
    const result = await runSql(
      pane,
      `CREATE STABLE ${DB}.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (location VARCHAR(16)); CREATE TABLE ${DB}.d1 USING ${DB}.meters TAGS ('hall-a'); CREATE TABLE ${DB}.d2 USING ${DB}.meters TAGS ('hall-b')`,
    );
    await expect(result).toBeVisible({ timeout: 60_000 });
  });

  await test.step('create a stream: the form shows the statement, the list shows it running', async () => {
    await openMenu(page, 'Streams');
    await expect(page.getByText('No streams yet')).toBeVisible();
    await fillStreamForm(page, STREAM);
    await expect(page.getByTestId('stream-sql-preview')).toHaveText(STREAM_SQL);
    await page.getByTestId('stream-submit').click();
    await expect(page.getByTestId('stream-form')).toBeHidden({ timeout: 60_000 });
    await expect(page.getByTestId(`stream-status-${STREAM}`)).toHaveText('Running');
    await expect(page.getByTestId(`stream-open-output-${STREAM}`)).toHaveText(`${DB}.${OUT}`);
  });

  await test.step('a second stream of the same name is refused with the §8 message and the form keeps its input', async () => {
    await fillStreamForm(page, STREAM);
    await field(page, 'target_table').fill('other_out');
    await page.getByTestId('stream-submit').click();
    await expect(page.getByTestId('stream-form').getByText('Stream name already exists')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('stream-form').getByLabel('Stream name')).toHaveValue(STREAM);
    await expect(field(page, 'target_table')).toHaveValue('other_out');
    await page.getByTestId('stream-form').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('stream-form')).toBeHidden();
  });

  await test.step('create a topic on the Topics screen', async () => {
    await openMenu(page, 'Topics');
    await page.getByTestId('topic-create').click();
    const form = page.getByTestId('topic-form');
    await form.getByLabel('Topic name').fill(TOPIC);
    await form.getByRole('radio', { name: 'Query' }).check();
    await field(page, 'db').fill(DB);
    await field(page, 'query').fill(`SELECT ts, current, voltage FROM ${DB}.meters`);
    await expect(page.getByTestId('topic-sql')).toHaveText(`CREATE TOPIC \`${TOPIC}\` AS SELECT ts, current, voltage FROM ${DB}.meters`);
    await page.getByRole('dialog', { name: 'Create Topic' }).getByRole('button', { name: 'Create' }).click();
    await expect(form).toBeHidden({ timeout: 60_000 });
    await expect(page.getByRole('row').filter({ hasText: TOPIC })).toBeVisible();
  });

  await test.step('write rows in the SQL console', async () => {
    await openMenu(page, 'Explorer');
    const pane = await openConsoleTab(page, 'SQL console');
    const result = await runSql(pane, `INSERT INTO ${DB}.d1 VALUES ${values(0)} ${DB}.d2 VALUES ${values(10)}`);
    await expect(result).toBeVisible({ timeout: 60_000 });
  });

  await test.step("the stream's output table fills: three windows for each meter", async () => {
    await openMenu(page, 'Streams');
    const row = page.getByTestId(`stream-row-${STREAM}`);
    await row.getByRole('button', { name: /expand/i }).click();
    const output = page.getByTestId(`stream-output-${STREAM}`);
    await expect(output.getByTestId('stream-output-total')).toHaveAttribute('data-total', '6', { timeout: 60_000 });
    await expect(output).toContainText(STREAM_SQL.slice(0, 40));
    // Each window holds two rows; the output columns are the select list's names.
    for (const column of ['_wstart', 'count_all', 'avg_v', 'tbname']) await expect(output.getByRole('columnheader', { name: column })).toBeVisible();
    await expect(output.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(6);
  });

  await test.step('pause and resume with confirmations', async () => {
    await page.getByTestId(`stream-pause-${STREAM}`).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId(`stream-status-${STREAM}`)).toHaveText('Stopped');
    await page.getByTestId(`stream-resume-${STREAM}`).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId(`stream-status-${STREAM}`)).toHaveText('Running');
  });

  await test.step("the topic's sample messages hold the rows written", async () => {
    await openMenu(page, 'Topics');
    await page.getByRole('row').filter({ hasText: TOPIC }).getByRole('button', { name: 'Sample messages' }).click();
    const sample = page.getByTestId('topic-sample');
    await expect(sample.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    await expect(sample).toContainText('d1');
    await expect(sample).toContainText('220');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(sample).toBeHidden();
  });

  await test.step('the output table opens in the explorer; the stream is deleted and its table kept', async () => {
    await openMenu(page, 'Streams');
    await page.getByTestId(`stream-open-output-${STREAM}`).click();
    await expect(page).toHaveURL(new RegExp(`/explorer\\?db=${DB}&stable=${OUT}$`));
    await expect(page.getByTestId('db-tree')).toContainText(DB);
    await expect(page.getByText(`Super tables: ${OUT}`)).toBeVisible({ timeout: 60_000 });
    const pane = await openConsoleTab(page, 'SQL console');
    const result = await runSql(pane, `SELECT count(*) FROM ${DB}.${OUT}`);
    await expect(result.getByText('1 rows', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(result.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('6');

    await openMenu(page, 'Streams');
    await page.getByTestId(`stream-drop-${STREAM}`).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('No streams yet')).toBeVisible();
  });

  await context.close();
});
