import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../test/harness';
import { call, expectOk } from '../../test/api';
import { NOTICE_LEAVES } from '../domain/notice/menu';
import { syncMenuEntries } from './menu-upgrade';
import type { MenuSeed } from '../platform/menu/define';
import { MENU_TREE } from './menus';

// A database seeded by an earlier release: the test database is seeded with today's tree, so an
// entry is taken away and must come back, while an administrator's edit of another stays.
const ctx = await createTestApp();
const { pool } = ctx.database;
const { db } = ctx.database;

const MIGRATION_025 = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations/025_loose_ends.sql'), 'utf8');

type MenuSyncResult = Awaited<ReturnType<typeof syncMenuEntries>>;
const count = async (where: string, params: unknown[] = []) =>
  (await pool.query(`SELECT count(*)::int AS n FROM sys_menu WHERE ${where}`, params)).rows[0].n as number;
const holders = async (where: string, params: unknown[] = []) =>
  (await pool.query(`SELECT r.role_code FROM sys_role_menu rm JOIN sys_role r ON r.id = rm.role_id JOIN sys_menu m ON m.id = rm.menu_id
                      WHERE ${where} ORDER BY 1`, params)).rows.map((r) => r.role_code as string);
const idOf = async (where: string, params: unknown[] = []) =>
  (await pool.query(`SELECT id::text FROM sys_menu WHERE ${where}`, params)).rows[0]?.id as string | undefined;

