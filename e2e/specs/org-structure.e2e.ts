import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { USERS } from '../support/login';
import { confirmDialog, openMenuLeaf, settled } from '../support/workspace';

// The organisation structure as the administrator keeps it: departments and organisations on the
// tree-with-form page, an organisation's tabbed form page, the group's own form.

const stage = useSignedInPage(USERS.admin);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = () => stage.server.databaseUrl;

const screen = (page: Page) => page.locator('[data-testid="tree-form-page"]:visible');
const tree = (page: Page) => screen(page).getByTestId('node-tree');
const node = (page: Page, title: string) => tree(page).locator('.ant-tree-treenode').filter({ hasText: title }).locator('.ant-tree-node-content-wrapper').first();
const form = (page: Page) => screen(page).getByTestId('node-form');
const item = (page: Page, label: string) => form(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });
const toast = (page: Page, text: string) => page.locator('.ant-notification-notice, .ant-message').filter({ hasText: text }).first();

async function choose(page: Page, title: string): Promise<void> {
  await node(page, title).click();
  await form(page).waitFor();
  await screen(page).locator('.wb-node-form-loading').waitFor({ state: 'detached' });
}

const department = (code: string) =>
  sql<{ id: string; dept_name: string; parent_code: string | null }>(db(), `
    SELECT d.id::text, d.dept_name, p.dept_code AS parent_code FROM sys_department d
      JOIN sys_org o ON o.id = d.org_id AND o.org_code = 'HDSN' LEFT JOIN sys_department p ON p.id = d.parent_id
     WHERE d.dept_code = $1`, [code]).then((r) => r[0] ?? null);

describe('departments', () => {
  it("filters the tree, shows the chosen department's form and saves an edit in place", async () => {
    await openMenuLeaf(stage.page, '/masterdata', '/masterdata/department');
    await node(stage.page, '生产部').waitFor();
    await tree(stage.page).getByTestId('node-tree-filter').fill('车间');
    await poll(() => tree(stage.page).locator('.ant-tree-title').allTextContents()).toEqual(['02 生产部', '0201 磨机车间', '0202 包装车间']);
    await tree(stage.page).getByTestId('node-tree-filter').fill('');
    await choose(stage.page, '02 生产部');
    expect(await item(stage.page, '部门名称').locator('input').inputValue()).toBe('生产部');
    await item(stage.page, '部门名称').locator('input').fill('生产制造部');
    await form(stage.page).getByTestId('node-save').click();
    await confirmDialog(stage.page, '确定更新此条数据?');
    await poll(async () => (await department('02'))?.dept_name).toBe('生产制造部');
    await node(stage.page, '02 生产制造部').waitFor();
  });

  it('adds a department below the chosen one, with its parent filled in', async () => {
    await choose(stage.page, '03 物流部');
    await screen(stage.page).locator('[data-action="addChild"]').click();
    await poll(() => form(stage.page).getAttribute('data-mode')).toBe('create');
    await poll(() => item(stage.page, '上级部门').locator('input').first().inputValue()).toBe('物流部');
    await item(stage.page, '部门编码').locator('input').fill('0302');
    await item(stage.page, '部门名称').locator('input').fill('门岗');
    await form(stage.page).getByTestId('node-save').click();
    await poll(() => department('0302')).toMatchObject({ dept_name: '门岗', parent_code: '03' });
    await node(stage.page, '0302 门岗').waitFor();
  });

  it('refuses moving a department under its own sub-department, with the server message, and keeps it', async () => {
    await choose(stage.page, '02 生产制造部');
    await item(stage.page, '上级部门').locator('button').click();
    const popup = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await popup.locator('tbody tr.ant-table-row').filter({ hasText: '磨机车间' }).dblclick();
    await popup.waitFor({ state: 'detached' });
    await form(stage.page).getByTestId('node-save').click();
    await confirmDialog(stage.page, '确定更新此条数据?');
    await toast(stage.page, '上级部门不能是本部门的下级部门').waitFor();
    expect((await department('02'))?.parent_code).toBeNull();
  });

  it('refuses deleting a department with sub-departments and deletes a leaf', async () => {
    await choose(stage.page, '03 物流部');
    await screen(stage.page).locator('[data-action="delList"]').click();
    await confirmDialog(stage.page, '此操作将永久删除该数据, 是否继续?');
    await toast(stage.page, '部门 03 下还有 2 个下级部门').waitFor();
    expect(await department('03')).not.toBeNull();
    await choose(stage.page, '0302 门岗');
    await screen(stage.page).locator('[data-action="delList"]').click();
    await confirmDialog(stage.page, '此操作将永久删除该数据, 是否继续?');
    await poll(() => department('0302')).toBeNull();
    await poll(() => tree(stage.page).locator('.ant-tree-title').filter({ hasText: '门岗' }).count()).toBe(0);
  });

  it("ticks company users into a department through the detail popup's selection", async () => {
    await choose(stage.page, '0301 计量班');
    await screen(stage.page).locator('[data-action="assignUsers"]').click();
    const popup = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('detail-popup') });
    await popup.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await popup.locator('.ant-modal-title').textContent()).toBe('选择用户');
    // 确 定 with nothing ticked is refused
    await popup.getByTestId('detail-ok').click();
    await stage.page.locator('.ant-message').filter({ hasText: '请至少选择一条数据' }).first().waitFor();
    await popup.locator('tbody tr.ant-table-row').filter({ hasText: '王司磅' }).locator('.ant-checkbox-input').check();
    await settled(stage.page);
    await screenshot(stage.page, 'department-assign-users');
    await popup.getByTestId('detail-ok').click();
    await popup.waitFor({ state: 'detached' });
    const weighing = await department('0301');
    await poll(async () => (await sql<{ username: string }>(db(), `
      SELECT u.username FROM sys_user_org m JOIN sys_user u ON u.id = m.user_id WHERE m.dept_id = $1`, [weighing?.id])).map((r) => r.username)).toEqual(['operator']);
    await choose(stage.page, '0301 计量班');
    await settled(stage.page);
    await screenshot(stage.page, 'departments-tree-form');
  });
});

