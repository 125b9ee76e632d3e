import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The team reports as the weighbridge operator reads them: the condition page, the report by team
// with its subtotals, and the Excel file it exports.

const stage = useSignedInPage(USERS.operator);

const DAY = '2026-11-10';

/** Completed purchase tickets of a day (plant time), written as the weighing family leaves them. */
async function completedOn(day: string, times: { clock: string; net: string }[]): Promise<void> {
  for (const [i, t] of times.entries()) {
    await sql(stage.server.databaseUrl, `
      INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, plate_number, first_is,
                             gross, gross_time, tare, tare_time, tare_source, net, completed_at)
      SELECT o.id, 'pu', 'E2EBD' || $1, 'COMPLETED', m.archive_id, v.archive_id, '浙E9R00' || $1, 'GROSS',
             15 + $3::numeric, t, 15, t, 'WEIGHED', $3::numeric, t
        FROM sys_org o,
             LATERAL (SELECT archive_id FROM md_material_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) m,
             LATERAL (SELECT archive_id FROM md_vendor_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) v,
             LATERAL (SELECT ($4::date + $2::time) AT TIME ZONE 'Asia/Shanghai' AS t) w
       WHERE o.org_code = 'HDSN'`, [String(i), t.clock, t.net, day]);
  }
}

describe('team reports', () => {
  it('opens the report from its conditions: trips and net by team, each team\'s subtotal and the total', async () => {
    // 白班 08:00-20:00: two trucks; 夜班: one at 21:30
    await completedOn(DAY, [{ clock: '09:15', net: '30.5' }, { clock: '14:40', net: '20.25' }, { clock: '21:30', net: '10' }]);
    const { page } = stage;
    await page.goto('/conditional/index');
    await page.getByTestId('team-conditions').waitFor();
    await settled(page);
    await screenshot(page, 'reports-team-conditions');
    const range = page.locator('.ant-picker-range input');
    await range.nth(0).click();
    await range.nth(0).fill(DAY);
    await range.nth(1).click();
    await range.nth(1).fill(DAY);
    // Enter in the last field keeps the dates typed and submits the form, as 查询 does
    await range.nth(1).press('Enter');
    await page.waitForURL((u) => u.pathname === '/Information/index');
    expect(new URL(page.url()).searchParams.get('from')).toBe(DAY);
    const table = page.getByTestId('team-report').locator('.wb-report-table');
    await table.locator('tr.wb-report-total').waitFor();
    // tons in the plant's decimals (2), as every screen shows a weight
    const cells = async (selector: string) => (await table.locator(selector).first().locator('td').allTextContents()).map((s) => s.trim());
    expect(await cells('tr.ant-table-row:not(.wb-report-subtotal):not(.wb-report-total)')).toEqual(expect.arrayContaining(['白班', '采购', '2', '50.75']));
    expect(await cells('tr.wb-report-total')).toEqual(['合计', '', '', '', '3', '60.75']);
    const subtotals = await table.locator('tr.wb-report-subtotal').allTextContents();
    expect(subtotals.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual(['白班小计250.75', '夜班小计110.00']);
    await settled(page);
    await screenshot(page, 'reports-team-report');
  });

  it('exports the report as an Excel file with the same figures', async () => {
    const { page } = stage;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toBe(`班组日报_${DAY}.xlsx`);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['班组', '业务类型', '物料', '客商', '车数', '净重(吨)']);
    expect(rows.at(-1)).toEqual(['合计', undefined, undefined, undefined, 3, 60.75]);
  });

  it('gives the team daily report of one day', async () => {
    const { page } = stage;
    await page.goto('/dayConditional/index');
    await page.getByTestId('day-conditions').waitFor();
    const day = page.locator('.ant-picker input');
    await day.click();
    await day.fill(DAY);
    await day.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dayInformation/index');
    const total = page.getByTestId('day-report').locator('tr.wb-report-total');
    await total.waitFor();
    expect((await total.locator('td').allTextContents()).map((s) => s.trim())).toEqual(['合计', '', '', '', '3', '60.75']);
    await settled(page);
    await screenshot(page, 'reports-team-day');
  });

  it('opens the team report conditions from the 报表中心 menu, inside the workspace', async () => {
    const { page } = stage;
    await page.goto('/clouds/index');
    await openMenuLeaf(page, '/reportforms', '/reportforms/team');
    await page.getByTestId('report-query').waitFor();
    expect(await page.locator('label[title="班组"]').count()).toBe(1);
    await page.getByTestId('report-query').click();
    await page.waitForURL((u) => u.pathname === '/Information/index');
    await page.getByTestId('team-report').locator('tr.wb-report-total').waitFor();
  });

  it('lets the administrator rename a team in 班组设置, saved for the company', async () => {
    const { context, page } = await newPage(stage.browser, stage.server.baseUrl);
    try {
      await signIn(page, stage.server.databaseUrl, USERS.admin);
      await page.goto('/conditional/index');
      await page.getByTestId('team-setup').click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '班组设置' });
      const rows = dialog.getByTestId('team-setup-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(2);
      await rows.first().locator('input').first().fill('早班');
      await settled(page);
      await screenshot(page, 'reports-team-setup');
      await dialog.getByTestId('team-setup-save').click();
      await dialog.waitFor({ state: 'detached' });
      const names = await sql<{ team_name: string }>(stage.server.databaseUrl, 'SELECT team_name FROM wb_report_team ORDER BY seq');
      expect(names.map((r) => r.team_name)).toEqual(['早班', '夜班']);
    } finally {
      await context.close();
    }
  });
});
