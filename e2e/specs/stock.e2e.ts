import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// Stock as the accountant keeps it: an opening stock typed in and audited, a transfer form moving
// part of it to another warehouse, and the balance screen showing what the records add up to. Every
// step is checked against the server's rows.

const stage = useSignedInPage(USERS.accountant);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

let from: string;
let to: string;

beforeAll(async () => {
  const names = await db<{ ware_name: string }>(`SELECT w.ware_name FROM md_warehouse w JOIN sys_org o ON o.id = w.org_id
    WHERE o.org_code = 'HDSN' ORDER BY w.id LIMIT 2`);
  [from, to] = names.map((n) => n.ware_name);
});

const formDialog = (page: Page) => page.locator('.wb-form-dialog').last();
const formItem = (page: Page, label: string) => formDialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

/** Opens a form field's popup and double-clicks the row holding `text` (the first row when none is named). */
async function pick(page: Page, label: string, text?: string): Promise<string> {
  await formItem(page, label).locator('button').click();
  const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
  await popup.getByTestId('resource-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="resource-table"] .ant-spin-spinning'));
  const body = popup.locator('tbody tr.ant-table-row');
  await (text ? body.filter({ hasText: text }).first() : body.first()).dblclick();
  await popup.waitFor({ state: 'detached' });
  const input = formItem(page, label).locator('input').first();
  await poll(() => input.inputValue()).not.toBe('');
  return input.inputValue();
}

/** Ticks the list row holding `text` and presses one of the list's buttons. */
async function actOnRow(page: Page, text: string, button: string): Promise<void> {
  const row = (await rows(page)).filter({ hasText: text }).first();
  await row.locator('.ant-checkbox-input, input[type="checkbox"]').first().check();
  await listScreen(page).getByTestId(`btn-${button}`).click();
}

/** A cell of the editable table's row, by the column's header text. */
async function cell(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = await table.locator('thead tr').first().locator('th').allTextContents();
  const i = headers.findIndex((h) => h.trim() === header);
  if (i < 0) throw new Error(`no column ${header} among ${headers.join(' | ')}`);
  return row.locator('td').nth(i);
}

