import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// 报表设计 end to end: the administrator designs a report over the built-in 过磅日报 dataset with a
// two-level header, a subtotal per material and a chart, places it in the menu for the accountant,
// who opens it there, filters it, exports it (the Excel read back) and prints it (the preview opens).

const stage = useSignedInPage(USERS.admin);
const DAY = '2026-11-10';
const CODE = 'e2e_materials';

/** Completed purchase tickets of the day (plant time): two of the first material, one of the second. */
async function ticketsOfTheDay(): Promise<void> {
  const trucks = [{ m: 0, clock: '09:15', net: '30.5' }, { m: 0, clock: '14:40', net: '20.25' }, { m: 1, clock: '16:05', net: '10' }];
  for (const [i, t] of trucks.entries()) {
    await sql(stage.server.databaseUrl, `
      INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, plate_number, first_is,
                             gross, gross_time, tare, tare_time, tare_source, net, completed_at)
      SELECT o.id, 'pu', 'E2ERD' || $1, 'COMPLETED', m.archive_id, v.archive_id, '浙E8R00' || $1, 'GROSS',
             15 + $3::numeric, w.t, 15, w.t, 'WEIGHED', $3::numeric, w.t
        FROM sys_org o,
             LATERAL (SELECT archive_id FROM md_material_alloc WHERE org_id = o.id ORDER BY archive_id OFFSET $5 LIMIT 1) m,
             LATERAL (SELECT archive_id FROM md_vendor_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) v,
             LATERAL (SELECT ($4::date + $2::time) AT TIME ZONE 'Asia/Shanghai' AS t) w
       WHERE o.org_code = 'HDSN'`, [String(i), t.clock, t.net, DAY, t.m]);
  }
}

/** Picks an option of an antd select (opened by a click on it) by the option's text: its dropdown is the newest one. */
async function choose(page: Page, testId: string, option: string | RegExp, close = false): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).last().click();
  if (close) await page.keyboard.press('Escape');
}

const tab = (page: Page, name: string) => page.getByTestId('report-editor').getByRole('tab', { name, exact: true }).click();

describe('a designed report, from the designer to the accountant', () => {
  it('is designed with a two-level header, a subtotal per material and a chart, previewed and placed in the menu', async () => {
    await ticketsOfTheDay();
    const { page } = stage;
    await openMenuLeaf(page, '/reportforms', '/reportforms/design');
    await page.getByTestId('rd-new').click();
    await page.getByTestId('report-editor').waitFor();
    await choose(page, 'rd-source', 'weighing.daily');
    await page.getByTestId('rd-code').fill(CODE);
    await page.getByTestId('rd-name').fill('物料过磅汇总');

    await tab(page, '参数');
    await page.getByTestId('rd-param-default-day').fill(DAY);

    // the dataset's fields came in as columns: keep material, party, trips and net
    await tab(page, '列');
    for (const field of ['kind', 'kindName', 'materialCode', 'partyCode', 'amount', 'prevTrips', 'prevNet', 'prevAmount', 'prevNetChange', 'lastMonthTrips', 'lastMonthNet', 'lastMonthAmount', 'lastMonthNetChange']) {
      await page.getByTestId(`rd-col-remove-${field}`).click();
    }
    expect(await page.getByTestId('rd-columns').locator('tbody tr.ant-table-row').count()).toBe(4);

    await tab(page, '表头');
    await page.getByTestId('rd-add-head').click();
    await page.getByTestId('rd-head-id-0').fill('weigh');
    await page.getByTestId('rd-head-title-0').fill('过磅');
    await tab(page, '列');
    // one head to choose from: the keyboard takes the list's first option
    for (const field of ['trips', 'net']) {
      await page.getByTestId(`rd-col-head-${field}`).click();
      await page.keyboard.press('Enter');
      // the select shows the head (its hidden aria-live twin says it too: read the visible one)
      await page.getByTestId(`rd-col-head-${field}`).getByText('过磅', { exact: true }).filter({ visible: true }).waitFor();
    }

    await tab(page, '分组与排序');
    await choose(page, 'rd-group-by', '(materialName)', true);
    await tab(page, '图表');
    await choose(page, 'rd-chart-type', '柱状图');
    await choose(page, 'rd-chart-series', '(net)', true);
    await tab(page, '角色');
    await choose(page, 'rd-roles', 'ROLE_ACCOUNTANT', true);

    await page.getByTestId('rd-save').click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    const [saved] = await sql<{ definition: { heads: unknown[]; groupBy: string[]; chart: unknown; roles: string[] } }>(stage.server.databaseUrl, 'SELECT definition FROM rpt_report WHERE code = $1', [CODE]);
    expect(saved.definition).toMatchObject({ heads: [{ id: 'weigh', title: '过磅' }], groupBy: ['materialName'], chart: { type: 'bar', x: 'materialName', series: ['net'] }, roles: ['ROLE_ACCOUNTANT'] });

    // the live preview is the report viewer over the saved definition
    await page.getByTestId('rd-preview').click();
    await page.getByTestId('rd-preview-box').locator('tr.wb-report-total').waitFor();

    await page.getByTestId('rd-back').click();
    await page.getByTestId(`rd-menu-${CODE}`).click();
    await page.getByTestId('report-design').getByText(`/reportforms/${CODE}`).waitFor();
  });

  it('is opened by the accountant from the menu, filtered, exported and printed', async () => {
    const { context, page } = await newPage(stage.browser, stage.server.baseUrl);
    try {
      await signIn(page, stage.server.databaseUrl, USERS.accountant);
      await openMenuLeaf(page, '/reportforms', `/reportforms/${CODE}`);
      const viewer = page.getByTestId('report-viewer');
      const total = viewer.locator('tr.wb-report-total');
      await total.waitFor();
      // two header rows: 过磅 over 车数 and 净重
      expect(await viewer.locator('thead tr').count()).toBe(2);
      expect(await viewer.locator('thead th', { hasText: '过磅' }).count()).toBe(1);
      expect(await viewer.locator('tr.wb-report-subtotal').count()).toBe(2);
      expect((await total.locator('td').allTextContents()).map((s) => s.trim())).toEqual(expect.arrayContaining(['3', '60.75']));
      await viewer.getByTestId('report-chart').waitFor();

      // filtered to sales: none that day; back to purchases
      await choose(page, 'report-param-kind', '销售');
      await page.getByTestId('report-query').click();
      await viewer.getByTestId('report-empty').waitFor();
      await choose(page, 'report-param-kind', '采购');
      await page.getByTestId('report-query').click();
      await total.waitFor();

      await settled(page);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
      const cells = book.worksheets[0].getSheetValues().flatMap((r) => (Array.isArray(r) ? r : [])).map((v) => String(v ?? ''));
      expect(cells).toEqual(expect.arrayContaining(['过磅', '车数', '净重']));
      expect(cells.some((v) => v.startsWith('60.75'))).toBe(true);

      await page.getByTestId('report-print').click();
      await page.getByTestId('pdf-preview-frame').waitFor();
    } finally {
      await context.close();
    }
  });
});
