import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { childCell, childRows, childTexts, formDialog, openListForm, tableButton } from '../support/child-table';
import { fieldValue, pickFromPopup, pressListButton, tickListRow, typeChildCell, typeDateTime } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { chooseOption, listScreen, rows } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The accountant keeps a sales contract's quality terms on the screen: a contract made through the
// form, its terms typed in the 质量条款 dialog (a refusal shown at its cell, then saved) and read
// again; once audited it shows them read-only, and after an amendment is audited its 变更记录 shows
// the values before and after.

const stage = useSignedInPage(USERS.accountant);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

const CUSTOMER = '湖州市城建工程有限公司';
let token: string;

beforeAll(async () => {
  token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.accountant.username, USERS.accountant.password);
});

const dialog = (page: Page, which: 'quality' | 'history') => page.locator('.ant-modal').filter({ has: page.getByTestId(`${which}-dialog`) });
const cell = (page: Page, row: number, column: string) => dialog(page, 'quality').getByTestId(`quality-cell-${row}-${column}`);

/** That one contract alone ticked (the selection survives, so the last one is cleared first). */
async function only(page: Page, contractNo: string) {
  const clear = listScreen(page).getByRole('button', { name: '清空选择' });
  if (await clear.isVisible()) await clear.click();
  await tickListRow(page, contractNo);
  await settled(page);
}

async function typeTerm(page: Page, row: number, values: Record<string, string>) {
  for (const [column, value] of Object.entries(values)) await cell(page, row, column).fill(value);
}

const terms = (contractNo: string) => db<{ item_code: string; standard_value: string; direction: string; deduct_percent: string | null; band_price: string | null; reject_limit: string | null }>(
  `SELECT q.item_code, trim_scale(q.standard_value)::text AS standard_value, q.direction, trim_scale(q.deduct_percent)::text AS deduct_percent,
          trim_scale(q.band_price)::text AS band_price, trim_scale(q.reject_limit)::text AS reject_limit
     FROM wb_contract_quality q JOIN wb_contract c ON c.id = q.contract_id WHERE c.contract_no = $1 ORDER BY q.seq`, [contractNo]);