describe('stock', () => {
  let material: { id: string; code: string; name: string };

  it('types an opening stock in and audits it into an EARLY record and a balance', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/stock', '/stock/early');
    await rows(page);
    await listScreen(page).getByTestId('btn-create').click();
    await formDialog(page).locator('.wb-template-form').waitFor();
    expect(await formDialog(page).locator('.ant-modal-title').textContent()).toBe('新增期初库存');
    await pick(page, '仓库', from);
    const materialName = await pick(page, '物料');
    [material] = await db<{ id: string; code: string; name: string }>(`SELECT m.id::text, m.inv_code AS code, m.inv_name AS name FROM md_material m
      JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' AND m.inv_name = $1`, [materialName]);
    await formItem(page, '期初数量(吨)').locator('input').fill('500');
    await settled(page);
    await screenshot(page, 'stock-early-form');
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });

    const early = () => db<{ early_no: string; doc_status: string; quantity: string }>(
      'SELECT early_no, doc_status, quantity::text FROM wb_stock_early WHERE material_id = $1', [material.id]);
    await poll(early).toEqual([{ early_no: expect.stringMatching(/^QC/), doc_status: 'FREE', quantity: '500.0000' }]);
    const [{ early_no: earlyNo }] = await early();

    await actOnRow(page, earlyNo, 'audit');
    await poll(async () => (await early())[0].doc_status).toBe('AUDITED');
    expect(await db(`SELECT r.direction, w.ware_name, r.quantity::text FROM wb_stock_record r JOIN md_warehouse w ON w.id = r.warehouse_id
      WHERE r.early_id IS NOT NULL AND r.material_id = $1 AND r.reversed_at IS NULL`, [material.id]))
      .toEqual([{ direction: 'EARLY', ware_name: from, quantity: '500.0000' }]);
    await rows(page);
    expect(await columnTexts(page, '单据状态')).toContain('已审核');
    await settled(page);
    await screenshot(page, 'stock-early-list');
  });

  it('moves part of it with a transfer form: a line typed by material code, audited into OUT and IN', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/stock', '/stock/transfer-form');
    await rows(page);
    await listScreen(page).getByTestId('btn-create').click();
    await formDialog(page).locator('.wb-template-form').waitFor();
    await pick(page, '调出仓库', from);
    await pick(page, '调入仓库', to);
    const table = formDialog(page).locator('.wb-editable-table');
    // a new form starts with one blank line; a click on a line edits it
    const lines = table.locator('tbody tr.ant-table-row');
    if ((await lines.count()) === 0) await table.locator('.wb-et-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const line = lines.first();
    await (await cell(table, line, '物料名称')).click();
    await (await cell(table, line, '物料编码')).locator('input').fill(material.code);
    await (await cell(table, line, '数量(吨)')).locator('input').fill('120.5');
    await settled(page);
    await screenshot(page, 'stock-transfer-form');
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });

    const transfer = () => db<{ transfer_no: string; doc_status: string; lines: string }>(
      `SELECT t.transfer_no, t.doc_status, string_agg(l.material_id || ':' || l.quantity, ',') AS lines
         FROM wb_stock_transfer t JOIN wb_stock_transfer_line l ON l.transfer_id = t.id GROUP BY t.id, t.org_id`);
    await poll(transfer).toEqual([{ transfer_no: expect.stringMatching(/^YK/), doc_status: 'FREE', lines: `${material.id}:120.5000` }]);
    const [{ transfer_no: transferNo }] = await transfer();

    await actOnRow(page, transferNo, 'audit');
    await poll(async () => (await transfer())[0].doc_status).toBe('AUDITED');
    expect(await db(`SELECT r.direction, w.ware_name, r.quantity::text FROM wb_stock_record r JOIN md_warehouse w ON w.id = r.warehouse_id
      WHERE r.transfer_id IS NOT NULL ORDER BY r.id`)).toEqual([
      { direction: 'OUT', ware_name: from, quantity: '120.5000' },
      { direction: 'IN', ware_name: to, quantity: '120.5000' },
    ]);
    await rows(page);
    expect((await columnTexts(page, '合计数量(吨)')).map((q) => Number(q.replace(/,/g, '')))).toContain(120.5);
    await settled(page);
    await screenshot(page, 'stock-transfer-list');
  });

  it('shows the balances the records add up to, per warehouse and material, with the total', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/stock', '/stock/balance');
    await rows(page);
    const balances = await db<{ ware_name: string; quantity: string }>(`SELECT w.ware_name, trim_scale(b.quantity)::text AS quantity FROM wb_stock_balance b
      JOIN md_warehouse w ON w.id = b.warehouse_id WHERE b.material_id = $1 ORDER BY w.id`, [material.id]);
    expect(balances).toEqual([{ ware_name: from, quantity: '379.5' }, { ware_name: to, quantity: '120.5' }]);
    expect(await columnTexts(page, '仓库')).toEqual(expect.arrayContaining([from, to]));
    const shown = (await columnTexts(page, '结存数量(吨)')).map((q) => Number(q.replace(/,/g, '')));
    expect(shown).toEqual(expect.arrayContaining([379.5, 120.5]));
    // the footer's total is the server's sum over every balance of the company
    const [{ total }] = await db<{ total: string }>(`SELECT trim_scale(sum(b.quantity))::text AS total FROM wb_stock_balance b
      JOIN sys_org o ON o.id = b.org_id WHERE o.org_code = 'HDSN'`);
    // shown as every weight is: the plant's 2 decimals, thousands grouped
    const shownTotal = Number(total).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect.poll(() => listScreen(page).innerText()).toContain(shownTotal);
    await settled(page);
    await screenshot(page, 'stock-balance');
  });

  it('shows the records in and out, in English too, each with its source document', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/stock', '/stock/record');
    await rows(page);
    expect(await columnTexts(page, '方向')).toEqual(expect.arrayContaining(['期初', '出库', '入库']));
    await page.getByTestId('lang-switch').click();
    await settled(page);
    await page.getByTestId('lang-en-US').click();
    await poll(() => listScreen(page).getByTestId('list-query').textContent()).toContain('Search');
    const headers = await listScreen(page).locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Posted', 'Direction', 'Warehouse', 'Material', 'Quantity (t)', 'Balance change (t)', 'Source', 'Source number']));
    const sources = await columnTexts(page, 'Source number');
    const numbers = await db<{ no: string }>('SELECT early_no AS no FROM wb_stock_early UNION ALL SELECT transfer_no FROM wb_stock_transfer');
    expect(new Set(sources)).toEqual(new Set(numbers.map((n) => n.no)));
    await settled(page);
    await screenshot(page, 'stock-records-en');
  });
});
