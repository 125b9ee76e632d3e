import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { screenshot } from '../support/browser';
import {
  childCell, childRows, childTable, childTexts, chooseInCell, confirmBox, formDialog, formItem, openListForm, rowBox, tableButton, tickRow,
} from '../support/child-table';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { chooseOption, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The editable table on a real screen: the control points of a new line (序号, 排序 by drag and by
// the sort-order input, 合计 of the minutes, 是/否, the 选择时间范围 dialog, add at either end,
// copy, delete with 确定删除吗?), and what the server stored once the line is saved.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const LINE = '表格测试线路';
let form: Locator;

const points = () => childTexts(form, '控制点');
const untick = (n: number) => rowBox(form, n).uncheck();

async function typeInCell(n: number, title: string, text: string) {
  const cell = await childCell(form, n, title);
  const input = cell.locator('input');
  if (!(await input.isVisible())) await cell.click();
  await input.fill(text);
  await input.blur();
}

describe('editable table: the control points of a new line', () => {
  it('numbers the rows in 序号; 新增 adds a row at the end and 插入首行 one at the top', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/line');
    await rows(stage.page);
    form = await openListForm(stage.page, 'btn-create');
    await poll(() => childRows(form).count()).toBe(1);
    await formItem(form, '线路名称').locator('input').fill(LINE);
    await chooseOption(stage.page, formItem(form, '收发方向').locator('.ant-select'), '发货');
    await chooseInCell(stage.page, await childCell(form, 0, '控制点'), '进厂');
    await tableButton(form, /新\s?增/).click();
    await chooseInCell(stage.page, await childCell(form, 1, '控制点'), '出厂');
    await tableButton(form, '插入首行').click();
    await poll(points).toEqual(['', '进厂', '出厂']);
    await chooseInCell(stage.page, await childCell(form, 0, '控制点'), '签到');
    expect(await points()).toEqual(['签到', '进厂', '出厂']);
    expect(await childTexts(form, '序号')).toEqual(['1', '2', '3']);
  });

  it('复制 puts a copy right after its row; 删除 asks 确定删除吗? (温馨提示): 取消 keeps the row, 确定 removes it', async () => {
    await tickRow(form, 1);
    await tableButton(form, /复\s?制/).click();
    await poll(points).toEqual(['签到', '进厂', '进厂', '出厂']);
    await chooseInCell(stage.page, await childCell(form, 2, '控制点'), '皮重');
    await untick(1);
    await tickRow(form, 0);
    await tableButton(form, /删\s?除/).click();
    const ask = confirmBox(stage.page, '确定删除吗?');
    await ask.waitFor();
    expect(await ask.locator('.ant-modal-confirm-title').textContent()).toBe('温馨提示');
    await settled(stage.page);
    await ask.getByRole('button', { name: /取\s?消/ }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await points()).toEqual(['签到', '进厂', '皮重', '出厂']);
    await tableButton(form, /删\s?除/).click();
    await ask.waitFor();
    await settled(stage.page);
    await ask.getByRole('button', { name: /确\s?定/ }).click();
    await poll(points).toEqual(['进厂', '皮重', '出厂']);
    expect(await childTexts(form, '序号')).toEqual(['1', '2', '3']);
  });

  it('合计 sums the minutes; 启用 reads 是/否; 选择时间范围 sets the opening hours', async () => {
    await typeInCell(0, '停留分钟', '5');
    await typeInCell(1, '停留分钟', '10');
    await typeInCell(2, '停留分钟', '3');
    const summary = childTable(form).locator('.wb-et-summary');
    await poll(async () => (await summary.innerText()).replace(/\s+/g, ' ').trim()).toBe('合计 18');

    const enabled = await childCell(form, 2, '启用');
    if (!(await enabled.locator('.ant-checkbox-input').isVisible())) await enabled.click();
    await enabled.locator('.ant-checkbox-input').uncheck();
    await (await childCell(form, 0, '控制点')).click();
    await poll(() => childTexts(form, '启用')).toEqual(['是', '是', '否']);

    const hours = await childCell(form, 0, '开放时间');
    await hours.locator('button').click();
    const dialog = stage.page.locator('.ant-modal').filter({ has: stage.page.locator('.ant-modal-title', { hasText: '选择时间范围' }) });
    await dialog.waitFor();
    const [from, to] = [dialog.locator('.ant-picker-input input').first(), dialog.locator('.ant-picker-input input').last()];
    await from.click();
    await from.fill('06:00:00');
    await from.press('Enter');
    await to.fill('22:00:00');
    await to.press('Enter');
    await settled(stage.page);
    await dialog.getByRole('button', { name: /确\s?定|OK/ }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(async () => (await childTexts(form, '开放时间'))[0]).toBe('06:00:00 ~ 22:00:00');
    await settled(stage.page);
    await screenshot(stage.page, 'editable-table-line-points');
  });

  it('the sort-order input (0 to n-1, Enter) and dragging move rows and renumber them; the saved points follow', async () => {
    await tableButton(form, /新\s?增/).click();
    await chooseInCell(stage.page, await childCell(form, 3, '控制点'), '毛重');
    expect(await points()).toEqual(['进厂', '皮重', '出厂', '毛重']);
    const order = childRows(form).nth(3).locator('.wb-et-order input');
    await order.fill('2');
    await order.press('Enter');
    await poll(points).toEqual(['进厂', '皮重', '毛重', '出厂']);
    expect(await childTexts(form, '序号')).toEqual(['1', '2', '3', '4']);

    await childRows(form).nth(2).locator('.wb-et-handle').dragTo(childRows(form).nth(0));
    await poll(points).toEqual(['毛重', '进厂', '皮重', '出厂']);
    await childRows(form).nth(0).locator('.wb-et-handle').dragTo(childRows(form).nth(2));
    await poll(points).toEqual(['进厂', '皮重', '毛重', '出厂']);
    expect(await childTexts(form, '序号')).toEqual(['1', '2', '3', '4']);

    await formDialog(stage.page).locator('[data-action="submit"]').click();
    await form.waitFor({ state: 'detached' });
    const stored = () => sql<{ seq: number; point: string; dwell_minutes: number | null; enabled: boolean; open_hours: string | null }>(stage.server.databaseUrl,
      `SELECT p.seq, p.point, p.dwell_minutes, p.enabled, p.open_hours FROM md_line_point p JOIN md_line l ON l.id = p.line_id
        WHERE l.line_name = $1 ORDER BY p.seq`, [LINE]);
    await poll(stored).toEqual([
      { seq: 1, point: 'GATE_IN', dwell_minutes: 5, enabled: true, open_hours: '06:00:00,22:00:00' },
      { seq: 2, point: 'TARE', dwell_minutes: 10, enabled: true, open_hours: null },
      { seq: 3, point: 'GROSS', dwell_minutes: null, enabled: true, open_hours: null },
      { seq: 4, point: 'GATE_OUT', dwell_minutes: 3, enabled: false, open_hours: null },
    ]);
  });
});