/** An entry as an earlier release's seed wrote it, granted to roles by code. */
async function oldEntry(entry: { parentId: string | null; kind: 'menu' | 'button'; name: string; path?: string; permission?: string }, roles: string[]): Promise<string> {
  const { rows: [row] } = await pool.query(
    `INSERT INTO sys_menu (parent_id, kind, name, name_en, path, permission) VALUES ($1, $2, $3, $3, $4, $5) RETURNING id::text`,
    [entry.parentId, entry.kind, entry.name, entry.path ?? null, entry.permission ?? null]);
  await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT id, $1 FROM sys_role WHERE role_code = ANY($2)`, [row.id, roles]);
  return row.id;
}

describe('bringing an existing database\'s menu entries up to the code\'s tree', () => {
  it('adds nothing and retires nothing in a database seeded with the current tree', async () => {
    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 0, regranted: 0 });
  });

  it('brings back a missing leaf with its buttons and grants, and leaves edited entries alone', async () => {
    const leafPath = '/masterdata/vehicle';
    const before = await holders('m.path = $1', [leafPath]);
    const buttons = await count(`parent_id = (SELECT id FROM sys_menu WHERE path = $1 AND kind = 'menu')`, [leafPath]);
    expect(buttons).toBeGreaterThan(0);
    await pool.query(`DELETE FROM sys_menu WHERE path = $1 AND kind = 'menu'`, [leafPath]);
    await pool.query(`UPDATE sys_menu SET name = '客户档案' WHERE path = '/masterdata/customer'`);

    expect(await syncMenuEntries(db)).toEqual({ added: 1 + buttons, moved: 0, retired: 0, regranted: 0 });
    expect(await holders('m.path = $1', [leafPath])).toEqual(before);
    expect(await count(`parent_id = (SELECT id FROM sys_menu WHERE path = $1 AND kind = 'menu')`, [leafPath])).toBe(buttons);
    expect(await count(`path = '/masterdata/customer' AND name = '客户档案'`)).toBe(1);
    expect((await syncMenuEntries(db)).added).toBe(0);
  });

  it('keeps a seeded leaf an administrator pointed at another page; a renamed one stays the tree\'s', async () => {
    const admin = (await bearerFor(ctx.app, 'admin')).authorization;
    const entry = async (p: string) => (await pool.query(`SELECT id::text, parent_id::text, name, seeded FROM sys_menu WHERE kind = 'menu' AND path = $1`, [p])).rows[0];
    const driver = await entry('/masterdata/driver');
    const body = { parentId: driver.parent_id, kind: 'menu', name: '司机档案' };
    expectOk(await call(ctx.app, 'PUT', `/api/sys-menu/${driver.id}`, admin, { ...body, path: '/masterdata/driver' }));
    expect((await entry('/masterdata/driver')).seeded).toBe(true);
    expectOk(await call(ctx.app, 'PUT', `/api/sys-menu/${driver.id}`, admin, { ...body, path: '/masterdata/our-drivers' }));
    expect((await entry('/masterdata/our-drivers')).seeded).toBe(false);

    const sync = await syncMenuEntries(db);
    // the tree's 司机 comes back beside it; the administrator's page and the buttons on it stay
    expect(sync).toMatchObject({ added: 1, moved: 0, retired: 0 });
    expect(await entry('/masterdata/our-drivers')).toMatchObject({ id: driver.id, name: '司机档案' });
    expect(await entry('/masterdata/driver')).toMatchObject({ name: '司机', seeded: true });
  });

  it('moves the help entry seeded at one host\'s address to this server\'s /help.html, keeping its id and grants', async () => {
    const OLD = 'http://localhost:8080/help.html';
    const help = (await idOf(`kind = 'menu' AND path = '/help.html'`))!;
    // as an earlier release seeded it, and granted by this plant to the operators too
    await pool.query('UPDATE sys_menu SET path = $1 WHERE id = $2', [OLD, help]);
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT id, $1 FROM sys_role WHERE role_code = 'ROLE_OPERATOR'`, [help]);
    const grants = await holders('m.id = $1', [help]);

    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 0, regranted: 0 });
    expect(await idOf(`kind = 'menu' AND path = '/help.html'`)).toBe(help);
    expect(await count('path = $1', [OLD])).toBe(0);
    expect(await holders('m.id = $1', [help])).toEqual(grants);
  });

  it('leaves an administrator\'s entry at the old help address where it is', async () => {
    const OLD = 'http://localhost:8080/help.html';
    const system = (await idOf(`kind = 'menu' AND path = '/system'`))!;
    const { rows: [own] } = await pool.query(
      `INSERT INTO sys_menu (parent_id, kind, name, path, seeded) VALUES ($1, 'menu', '本厂帮助', $2, false) RETURNING id::text`, [system, OLD]);
    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 0, regranted: 0 });
    expect(await idOf('path = $1', [OLD])).toBe(own.id);
    expect(await count(`path = '/help.html'`)).toBe(1);
    await pool.query('DELETE FROM sys_menu WHERE id = $1', [own.id]);
  });

  it('adds an entry of a new area under a new folder, twice started at once without doubles', async () => {
    const area: MenuSeed = {
      name: '新区域', en: 'New area', path: '/new-area', children: [{ name: '新页面', en: 'New page', path: '/new-area/page', roles: ['ROLE_OPERATOR'],
        buttons: [{ name: '新增', en: 'Add', permission: 'new_area_add', roles: ['ROLE_OPERATOR'] }] }],
    };
    const tree = [...MENU_TREE, area];
    const results = await Promise.all([syncMenuEntries(db, tree), syncMenuEntries(db, tree)]);
    expect(results.map((r) => r.added).sort()).toEqual([0, 3]);
    expect(await count(`path LIKE '/new-area%'`)).toBe(2);
    expect(await count(`permission = 'new_area_add'`)).toBe(1);
    // the area leaves the code again: the next start takes it away, its grants with it
    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 3, regranted: 0 });
    expect(await count(`path LIKE '/new-area%' OR permission = 'new_area_add'`)).toBe(0);
  });
});

