import type { Locator, Page } from 'playwright-core';
import { childCell, formItem } from './child-table';
import { listScreen, rows } from './list-screen';

/** What a user does to a document on its list screen and in its master-child form (notices, registries, tickets). */

/** Clicks a list button by its component key (btn-<component>), on the bar or under 更多. */
export async function pressListButton(page: Page, component: string): Promise<void> {
  const direct = listScreen(page).locator(`button[data-testid="btn-${component}"]`);
  if (await direct.isVisible()) return direct.click();
  await listScreen(page).getByTestId('btn-more').click();
  await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="btn-${component}"]`).click();
}

/** Ticks the selection box of the first list row holding `text` (left ticked if it is already). */
export async function tickListRow(page: Page, text: string): Promise<void> {
  const row = (await rows(page)).filter({ hasText: text }).first();
  await row.waitFor();
  const box = row.locator('.ant-checkbox-input').first();
  if (!(await box.isChecked())) await box.check();
}

/** Opens a header field's resource popup and double-clicks the row holding `text`; returns once the popup has closed. */
export async function pickFromPopup(page: Page, form: Locator, label: string, text: string): Promise<void> {
  await formItem(form, label).locator('button').click();
  const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
  await popup.getByTestId('resource-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="resource-table"] .ant-spin-spinning'));
  await popup.locator('tbody tr.ant-table-row').filter({ hasText: text }).first().dblclick();
  await popup.waitFor({ state: 'detached' });
}

/** The text a header field's input shows (the first input of the field). */
export const fieldValue = (form: Locator, label: string) => formItem(form, label).locator('input').first().inputValue();

/** Types a date and time into a header field's picker. */
export async function typeDateTime(form: Locator, label: string, value: string): Promise<void> {
  const input = formItem(form, label).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Types into a child cell: row n (0-based) under the column titled `title` (the row goes into edit on a click). */
export async function typeChildCell(form: Locator, n: number, title: string, value: string): Promise<void> {
  const cell = await childCell(form, n, title);
  await cell.click();
  await cell.locator('input').first().fill(value);
}
