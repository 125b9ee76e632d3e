import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import {
  chooseInCell, childCell, childRows, childTexts, confirmBox, formDialog, formItem, openListForm, tableButton, tickRow,
} from '../support/child-table';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { chooseOption, quickSearch, rows } from '../support/list-screen';
import { signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The line form is a master-child form (FORMAT_MASTER_CHILD_FROM): the line above, its control
// points in the editable table below, saved together. The weighbridge operator keeps the lines;
// the accountant keeps the dictionaries, whose type form holds its items the same way.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = () => stage.server.databaseUrl;

const lineByName = async (name: string) =>
  (await sql<{ id: string; line_code: string; direction: string; version: number }>(db(), 'SELECT id::text, line_code, direction, version FROM md_line WHERE line_name = $1', [name]))[0];
const pointsOf = async (name: string) =>
  (await sql<{ seq: number; point: string }>(db(),
    'SELECT p.seq, p.point FROM md_line_point p JOIN md_line l ON l.id = p.line_id WHERE l.line_name = $1 ORDER BY p.seq', [name])).map((r) => `${r.seq}:${r.point}`);

async function fillHeader(name: string, direction: string) {
  const form = formDialog(stage.page);
  await formItem(form, '线路名称').locator('input').fill(name);
  await chooseOption(stage.page, formItem(form, '收发方向').locator('.ant-select'), direction);
}

async function submit() {
  await formDialog(stage.page).locator('[data-action="submit"]').click();
}

describe('master-child form: lines and their control points', () => {
  it('create: the form opens with the line above and one blank control point row shortly after', async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/line');
    await rows(stage.page);
    const form = await openListForm(stage.page, 'btn-create');
    expect(await form.locator('.ant-modal-title').textContent()).toBe('新增线路');
    for (const label of ['线路编码', '线路名称', '收发方向']) await formItem(form, label).waitFor();
    await poll(() => childRows(form).count()).toBe(1);
    expect(await childTexts(form, '序号')).toEqual(['1']);
    expect(await childTexts(form, '启用')).toEqual(['是']);
    await settled(stage.page);
    await screenshot(stage.page, 'master-child-line-create');
  });

  it('saving without control points asks 子表未新增数据, 是否继续提交?: 取消 keeps the form, 确定 saves the line alone', async () => {
    const form = formDialog(stage.page);
    await fillHeader('无控制点线路', '发货');
    await tickRow(form, 0);
    await tableButton(form, /删\s?除/).click();
    const sure = confirmBox(stage.page, '确定删除吗?');
    await sure.waitFor();
    await sure.getByRole('button', { name: /确\s?定/ }).click();
    await poll(() => childRows(form).count()).toBe(0);

    await submit();
    const ask = confirmBox(stage.page, '子表未新增数据, 是否继续提交?');
    await ask.waitFor();
    expect(await ask.locator('.ant-modal-confirm-title').textContent()).toBe('提示');
    await settled(stage.page);
    await ask.getByRole('button', { name: /取\s?消/ }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await form.isVisible()).toBe(true);
    expect(await lineByName('无控制点线路')).toBeUndefined();

    await submit();
    await ask.waitFor();
    await settled(stage.page);
    await ask.getByRole('button', { name: /确\s?定/ }).click();
    await form.waitFor({ state: 'detached' });
    await poll(async () => (await lineByName('无控制点线路'))?.direction).toBe('SHIP');
    expect(await pointsOf('无控制点线路')).toEqual([]);
  });

  it("create with control points: each chosen in its row; the server's order rule names the row; the fixed route is saved in order", async () => {
    const form = await openListForm(stage.page, 'btn-create');
    await poll(() => childRows(form).count()).toBe(1);
    await fillHeader('浏览器发货线路', '发货');
    await chooseInCell(stage.page, await childCell(form, 0, '控制点'), '皮重');
    await tableButton(form, /新\s?增/).click();
    await poll(() => childRows(form).count()).toBe(2);
    await chooseInCell(stage.page, await childCell(form, 1, '控制点'), '进厂');
    await submit();
    await stage.page.locator('.ant-notification-notice, .ant-message').filter({ hasText: '第1行 进厂必须在过磅（皮重、毛重）之前' }).first().waitFor();
    expect(await lineByName('浏览器发货线路')).toBeUndefined();

    await chooseInCell(stage.page, await childCell(form, 0, '控制点'), '进厂');
    await chooseInCell(stage.page, await childCell(form, 1, '控制点'), '皮重');
    await tableButton(form, /新\s?增/).click();
    await chooseInCell(stage.page, await childCell(form, 2, '控制点'), '毛重');
    await tableButton(form, /新\s?增/).click();
    await chooseInCell(stage.page, await childCell(form, 3, '控制点'), '出厂');
    expect(await childTexts(form, '序号')).toEqual(['1', '2', '3', '4']);
    await submit();
    await form.waitFor({ state: 'detached' });
    await poll(() => pointsOf('浏览器发货线路')).toEqual(['1:GATE_IN', '2:TARE', '3:GROSS', '4:GATE_OUT']);
  });

  it("update: 修改 loads the line's control points in their order; a point dropped is deleted on save", async () => {
    await quickSearch(stage.page, '水泥发货线路');
    const body = await rows(stage.page);
    await body.first().locator('.ant-checkbox-input').check();
    const form = await openListForm(stage.page, 'btn-update');
    expect(await form.locator('.ant-modal-title').textContent()).toBe('修改线路');
    await poll(() => childRows(form).count()).toBe(8);
    expect(await childTexts(form, '控制点')).toEqual(['签到', '叫号', '进厂', '皮重', '现场确认', '毛重', '净重计算', '出厂']);
    expect(await formItem(form, '线路名称').locator('input').inputValue()).toBe('水泥发货线路');
    await settled(stage.page);
    await screenshot(stage.page, 'master-child-line-update');

    const before = await lineByName('水泥发货线路');
    await tickRow(form, 1);
    await tableButton(form, /删\s?除/).click();
    await confirmBox(stage.page, '确定删除吗?').getByRole('button', { name: /确\s?定/ }).click();
    await poll(() => childRows(form).count()).toBe(7);
    await submit();
    const update = confirmBox(stage.page, '确定更新此条数据?');
    await update.waitFor();
    await settled(stage.page);
    await update.getByRole('button', { name: /确\s?定/ }).click();
    await form.waitFor({ state: 'detached' });
    await poll(() => pointsOf('水泥发货线路')).toEqual(['1:SIGN_IN', '2:GATE_IN', '3:TARE', '4:SCENE_CONFIRM', '5:GROSS', '6:NET', '7:GATE_OUT']);
    expect((await lineByName('水泥发货线路')).version).toBe(before.version + 1);
  });
});

