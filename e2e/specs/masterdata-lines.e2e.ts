import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { chooseOption, columnTexts, listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// Lines and their control points on the generic list screen, as the weighbridge operator sees them.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

describe('lines', () => {
  it('lists each line with its control points in order', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/line');
    await rows(stage.page);
    expect(await columnTexts(stage.page, '控制点')).toContain('签到→叫号→进厂→皮重→现场确认→毛重→净重计算→出厂');
    await settled(stage.page);
    await screenshot(stage.page, 'masterdata-line');
  });

  it('新增 on the control points opens the form with the line popup, seq and point', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/line-point');
    await rows(stage.page);
    await listScreen(stage.page).getByTestId('btn-create').click();
    const form = stage.page.locator('.wb-form-dialog').last();
    await form.locator('.wb-template-form').waitFor();
    expect(await form.locator('.ant-modal-title').textContent()).toBe('新增线路控制点');
    for (const label of ['线路', '顺序号', '控制点']) await form.locator(`label[title="${label}"]`).waitFor();
    await settled(stage.page);
    await screenshot(stage.page, 'masterdata-line-point-form');
  });

  it('adds gate-in to an empty line: the line from its popup, then the point; a weighing before it is refused', async () => {
    await sql(stage.server.databaseUrl, `INSERT INTO md_line (org_id, line_code, line_name, direction)
      SELECT id, 'XL009', '浏览器测试线路', 'SHIP' FROM sys_org WHERE org_code = 'HDSN'`);
    const form = stage.page.locator('.wb-form-dialog').last();
    const item = (label: string) => form.locator('.ant-form-item').filter({ has: stage.page.locator(`label[title="${label}"]`) });
    await item('线路').locator('button').click();
    const popup = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    expect(await popup.locator('.ant-modal-title').textContent()).toBe('选择线路');
    await popup.locator('tbody tr.ant-table-row').filter({ hasText: '浏览器测试线路' }).dblclick();
    await popup.waitFor({ state: 'detached' });
    await poll(() => item('线路').locator('input').first().inputValue()).toBe('浏览器测试线路');
    await item('顺序号').locator('input').fill('20');
    await chooseOption(stage.page, item('控制点').locator('.ant-select'), '皮重');
    await form.locator('[data-action="submit"]').click();
    await stage.page.locator('.ant-notification-notice, .ant-message').filter({ hasText: '进厂必须在过磅（皮重、毛重）之前' }).first().waitFor();
    await chooseOption(stage.page, item('控制点').locator('.ant-select'), '进厂');
    await form.locator('[data-action="submit"]').click();
    await form.waitFor({ state: 'detached' });
    const points = () => sql<{ seq: number; point: string }>(stage.server.databaseUrl,
      "SELECT p.seq, p.point FROM md_line_point p JOIN md_line l ON l.id = p.line_id WHERE l.line_code = 'XL009'");
    await poll(points).toEqual([{ seq: 20, point: 'GATE_IN' }]);
  });
});
