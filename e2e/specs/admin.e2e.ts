import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// Administration against the real server: an administrator takes a menu away from a role in the
// permission tree and a holder of the role no longer sees it after signing in again; a weighing
// parameter changed on the parameter screen is there after a reload.

const stage = useSignedInPage(USERS.admin);
const ROLES = '/system/role';
const PARAMS = '/system/param';
const VEHICLES = '/masterdata/vehicle';
const USERS_PAGE = '/system/user';
const MENUS = '/system/menu';

const treeNode = (page: Page, key: string) => page.getByTestId('permission-tree').locator('.ant-tree-treenode', { has: page.getByTestId(`perm-${key}`) });

/** The masterdata leaves a user's sidebar shows, from a fresh sign-in in a new browser context. */
async function masterdataLeavesAfterSignIn(user: typeof USERS.operator): Promise<string[]> {
  const { context, page } = await newPage(stage.browser, stage.server.baseUrl);
  try {
    await signIn(page, stage.server.databaseUrl, user);
    // the area's title names every page below it, second-level folders included
    const area = page.getByTestId('sidebar').getByTestId('menu-/masterdata');
    await area.waitFor();
    return ((await area.getAttribute('data-menu-leaves')) ?? '').split(' ').filter(Boolean).map((path) => `menu-${path}`);
  } finally {
    await context.close();
  }
}

const operatorGrantsVehicles = async (): Promise<number> =>
  (await sql<{ n: number }>(stage.server.databaseUrl, `
    SELECT count(*)::int AS n FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id JOIN sys_menu m ON m.id = rm.menu_id
     WHERE r.role_code = 'ROLE_OPERATOR' AND m.path = '${VEHICLES}'`))[0].n;