describe('master-child form: a dictionary type and its items', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(stage.browser, stage.server.baseUrl));
    await signIn(page, db(), USERS.accountant);
  });
  afterAll(async () => {
    await context?.close();
  });
  const items = async () => (await sql<{ sort: number; item_code: string; item_label: string }>(db(),
    `SELECT i.sort, i.item_code, i.item_label FROM md_dict_item i JOIN md_dict_type t ON t.id = i.type_id
      JOIN sys_org o ON o.id = t.org_id WHERE t.type_code = 'CAR_TYPE' AND o.org_code = 'HDSN' ORDER BY i.sort, i.id`)).map((r) => `${r.sort}:${r.item_code}:${r.item_label}`);

  it("修改 loads the type's items in order; a renamed item and a new one at the top are saved, numbered from 1", async () => {
    await openMenuLeaf(page, '/masterdata', '/masterdata/dict-type');
    await quickSearch(page, '车型');
    const body = await rows(page);
    await body.first().locator('.ant-checkbox-input').check();
    const form = await openListForm(page, 'btn-update');
    expect(await form.locator('.ant-modal-title').textContent()).toBe('修改字典类型');
    await poll(() => childRows(form).count()).toBe(4);
    expect(await childTexts(form, '名称')).toEqual(['重型自卸货车', '半挂牵引车', '罐式货车', '栏板货车']);
    expect(await childTexts(form, '启用')).toEqual(['是', '是', '是', '是']);

    const label = await childCell(form, 2, '名称');
    await label.click();
    await label.locator('input').fill('罐式运输车');
    await tableButton(form, '插入首行').click();
    await poll(() => childRows(form).count()).toBe(5);
    await (await childCell(form, 0, '编码')).locator('input').fill('XSHC');
    await (await childCell(form, 0, '名称')).locator('input').fill('厢式货车');
    await settled(page);
    await screenshot(page, 'master-child-dictionary-update');
    await form.locator('[data-action="submit"]').click();
    const update = confirmBox(page, '确定更新此条数据?');
    await update.waitFor();
    await settled(page);
    await update.getByRole('button', { name: /确\s?定/ }).click();
    await form.waitFor({ state: 'detached' });
    await poll(items).toEqual(['1:XSHC:厢式货车', '2:ZXHC:重型自卸货车', '3:BGC:半挂牵引车', '4:GTC:罐式运输车', '5:LBC:栏板货车']);
  });
});
