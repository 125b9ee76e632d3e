import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../../test/harness';
import { call, databaseFingerprint, expectFailure, expectOk } from '../../../../../test/api';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

const menuId = async (path: string) => (await pool.query("SELECT id::text FROM sys_menu WHERE path = $1 AND kind = 'menu'", [path])).rows[0].id as string;
const buttonId = async (permission: string) => (await pool.query('SELECT id::text FROM sys_menu WHERE permission = $1', [permission])).rows[0].id as string;
const entry = (extra: Record<string, unknown>) => ({ parentId: null, kind: 'menu', name: '过磅大屏', path: '/screen', sort: 5, keepAlive: true, menuFlag: 'web', ...extra });

describe('menu and button entries', () => {
  let admin: string;
  let system: string;
  beforeAll(async () => {
    admin = (await bearerFor(app, 'admin')).authorization;
    system = await menuId('/system');
  });

  it('serves the tree with buttons under their menus', async () => {
    const tree = expectOk(await call(app, 'GET', '/api/sys-menu/tree', admin)).data;
    const node = tree.find((n: { id: string }) => n.id === system);
    const access = node.children.find((c: { path: string }) => c.path === '/system/menu-group/access');
    expect(access.children.map((c: { path: string }) => c.path)).toContain('/system/menu');
  });

  it('creates a menu and a button under it; the administrator sees both at once', async () => {
    const { id } = expectOk(await call(app, 'POST', '/api/sys-menu', admin, entry({ parentId: system, path: '/system/screen', component: 'system/screen', icon: 'DesktopOutlined' }))).data;
    expectOk(await call(app, 'POST', '/api/sys-menu', admin, entry({ parentId: id, kind: 'button', name: '大屏刷新', path: null, permission: 'sys_screen_refresh' })));
    const nav = expectOk(await call(app, 'GET', '/api/sys-menu/nav', admin)).data;
    expect(nav.permissions.sys_screen_refresh).toBe(true);
    const log = await pool.query("SELECT count(*)::int AS n FROM sys_log WHERE action = 'createMenu'");
    expect(log.rows[0].n).toBe(2);
  });

  it.each([
    ['a button outside any menu', entry({ kind: 'button', name: '孤按钮', path: null, permission: 'x_orphan' }), 'parentId'],
    ['a button without a permission key', entry({ parentId: 'SYSTEM', kind: 'button', name: '无权限', path: null }), 'permission'],
    ['a menu without a path', entry({ path: null }), 'path'],
    ['a bad path', entry({ path: 'screen' }), 'path'],
    ['a bad permission key', entry({ kind: 'button', permission: '1 bad' }), 'permission'],
    ['an unknown key', { ...entry({}), secret: 1 }, undefined],
  ])('answers 400 to %s, naming the field, and changes nothing', async (_label, body, field) => {
    const before = await databaseFingerprint(pool);
    const sent = body.parentId === 'SYSTEM' ? { ...body, parentId: system } : body;
    const failure = expectFailure(await call(app, 'POST', '/api/sys-menu', admin, sent), 400);
    if (field) expect(failure.data).toEqual({ field });
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('refuses a permission key another entry carries', async () => {
    const failure = expectFailure(await call(app, 'POST', '/api/sys-menu', admin, entry({ parentId: system, kind: 'button', permission: 'sys_user_edit' })), 400, '权限标识 sys_user_edit 已存在');
    expect(failure.data).toEqual({ field: 'permission' });
  });

  it('of two administrators adding one permission key at once, one succeeds and the other is told it is taken', async () => {
    const body = entry({ parentId: system, kind: 'button', name: '并发', path: null, permission: 'sys_race_key' });
    const results = await Promise.all([1, 2, 3].map(() => call(app, 'POST', '/api/sys-menu', admin, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json()).toMatchObject({ msg: '权限标识 sys_race_key 已存在', data: { field: 'permission' } });
  });

  it('refuses to move an entry under itself or its own descendants', async () => {
    const menus = await menuId('/system/menu');
    expectFailure(await call(app, 'PUT', `/api/sys-menu/${system}`, admin, entry({ parentId: menus, name: '系统管理', path: '/system' })), 400, '不能把菜单移到它自己或它的下级之下');
  });

  it('updates an entry', async () => {
    const dict = await menuId('/system/dict');
    expectOk(await call(app, 'PUT', `/api/sys-menu/${dict}`, admin, entry({ parentId: system, name: '数据字典', path: '/system/dict', sort: 45 })));
    const row = await pool.query('SELECT name, sort FROM sys_menu WHERE id = $1', [dict]);
    expect(row.rows[0]).toEqual({ name: '数据字典', sort: 45 });
  });

  it('will not delete a menu with children, saying so', async () => {
    const before = await databaseFingerprint(pool);
    expectFailure(await call(app, 'DELETE', `/api/sys-menu/${system}`, admin), 400, /还有\d+个子菜单或按钮/);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('will not delete a button whose permission a route checks, saying so', async () => {
    const before = await databaseFingerprint(pool);
    expectFailure(await call(app, 'DELETE', `/api/sys-menu/${await buttonId('sys_param_edit')}`, admin), 400, /sys_param_edit 正被系统接口使用/);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('deletes an entry nothing depends on, and its grants with it', async () => {
    const id = await buttonId('sys_screen_refresh');
    expectOk(await call(app, 'DELETE', `/api/sys-menu/${id}`, admin));
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_role_menu WHERE menu_id = $1', [id])).rows[0].n).toBe(0);
    expectFailure(await call(app, 'DELETE', `/api/sys-menu/${id}`, admin), 404);
  });

  it('scans the web’s pages and the server’s permission keys against the tree', async () => {
    await pool.query("DELETE FROM sys_menu WHERE permission = 'sys_param_view'");
    const report = expectOk(await call(app, 'POST', '/api/sys-menu/scan', admin, { components: ['system/log', 'system-admin/roles', 'reports/new-board'] })).data;
    expect(report.unboundComponents).toEqual(['reports/new-board']);
    expect(report.unregisteredPermissions).toContain('sys_param_view');
    expect(report.unregisteredPermissions).not.toContain('sys_user_edit');
    expect(report.unknownComponents.map((c: { component: string }) => c.component)).toContain('system-admin/users');
    expectFailure(await call(app, 'POST', '/api/sys-menu/scan', admin, { components: 'all' }), 400);
  });

  it('refuses menu administration to a user without its permissions', async () => {
    const operator = (await bearerFor(app, 'operator')).authorization;
    expectFailure(await call(app, 'GET', '/api/sys-menu/tree', operator), 403);
    expectFailure(await call(app, 'DELETE', `/api/sys-menu/${system}`, operator), 403);
  });
});
