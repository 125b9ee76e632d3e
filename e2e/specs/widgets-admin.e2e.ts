import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { listScreen, rows } from '../support/list-screen';
import { COMPANY_CEMENT, COMPANY_TRADE, USERS } from '../support/login';
import { clickTab, confirmDialog, openMenuLeaf, settled } from '../support/workspace';

// The generic widgets on the administration screens, against the real server: a role's companies
// moved in the tree transfer, a user's assay items chosen in the assay-item dialog, and a
// calculated field's formula set up in the 计算方式 dialog and then computed by the material form.
// Each checks what the server stored.

const stage = useSignedInPage(USERS.admin);
const ROLES = '/system/role';
const USERS_PAGE = '/system/user';
const FORMATS = '/custom/format/form/sub';
const MATERIALS = '/masterdata/inventory';

const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const message = (page: Page, text: string) => page.locator('.ant-message', { hasText: text });

const roleOrgs = async (roleCode: string) =>
  (await db<{ org_name: string }>(`
    SELECT o.org_name FROM sys_role_org ro JOIN sys_role r ON r.id = ro.role_id JOIN sys_org o ON o.id = ro.org_id
     WHERE r.role_code = $1 ORDER BY o.org_code`, [roleCode])).map((r) => r.org_name);

const userItems = async (username: string) =>
  (await db<{ item_code: string }>(`
    SELECT i.item_code FROM sys_user_assay_item ui JOIN sys_user u ON u.id = ui.user_id JOIN qm_assay_item i ON i.id = ui.item_id
     WHERE u.username = $1 ORDER BY i.item_code`, [username])).map((r) => r.item_code);

/** The tree node of a transfer side whose title contains `text`. */
const node = (side: Locator, text: string) => side.locator('.ant-tree-treenode', { hasText: text });

describe('tree transfer: the companies of a role', () => {
  it('moves a company to the role with 添加 and takes it back with 移除; each save is what the server stores', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', ROLES);
    await page.getByTestId('roles-page').locator('tbody tr', { hasText: 'ROLE_QUALITY' }).click();
    await page.getByRole('tab', { name: '数据范围' }).click();
    const transfer = page.getByTestId('role-orgs');
    const source = transfer.getByTestId('tt-source');
    const target = transfer.getByTestId('tt-target');
    await node(source, COMPANY_CEMENT).waitFor();
    const before = await roleOrgs('ROLE_QUALITY');
    expect(before).toEqual([]);
    const add = transfer.getByRole('button', { name: /添\s*加/ });
    const remove = transfer.getByRole('button', { name: /移\s*除/ });
    // nothing checked: both moves are off
    expect(await add.isDisabled()).toBe(true);
    expect(await remove.isDisabled()).toBe(true);
    await node(source, COMPANY_CEMENT).locator('.ant-tree-checkbox').click();
    await add.click();
    // the company arrives under a copy of its group; the trade company stays on the left
    await node(target, COMPANY_CEMENT).waitFor();
    expect(await node(source, COMPANY_TRADE).count()).toBe(1);
    expect(await node(source, COMPANY_CEMENT).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'widgets-role-companies-transfer');
    await page.getByRole('button', { name: '保存数据范围' }).click();
    await message(page, '保存成功').waitFor();
    await expect.poll(() => roleOrgs('ROLE_QUALITY')).toEqual([COMPANY_CEMENT]);

    // the screen reloads the role from the server: the company is on the right, and goes back
    await node(target, COMPANY_CEMENT).waitFor();
    await node(target, COMPANY_CEMENT).locator('.ant-tree-checkbox').click();
    await remove.click();
    await node(source, COMPANY_CEMENT).waitFor();
    await page.getByRole('button', { name: '保存数据范围' }).click();
    await expect.poll(() => roleOrgs('ROLE_QUALITY')).toEqual([]);
  });
});

describe('assay-item multi-select: the items a user may enter', () => {
  it('chooses items in the dialog (at least one), shows them as tags and stores them; a tag removed is removed', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', USERS_PAGE);
    await page.getByTestId('users-page').locator('tbody tr', { hasText: 'operator' }).dblclick();
    const editor = page.locator('.ant-modal', { hasText: '修改用户' });
    await editor.waitFor();
    await editor.getByRole('tab', { name: '可录入的化验项目' }).click();
    const field = editor.getByTestId('assay-items');
    await field.getByTestId('choose-assay-items').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '选择化验项目' }) });
    await dialog.locator('tbody tr').first().waitFor();
    // the group's items, 001 to 005 by default
    const codes = await dialog.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(codes).toEqual(['001', '002', '003', '004', '005']);
    await settled(page);
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.locator('.ant-message, .ant-notification', { hasText: '请至少选择一条数据' }).first().waitFor();
    await dialog.locator('tbody tr', { hasText: '001' }).click();
    await dialog.locator('tbody tr', { hasText: '005' }).click();
    await settled(page);
    await screenshot(page, 'widgets-user-assay-items-dialog');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await field.locator('.ant-tag').allTextContents()).toEqual(['001 水分', '005 强度']);
    await editor.getByRole('button', { name: '保存化验项目' }).click();
    await expect.poll(() => userItems('operator')).toEqual(['001', '005']);

    await field.locator('.ant-tag', { hasText: '001' }).locator('.ant-tag-close-icon').click();
    expect(await field.locator('.ant-tag').allTextContents()).toEqual(['005 强度']);
    await editor.getByRole('button', { name: '保存化验项目' }).click();
    await expect.poll(() => userItems('operator')).toEqual(['005']);
    await editor.locator('.ant-modal-close').click();
    await editor.waitFor({ state: 'hidden' });
  });
});

