import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness';

// A database seeded before the line form edited its points kept a 线路控制点 screen whose calls
// are gone; migration 020 removes its menu entry, buttons, grants and templates.
const { database } = await createTestApp();
const { pool } = database;
const MIGRATION = path.resolve(import.meta.dirname, '../../../../migrations/020_retire_line_point_screen.sql');

describe('the retired control point screen', () => {
  it('is removed from a database that still has it, and nothing else goes', async () => {
    const folder = (await pool.query(`SELECT id FROM sys_menu WHERE kind = 'menu' AND path = '/masterdata'`)).rows[0].id;
    const leaf = (await pool.query(`INSERT INTO sys_menu (parent_id, kind, name, path) VALUES ($1, 'menu', '线路控制点', '/masterdata/line-point') RETURNING id`, [folder])).rows[0].id;
    await pool.query(`INSERT INTO sys_menu (parent_id, kind, name, permission) VALUES ($1, 'button', '新增', 'md_line_point_create')`, [leaf]);
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT id, $1 FROM sys_role LIMIT 1`, [leaf]);
    await pool.query(`INSERT INTO cg_format (format_code, format_name, format_type, format_style, main_table, source, menu_id)
      VALUES ('masterdata.line-point.list', '线路控制点', 'LIST', 'FORMAT_LIST_BASE', 'md_line_point', 'code', $1)`, [leaf]);
    const menus = async () => (await pool.query(`SELECT count(*)::int AS n FROM sys_menu`)).rows[0].n as number;
    const before = await menus();

    await pool.query(fs.readFileSync(MIGRATION, 'utf8'));

    expect(await menus()).toBe(before - 2);
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_role_menu WHERE menu_id = $1`, [leaf])).rows[0].n).toBe(0);
    expect((await pool.query(`SELECT count(*)::int AS n FROM cg_format WHERE format_code LIKE 'masterdata.line-point.%'`)).rows[0].n).toBe(0);
    expect((await pool.query(`SELECT count(*)::int AS n FROM cg_format WHERE format_code LIKE 'masterdata.line.%'`)).rows[0].n).toBeGreaterThan(0);
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_menu WHERE path = '/masterdata/line'`)).rows[0].n).toBe(1);
  });
});
