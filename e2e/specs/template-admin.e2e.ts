import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { clickTab, confirmDialog, openMenuLeaf, settled } from '../support/workspace';


// Template administration (/custom/format/form/*) against the real server: an administrator edits
// the vehicle list's template and the vehicle list shows the edit on its next load.

const stage = useSignedInPage(USERS.admin);
const VEHICLES = '/masterdata/vehicle';
const FORMATS = '/custom/format/form/sub';
const FACTOR = '/custom/format/form/factor';

const headers = async (page: Page) => {
  await rows(page);
  return (await listScreen(page).locator('thead tr').first().locator('th').allTextContents()).map((h) => h.trim());
};
const fieldRow = (page: Page, name: string) => page.getByTestId('field-table').getByTestId(`field-row-${name}`);

async function chooseVehicleTemplate(page: Page): Promise<void> {
  await page.getByTestId('format-search-code').fill('masterdata.vehicle');
  await page.getByTestId('format-search').click();
  await page.getByTestId('format-list').locator('tbody tr', { hasText: 'masterdata.vehicle.list' }).click();
  await fieldRow(page, 'carType').waitFor();
}

describe('template administration', () => {
  it('a cancelled update changes nothing and says 更新已取消', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/masterdata', VEHICLES);
    expect(await headers(page)).toEqual(expect.arrayContaining(['车型', '年审日期']));
    await openMenuLeaf(page, '/system', FORMATS);
    await chooseVehicleTemplate(page);
    await page.getByTestId('label-carType').fill('车辆类型');
    await page.getByTestId('save-carType').click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '确定更新此条数据?' });
    await dialog.waitFor();
    await settled(page);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page.locator('.ant-message', { hasText: '更新已取消' }).waitFor();
    const [row] = await sql<{ field_explain: string }>(stage.server.databaseUrl,
      "SELECT f.field_explain FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = 'masterdata.vehicle.list' AND f.field_name = 'carType'");
    expect(row.field_explain).toBe('车型');
  });

  it('renames a column and hides another; the vehicle list shows both on its next load', async () => {
    const { page } = stage;
    await page.getByTestId('save-carType').click();
    await confirmDialog(page, '确定更新此条数据?');
    await page.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    await fieldRow(page, 'annualReviewDate').getByTestId('flag-annualReviewDate-ishow').click();
    await page.getByTestId('save-annualReviewDate').click();
    await confirmDialog(page, '确定更新此条数据?');
    await expect.poll(async () => (await sql<{ n: number }>(stage.server.databaseUrl,
      "SELECT count(*)::int AS n FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = 'masterdata.vehicle.list' AND f.field_name = 'annualReviewDate' AND NOT f.ishow"))[0].n).toBe(1);
    await settled(page);
    await screenshot(page, 'template-admin-formats');
    await clickTab(page, VEHICLES);
    await expect.poll(() => headers(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(['车辆类型']));
    const shown = await headers(page);
    expect(shown).not.toContain('年审日期');
    expect(shown).not.toContain('车型');
  });

  it('a refused edit shows the server\'s reason naming the field and changes nothing', async () => {
    const { page } = stage;
    await clickTab(page, FORMATS);
    await fieldRow(page, 'plateNumber').getByTestId('flag-plateNumber-itotal').click();
    await page.getByTestId('save-plateNumber').click();
    await confirmDialog(page, '确定更新此条数据?');
    await page.locator('.ant-notification-notice', { hasText: '字段 plateNumber 不是数字，不能合计' }).waitFor();
    const [row] = await sql<{ itotal: boolean }>(stage.server.databaseUrl,
      "SELECT f.itotal FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = 'masterdata.vehicle.list' AND f.field_name = 'plateNumber'");
    expect(row.itotal).toBe(false);
  });

  it('restoring the code definition brings the column and its label back', async () => {
    const { page } = stage;
    await clickTab(page, FORMATS);
    await page.getByTestId('restore-masterdata.vehicle.list').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message', { hasText: '已恢复为代码定义' }).waitFor();
    await clickTab(page, VEHICLES);
    await expect.poll(() => headers(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(['车型', '年审日期']));
  });

  it('shows one field in full and the parameter page of a template', async () => {
    const { page } = stage;
    await clickTab(page, FORMATS);
    await fieldRow(page, 'plateType').getByRole('button', { name: /详细/ }).click();
    await page.getByTestId('field-form').waitFor();
    expect(await page.getByTestId('dt-label').inputValue()).toBe('车牌颜色');
    await settled(page);
    await screenshot(page, 'template-admin-field');
    await page.getByTestId('dt-label').fill('车牌底色');
    await page.getByTestId('dt-save').click();
    await confirmDialog(page, '确定更新此条数据?');
    await expect.poll(async () => (await sql<{ field_explain: string }>(stage.server.databaseUrl,
      "SELECT f.field_explain FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = 'masterdata.vehicle.list' AND f.field_name = 'plateType'"))[0].field_explain).toBe('车牌底色');
    await clickTab(page, FORMATS);
    await page.getByTestId('format-list').locator('tbody tr', { hasText: 'masterdata.vehicle.list' }).getByText('参数配置').click();
    await page.waitForURL((u) => u.pathname === FACTOR);
    await page.getByTestId('param-editor').waitFor();
    expect(await page.getByTestId('factor-format').textContent()).toContain('masterdata.vehicle.list');
    await settled(page);
    await screenshot(page, 'template-admin-factor');
  });

  it('speaks English when the workspace does', async () => {
    const { page } = stage;
    await clickTab(page, FORMATS);
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-US').click();
    await page.getByTestId('field-table').locator('thead th', { hasText: 'Quick search' }).first().waitFor();
    expect(await page.getByTestId('format-search').textContent()).toContain('Search');
    await settled(page);
    await screenshot(page, 'template-admin-formats-en');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    await page.getByTestId('field-table').locator('thead th', { hasText: '快速查询' }).first().waitFor();
  });
});
