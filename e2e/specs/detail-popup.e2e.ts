import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The detail popup on a real list: the vehicle's plate (a LINK cell) opens its eight-column detail.

const stage = useSignedInPage(USERS.operator);
const db = () => stage.server.databaseUrl;
const popup = () => stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('detail-popup') });

describe('detail popup', () => {
  it("opens a vehicle's eight-column detail from its plate, showing what the server stored", async () => {
    const [vehicle] = await sql<{ plate_number: string; car_type: string | null; axle_type: number | null }>(db(), `
      SELECT v.plate_number, v.car_type, v.axle_type FROM md_vehicle v JOIN sys_org o ON o.id = v.org_id
       WHERE o.org_code = 'HDSN' ORDER BY v.plate_number LIMIT 1`);
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/vehicle');
    await rows(stage.page);
    await listScreen(stage.page).locator(`[data-link="plateNumber"]`).filter({ hasText: vehicle.plate_number }).first().click();
    await popup().getByTestId('detail-popup').locator('.ant-descriptions').waitFor();
    expect(await popup().locator('.ant-modal-title').textContent()).toBe('车辆详情');
    const value = (label: string) => popup().locator('.ant-descriptions-item-label').filter({ hasText: label }).locator('xpath=following-sibling::td[1]').innerText();
    await expect.poll(() => value('车牌号'), { timeout: 10_000 }).toBe(vehicle.plate_number);
    expect(await value('车型')).toBe(vehicle.car_type ?? '');
    expect(await value('轴数')).toBe(vehicle.axle_type === null ? '' : String(vehicle.axle_type));
    // eight columns: four label and value pairs on a row
    expect(await popup().locator('.ant-descriptions-row').first().locator('.ant-descriptions-item-label').count()).toBe(4);
    // 80% of the window wide, measured once the dialog has finished zooming in
    await settled(stage.page);
    const width = await popup().evaluate((el) => el.getBoundingClientRect().width / window.innerWidth);
    expect(width).toBeCloseTo(0.8, 1);
    await settled(stage.page);
    await screenshot(stage.page, 'vehicle-detail-popup');
    await popup().locator('.ant-modal-close').click();
    await popup().waitFor({ state: 'detached' });
  });

  it('warns for 7 s, calling nothing, when the detail template has no list route', async () => {
    await sql(db(), `UPDATE cg_format SET res_url = NULL WHERE format_code = 'masterdata.vehicle.detail'`);
    const calls: string[] = [];
    stage.page.on('request', (r) => r.url().includes('/v2/list') && calls.push(r.url()));
    await listScreen(stage.page).locator('[data-link="plateNumber"]').first().click();
    const warning = stage.page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: '请检查明细模板的列表请求方式和列表请求路由' }).first();
    await warning.waitFor();
    const shownAt = Date.now();
    await settled(stage.page);
    await screenshot(stage.page, 'detail-popup-no-route');
    expect(calls).toEqual([]);
    // still there after 5 s, gone by 9 s
    await stage.page.waitForTimeout(Math.max(0, 5000 - (Date.now() - shownAt)));
    expect(await warning.isVisible()).toBe(true);
    await warning.waitFor({ state: 'hidden', timeout: 5000 });
    expect(Date.now() - shownAt).toBeLessThan(9000);
  });
});
