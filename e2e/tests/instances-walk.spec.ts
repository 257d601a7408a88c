import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { useWalkConsole } from '../src/walk-console';
import { activate, closeCreatedToken, completeAccount, openMenu, sessionHeaders, signIn, signUp, type Person } from '../src/walk';

/**
 * Issue 4's browser test, against the console started as `npm start` starts it: a new owner lands on
 * /createFirstInstance, creates a free instance and watches it reach Running without reloading, writes rows through
 * the gateway with the token the console showed, sees the dashboard's charts fill, copies the curl snippet and runs
 * it, then suspends, starts and deletes the instance.
 */
const owner: Person = { email: 'owner@instances.test', firstName: 'Ines', lastName: 'Owner', password: 'Walk2026!inst' };
const ALIAS = 'factory-metrics';
const run = promisify(execFile);

test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

// Samples every half second, so the dashboard has points within the test's time.
const walk = useWalkConsole({ MONITOR_SAMPLE_MS: '500' });

/** The instance's row in the list. */
const row = (page: Page) => page.getByRole('row').filter({ hasText: ALIAS });

async function suspend(page: Page): Promise<void> {
  await row(page).getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
  await expect(row(page)).toContainText('Suspended', { timeout: 120_000 });
}

/** What the last copy button put on the clipboard (the page's clipboard; e2e has no DOM typings, hence a string). */
async function clipboard(page: Page): Promise<string> {
  return String(await page.evaluate('navigator.clipboard.readText()'));
}