describe('organisations', () => {
  const organisation = (code: string) =>
    sql<{ org_name: string; parent_code: string | null }>(db(), `
      SELECT o.org_name, p.org_code AS parent_code FROM sys_org o LEFT JOIN sys_org p ON p.id = o.parent_id WHERE o.org_code = $1`, [code]).then((r) => r[0] ?? null);

  it("shows the chosen company's tabbed form page: its form, its departments and its users", async () => {
    await openMenuLeaf(stage.page, '/system', '/system/org');
    await choose(stage.page, 'HDJC 华东建材贸易有限公司');
    const tabs = screen(stage.page).locator('.wb-tabbed-detail');
    await poll(() => tabs.locator('.ant-tabs-tab').allTextContents()).toEqual(['基本信息', '部门 (2)', '用户 (2)']);
    expect(await item(stage.page, '组织名称').locator('input').inputValue()).toBe('华东建材贸易有限公司');
    await tabs.locator('.ant-tabs-tab').filter({ hasText: '部门' }).click();
    await poll(() => tabs.getByTestId('detail-table-sys_department').locator('tbody tr.ant-table-row').allInnerTexts()).toHaveLength(2);
    expect(await tabs.getByTestId('detail-table-sys_department').innerText()).toContain('销售部');
    await tabs.locator('.ant-tabs-tab').filter({ hasText: '用户' }).click();
    await poll(() => tabs.getByTestId('detail-table-sys_user').innerText()).toContain('张会计');
    await settled(stage.page);
    await screenshot(stage.page, 'organisation-tabbed-form');
  });

  it('adds a sub-unit under a company', async () => {
    await choose(stage.page, 'HDSN 华东水泥有限公司');
    await screen(stage.page).locator('[data-action="addChild"]').click();
    await poll(() => item(stage.page, '上级组织').locator('input').first().inputValue()).toBe('华东水泥有限公司');
    await item(stage.page, '组织编码').locator('input').fill('HDSN-KS');
    await item(stage.page, '组织名称').locator('input').fill('华东水泥矿山分公司');
    await form(stage.page).getByTestId('node-save').click();
    await poll(() => organisation('HDSN-KS')).toEqual({ org_name: '华东水泥矿山分公司', parent_code: 'HDSN' });
    await node(stage.page, 'HDSN-KS 华东水泥矿山分公司').waitFor();
  });

  it("opens a company's tabbed detail in the detail popup", async () => {
    await choose(stage.page, 'HDJC 华东建材贸易有限公司');
    await screen(stage.page).locator('[data-action="details"]').click();
    const popup = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('detail-popup') });
    await poll(() => popup.locator('.ant-tabs-tab').allTextContents()).toEqual(['基本信息', '部门 (2)', '用户 (2)']);
    expect(await popup.locator('[data-field="orgCode"]').innerText()).toBe('HDJC');
    expect(await popup.locator('[data-field="departmentCount"]').innerText()).toBe('2');
    await settled(stage.page);
    await screenshot(stage.page, 'organisation-detail-popup');
    await popup.locator('.ant-modal-close').click();
    await popup.waitFor({ state: 'detached' });
  });

  it("edits the group's name", async () => {
    await stage.page.locator('[data-action="editGroup"]').click();
    const dialog = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('group-form') });
    await dialog.locator('#groupName').fill('华东建材控股集团');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await poll(async () => (await sql<{ group_name: string }>(db(), `SELECT group_name FROM sys_group WHERE group_code = 'HDJT'`))[0].group_name).toBe('华东建材控股集团');
    await poll(() => stage.page.getByTestId('group-name').innerText()).toBe('华东建材控股集团');
  });
});
