import { expect, test, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { connectPublisher, metricValue, openDataIn, openGroup, pickUnit, publish, PUBLISH_CHUNK, startOrStop, taskRow } from '../src/datain';
import { gridRows, openConsoleTab, runSql } from '../src/explorer';
import { openMenu, pickOption, signIn } from '../src/walk';
import { useWalkConsole } from '../src/walk-console';

/**
 * Issue 15's browser test of Data In, on the demo account and instance `npm start` seeds: the catalogue in English
 * and Chinese; an MQTT task with a JSON transform whose sample shows the mapped rows, fed 10,000 messages through the
 * real Mosquitto, stopped, fed more and started again (the broker holds them for its persistent session); a
 * PostgreSQL history task run to its end time. Row counts are read in the explorer's SQL console.
 */
const RUN = Date.now().toString(36);
const DB = 'walk_in';
const TOPIC = `walk/datain/${RUN}`;
const MQTT_TASK = `meters over mqtt ${RUN}`;
const PG_TASK = `history from postgres ${RUN}`;
const PG_TABLE = `walk_history_${RUN}`;
const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
const MESSAGES = 10_000;
const MORE = 500;
/** One PostgreSQL row every 6 s over 6 hours. */
const PG_ROWS = 3_600;
const PG_T0 = Date.UTC(2026, 0, 1);
/** The messages' own times: a redelivered message overwrites its row instead of adding one. */
const MQTT_T0 = Date.UTC(2026, 1, 1);

const walk = useWalkConsole({ TSCLOUD_DEMO: '1' });

test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

/** The i-th reading: ten devices, a time of its own, a current that says which message it was. */
const message = (i: number) => JSON.stringify({ device: `m${i % 10}`, time: MQTT_T0 + i, current: i / 10 });

/** Polls `SELECT count(*)` in one SQL console tab until it equals `expected` (the runner writes a little behind). */
async function expectCount(page: Page, table: string, expected: number): Promise<void> {
  await openMenu(page, 'Explorer');
  const pane = await openConsoleTab(page, 'SQL console');
  const count = async () => {
    const result = await runSql(pane, `SELECT count(*) FROM ${DB}.${table}`);
    await expect(result.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
    return Number((await gridRows(result))[0][0].replace(/[^0-9]/g, ''));
  };
  await expect.poll(count, { timeout: 180_000, intervals: [3_000] }).toBe(expected);
}

async function openTask(page: Page, name: string): Promise<void> {
  await taskRow(page, name).getByText(name, { exact: true }).click();
  await expect(page.getByTestId('task-detail')).toBeVisible();
}

/** Waits on the detail page until its "Rows written" figure (polled every 3 s) reaches `atLeast`. */
async function rowsWrittenReach(page: Page, atLeast: number): Promise<void> {
  await expect.poll(() => metricValue(page, 'Rows written'), { timeout: 180_000, intervals: [1_000] }).toBeGreaterThanOrEqual(atLeast);
}

async function fill(form: Locator, label: string, value: string): Promise<void> {
  await form.getByLabel(label, { exact: true }).fill(value);
}

/** A time param's date-time picker (the international edition shows UTC): typed in its format, committed with Enter. */
async function pickTime(form: Locator, label: string, epochMs: number): Promise<void> {
  const input = form.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(new Date(epochMs).toISOString().slice(0, 19).replace('T', ' '));
  await input.press('Enter');
}

/** The transform's timestamp source field and one tag and one column row, each read from the field of its name. */
async function mapFields(form: Locator, timestampField: string, tag: string, column: string): Promise<void> {
  await fill(form, 'Source field', timestampField);
  await form.getByRole('button', { name: 'Add tag' }).click();
  await fill(form, 'Tag 1 name', tag);
  await form.getByRole('button', { name: 'Add column' }).click();
  await fill(form, 'Column 1 name', column);
}

test('Data In: the catalogue in two languages, an MQTT task through stop and start, a PostgreSQL history task', async ({ browser }) => {
  test.setTimeout(1_200_000);
  const context = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const publisher = await connectPublisher();

  await test.step('sign in as the demo owner and create the target database in the SQL console', async () => {
    await page.goto('/auth/login');
    await signIn(page, { email: 'demo@tscloud.local', password: 'Demo.2026!', firstName: 'Demo', lastName: 'User' });
    await openMenu(page, 'Explorer');
    const pane = await openConsoleTab(page, 'SQL console');
    // The demo instance starts with the console: its engine may still be coming up, so the statement is repeated
    // until the database is listed.
    await expect
      .poll(
        async () => {
          await runSql(pane, `CREATE DATABASE IF NOT EXISTS ${DB}`);
          const listed = await runSql(pane, 'SHOW DATABASES');
          await expect(listed.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
          return (await gridRows(listed)).map((row) => row[0]);
        },
        { timeout: 180_000, intervals: [3_000] },
      )
      .toContain(DB);
  });

  await test.step('the catalogue lists the 17 sources in English, then in Chinese', async () => {
    await openDataIn(page);
    const cards = page.getByTestId('datain-catalogue').locator('[data-testid^="connector-"]');
    await expect(cards).toHaveCount(17);
    await expect(page.getByTestId('connector-mqtt')).toContainText('Subscribes to topics of an MQTT broker.');
    await page.getByRole('button', { name: 'Language: 中文' }).click();
    await expect(page.getByRole('heading', { name: '数据源' })).toBeVisible();
    await expect(cards).toHaveCount(17);
    await expect(page.getByTestId('connector-mqtt')).toContainText('订阅 MQTT 代理的主题。');
    await expect(page.getByTestId('connector-postgres')).toContainText('通过 SQL 模板迁移或同步 PostgreSQL 的表。');
    await page.getByRole('button', { name: /: English$/ }).click();
    await expect(page.getByRole('heading', { name: 'Sources' })).toBeVisible();
    await expect(cards).toHaveCount(17);
  });

  await test.step('an MQTT task with a JSON transform: its sample shows the mapped rows', async () => {
    await page.getByTestId('connector-mqtt').click();
    const form = page.getByTestId('task-form');
    await expect(form).toBeVisible();
    await fill(form, 'Task name', MQTT_TASK);
    await form.getByRole('combobox', { name: 'Target database' }).fill(DB);
    await fill(form, 'Host', '127.0.0.1');
    await fill(form, 'Port', '1883');
    await fill(form, 'Client ID', `walk_task_${RUN}`);
    await fill(form, 'Topics', `${TOPIC}::1`);
    // A persistent session: the broker keeps what arrives while the task is stopped.
    await openGroup(page, 'Session');
    await form.getByRole('switch', { name: 'Clean session' }).click();
    await expect(form.getByRole('switch', { name: 'Clean session' })).not.toBeChecked();
    await fill(form, 'Super table', 'readings');
    await fill(form, 'Child table name', 'd_${device}');
    await mapFields(form, 'time', 'device', 'current');
    await form.getByRole('button', { name: 'Check connection' }).click();
    await expect(form.getByTestId('check-result')).toContainText('The source answers', { timeout: 60_000 });
    // The sample reads the topic's next messages on a throwaway session: a device keeps publishing meanwhile.
    let sampling = true;
    const sampleFeed = (async () => {
      for (let i = 7; sampling; i += 10) {
        await publish(publisher, TOPIC, [JSON.stringify({ device: 'm7', time: MQTT_T0 - 1_000 + i, current: 1.5 })]);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    await form.getByRole('button', { name: 'Sample' }).click();
    const rows = form.getByTestId('transform-sample-rows');
    await expect(rows).toBeVisible({ timeout: 60_000 });
    sampling = false;
    await sampleFeed;
    await expect(rows.getByRole('columnheader', { name: 'device' })).toBeVisible();
    await expect(rows.getByRole('columnheader', { name: 'current' })).toBeVisible();
    const sampleRows = rows.getByRole('row').filter({ hasText: 'd_m7' });
    await expect(sampleRows.first()).toContainText('readings');
    await expect(sampleRows.first()).toContainText('1.5');
    expect(await sampleRows.count()).toBeGreaterThanOrEqual(1);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('task-detail')).toBeVisible();
  });

  let written = 0;
  await test.step('start it and publish 10,000 messages: the explorer counts 10,000 rows', async () => {
    await page.getByRole('button', { name: 'Back to Data In' }).click();
    await startOrStop(page, MQTT_TASK, 'Start', /Running/);
    await openTask(page, MQTT_TASK);
    // The worker subscribes after the start: message 0 again and again until the task writes it (one row, same time).
    await expect
      .poll(
        async () => {
          await publish(publisher, TOPIC, [message(0)]);
          return metricValue(page, 'Rows written');
        },
        { timeout: 120_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    // A probe published just before may still be counted: the figure is read after the next refresh or two.
    await page.waitForTimeout(4_000);
    written = await metricValue(page, 'Rows written');
    for (let from = 1; from < MESSAGES; from += PUBLISH_CHUNK) {
      const to = Math.min(MESSAGES, from + PUBLISH_CHUNK);
      await publish(publisher, TOPIC, Array.from({ length: to - from }, (_, k) => message(from + k)));
      written += to - from;
      await rowsWrittenReach(page, written);
    }
    await expect(page.getByTestId('task-detail')).not.toContainText('Last error');
    expect(await metricValue(page, 'Rows failed')).toBe(0);
    await expectCount(page, 'readings', MESSAGES);
  });

  await test.step('stop it, publish 500 more, start it again: the count grows by exactly 500', async () => {
    await openDataIn(page);
    await startOrStop(page, MQTT_TASK, 'Stop', /Stopped/);
    await publish(publisher, TOPIC, Array.from({ length: MORE }, (_, k) => message(MESSAGES + k)));
    await expect(taskRow(page, MQTT_TASK)).toContainText('Stopped');
    await startOrStop(page, MQTT_TASK, 'Start', /Running/);
    await expectCount(page, 'readings', MESSAGES + MORE);
    await openDataIn(page);
    await startOrStop(page, MQTT_TASK, 'Stop', /Stopped/);
  });

  const source = new pg.Client(PG);
  await test.step('a PostgreSQL history task runs to its end time: progress 100 %, every row in the explorer', async () => {
    await source.connect();
    await source.query(`CREATE TABLE ${PG_TABLE} (ts timestamptz NOT NULL, device varchar(20), v double precision)`);
    await source.query(
      `INSERT INTO ${PG_TABLE} SELECT to_timestamp(${PG_T0 / 1000} + i * 6), 'p' || (i % 4), i / 10.0 FROM generate_series(0, ${PG_ROWS - 1}) AS i`,
    );
    await page.getByTestId('connector-postgres').click();
    const form = page.getByTestId('task-form');
    await expect(form).toBeVisible();
    await fill(form, 'Task name', PG_TASK);
    await form.getByRole('combobox', { name: 'Target database' }).fill(DB);
    await fill(form, 'Host', PG.host);
    await fill(form, 'Port', String(PG.port));
    await fill(form, 'Database', PG.database);
    await fill(form, 'Username', PG.user);
    await fill(form, 'Password', 'unused');
    await fill(form, 'SQL template', `SELECT ts, device, v FROM ${PG_TABLE} WHERE ts >= \${start} AND ts < \${end} ORDER BY ts`);
    await pickTime(form, 'Start time', PG_T0);
    await pickTime(form, 'End time', PG_T0 + 6 * 3_600_000);
    await openGroup(page, 'Stepping');
    await fill(form, 'Query interval', '1');
    await pickUnit(page, 'h');
    // The source's rows are fields already: no parser.
    await pickOption(page, form.getByRole('combobox', { name: 'Parser' }), 'None');
    await fill(form, 'Super table', 'history');
    await fill(form, 'Child table name', 'h_${device}');
    await mapFields(form, 'ts', 'device', 'v');
    await form.getByRole('button', { name: 'Check connection' }).click();
    await expect(form.getByTestId('check-result')).toContainText('The source answers', { timeout: 60_000 });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('task-detail')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Data In' }).click();
    await startOrStop(page, PG_TASK, 'Start', /Running|Completed/);
    await expect(taskRow(page, PG_TASK)).toContainText('Completed', { timeout: 300_000 });
    await openTask(page, PG_TASK);
    await rowsWrittenReach(page, PG_ROWS);
    expect(await metricValue(page, 'Rows failed')).toBe(0);
    await page.getByRole('tab', { name: 'Table progress' }).click();
    // A full bar shows a check mark instead of its figure: the bar's value is read instead.
    const bars = page.getByTestId('table-progress').getByRole('progressbar');
    await expect(bars.first()).toBeVisible();
    for (const bar of await bars.all()) await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expectCount(page, 'history', PG_ROWS);
    const { rows } = await source.query<{ n: string }>(`SELECT count(*) AS n FROM ${PG_TABLE}`);
    expect(Number(rows[0].n)).toBe(PG_ROWS);
  });

  await source.query(`DROP TABLE IF EXISTS ${PG_TABLE}`).catch(() => undefined);
  await source.end().catch(() => undefined);
  await publisher.endAsync();
  await context.close();
});