test('a new owner creates the first instance, fills it through the gateway, watches it and tears it down', async ({ browser }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  let token = '';
  let gatewayUrl = '';

  await test.step('sign up, activate, sign in and complete the account: no instance yet, so /createFirstInstance', async () => {
    await page.goto('/auth/signup');
    await signUp(page, owner);
    await activate(page, await walk.mailbox.waitForLink(owner.email, '/auth/activate?token='), owner);
    await page.goto('/auth/login');
    await signIn(page, owner);
    await completeAccount(page, 'Instances Ltd');
    await expect(page).toHaveURL(/\/createFirstInstance$/);
    await expect(page.getByRole('heading', { name: 'Create your first instance' })).toBeVisible();
  });

  await test.step('create a free instance; the list shows it Starting, then Running, without a reload', async () => {
    await page.getByRole('radio', { name: 'Free' }).check();
    await page.getByLabel('Alias').fill(ALIAS);
    const creation = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/region\/[^/]+\/app$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const created = (await (await creation).json()) as { data: { instance: { cluster_status: string } } };
    expect(created.data.instance.cluster_status).toBe('Starting');
    await expect(page).toHaveURL(/\/instances/);
    // The engine may be up before the list's first answer (a quiet machine starts it in well under a second), so the
    // row shows Starting or already Running; the poll's own rules are unit-tested in components/instances/polling.
    await expect(row(page)).toContainText(/Starting|Running/);
    await closeCreatedToken(page, ALIAS);
    // A reload would lose the token the console holds from the creation answer (the next step reads it): Running
    // must come from the poll.
    await expect(row(page)).toContainText('Running', { timeout: 120_000 });
  });

  await test.step('the programming page holds the token from the creation; the copied curl snippet runs', async () => {
    await openMenu(page, 'Programming');
    await page.getByTestId('instance-token').getByRole('button', { name: 'Copy token' }).click();
    token = await clipboard(page);
    expect(token).toMatch(/^tsc_[0-9a-f]{48}$/);
    gatewayUrl = (await page.getByText(/\/gw\/[0-9a-f-]{36}$/).first().innerText()).trim();
    expect(gatewayUrl).toBe(`${walk.app.url}/gw/${/\/gw\/(.+)$/.exec(gatewayUrl)![1]}`);

    await page.getByTestId('snippet-curl').getByRole('button', { name: 'Copy' }).click();
    const snippet = await clipboard(page);
    expect(snippet).toContain(token);
    // The copied text is a shell command line: run it as the user would paste it.
    const { stdout } = await run('sh', ['-c', snippet], { timeout: 60_000 });
    const answer = JSON.parse(stdout) as { code: number; data: string[][] };
    expect(answer.code).toBe(0);
    expect(answer.data.flat()).toContain('information_schema');
  });

  await test.step('write rows through the gateway with that token', async () => {
    const sql = async (statement: string) => {
      const res = await fetch(`${gatewayUrl}/rest/sql?token=${encodeURIComponent(token)}`, { method: 'POST', body: statement });
      const json = (await res.json()) as { code: number; desc?: string };
      expect(json, statement).toMatchObject({ code: 0 });
    };
    await sql('CREATE DATABASE IF NOT EXISTS power');
    await sql('CREATE STABLE power.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (location VARCHAR(64))');
    const now = Date.now();
    for (let batch = 0; batch < 5; batch++) {
      const values = Array.from({ length: 200 }, (_, i) => `(${now - (batch * 200 + i) * 1_000}, ${(10 + (i % 7) / 10).toFixed(1)}, ${218 + (i % 5)})`).join(' ');
      await sql(`INSERT INTO power.d${batch} USING power.meters TAGS ('room-${batch}') VALUES ${values}`);
    }
  });

  await test.step('the dashboard charts the instance, with the written bytes in the ingress chart', async () => {
    // The gateway's byte counts reach the store every few seconds and the sampler records them; wait on the
    // monitoring call (as the page would read it) rather than for a fixed time.
    // page.request carries the page's session cookie.
    const id = /\/gw\/(.+)$/.exec(gatewayUrl)![1];
    const orgs = (await (await page.request.get('/api/org', { headers: await sessionHeaders(page) })).json()) as { data: { list: Array<{ orgId: string }> } };
    const headers = { ...(await sessionHeaders(page)), 'Account-Id': orgs.data.list[0].orgId };
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/region/local/monitor/ingress/range?app_id=${id}&start=${Date.now() - 3_600_000}&end=${Date.now()}`, {
            headers,
          });
          const body = (await res.json()) as { code: number; data?: { points: Array<[number, number]> } };
          return Math.max(0, ...(body.data?.points ?? []).map(([, v]) => v));
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBeGreaterThan(0);
    await openMenu(page, 'Dashboard');
    for (const metric of ['cpu', 'mem', 'ingress']) {
      const chart = page.getByTestId(`chart-${metric}-canvas`);
      await expect(chart).toBeVisible({ timeout: 60_000 });
      expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
      await expect(chart.locator('canvas')).toHaveCount(1);
    }
    expect(Number(await page.getByTestId('chart-ingress-canvas').getAttribute('data-peak'))).toBeGreaterThan(0);
  });

  await test.step('suspend, start, delete from the list', async () => {
    await openMenu(page, 'Instances');
    await suspend(page);
    // A suspended instance is closed to clients; its data is kept.
    expect((await fetch(`${gatewayUrl}/rest/sql?token=${encodeURIComponent(token)}`, { method: 'POST', body: 'SELECT 1' })).status).toBe(503);
    await row(page).getByRole('button', { name: 'Start' }).click();
    await expect(row(page)).toContainText('Running', { timeout: 120_000 });
    // The restarted engine answers again with the same token and the rows written before.
    const res = await fetch(`${gatewayUrl}/rest/sql?token=${encodeURIComponent(token)}`, { method: 'POST', body: 'SELECT COUNT(*) FROM power.meters' });
    expect(await res.json()).toMatchObject({ code: 0, data: [[1000]] });
    // §4: only a suspended instance may be deleted.
    await expect(row(page).getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await suspend(page);
    await row(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
    await expect(row(page)).toHaveCount(0, { timeout: 120_000 });
  });

  await context.close();
});
