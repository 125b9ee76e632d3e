import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../../test/api';
import { childrenOf } from './tree';

// 菜单管理's remaining reads of the existing client: info/{id}, the list under an entry, a leaf's buttons.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let admin: string;
let operator: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
});
const idOf = async (path: string) => String((await pool.query(`SELECT id FROM sys_menu WHERE path = $1 AND kind = 'menu'`, [path])).rows[0].id);

describe('the menu reads', () => {
  it('answers one entry, the sub-menus of a folder and the buttons of a leaf', async () => {
    const system = await idOf('/system');
    const info = expectOk(await call(app, 'GET', `/api/sys-menu/info/${system}`, admin)).data;
    expect(info).toMatchObject({ id: system, name: '系统管理', path: '/system', kind: 'menu' });
    const under = expectOk(await call(app, 'GET', `/api/sys-menu/list/${system}`, admin)).data as { path: string; kind: string }[];
    expect(under.every((e) => e.kind === 'menu')).toBe(true);
    // the system folder holds its second-level folders; a folder holds its leaves
    expect(under.map((e) => e.path)).toEqual(expect.arrayContaining(['/system/menu-group/log', '/system/menu-group/interface', '/system/menu-group/settings']));
    const logs = expectOk(await call(app, 'GET', `/api/sys-menu/list/${await idOf('/system/menu-group/log')}`, admin)).data as { path: string }[];
    expect(logs.map((e) => e.path)).toEqual(expect.arrayContaining(['/system/ws-log', '/system/error-log', '/system/admin-log']));
    const buttons = expectOk(await call(app, 'GET', `/api/sys-menu/button-list/${await idOf('/system/data-source')}`, admin)).data as { permission: string; kind: string }[];
    expect(buttons.map((b) => b.permission)).toEqual(expect.arrayContaining(['sys_data_source_view', 'sys_data_source_create', 'sys_data_source_test']));
    expect(buttons.every((b) => b.kind === 'button')).toBe(true);
  });

  it('answers 404 for no such entry, 400 for a bad id, and 403 to those without the menu screen', async () => {
    expectFailure(await call(app, 'GET', '/api/sys-menu/info/99999999', admin), 404, '菜单不存在');
    expectFailure(await call(app, 'GET', '/api/sys-menu/info/abc', admin), 400);
    expect(expectOk(await call(app, 'GET', '/api/sys-menu/list/99999999', admin)).data).toEqual([]);
    expectFailure(await call(app, 'GET', `/api/sys-menu/button-list/${await idOf('/system')}`, operator), 403);
  });

  it('keeps the order it is given and only the kind asked for', () => {
    const e = (id: string, parentId: string | null, kind: 'menu' | 'button') => ({ id, parentId, kind }) as Parameters<typeof childrenOf>[0][number];
    const rows = [e('1', null, 'menu'), e('3', '1', 'menu'), e('2', '1', 'menu'), e('4', '1', 'button'), e('5', '3', 'menu')];
    expect(childrenOf(rows, '1', 'menu').map((r) => r.id)).toEqual(['3', '2']);
    expect(childrenOf(rows, '1', 'button').map((r) => r.id)).toEqual(['4']);
  });
});

describe('the new system screens are the administrator\'s', () => {
  it('grants every new leaf and button to the administrator role and to no other', async () => {
    const { rows } = await pool.query(`
      SELECT m.path, m.permission, array_agg(DISTINCT r.role_code ORDER BY r.role_code) AS roles
        FROM sys_menu m JOIN sys_role_menu rm ON rm.menu_id = m.id JOIN sys_role r ON r.id = rm.role_id
       WHERE m.path IN ('/system/ws-log', '/system/error-log', '/system/admin-log', '/system/data-source', '/system/hierarchy-rule')
          OR m.permission LIKE ANY (ARRAY['sys_ws_log_%', 'sys_error_log_%', 'sys_admin_log_%', 'sys_data_source_%', 'sys_hierarchy_rule_%'])
       GROUP BY m.path, m.permission`);
    expect(rows.length).toBeGreaterThanOrEqual(5 + 12);
    const admins = (await pool.query('SELECT role_code FROM sys_role WHERE is_admin')).rows.map((r) => r.role_code).sort();
    for (const r of rows) expect(r.roles, `${r.path ?? r.permission}`).toEqual(admins);
  });
});
