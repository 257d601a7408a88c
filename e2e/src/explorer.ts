import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers of the data-explorer walk (e2e/tests/explorer-walk.spec.ts): the SQL console's panes, its editor and the
 * rows of a result grid. Accessible names first; the grid's body rows are read by antd's row class (a table has
 * no accessible way to tell its body rows from the header and the measuring row), as walk.ts reads dropdowns.
 */

/** The workspace's open tab (the right side of /explorer, beside the database tree). */
export function workspacePane(page: Page): Locator {
  // The first visible tab panel in document order is the workspace's own (result tabs are nested inside it).
  return page.locator('.explorer-workspace').getByRole('tabpanel').filter({ visible: true }).first();
}

/**
 * A new SQL editor tab of the explorer's workspace ("+"), or its fixed "Query builder" tab; returns its pane.
 */
export async function openConsoleTab(page: Page, tab: 'SQL console' | 'Query builder'): Promise<Locator> {
  if (tab === 'SQL console') await page.locator('.explorer-workspace').getByRole('button', { name: 'Add tab' }).first().click();
  else await page.getByRole('tab', { name: tab, exact: true }).click();
  const pane = workspacePane(page);
  await expect(pane).toBeVisible();
  if (tab === 'SQL console') await expect(pane.getByRole('textbox', { name: 'SQL statements' })).toBeVisible();
  return pane;
}

/** Types the statements into the console's editor (CodeMirror), replacing what it held. */
export async function typeSql(pane: Locator, sql: string): Promise<void> {
  const editor = pane.getByRole('textbox', { name: 'SQL statements' });
  await editor.click();
  await editor.press('ControlOrMeta+a');
  await editor.press('Delete');
  await editor.fill(sql);
  await expect(editor).toHaveText(sql);
}

/** Runs what the editor holds and returns the pane of the last statement's result once it is shown. */
export async function runSql(pane: Locator, sql: string): Promise<Locator> {
  await typeSql(pane, sql);
  // The button's name starts with its icon's ("caret-right Run").
  await pane.getByRole('button', { name: /(^| )Run$/ }).click();
  return visibleResult(pane);
}

/** The result tab on show (the last statement's, after a run). */
export function visibleResult(pane: Locator): Locator {
  return pane.getByRole('tabpanel', { name: /^Result \d+/ }).filter({ visible: true });
}

/** The cells of the rows of a result grid on its current page, as text. */
export async function gridRows(result: Locator): Promise<string[][]> {
  const rows = result.locator('.ant-table-tbody tr.ant-table-row');
  const out: string[][] = [];
  // The result's cells, not the row-actions column (copy) the console adds (ResultGrid's ROW_ACTIONS_CLASS).
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td:not(.result-row-actions)').allInnerTexts()).map((t) => t.trim()));
  return out;
}

/**
 * An antd Select whose long option list is virtual (only the options in view exist in the page): open it, move down
 * with the arrow key, as a person scrolling would, until the option is rendered, point at it (which makes it the
 * active option) and take it with Enter. Not a click: the list scrolls after each arrow, and a click on an option
 * still moving under the pointer was lost once in CI (the dropdown stayed open).
 */
export async function pickListedOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(dropdown).toBeVisible();
  const wanted = dropdown.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${option.replace(/[()*]/g, '\\$&')}$`) });
  for (let step = 0; step < 40 && (await wanted.count()) === 0; step++) await page.keyboard.press('ArrowDown');
  await wanted.first().hover();
  await expect(wanted.first()).toHaveClass(/ant-select-item-option-active/);
  await page.keyboard.press('Enter');
  await expect(dropdown).toBeHidden();
}