/** The 计算方式 dialog's operand or operator select of step `i` (0-based) picks `option`. */
async function pickStep(page: Page, dialog: Locator, i: number, option: string | RegExp): Promise<void> {
  await dialog.locator('tbody tr.ant-table-row').nth(i).locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('calculation dialog: a calculated field set up in template administration', () => {
  it('sets up 最高采购价 = 参考价 * 1.2 in 计算方式; the material form then computes it', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', FORMATS);
    await page.getByTestId('format-search-code').fill('masterdata.inventory.create');
    await page.getByTestId('format-search').click();
    await page.getByTestId('format-list').locator('tbody tr', { hasText: 'masterdata.inventory.create' }).click();
    const fieldRow = page.getByTestId('field-table').getByTestId('field-row-topBuyingPrice');
    await fieldRow.getByRole('button', { name: /详细/ }).click();
    const form = page.getByTestId('field-form');
    await form.waitFor();
    const control = form.locator('.ant-form-item', { hasText: '表单控件' }).locator('.ant-select');
    await control.click();
    await page.keyboard.type('CALCULATE');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^CALCULATE$/ }).click();
    await form.getByTestId('dt-calculate-setup').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '计算方式' }) });
    await dialog.waitFor();
    await settled(page);

    // the spec's messages: a sum needs its table; 删 除 needs a chosen step; 清 空 asks first
    await dialog.getByText('按表合计').click();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.locator('.ant-message, .ant-notification', { hasText: '请选择合计表！' }).first().waitFor();
    await dialog.getByText('按公式计算').click();
    await dialog.getByRole('button', { name: /删\s*除/ }).click();
    await page.locator('.ant-message, .ant-notification', { hasText: '最少要选择一条数据！' }).first().waitFor();

    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    await pickStep(page, dialog, 0, '参考价(元/吨) (referencePrice)');
    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    await pickStep(page, dialog, 1, /^\*$/);
    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    await dialog.locator('tbody tr.ant-table-row').nth(2).locator('.ant-select').first().click();
    const number = page.locator('.ant-select-dropdown:visible input[placeholder="输入数值后回车"]');
    await number.fill('1.2');
    await number.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.locator('tbody tr.ant-table-row').nth(2).innerText()).toContain('1.2');

    await dialog.getByRole('button', { name: /清\s*空/ }).click();
    const ask = page.locator('.ant-modal-confirm', { hasText: '此操作将删除所有数据, 是否继续?' });
    await ask.waitFor();
    await settled(page);
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    await message(page, '已取消删除').waitFor();
    expect(await dialog.locator('tbody tr.ant-table-row').count()).toBe(3);
    await settled(page);
    await screenshot(page, 'widgets-calculation-dialog');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await form.getByTestId('dt-calculate').inputValue()).toBe('referencePrice * 1.2');
    await form.getByTestId('dt-save').click();
    await confirmDialog(page, '确定更新此条数据?');
    await expect.poll(async () => (await db<{ calculate: string | null; form_submit_type: string }>(`
      SELECT f.calculate, f.form_submit_type FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id
       WHERE c.format_code = 'masterdata.inventory.create' AND f.field_name = 'topBuyingPrice'`))[0]).toEqual({ calculate: 'referencePrice * 1.2', form_submit_type: 'CALCULATE' });

    // the material form computes the field from what is typed
    await openMenuLeaf(page, '/masterdata', MATERIALS);
    await rows(page);
    await listScreen(page).getByTestId('btn-create').click();
    const materialForm = page.locator('.ant-modal').filter({ has: page.locator('.ant-form') }).last();
    await materialForm.locator('#referencePrice').waitFor();
    await materialForm.locator('#referencePrice').fill('100');
    await expect.poll(() => materialForm.locator('#topBuyingPrice').inputValue()).toBe('120');
    await materialForm.locator('#referencePrice').fill('87.5');
    await expect.poll(() => materialForm.locator('#topBuyingPrice').inputValue()).toBe('105');
    await settled(page);
    await screenshot(page, 'widgets-calculated-field-in-form');
    await materialForm.getByRole('button', { name: /取\s*消/ }).first().click();
    await clickTab(page, FORMATS);
  }, 120_000);
});
