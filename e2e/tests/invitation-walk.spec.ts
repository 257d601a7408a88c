import { expect, test, type Page } from '@playwright/test';
import { useWalkConsole } from '../src/walk-console';
import { activate, completeAccount, currentOrg, openMenu, pickOption, signIn, signUp, skipFirstInstance, type Person } from '../src/walk';

/**
 * Issue 14 item 1 in a real browser, with the links of the mail the server sent over SMTP: an owner invites two
 * people with a role each; one uses the mail's sign-up link first (the address is filled in and locked, activation
 * joins), the other the accept link first. Both land in the organization with the invited role, and the accept link
 * used after joining says "You are already a member of …" and goes there.
 */
const owner: Person = { email: 'inviter@walk.test', firstName: 'Irene', lastName: 'Inviter', password: 'Walk2026!irene' };
const signupFirst: Person = { email: 'signup.first@walk.test', firstName: 'Sam', lastName: 'Signup', password: 'Walk2026!sam' };
const acceptFirst: Person = { email: 'accept.first@walk.test', firstName: 'Ada', lastName: 'Accept', password: 'Walk2026!ada' };
const ORG = `${owner.firstName}-Organization`;

test.use({ actionTimeout: 45_000, navigationTimeout: 60_000 });

const walk = useWalkConsole();

async function invite(page: Page, person: Person, role: string): Promise<void> {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('E-mail').fill(person.email);
  await expect(dialog.getByText('Without a role or a group, the member joins with no access to the organization.')).toBeVisible();
  await pickOption(page, dialog.getByLabel('Role in the organization'), role);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(row.getByText(`${role} · Organization`)).toBeVisible();
}

test('an invited person lands in the organization with the invited role, whichever link comes first', async ({ browser }) => {
  test.setTimeout(600_000);
  const ownerPage = await (await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' })).newPage();

  await test.step('the owner signs up and invites two people, each with a role', async () => {
    await ownerPage.goto('/auth/signup');
    await signUp(ownerPage, owner);
    await activate(ownerPage, await walk.mailbox.waitForLink(owner.email, '/auth/activate?token='), owner);
    await ownerPage.goto('/auth/login');
    await signIn(ownerPage, owner);
    await completeAccount(ownerPage, 'Invite Ltd');
    await skipFirstInstance(ownerPage);
    await openMenu(ownerPage, 'Organization', 'Users');
    await invite(ownerPage, signupFirst, 'Developer');
    await invite(ownerPage, acceptFirst, 'Viewer');
  });

  await test.step("sign-up link first: the invited address is locked, activation joins with the role", async () => {
    const page = await (await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' })).newPage();
    await page.goto(await walk.mailbox.waitForLink(signupFirst.email, '/auth/signup?email='));
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(signupFirst.email);
    await expect(page.getByLabel('Email')).not.toBeEditable();
    await page.getByLabel('First name').fill(signupFirst.firstName);
    await page.getByLabel('Last name').fill(signupFirst.lastName);
    await page.getByLabel('Password', { exact: true }).fill(signupFirst.password);
    await page.getByLabel('Confirm password').fill(signupFirst.password);
    await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await activate(page, await walk.mailbox.waitForLink(signupFirst.email, '/auth/activate?token='), signupFirst);
    await page.goto('/auth/login');
    await signIn(page, signupFirst);
    await completeAccount(page, 'Invite Ltd');
    await expect(currentOrg(page)).toContainText(ORG);
    // Developer reads and writes data: the instance menu is there, the organization's user management is not.
    await expect(page.getByRole('menuitem', { name: /Instances$/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Organization$/ })).toHaveCount(0);

    // The mail's accept link, used after joining, says so and goes there.
    await page.goto(await walk.mailbox.waitForLink(signupFirst.email, '/auth/thirdparty?accept='));
    await expect(page.getByText(`You are already a member of ${ORG}`)).toBeVisible();
    await expect(currentOrg(page)).toContainText(ORG);
    await expect(page.getByText('The invitation is invalid or has expired')).toHaveCount(0);
  });

  await test.step('accept link first: sign up from the link, and the link joins with the role', async () => {
    const page = await (await browser.newContext({ baseURL: walk.app.url, locale: 'en-US' })).newPage();
    await page.goto(await walk.mailbox.waitForLink(acceptFirst.email, '/auth/thirdparty?accept='));
    await expect(page.getByText('You were invited to join an organization.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await signUp(page, acceptFirst);
    await activate(page, await walk.mailbox.waitForLink(acceptFirst.email, '/auth/activate?token='), acceptFirst);
    await page.goto('/auth/login');
    await signIn(page, acceptFirst);
    await completeAccount(page, 'Invite Ltd');
    await expect(page.getByText(`You joined ${ORG}`)).toBeVisible();
    await expect(currentOrg(page)).toContainText(ORG);
    await expect(page.getByRole('menuitem', { name: /Instances$/ })).toBeVisible();
  });

  await test.step('the owner sees both active with their roles, none marked as missing a role', async () => {
    await ownerPage.reload();
    await skipFirstInstance(ownerPage);
    await openMenu(ownerPage, 'Organization', 'Users');
    for (const [person, role] of [
      [signupFirst, 'Developer'],
      [acceptFirst, 'Viewer'],
    ] as const) {
      const row = ownerPage.getByRole('row').filter({ hasText: person.email });
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      await expect(row.getByText(`${role} · Organization`)).toBeVisible();
      await expect(row.getByText('No role', { exact: true })).toHaveCount(0);
    }
  });
});