describe('administration', () => {
  it('takes 车辆 away from the operator role in the permission tree; the operator no longer sees it after signing in again', async () => {
    expect(await masterdataLeavesAfterSignIn(USERS.operator)).toContain(`menu-${VEHICLES}`);
    const { page } = stage;
    await openMenuLeaf(page, '/system', ROLES);
    await page.getByTestId('roles-page').locator('tbody tr', { hasText: 'ROLE_OPERATOR' }).click();
    const vehicles = treeNode(page, VEHICLES);
    await vehicles.waitFor();
    await expect.poll(() => vehicles.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await vehicles.locator('.ant-tree-checkbox').click();
    await expect.poll(() => vehicles.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    // the folder stays checked for the other master data
    expect(await treeNode(page, '/masterdata').first().locator('.ant-tree-checkbox-checked').count()).toBeGreaterThan(0);
    await settled(page);
    await screenshot(page, 'admin-role-permission-tree');
    await page.getByTestId('save-role-menus').click();
    await page.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    expect(await operatorGrantsVehicles()).toBe(0);
    // the vehicle list's buttons went with their menu
    const buttons = await sql<{ n: number }>(stage.server.databaseUrl, `
      SELECT count(*)::int AS n FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id JOIN sys_menu m ON m.id = rm.menu_id
       WHERE r.role_code = 'ROLE_OPERATOR' AND m.permission LIKE 'md\\_vehicle\\_%'`);
    expect(buttons[0].n).toBe(0);

    const leaves = await masterdataLeavesAfterSignIn(USERS.operator);
    expect(leaves).not.toContain(`menu-${VEHICLES}`);
    expect(leaves).toContain('menu-/masterdata/driver');
  });

  it('limits a role to its holders’ own documents on the 数据范围 tab', async () => {
    const { page } = stage;
    const scopeOf = async () => (await sql<{ data_scope: string }>(stage.server.databaseUrl, `SELECT data_scope FROM sys_role WHERE role_code = 'ROLE_QUALITY'`))[0].data_scope;
    expect(await scopeOf()).toBe('company');
    await openMenuLeaf(page, '/system', ROLES);
    await page.getByTestId('roles-page').locator('tbody tr', { hasText: 'ROLE_QUALITY' }).click();
    await page.getByTestId('roles-page').getByRole('tab', { name: '数据范围' }).click();
    const choice = page.getByTestId('role-data-scope');
    await expect.poll(() => choice.locator('.ant-radio-wrapper-checked').textContent()).toBe('本公司');
    await choice.getByText('本人').click();
    await page.getByRole('button', { name: '保存数据范围' }).click();
    await page.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    expect(await scopeOf()).toBe('own');
    await page.reload();
    await page.getByTestId('roles-page').locator('tbody tr', { hasText: 'ROLE_QUALITY' }).click();
    await page.getByTestId('roles-page').getByRole('tab', { name: '数据范围' }).click();
    await expect.poll(() => page.getByTestId('role-data-scope').locator('.ant-radio-wrapper-checked').textContent()).toBe('本人');
  });

  it('changes a weighing parameter and sees it after a reload', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', PARAMS);
    const hours = page.getByTestId('param-tareValidHours');
    await expect.poll(() => hours.inputValue()).toBe('24');
    await hours.fill('12');
    await page.getByTestId('weigh-params').locator('.ant-form-item', { hasText: '超载校验' }).getByText('禁止').click();
    await page.getByTestId('save-params').click();
    await page.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    const stored = await sql<{ param_key: string; param_value: string }>(stage.server.databaseUrl,
      "SELECT param_key, param_value FROM sys_param WHERE param_key IN ('tareValidHours', 'overloadCheck') ORDER BY param_key");
    expect(stored).toEqual([{ param_key: 'overloadCheck', param_value: 'forbid' }, { param_key: 'tareValidHours', param_value: '12' }]);

    await page.reload();
    await page.getByTestId('weigh-params').waitFor();
    await expect.poll(() => page.getByTestId('param-tareValidHours').inputValue()).toBe('12');
    const overload = page.getByTestId('weigh-params').locator('.ant-form-item', { hasText: '超载校验' });
    expect(await overload.locator('.ant-radio-button-wrapper-checked').textContent()).toBe('禁止');
    await settled(page);
    await screenshot(page, 'admin-weigh-params');
  });

  it('creates a user: a weak initial password is refused under the field with the protocol’s rule, a strong one is taken', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', USERS_PAGE);
    await page.getByTestId('users-page').getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal', { hasText: '新增用户' });
    await dialog.waitFor();
    await dialog.getByLabel('用户名').fill('weigher9');
    await dialog.getByLabel('姓名').fill('孙司磅');
    await dialog.getByLabel('初始密码').fill('abcdefgh');
    await dialog.getByRole('button', { name: '添加公司' }).click();
    await settled(page);
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '密码须包含大写字母、小写字母、数字、特殊字符中的至少三种' }).waitFor();
    expect(await sql(stage.server.databaseUrl, "SELECT 1 FROM sys_user WHERE username = 'weigher9'")).toHaveLength(0);
    await screenshot(page, 'admin-new-user-refused');
    await dialog.getByLabel('初始密码').fill('Scale#Nine2027');
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByTestId('users-page').locator('tbody tr', { hasText: 'weigher9' }).waitFor();
    await settled(page);
    await screenshot(page, 'admin-users');
  });

  it('scans the web’s pages and the routes’ permission keys against the menu tree', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', MENUS);
    await page.getByTestId('menus-page').locator('.ant-tree-node-content-wrapper', { hasText: '系统管理' }).first().click();
    await page.getByTestId('menus-page').getByLabel('路径').waitFor();
    expect(await page.getByTestId('menus-page').getByLabel('路径').inputValue()).toBe('/system');
    await settled(page);
    await screenshot(page, 'admin-menus');
    await page.getByTestId('scan-resources').click();
    const report = page.locator('.ant-modal-confirm', { hasText: '扫描前端资源' });
    await report.waitFor();
    await settled(page);
    await screenshot(page, 'admin-menus-scan');
    await report.getByRole('button').click();
    await report.waitFor({ state: 'hidden' });
  });

  it('speaks English when the workspace does', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', PARAMS);
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en-US').click();
    await page.getByTestId('weigh-params').locator('.ant-card-head', { hasText: 'Weighing checks' }).waitFor();
    expect(await page.getByTestId('save-params').textContent()).toContain('Save parameters');
    await settled(page);
    await screenshot(page, 'admin-weigh-params-en');
    await openMenuLeaf(page, '/system', ROLES);
    await page.getByTestId('roles-page').locator('tbody tr', { hasText: 'ROLE_OPERATOR' }).click();
    await page.getByTestId('permission-tree').getByText('Master data').waitFor();
    await settled(page);
    await screenshot(page, 'admin-roles-en');
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    await page.getByTestId('permission-tree').getByText('基础资料').waitFor();
  });

  it('refuses a bad parameter with the server’s reason under the field, and stores nothing', async () => {
    const { page } = stage;
    // typed past the input's bounds the control clamps; the server is the last word, so send one directly
    const token = await page.evaluate(() => (JSON.parse(window.sessionStorage.getItem('wb-session') ?? '{}') as { state?: { accessToken?: string } }).state?.accessToken ?? '');
    const res = await fetch(`${stage.server.baseUrl}/api/system/param/weigh`, {
      method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ weightUnit: 'lb' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).data).toEqual({ field: 'weightUnit' });
  });
});
