import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { useWalkConsole } from '../src/walk-console';
import { activate, completeAccount, openMenu, pickOption, signIn, signUp, skipFirstInstance, type Person } from '../src/walk';

/**
 * Issue 18 in a real browser: a member opens an issue with an attachment; staff (named by the operator's
 * `ops staff add`) answer it in the desk with a request for information; the member gets the e-mail, replies from the
 * link; staff finish it; the member sees the timeline. The console runs on PostgreSQL here, so that the operator's
 * command can reach the store while the console runs (the embedded store takes one process at a time).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `tscloud_support_walk_${Date.now().toString(36)}`;
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);

const member: Person = { email: 'mira@walk.test', firstName: 'Mira', lastName: 'Member', password: 'Walk2026!mira' };
const agent: Person = { email: 'sam@support.walk', firstName: 'Sam', lastName: 'Support', password: 'Walk2026!sam' };
const TITLE = 'Night ingest stalls at 02:00';

test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(ADMIN_URL);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${DATABASE}`));
});
const walk = useWalkConsole({ DATABASE_URL: databaseUrl });
test.afterAll(async () => {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
});

/** A person with an active, complete account, signed in on a page of their own. */
async function newPerson(browser: import('@playwright/test').Browser, person: Person): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' })).newPage();
  await page.goto('/auth/signup');
  await signUp(page, person);
  await activate(page, await walk.mailbox.waitForLink(person.email, '/auth/activate?token='), person);
  await page.goto('/auth/login');
  await signIn(page, person);
  await completeAccount(page, `${person.lastName} Ltd`);
  await skipFirstInstance(page);
  return page;
}

test('a member and support staff work an issue to its end, by mail and in the desk', async ({ browser }) => {
  test.setTimeout(600_000);
  const memberPage = await newPerson(browser, member);
  const agentPage = await newPerson(browser, agent);

  await test.step('the operator makes Sam support staff from the command line', async () => {
    const ops = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/ops/cli.ts'), 'staff', 'add', agent.email], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: walk.app.dataDir },
      encoding: 'utf8',
    });
    expect(ops.stdout + ops.stderr).toContain(`${agent.email}: support staff`);
  });

  await test.step('the member opens an issue with a log attached', async () => {
    await openMenu(memberPage, 'Ticket');
    await memberPage.getByTestId('issue-new').click();
    const dialog = memberPage.getByRole('dialog', { name: 'New support issue' });
    await pickOption(memberPage, dialog.getByLabel('Issue type'), 'Data in and data out');
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Description').fill('Every night at **02:00** the MQTT task stops writing.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'ingest.log', mimeType: 'text/plain', buffer: Buffer.from('02:00:01 writer: queue full\n') });
    await expect(dialog.getByText('ingest.log')).toBeVisible();
    await expect(dialog.getByLabel('E-mail me on progress')).toBeChecked();
    await dialog.getByRole('button', { name: 'Open issue' }).click();
    // §2: the list of issues is shown after an issue is created
    await expect(memberPage).toHaveURL(/\/support\/issues$/);
    await memberPage.getByRole('link', { name: TITLE }).click();
    await expect(memberPage.getByTestId('issue-title')).toHaveText(TITLE);
    await expect(memberPage.getByTestId('issue-detail').getByTestId('ticket-state')).toHaveText('Not processed');
    await expect(memberPage.getByRole('button', { name: 'Download ingest.log' })).toBeVisible();
  });

  await test.step('staff find it in the desk, take it and ask for information', async () => {
    // in the console's own navigation: a reload would send an owner without an instance to create one first
    await agentPage.getByTestId('user-menu').click();
    await agentPage.getByRole('menuitem', { name: /Support desk/ }).click();
    await agentPage.getByRole('link', { name: TITLE }).click();
    await expect(agentPage.getByTestId('issue-title')).toHaveText(TITLE);
    const download = agentPage.waitForEvent('download');
    await agentPage.getByRole('button', { name: 'Download ingest.log' }).click();
    expect((await download).suggestedFilename()).toBe('ingest.log');
    await agentPage.getByTestId('desk-assign').click();
    await expect(agentPage.getByTestId('issue-detail').getByTestId('ticket-state')).toHaveText('Awaiting processing');
    await pickOption(agentPage, agentPage.getByLabel('Send as'), 'Ask the customer for information');
    await agentPage.getByRole('textbox', { name: /Reply$/ }).fill('Which **database** does the task write to?');
    await agentPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(agentPage.getByTestId('issue-detail').getByTestId('ticket-state')).toHaveText('Waiting for the customer');
  });

  await test.step('the member gets the e-mail, follows its link and answers', async () => {
    const link = await walk.mailbox.waitForLink(member.email, '/support/');
    await openMenu(memberPage, 'Ticket');
    await memberPage.getByRole('link', { name: TITLE }).click();
    expect(new URL(memberPage.url()).pathname).toBe(new URL(link).pathname);
    await expect(memberPage.getByTestId('issue-detail').getByTestId('ticket-state')).toHaveText('Waiting for your response');
    await expect(memberPage.getByTestId('comment-staff')).toContainText('Which database does the task write to?');
    await memberPage.getByRole('textbox', { name: /Reply$/ }).fill('The `power` database');
    await memberPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(memberPage.getByTestId('issue-detail').getByTestId('ticket-state')).toHaveText('Processing');
  });

  await test.step('staff finish it', async () => {
    await agentPage.getByRole('button', { name: 'Back to issues' }).click();
    await agentPage.getByText('Mine', { exact: true }).click();
    await agentPage.getByRole('link', { name: TITLE }).click();
    await expect(agentPage.getByTestId('comment-customer')).toContainText('The power database');
    await agentPage.getByTestId('desk-finish').click();
    await expect(agentPage.getByTestId('issue-detail').getByTestId('ticket-state')).toHaveText('Finished');
  });

  await test.step('the member sees the whole timeline', async () => {
    await openMenu(memberPage, 'Ticket');
    await memberPage.getByRole('link', { name: TITLE }).click();
    await expect(memberPage.getByTestId('issue-detail').getByTestId('ticket-state')).toHaveText('Finished');
    await expect(memberPage.getByTestId('ticket-event')).toHaveText([
      /Mira Member opened the issue/,
      /Sam Support assigned it to Sam Support/,
      /Sam Support asked for more information/,
      /Mira Member answered/,
      /Sam Support finished it/,
    ]);
  });
});
