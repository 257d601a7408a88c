import { expect, test } from '@playwright/test';
import { useWalkConsole } from '../src/walk-console';
import { activate, completeAccount, currentOrg, nextTotpCode, openMenu, pickOption, pickOptions, sessionHeaders, signIn, signUp, skipFirstInstance, switchOrg, totpCode, type Person } from '../src/walk';

/**
 * Issue 2's "what a user can do", in a real browser against the console started as `npm start` starts it, with
 * the links read from the mail the server actually sent over SMTP: sign-up, activation, sign-in, account
 * completion, multi-factor, two organizations, a group with the Viewer role and an expiry, an invitation
 * accepted by a colleague whose view is limited to what Viewer grants, then the shell in Chinese.
 */
const owner: Person = { email: 'owner@walk.test', firstName: 'Olivia', lastName: 'Owner', password: 'Walk2026!owner' };
const colleague: Person = { email: 'colleague@walk.test', firstName: 'Carl', lastName: 'Colleague', password: 'Walk2026!coll' };
const TEAM_ORG = 'Walk-Team';
const GROUP = 'Readers';
const DAY_MS = 24 * 60 * 60 * 1000;

// A loaded machine is slow, but a step that cannot happen must fail in bounded time, not at the test's end.
test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

const walk = useWalkConsole();