describe('a database seeded before the menus were regrouped', () => {
  // Before the regrouping each trading area (采购, 销售...) had its own 通知单 and 过磅单 leaves;
  // the notices now have their own area. The database here is put back to that shape and to the
  // schema of before migration 025, which then runs as it would on the plant's database.
  const purchaseNotice = NOTICE_LEAVES.find((c) => c.path.endsWith('/pu'))!;
  const auditButton = purchaseNotice.buttons!.find((b) => b.component === 'audit')!;

  it('retires the old per-area leaves with their role links, moves their buttons to the new area, keeps an administrator\'s entries', async () => {
    const admin = (await bearerFor(ctx.app, 'admin')).authorization;
    const purchase = (await idOf(`kind = 'menu' AND path = '/purchase'`))!;
    // an administrator's page under 采购, made through 菜单管理 before the upgrade
    const own = expectOk(await call(ctx.app, 'POST', '/api/sys-menu', admin, { parentId: purchase, kind: 'menu', name: '采购周报', path: '/purchase/weekly' })).data.id;

    // the old release: 采购通知单 held the notice buttons (the audit right granted to the quality role
    // by this plant), 采购过磅单 a button an administrator registered; no 通知单 area yet
    await pool.query('ALTER TABLE sys_menu DROP COLUMN seeded');
    const oldNotice = await oldEntry({ parentId: purchase, kind: 'menu', name: '采购通知单', path: '/purchase/notice' }, ['ROLE_ADMIN', 'ROLE_OPERATOR', 'ROLE_ACCOUNTANT']);
    const oldTicket = await oldEntry({ parentId: purchase, kind: 'menu', name: '采购过磅单', path: '/purchase/weigh' }, ['ROLE_ADMIN', 'ROLE_OPERATOR']);
    expectOk(await call(ctx.app, 'POST', '/api/sys-menu/permission', admin, { menuId: oldTicket, permission: 'pu_weigh_reprint', methods: ['POST'] }));
    const audit = (await idOf('permission = $1', [auditButton.permission]))!;
    await pool.query('UPDATE sys_menu SET parent_id = $1 WHERE id = $2', [oldNotice, audit]);
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT id, $1 FROM sys_role WHERE role_code = 'ROLE_QUALITY'`, [audit]);
    const auditHolders = await holders('m.id = $1', [audit]);
    await pool.query(`DELETE FROM sys_menu WHERE kind = 'menu' AND path LIKE '/notice%'`);
    await pool.query(MIGRATION_025);

    const sync = await syncMenuEntries(db);

    // the old leaves are gone, and no role holds them any more
    expect(await count(`path = '/purchase/notice'`)).toBe(0);
    expect(await holders('m.id = $1', [oldNotice])).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_role_menu WHERE menu_id = $1', [oldNotice])).rows[0].n).toBe(0);
    // the notice area is back, 采购通知单's audit button on it with the grants this plant gave it
    const newLeaf = await idOf(`kind = 'menu' AND path = $1`, [purchaseNotice.path]);
    expect(newLeaf).toBeDefined();
    expect((await pool.query('SELECT parent_id::text AS p FROM sys_menu WHERE id = $1', [audit])).rows[0].p).toBe(newLeaf);
    expect(await holders('m.id = $1', [audit])).toEqual(auditHolders);
    expect(auditHolders).toContain('ROLE_QUALITY');
    expect(await count('parent_id = $1', [newLeaf])).toBe(purchaseNotice.buttons!.length);
    // the administrator's page stays; 采购过磅单 stays while the button registered on it hangs there
    expect(await idOf('id = $1', [own])).toBe(own);
    expect(await idOf('id = $1', [oldTicket])).toBe(oldTicket);
    expect(await count(`permission = 'pu_weigh_reprint'`)).toBe(1);
    expect(sync).toMatchObject({ moved: 1, retired: 1 });
    // a second start has nothing left to do
    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 0, regranted: 0 });
  });
});

describe('a database seeded when 扣重 and 拆分 were rights without a button', () => {
  it('gives the seeded entries their list button, and leaves an administrator\'s entry as it is', async () => {
    await pool.query(`UPDATE sys_menu SET component = NULL WHERE permission IN ('weigh_pu_deduct', 'weigh_sa_split')`);
    // one an administrator re-pointed (no longer the tree's) and left without a button
    await pool.query(`UPDATE sys_menu SET component = NULL, seeded = false WHERE permission = 'weigh_al_deduct'`);
    await syncMenuEntries(db);
    const component = async (permission: string) => (await pool.query(`SELECT component FROM sys_menu WHERE permission = $1`, [permission])).rows[0]?.component;
    expect(await component('weigh_pu_deduct')).toBe('page:deductTicket');
    expect(await component('weigh_sa_split')).toBe('page:splitTicket');
    expect(await component('weigh_al_deduct')).toBeNull();
  });
});

describe('a database seeded when 过磅日报 opened no page', () => {
  it('gives the seeded leaf the report viewer, and leaves a leaf an administrator pointed elsewhere as it is', async () => {
    await pool.query(`UPDATE sys_menu SET component = NULL WHERE kind = 'menu' AND path = '/reportforms/daily'`);
    await pool.query(`UPDATE sys_menu SET component = 'reports/team' WHERE kind = 'menu' AND path = '/reportforms/monthly'`);
    await syncMenuEntries(db);
    const component = async (p: string) => (await pool.query(`SELECT component FROM sys_menu WHERE kind = 'menu' AND path = $1`, [p])).rows[0].component;
    expect(await component('/reportforms/daily')).toBe('reports/view');
    expect(await component('/reportforms/monthly')).toBe('reports/team');
    await pool.query(`UPDATE sys_menu SET component = 'reports/view' WHERE kind = 'menu' AND path = '/reportforms/monthly'`);
  });
});

describe('a database seeded when the lab held the tickets and the sampling grid', () => {
  // Before 062 the quality role (the lab's result entry) held the ticket lists, the site
  // confirmations, the sampling grid and the home page's gate chart: together they tie a blind code
  // to a truck. The database is put back to that shape and to before the sampler role existed.
  const leaves = ['/weigh/pu', '/weigh/sa', '/purchase/sampling', '/purchase/confirm', '/reportforms/daily'];
  const leafGrants = (role: string) => holders(`r.role_code = '${role}' AND m.kind = 'menu' AND m.path = ANY($1)`, [leaves]);
  const buttonGrants = (role: string, keys: string[]) => holders(`r.role_code = '${role}' AND m.permission = ANY($1)`, [keys]);
  const keys = ['weigh_pu_view', 'weigh_pu_deduct', 'confirm_pu_sampling_submit', 'confirm_pu_sampling_view', 'report_home_view'];

  it('moves the lab\'s seeded grants once: the quality role loses them, the sampler is made and gets its own', async () => {
    await pool.query(`DELETE FROM sys_seed_step`);
    await pool.query(`DELETE FROM sys_user_org_role WHERE role_id IN (SELECT id FROM sys_role WHERE role_code = 'ROLE_SAMPLER')`);
    await pool.query(`DELETE FROM sys_role_menu WHERE role_id IN (SELECT id FROM sys_role WHERE role_code = 'ROLE_SAMPLER')`);
    await pool.query(`DELETE FROM sys_role WHERE role_code = 'ROLE_SAMPLER'`);
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m
       WHERE r.role_code = 'ROLE_QUALITY' AND ((m.kind = 'menu' AND m.path = ANY($1) OR m.path IN ('/weigh', '/purchase')) OR m.permission = ANY($2))
      ON CONFLICT DO NOTHING`, [leaves, keys]);
    // granted by this plant to the lab, never by the tree, and not among the step's leaves: it stays
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m
       WHERE r.role_code = 'ROLE_QUALITY' AND m.kind = 'menu' AND m.path = '/masterdata/vehicle' ON CONFLICT DO NOTHING`);
    expect((await leafGrants('ROLE_QUALITY')).length).toBe(leaves.length);

    // two instances starting at once: one takes the step, the other finds it taken
    const both = await Promise.all([syncMenuEntries(db), syncMenuEntries(db)]);
    const [sync, other] = both.sort((a, b) => b.regranted - a.regranted) as [MenuSyncResult, MenuSyncResult];
    expect(sync.regranted).toBeGreaterThan(keys.length + leaves.length);
    expect(other.regranted).toBe(0);
    expect(await leafGrants('ROLE_QUALITY')).toEqual([]);
    expect(await buttonGrants('ROLE_QUALITY', keys)).toEqual([]);
    expect(await holders(`r.role_code = 'ROLE_QUALITY' AND m.kind = 'menu' AND m.path IN ('/weigh', '/purchase')`)).toEqual([]);
    // the lab keeps its own screens, and what the plant gave it outside the step
    expect(await holders(`r.role_code = 'ROLE_QUALITY' AND m.path IN ('/quality', '/quality/assay', '/masterdata/vehicle')`)).toHaveLength(3);
    expect(await holders(`r.role_code = 'ROLE_QUALITY' AND m.permission = 'quality_assay_enter'`)).toHaveLength(1);
    // the sampler exists in the group and holds the sampling grid, the tickets and the map, no result entry
    expect(await buttonGrants('ROLE_SAMPLER', ['confirm_pu_sampling_view', 'confirm_pu_sampling_submit', 'weigh_pu_view', 'quality_sample_map'])).toHaveLength(4);
    expect(await holders(`r.role_code = 'ROLE_SAMPLER' AND m.kind = 'menu' AND m.path IN ('/purchase', '/purchase/sampling', '/weigh', '/weigh/pu')`)).toHaveLength(4);
    expect(await buttonGrants('ROLE_SAMPLER', ['quality_assay_enter', 'quality_assay_view', 'weigh_pu_deduct', 'confirm_pu_submit'])).toEqual([]);

    // once: a grant an administrator gives back afterwards stands at the next start
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m
       WHERE r.role_code = 'ROLE_QUALITY' AND m.permission = 'weigh_pu_view'`);
    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 0, regranted: 0 });
    expect(await buttonGrants('ROLE_QUALITY', ['weigh_pu_view'])).toEqual(['ROLE_QUALITY']);
  });
});

