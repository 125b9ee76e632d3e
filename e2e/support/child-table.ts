import type { Locator, Page } from 'playwright-core';
import { listScreen } from './list-screen';
import { settled } from './workspace';

/** Helpers for a master-child form and its editable child table (platform/templates/form, widgets/editable-table). */

export const formDialog = (page: Page) => page.locator('.wb-form-dialog').last();

/** A header field of the form by its label. */
export const formItem = (form: Locator, label: string) => form.locator('.ant-form-item').filter({ has: form.page().locator(`label[title="${label}"]`) });

export const childTable = (form: Locator) => form.locator('.wb-editable-table');
export const childRows = (form: Locator) => childTable(form).locator('tbody tr.ant-table-row');

/** Opens the list's 新增 or 修改 form and waits until its template has loaded. */
export async function openListForm(page: Page, button: 'btn-create' | 'btn-update'): Promise<Locator> {
  await listScreen(page).getByTestId(button).click();
  const form = formDialog(page);
  await form.locator('.wb-master-child, .wb-template-form').first().waitFor();
  await settled(page);
  return form;
}

/** The index of a child-table column among a body row's cells, by its header text. */
export async function childColumn(form: Locator, title: string): Promise<number> {
  const headers = await childTable(form).locator('thead tr').first().locator('th').allTextContents();
  const i = headers.findIndex((h) => h.trim() === title);
  if (i < 0) throw new Error(`no child column ${title} among ${headers.join(' | ')}`);
  return i;
}

/** One cell of the child table: row n (0-based) under the column titled `title`. */
export async function childCell(form: Locator, n: number, title: string): Promise<Locator> {
  const i = await childColumn(form, title);
  return childRows(form).nth(n).locator('td').nth(i);
}

/**
 * The values of one child column, top to bottom, as the user reads them: the cell's text, or in
 * the row being edited its editor's value (a switch as 是/否, a select's chosen label, an input's text).
 */
export async function childTexts(form: Locator, title: string): Promise<string[]> {
  const i = await childColumn(form, title);
  return childRows(form).evaluateAll((trs, idx) => trs.map((tr) => {
    const cell = tr.children[idx] as HTMLElement;
    const box = cell.querySelector<HTMLInputElement>('input[type=checkbox]');
    if (box) return box.checked ? '是' : '否';
    const select = cell.querySelector<HTMLElement>('.ant-select');
    if (select) return (select.innerText.trim().split('\n')[0] ?? '').trim();
    const input = cell.querySelector<HTMLInputElement>('input');
    if (input) return input.value.trim();
    return cell.innerText.trim();
  }), i);
}

/** Picks an option of the select in a child cell (the row is put in edit by a click first). */
export async function chooseInCell(page: Page, cell: Locator, label: string): Promise<void> {
  const select = cell.locator('.ant-select');
  // a row is edited once clicked; a row just added is in edit already, and a second click would close the list
  if (!(await select.isVisible())) await cell.click();
  await select.waitFor();
  await select.click();
  await settled(page);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** A child row's selection box (the table's checkbox column). */
export const rowBox = (form: Locator, n: number) => childRows(form).nth(n).locator('td.ant-table-selection-column .ant-checkbox-input');
export const tickRow = (form: Locator, n: number) => rowBox(form, n).check();

/** Clicks a button of the child table's toolbar by its text. */
export const tableButton = (form: Locator, name: RegExp | string) => childTable(form).locator('.wb-et-toolbar').getByRole('button', { name });

/** An antd confirm dialog holding `text`. */
export const confirmBox = (page: Page, text: string) => page.locator('.ant-modal-confirm').filter({ hasText: text });
