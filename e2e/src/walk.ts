import { expect, type Locator, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

/** What a person types on the sign-up form. */
export interface Person {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * An antd Select: open it by its label, then click the option with that text in the open dropdown (antd renders the
 * options in a portal, away from the field). A single select closes itself.
 */
export async function pickOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** A multiple select stays open after a choice: leaving the field closes it, as a person moving on would. */
export async function pickOptions(page: Page, field: Locator, ...options: string[]): Promise<void> {
  await field.click();
  for (const option of options) await openDropdown(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await field.blur();
  await expect(openDropdown(page)).toHaveCount(0);
}

function openDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/** The current TOTP code of an authenticator holding this secret (what the user's phone app would show). */
export function totpCode(secret: string): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/**
 * A code of the next 30 s step: the server accepts a step once, so a second code in the same step (enrolment
 * then sign-in) must wait for the next one. Waits for the step to change rather than sleeping a fixed time.
 */
export async function nextTotpCode(secret: string, used: string): Promise<string> {
  await expect.poll(() => totpCode(secret), { timeout: 40_000, intervals: [500] }).not.toBe(used);
  return totpCode(secret);
}

export async function signUp(page: Page, person: Person): Promise<void> {
  // The page loads lazily: the previous page (sign-in has an Email field too) may still be showing.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('checkbox', { name: /I have read and agree to the/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(`We sent an activation link to ${person.email}`)).toBeVisible();
}

/** Opens the mailed activation link and activates with the password chosen at sign-up (the page asks for it). */
export async function activate(page: Page, link: string, person: Person): Promise<void> {
  await page.goto(link);
  await expect(page.getByText(`Enter the password you chose when signing up, to activate ${person.email}.`)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(page.getByText('Your account is activated.')).toBeVisible();
  // The page moves on to the registered page after 3 s.
  await expect(page.getByText(`The account ${person.email} is activated. You can sign in now.`)).toBeVisible();
}

export async function signIn(page: Page, person: Person): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** /register: the account is incomplete (account status 1) until company, industry, position and country are given. */
export async function completeAccount(page: Page, company: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible();
  await page.getByLabel('Company').fill(company);
  await pickOption(page, page.getByLabel('Industry'), 'Energy and utilities');
  await pickOption(page, page.getByLabel('Position'), 'Data engineer');
  await page.getByLabel('Country or region').fill('Germany');
  await pickOption(page, page.getByLabel('Country or region'), 'Germany');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeHidden();
}

/**
 * After each sign-in or reload an owner whose organization has no instance is sent to /createFirstInstance
 * (platform-shell.md §4 rule 5); the walk skips it, as a person without an instance would.
 */
export async function skipFirstInstance(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Create your first instance' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByRole('heading', { name: 'Create your first instance' })).toBeHidden();
}

/**
 * After a create the console shows the new instance's token once (issue 14 item 4): the dialog names the instance
 * and holds a masked token; the walk checks it and closes it, as a person would after copying it.
 */
export async function closeCreatedToken(page: Page, alias: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Token of ${alias}` });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('shown only this once');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
}

/** Opens a page through the side menu: a group's title, then its entry (or a single top entry). */
export async function openMenu(page: Page, ...names: string[]): Promise<void> {
  // An entry's accessible name starts with its icon's name ("team Organization").
  for (const name of names) await page.getByRole('menuitem', { name: new RegExp(`(^| )${name}$`) }).click();
}

/** The organization shown in the header's switcher. */
export function currentOrg(page: Page): Locator {
  return page.getByTestId('org-switcher');
}

export async function switchOrg(page: Page, name: string): Promise<void> {
  await pickOption(page, page.getByRole('combobox', { name: 'Organization' }), name);
  await expect(currentOrg(page)).toContainText(name);
}

/**
 * What calling the server as the page's user takes besides the cookies `page.request` shares with the page: the
 * X-CSRF-Token header, the value of the readable CSRF cookie (the session cookie itself is HttpOnly, docs/web.md).
 */
export async function sessionHeaders(page: Page): Promise<{ 'X-CSRF-Token': string }> {
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'tscloud_session');
  const csrf = cookies.find((c) => c.name === 'tscloud_csrf');
  if (!session || !csrf) throw new Error('no session cookies');
  if (!session.httpOnly) throw new Error('the session cookie is readable by scripts');
  return { 'X-CSRF-Token': csrf.value };
}