describe('a database seeded before the sidebar had a second level', () => {
  it('gathers the seeded leaves into their new folders with their ids, buttons and grants, and a plant\'s own grant keeps its page in sight', async () => {
    // put the database back to one list under 销售: no group folders, every leaf straight under the area
    const sale = (await idOf(`kind = 'menu' AND path = '/sale'`))!;
    const contract = (await idOf(`kind = 'menu' AND path = '/sale/contract'`))!;
    const buttons = await count(`parent_id = $1`, [contract]);
    await pool.query(`UPDATE sys_menu SET parent_id = $1 WHERE kind = 'menu' AND parent_id IN (SELECT id FROM sys_menu WHERE path LIKE '/sale/menu-group/%')`, [sale]);
    await pool.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE path LIKE '/sale/menu-group/%')`);
    await pool.query(`DELETE FROM sys_menu WHERE path LIKE '/sale/menu-group/%'`);
    // the plant gave the operators 销售合同, which the tree does not; and the receipt's form page shows
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT id, $1 FROM sys_role WHERE role_code = 'ROLE_OPERATOR' ON CONFLICT DO NOTHING`, [contract]);
    await pool.query(`UPDATE sys_menu SET hidden = false WHERE path = '/modules/sale/recive_payment/edit'`);

    const sync = await syncMenuEntries(db);
    expect(sync.added).toBe(4);
    expect(sync.moved).toBeGreaterThanOrEqual(16);
    const folder = (await idOf(`kind = 'menu' AND path = '/sale/menu-group/contract-price'`))!;
    expect(await idOf(`kind = 'menu' AND path = '/sale/contract' AND parent_id = $1`, [folder])).toBe(contract);
    expect(await count(`parent_id = $1`, [contract])).toBe(buttons);
    expect(await holders(`m.id = $1`, [folder])).toEqual(['ROLE_ACCOUNTANT', 'ROLE_ADMIN', 'ROLE_OPERATOR']);
    expect(await count(`path = '/modules/sale/recive_payment/edit' AND hidden`)).toBe(1);
    // the operator's sidebar shows the page the plant gave it, inside its folder
    const { authorization } = await bearerFor(ctx.app, 'operator');
    const nav = expectOk(await call(ctx.app, 'GET', '/api/sys-menu/nav', authorization)).data as { menu: { path: string; children: { path: string; children: { path: string }[] }[] }[] };
    const saleArea = nav.menu.find((m) => m.path === '/sale')!;
    expect(saleArea.children.find((c) => c.path === '/sale/menu-group/contract-price')?.children.map((c) => c.path)).toEqual(['/sale/contract']);
    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 0, regranted: 0 });
  });

  it('moves 对账查询 from 运费结算\'s buttons to its own leaf, the roles holding it granted the leaf', async () => {
    const freight = (await idOf(`kind = 'menu' AND path = '/settlement/freight'`))!;
    await pool.query(`UPDATE sys_menu SET parent_id = $1 WHERE kind = 'button' AND permission LIKE 'settlement_reconcile_%'`, [freight]);
    await pool.query(`DELETE FROM sys_menu WHERE kind = 'menu' AND path = '/settlement/reconcile'`);
    // a plant's own role that held the reconciliation button
    await pool.query(`INSERT INTO sys_role (group_id, role_code, role_name) SELECT group_id, 'ROLE_AUDITOR', '审计' FROM sys_role WHERE role_code = 'ROLE_ADMIN' LIMIT 1`);
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m
       WHERE r.role_code = 'ROLE_AUDITOR' AND m.permission = 'settlement_reconcile_view'`);

    const sync = await syncMenuEntries(db);
    expect(sync).toMatchObject({ added: 1, moved: 2, retired: 0 });
    const leaf = (await idOf(`kind = 'menu' AND path = '/settlement/reconcile'`))!;
    expect(await count(`kind = 'button' AND permission LIKE 'settlement_reconcile_%' AND parent_id = $1`, [leaf])).toBe(2);
    expect(await holders(`m.id = $1`, [leaf])).toEqual(['ROLE_ACCOUNTANT', 'ROLE_ADMIN', 'ROLE_AUDITOR']);
    expect(await syncMenuEntries(db)).toEqual({ added: 0, moved: 0, retired: 0, regranted: 0 });
  });
});
