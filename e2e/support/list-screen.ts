import type { Locator, Page } from 'playwright-core';
import { settled } from './workspace';

/** Helpers for the generic list screen (platform/templates/list). */

export const listScreen = (page: Page) => page.locator('[data-testid="list-screen"]:visible');

/** Waits until the table is not loading and answers its body rows. */
export async function rows(page: Page): Promise<Locator> {
  const screen = listScreen(page);
  await screen.locator('.ant-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="list-screen"] .ant-spin-spinning'));
  return screen.locator('tbody tr.ant-table-row');
}

/** The column index (in the body row's cells) of the header whose text is `title`. */
export async function columnIndex(page: Page, title: string): Promise<number> {
  const headers = await listScreen(page).locator('thead tr').first().locator('th').allTextContents();
  const i = headers.findIndex((h) => h.trim() === title);
  if (i < 0) throw new Error(`no column ${title} among ${headers.join(' | ')}`);
  return i;
}

/** The texts of one column on the current page. */
export async function columnTexts(page: Page, title: string): Promise<string[]> {
  const i = await columnIndex(page, title);
  const body = await rows(page);
  return body.evaluateAll((trs, idx) => trs.map((tr) => (tr.children[idx] as HTMLElement).innerText.trim()), i);
}

/** The "共 N 条" text of the pager, as a number. */
export async function pagerTotal(page: Page): Promise<number> {
  await rows(page);
  // an empty table shows 暂无数据 and no pager
  if (await listScreen(page).locator('.ant-table-placeholder').isVisible()) return 0;
  const text = (await listScreen(page).locator('.ant-pagination-total-text').textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1] ?? NaN);
}

export async function quickSearch(page: Page, text: string): Promise<void> {
  await listScreen(page).getByTestId('quick-search').fill(text);
  await listScreen(page).getByTestId('list-query').click();
  await rows(page);
}

/** Chooses an option of an antd select opened from `select`. */
export async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await settled(page);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** Empties an antd range picker through its clear icon. */
export async function clearPicker(page: Page, picker: Locator): Promise<void> {
  await picker.hover();
  await picker.locator('.ant-picker-clear').click();
}
