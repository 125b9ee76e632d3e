import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { addNewMenuEntries } from './menu-upgrade';
import { MENU_TREE, type MenuSeed } from './menus';

// A database seeded by an earlier release: the test database is seeded with today's tree, so an
// entry is taken away and must come back, while an administrator's edit of another stays.
const ctx = await createTestApp();
const { pool } = ctx.database;
const { db } = ctx.database;

const count = async (where: string, params: unknown[] = []) =>
  (await pool.query(`SELECT count(*)::int AS n FROM sys_menu WHERE ${where}`, params)).rows[0].n as number;

describe('adding the new menu entries of a release to an existing database', () => {
  it('adds nothing to a database seeded with the current tree', async () => {
    expect(await addNewMenuEntries(db)).toBe(0);
  });

  it('brings back a missing leaf with its buttons and grants, and leaves edited entries alone', async () => {
    const leafPath = '/masterdata/vehicle';
    const before = await pool.query(
      `SELECT r.role_code FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id JOIN sys_menu m ON m.id = rm.menu_id
        WHERE m.path = $1 ORDER BY 1`, [leafPath]);
    const buttons = await count(`parent_id = (SELECT id FROM sys_menu WHERE path = $1 AND kind = 'menu')`, [leafPath]);
    expect(buttons).toBeGreaterThan(0);
    await pool.query(`DELETE FROM sys_menu WHERE path = $1 AND kind = 'menu'`, [leafPath]);
    await pool.query(`UPDATE sys_menu SET name = '客户档案' WHERE path = '/masterdata/customer'`);

    expect(await addNewMenuEntries(db)).toBe(1 + buttons);
    const after = await pool.query(
      `SELECT r.role_code FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id JOIN sys_menu m ON m.id = rm.menu_id
        WHERE m.path = $1 ORDER BY 1`, [leafPath]);
    expect(after.rows).toEqual(before.rows);
    expect(await count(`parent_id = (SELECT id FROM sys_menu WHERE path = $1 AND kind = 'menu')`, [leafPath])).toBe(buttons);
    expect(await count(`path = '/masterdata/customer' AND name = '客户档案'`)).toBe(1);
    expect(await addNewMenuEntries(db)).toBe(0);
  });

  it('adds an entry of a new area under a new folder, twice started at once without doubles', async () => {
    const area: MenuSeed = {
      name: '新区域', en: 'New area', path: '/new-area', children: [{ name: '新页面', en: 'New page', path: '/new-area/page', roles: ['ROLE_OPERATOR'],
        buttons: [{ name: '新增', en: 'Add', permission: 'new_area_add', roles: ['ROLE_OPERATOR'] }] }],
    };
    const tree = [...MENU_TREE, area];
    const results = await Promise.all([addNewMenuEntries(db, tree), addNewMenuEntries(db, tree)]);
    expect(results.sort()).toEqual([0, 3]);
    expect(await count(`path LIKE '/new-area%'`)).toBe(2);
    expect(await count(`permission = 'new_area_add'`)).toBe(1);
  });
});