test('a person signs up, secures the account, builds a team and hands a colleague a limited view', async ({ browser }) => {
  test.setTimeout(600_000);
  const ownerContext = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' });
  const colleagueContext = await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' });
  const page = await ownerContext.newPage();
  // The console is served with a Content-Security-Policy (no inline script): whatever it blocked would be reported.
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  const firstOrg = `${owner.firstName}-Organization`;
  let secret = '';

  await test.step('open the printed address, sign up with the terms and activate from the mailed link', async () => {
    const printed = /console: (http\S+)/.exec(walk.app.output())?.[1];
    expect(printed).toBe(walk.app.url);
    await page.goto(printed!);
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await signUp(page, owner);
    await activate(page, await walk.mailbox.waitForLink(owner.email, '/auth/activate?token='), owner);
  });

  await test.step('sign in, complete the account and land in the first organization', async () => {
    await page.goto('/auth/login');
    await signIn(page, owner);
    await completeAccount(page, 'Walk Ltd');
    await skipFirstInstance(page);
    await openMenu(page, 'Organization', 'Users');
    await expect(currentOrg(page)).toContainText(firstOrg);
    await expect(page.getByTestId('org-name')).toHaveText(firstOrg);
  });

  await test.step('turn on multi-factor sign-in with the key the enrolment shows', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Multi-factor verification' }).click();
    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on multi-factor verification' });
    await expect(dialog.getByRole('img', { name: 'QR code of the authenticator key' })).toBeVisible();
    secret = (await dialog.locator('.ant-typography code').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await dialog.getByLabel('Verification code').fill(totpCode(secret));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Recovery codes', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('mfa-status')).toHaveText('On');
  });

  await test.step('sign out, then sign in again with the second factor', async () => {
    const used = totpCode(secret);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await signIn(page, owner);
    await expect(page.getByRole('heading', { name: 'Multi-factor verification' })).toBeVisible();
    await page.getByLabel('Verification code').fill(await nextTotpCode(secret, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await skipFirstInstance(page);
  });

  await test.step('create a second organization and switch between the two', async () => {
    await openMenu(page, 'Organization', 'Users');
    await page.getByRole('button', { name: 'Create organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create organization' });
    await dialog.getByLabel('Organization name').fill(TEAM_ORG);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await switchOrg(page, TEAM_ORG);
    await openMenu(page, 'Users');
    await expect(page.getByTestId('org-name')).toHaveText(TEAM_ORG);
    await switchOrg(page, firstOrg);
    await openMenu(page, 'Users');
    await expect(page.getByTestId('org-name')).toHaveText(firstOrg);
    await switchOrg(page, TEAM_ORG);
  });

  await test.step('create a group that holds the Viewer role until a few days from now', async () => {
    await openMenu(page, 'User Groups');
    await page.getByRole('button', { name: 'Create group' }).click();
    const create = page.getByRole('dialog', { name: 'Create group' });
    await create.getByLabel('Name').fill(GROUP);
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: GROUP });
    await row.getByRole('button', { name: 'Grant role' }).click();
    const grant = page.getByRole('dialog', { name: `Grant a role to ${GROUP}` });
    await pickOption(page, grant.getByLabel('Role'), 'Viewer');
    const expiry = new Date(Date.now() + 3 * DAY_MS);
    const typed = `${expiry.getFullYear()}-${pad(expiry.getMonth() + 1)}-${pad(expiry.getDate())} 12:00:00`;
    await grant.getByLabel('Expires').fill(typed);
    await grant.getByLabel('Expires').press('Enter');
    await expect(grant.getByLabel('Expires')).toHaveValue(typed);
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant).toBeHidden();
    await row.getByRole('button', { name: 'expand row' }).click();
    await expect(page.getByRole('cell', { name: 'Viewer', exact: true })).toBeVisible();
    await expect(page.getByText(typed.slice(0, 10))).toBeVisible();
  });

  await test.step('invite the colleague by e-mail into that group', async () => {
    await openMenu(page, 'Users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('E-mail').fill(colleague.email);
    await pickOptions(page, dialog.getByLabel('Groups'), GROUP);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: colleague.email })).toBeVisible();
  });

  const other = await colleagueContext.newPage();
  await test.step('the colleague opens the invitation, signs up, activates and signs in', async () => {
    await other.goto(await walk.mailbox.waitForLink(colleague.email, '/auth/thirdparty?accept='));
    await expect(other.getByText('You were invited to join an organization.')).toBeVisible();
    await other.getByRole('button', { name: 'Sign up' }).click();
    await signUp(other, colleague);
    await activate(other, await walk.mailbox.waitForLink(colleague.email, '/auth/activate?token='), colleague);
    await other.goto('/auth/login');
    await signIn(other, colleague);
    await completeAccount(other, 'Walk Ltd');
    await expect(currentOrg(other)).toContainText(TEAM_ORG);
  });

  await test.step("the colleague sees only what Viewer grants", async () => {
    // Viewer reads instances but neither users, groups nor roles: no organization access-control menu.
    await expect(other.getByRole('menuitem', { name: 'Instances' })).toBeVisible();
    await expect(other.getByRole('menuitem', { name: 'Organization' })).toHaveCount(0);
    // The server refuses the same thing when asked directly (errors travel in the envelope's code, HTTP 200).
    // The session is an HttpOnly cookie (no script of the page sees it); other.request sends it like the page does.
    expect(await other.evaluate<string>('document.cookie')).not.toContain('tscloud_session');
    const orgs = await (await other.request.get('/api/org', { headers: await sessionHeaders(other) })).json();
    expect(orgs.code).toBe(200);
    const listed = JSON.stringify(orgs.data);
    expect(listed).toContain(TEAM_ORG);
    expect(listed).not.toContain(firstOrg);
    const orgId = /"orgId":"([^"]+)"/.exec(listed)?.[1] ?? '';
    const asColleague = { ...(await sessionHeaders(other)), 'Account-Id': orgId };
    const instances = await (await other.request.get('/api/app/list', { headers: asColleague })).json();
    expect(instances.code).toBe(200);
    const users = await (await other.request.get('/api/org/users', { headers: asColleague })).json();
    expect(users).toMatchObject({ code: 403, data: null });
    const invite = await (await other.request.post('/api/user/invite', { headers: asColleague, data: { email: 'third@walk.test', groupIds: [] } })).json();
    expect(invite).toMatchObject({ code: 403, message: 'You do not have permission for this operation', data: null });
    // A write riding on the session cookie alone (what a forged cross-site request could carry) is refused first.
    const forged = await (await other.request.post('/api/user/invite', { headers: { 'Account-Id': orgId }, data: { email: 'third@walk.test', groupIds: [] } })).json();
    expect(forged).toMatchObject({ code: 403, message: 'The request was refused because its security token is missing or wrong, please reload the page and try again' });
  });

  await test.step('the owner sees the colleague as an active member of the group', async () => {
    // The member list is cached for 30 s: the owner reloads, which (no instance yet) passes the create-first page.
    await page.reload();
    await skipFirstInstance(page);
    await openMenu(page, 'Organization', 'Users');
    const row = page.getByRole('row').filter({ hasText: colleague.email });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText(GROUP)).toBeVisible();
  });

  await test.step('in Chinese the shell is translated', async () => {
    // The language switch is one button naming the other language (docs/web.md "Delivery").
    await other.getByRole('button', { name: 'Language: 中文' }).click();
    await expect(other.getByRole('menuitem', { name: '实例' })).toBeVisible();
    await expect(other.getByRole('menuitem', { name: 'Instances' })).toHaveCount(0);
    await expect(other.getByRole('combobox', { name: '组织' })).toBeVisible();
    await other.getByTestId('user-menu').click();
    await expect(other.getByRole('menuitem', { name: '设置' })).toBeVisible();
    await expect(other.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  });

  expect(cspViolations).toEqual([]);
  await ownerContext.close();
  await colleagueContext.close();
});

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
