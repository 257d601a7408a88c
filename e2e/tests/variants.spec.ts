import { expect, test, type Browser } from '@playwright/test';
import { startConsole, type RunningConsole } from '../src/console';

/**
 * Issue 14 item 3: one build (e2e/run.mjs builds it once, with no variant set) serves the variant the server runs
 * with, as `TSCLOUD_EDITION=china npm start` does: the server's /variant.js decides the language, currency and
 * billing area at run time (docs/web.md "Build variants").
 */
test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

const DEMO = { email: 'demo@tscloud.local', password: 'Demo.2026!' };

async function withConsole(env: Record<string, string>, walk: (app: RunningConsole) => Promise<void>): Promise<void> {
  const app = await startConsole({ TSCLOUD_DEMO: '1', ...env });
  try {
    await walk(app);
  } catch (error) {
    console.log(`[e2e] the console's log:\n${app.output().slice(-4000)}`);
    throw error;
  } finally {
    await app.stop();
  }
}

async function signInAsDemo(browser: Browser, url: string, labels: { email: string; password: string; submit: RegExp }) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel(labels.email).fill(DEMO.email);
  await page.getByLabel(labels.password, { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: labels.submit }).click();
  return page;
}

test('TSCLOUD_EDITION=china: Chinese, prices in CNY, the billing area "账单"', async ({ browser }) => {
  test.setTimeout(420_000);
  await withConsole({ TSCLOUD_EDITION: 'china' }, async (app) => {
    // antd spaces a two-character Chinese button label ("登 录").
    const page = await signInAsDemo(browser, app.url, { email: '邮箱', password: '密码', submit: /^登\s?录$/ });
    await expect(page.getByRole('menuitem', { name: /实例$/ }).first()).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /账单$/ })).toBeVisible();
    await page.goto('/instances/create/TSDB');
    await expect(page.getByText(/¥\s?\d/).first()).toBeVisible();
    await expect(page.getByText(/\$\d/)).toHaveCount(0);
  });
});

test('TSCLOUD_MARKETPLACE=aws: English, "Metering" instead of billing, units instead of a currency', async ({ browser }) => {
  test.setTimeout(420_000);
  await withConsole({ TSCLOUD_MARKETPLACE: 'aws' }, async (app) => {
    const page = await signInAsDemo(browser, app.url, { email: 'Email', password: 'Password', submit: /^Sign in$/ });
    await expect(page.getByRole('menuitem', { name: /Metering$/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Billing$/ })).toHaveCount(0);
    await page.goto('/instances/create/TSDB');
    await expect(page.getByText(/\d\.\d\d/).first()).toBeVisible();
    await expect(page.getByText(/[$¥]\s?\d/)).toHaveCount(0);
  });
});