describe('a sales contract’s quality terms and amendment history on the screen', () => {
  let contractNo = '';

  it('makes a draft contract with one pricing row through the form', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/sale', '/sale/contract');
    await rows(page);
    const form = await openListForm(page, 'btn-create');
    await pickFromPopup(page, form, '客户', CUSTOMER);
    await poll(() => fieldValue(form, '客户')).toBe(CUSTOMER);
    await typeDateTime(form, '有效期起', '2026-01-01');
    await typeDateTime(form, '有效期至', '2030-12-31');
    if ((await childRows(form).count()) === 0) await tableButton(form, /新\s*增/).click();
    await typeChildCell(form, 0, '物料编码', '0502001');
    await typeChildCell(form, 0, '数量', '800');
    await typeChildCell(form, 0, '单价', '42.5');
    await settled(page);
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });
    const made = async () => db<{ contract_no: string; doc_status: string }>(`SELECT contract_no, doc_status FROM wb_contract WHERE kind = 'sa' AND doc_status = 'FREE'`);
    await poll(async () => (await made()).length).toBe(1);
    contractNo = (await made())[0].contract_no;
    expect(contractNo).toMatch(/^XSHT\d{8}\d{4}$/);
  });

  it('types its terms in the 质量条款 dialog: the refusal shows at the cell, the corrected terms save and read back', async () => {
    const { page } = stage;
    await (await rows(page)).filter({ hasText: contractNo }).first().waitFor();
    await only(page, contractNo);
    await pressListButton(page, 'page:contractQualityTerms');
    const box = dialog(page, 'quality');
    await box.getByTestId('quality-add').click();
    // the term's material starts as the contract's own
    await poll(() => cell(page, 0, 'materialCode').innerText()).toContain('0502001');
    await typeTerm(page, 0, { itemCode: 'MT', itemName: '全水', standardValue: '8', deductStep: '0.5', deductPercent: '1', rejectLimit: '6' });
    await box.getByTestId('quality-add').click();
    await typeTerm(page, 1, { itemCode: 'CAO', itemName: '氧化钙', standardValue: '50', bandStep: '1', bandPrice: '-2', rejectLimit: '45' });
    await chooseOption(page, cell(page, 1, 'direction').locator('.ant-select'), '不低于');
    await box.getByTestId('quality-ok').click();
    await poll(() => box.getByTestId('quality-problem').textContent()).toBe('第1行 拒收限值须高于标准值');
    expect(await cell(page, 0, 'rejectLimit').getAttribute('class')).toContain('ant-input-status-error');
    expect(await terms(contractNo)).toEqual([]);
    await settled(page);
    await screenshot(page, 'contract-quality-refusal');
    await cell(page, 0, 'rejectLimit').fill('12');
    await settled(page);
    await screenshot(page, 'contract-quality-terms');
    await box.getByTestId('quality-ok').click();
    await box.waitFor({ state: 'detached' });
    expect(await terms(contractNo)).toEqual([
      { item_code: 'MT', standard_value: '8', direction: 'MAX', deduct_percent: '1', band_price: null, reject_limit: '12' },
      { item_code: 'CAO', standard_value: '50', direction: 'MIN', deduct_percent: null, band_price: '-2', reject_limit: '45' },
    ]);

    await pressListButton(page, 'page:contractQualityTerms');
    const again = dialog(page, 'quality');
    await poll(() => cell(page, 1, 'itemName').inputValue()).toBe('氧化钙');
    expect(await cell(page, 0, 'standardValue').inputValue()).toBe('8');
    expect(await cell(page, 0, 'rejectLimit').inputValue()).toBe('12');
    expect(await cell(page, 1, 'direction').innerText()).toContain('不低于');
    expect(await cell(page, 1, 'bandPrice').inputValue()).toBe('-2');
    await again.getByRole('button', { name: '取 消' }).click();
    await again.waitFor({ state: 'detached' });
  });

  it('shows the terms of the contract once audited read-only, and its 变更记录 after an amendment is audited', async () => {
    const { page } = stage;
    await only(page, contractNo);
    await pressListButton(page, 'audit');
    await poll(async () => (await db<{ doc_status: string }>('SELECT doc_status FROM wb_contract WHERE contract_no = $1', [contractNo]))[0].doc_status).toBe('AUDITED');
    const [made] = await db<{ id: string; contract_no: string }>('SELECT id::text, contract_no FROM wb_contract WHERE contract_no = $1', [contractNo]);
    const amend = await api<{ success: boolean; data: { id: string; amendNo: string } }>(stage.server.baseUrl, token, 'POST', '/api/contract/sa/amend/create', {
      entity: { contractId: made.id, reason: '客户调价', effectiveDate: '2026-03-01', newTolerance: '8' },
      entitysub: [{ contractLineCode: `${made.contract_no}-1`, newPrice: '41' }],
    });
    expect(amend.body.success, JSON.stringify(amend.body)).toBe(true);
    const audited = await api<{ success: boolean }>(stage.server.baseUrl, token, 'POST', '/api/contract/sa/amend/audit', { ids: [amend.body.data.id] });
    expect(audited.body.success, JSON.stringify(audited.body)).toBe(true);

    await listScreen(page).getByTestId('list-query').click();
    // the row as the list reads it after the audit (the dialog opens read-only from the row's status), not the one before
    await (await rows(page)).filter({ hasText: contractNo }).filter({ hasText: '生效' }).first().waitFor();
    await only(page, contractNo);
    await pressListButton(page, 'page:contractQualityTerms');
    const terms = dialog(page, 'quality');
    await terms.getByTestId('quality-readonly').waitFor();
    expect(await terms.getByTestId('contract-dialog-status').textContent()).toBe('生效');
    expect(await terms.getByTestId('quality-ok').count()).toBe(0);
    expect(await cell(page, 1, 'direction').textContent()).toBe('不低于');
    await settled(page);
    await screenshot(page, 'contract-quality-read-only');
    await terms.getByRole('button', { name: '关 闭' }).click();
    await terms.waitFor({ state: 'detached' });

    await pressListButton(page, 'page:contractAmendHistory');
    const box = dialog(page, 'history');
    const table = box.getByTestId('history-table');
    await poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(2);
    const cells = async (n: number) => (await table.locator('tbody tr.ant-table-row').nth(n).locator('td').allInnerTexts()).map((s) => s.trim());
    const tolerance = await cells(0);
    expect(tolerance.slice(0, 5)).toEqual([amend.body.data.amendNo, '', '溢短装(±%)', '0%', '8%']);
    const price = await cells(1);
    expect(price.slice(0, 5)).toEqual([amend.body.data.amendNo, '1', '单价', '¥42.50', '¥41.00']);
    expect(price[5]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(price[6]).toBe(USERS.accountant.realName);
    await settled(page);
    await screenshot(page, 'contract-amend-history');
    await box.getByRole('button', { name: '关 闭' }).click();
    await box.waitFor({ state: 'detached' });
  });

  it('picks the contract line of a sales notice’s line from the popup of lines in force', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/notice', '/notice/sa');
    await rows(page);
    const form = await openListForm(page, 'btn-create');
    await pickFromPopup(page, form, '客户', CUSTOMER);
    await typeDateTime(form, '开始时间', '2026-12-01 00:00:00');
    await typeDateTime(form, '结束时间', '2030-12-31 23:59:59');
    if ((await childRows(form).count()) === 0) await tableButton(form, /新\s*增/).click();
    await typeChildCell(form, 0, '物料编码', '0502001');
    await typeChildCell(form, 0, '数量', '100');
    const line = await childCell(form, 0, '合同明细');
    const choose = line.getByTestId('cell-choose-contractLineCode');
    if (!(await choose.isVisible())) await line.click();
    await choose.click();
    const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="resource-table"] .ant-spin-spinning'));
    await settled(page);
    await screenshot(page, 'notice-contract-line-popup');
    await popup.locator('tbody tr.ant-table-row').filter({ hasText: `${contractNo}-1` }).first().dblclick();
    await popup.waitFor({ state: 'detached' });
    await poll(async () => (await childTexts(form, '合同明细'))[0]).toBe(`${contractNo}-1`);
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });
    const drawn = () => db<{ line_code: string; quantity: string }>(
      `SELECT r.line_code, trim_scale(l.quantity)::text AS quantity FROM wb_notice_line l JOIN wb_contract_line_ref r ON r.id = l.contract_line_id
        JOIN wb_notice n ON n.id = l.notice_id WHERE n.kind = 'sa'`);
    await poll(drawn).toEqual([{ line_code: `${contractNo}-1`, quantity: '100' }]);
  });
});
