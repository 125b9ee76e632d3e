import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportDefinition } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { defineModule } from '../../platform/module/define';
import type { ReportDataset } from '../../platform/reports/dataset';

// 报表设计 through HTTP, as the designer screen calls it. A dataset and a built-in report of a
// family of this file, mounted with the app only (not in the product's module list), stand for the
// platform's own: the designer reads the modules the app mounted, as the report centre does.
const trips: ReportDataset = {
  key: 'design_test.trips', name: '测试车次', nameEn: 'Test trips', permission: 'report_design', executor: 'app',
  params: [
    { key: 'day', title: '日期', titleEn: 'Day', type: 'date', default: '${today}' },
    { key: 'material', title: '物料', titleEn: 'Material', type: 'material' },
  ],
  fields: [
    { key: 'kind', title: '业务', titleEn: 'Kind', type: 'text' },
    { key: 'material', title: '物料', titleEn: 'Material', type: 'text' },
    { key: 'trips', title: '车次', titleEn: 'Trips', type: 'int', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
  ],
  query: () => ({ text: 'SELECT 1', values: [] }),
};
const builtIn: ReportDefinition = {
  code: 'design_test_daily', name: '测试日报', nameEn: 'Test daily', source: { kind: 'dataset', key: trips.key }, params: [],
  columns: [{ field: 'material', title: '物料', titleEn: 'Material' }, { field: 'net', title: '净重', titleEn: 'Net' }],
  heads: [], groupBy: [], sort: [], page: { size: 'A4', orientation: 'landscape' }, roles: [],
};
const { app, database } = await createTestApp({}, { extraModules: [defineModule({ key: 'design-test', datasets: [trips], reports: [builtIn] })] });
const { pool } = database;
let admin: string;
let accountant: string;
let operator: string;
let HDSN: string;
let HDJC: string;

beforeAll(async () => {
  [admin, accountant, operator] = (await Promise.all([bearerFor(app, 'admin'), bearerFor(app, 'accountant'), bearerFor(app, 'operator')])).map((b) => b.authorization);
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
});

/** A two-level header (过磅 over 车次 and 净重), a subtotal per kind and a bar chart, read by the accountant. */
const design = (code: string, over: Partial<ReportDefinition> = {}): ReportDefinition => ({
  code, name: `物料汇总 ${code}`, nameEn: `Materials ${code}`, source: { kind: 'dataset', key: trips.key },
  params: [{ key: 'day', default: '${yesterday}' }],
  columns: [
    { field: 'kind', title: '业务', titleEn: 'Kind' },
    { field: 'material', title: '物料', titleEn: 'Material', width: 160 },
    { field: 'trips', title: '车次', titleEn: 'Trips', head: 'weigh', total: 'sum', align: 'right' },
    { field: 'net', title: '净重', titleEn: 'Net', head: 'weigh', total: 'sum', format: 'weight' },
  ],
  heads: [{ id: 'weigh', title: '过磅', titleEn: 'Weighing' }],
  groupBy: ['kind'], sort: [{ key: 'net', dir: 'desc' }],
  chart: { type: 'bar', x: 'material', series: ['net'] },
  page: { size: 'A4', orientation: 'landscape', subtitle: '单位：吨' },
  roles: ['ROLE_ACCOUNTANT'],
  ...over,
});

const create = (definition: unknown, who = admin) => call(app, 'POST', '/api/report/template-info', who, { definition });
const get = (id: string, who = admin) => call(app, 'GET', `/api/report/template-info/${id}`, who);
const update = (id: string, definition: unknown, version: number) => call(app, 'PUT', `/api/report/template-info/${id}`, admin, { definition, version });
const menu = (id: string, place: boolean) => call(app, 'POST', `/api/report/template-info/${id}/menu`, admin, { place });
const switchTo = (who: string, id: string) => call(app, 'POST', `/api/sys-user-org/switchOrg/${id}`, who);
const logs = async (action: string, code: string) => (await pool.query('SELECT count(*)::int AS n FROM sys_log WHERE action = $1 AND doc_no = $2', [action, code])).rows[0].n as number;
const count = async (code: string) => (await pool.query('SELECT count(*)::int AS n FROM rpt_report WHERE code = $1', [code])).rows[0].n as number;
const navPaths = async (who: string): Promise<string[]> => {
  const walk = (items: { path: string; children: unknown[] }[]): string[] => items.flatMap((i) => [i.path, ...walk(i.children as never)]);
  return walk(expectOk(await call(app, 'GET', '/api/sys-menu/nav', who)).data.menu);
};

describe('template info', () => {
  it('creates a report over a dataset, reads it back and lists it found by code or name, paged', async () => {
    const created = expectOk(await create(design('mat_a'))).data;
    expect(created).toMatchObject({ code: 'mat_a', name: '物料汇总 mat_a', source: trips.key, version: 0, menuId: null, menuPath: null });
    expect(created.definition).toMatchObject({ heads: [{ id: 'weigh' }], groupBy: ['kind'], chart: { type: 'bar' }, roles: ['ROLE_ACCOUNTANT'] });
    expect(expectOk(await get(created.id)).data.definition).toEqual(created.definition);
    expect(await logs('reportCreate', 'mat_a')).toBe(1);
    expectOk(await create(design('mat_b', { name: '另一张' })));
    const found = expectOk(await call(app, 'POST', '/api/report/template-info/list', admin, { search: '另一' })).data;
    expect(found.list.map((r: { code: string }) => r.code)).toEqual(['mat_b']);
    expect(expectOk(await call(app, 'POST', '/api/report/template-info/list', admin, { search: 'MAT_' })).data.total).toBe(2);
    const page = expectOk(await call(app, 'POST', '/api/report/template-info/list', admin, { search: 'mat_', pn: 2, ps: 1 })).data;
    expect(page).toMatchObject({ total: 2, pn: 2, ps: 1 });
    expect(page.list.map((r: { code: string }) => r.code)).toEqual(['mat_a']);
  });

  it('refuses a code the organisation has, also when two create it at once', async () => {
    expectFailure(await create(design('mat_a')), 400, '报表编码 mat_a 已存在');
    const both = await Promise.all([create(design('twin')), create(design('twin'))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await count('twin')).toBe(1);
  });

  it('refuses what the dataset has not got, naming the field, and keeps nothing', async () => {
    const bad = async (def: ReportDefinition, field: string, msg: string | RegExp) => {
      const body = expectFailure(await create(def), 400, msg);
      expect((body.data as { field: string }).field).toBe(field);
      expect(await count(def.code)).toBe(0);
    };
    const base = design('bad_one');
    await bad({ ...base, source: { kind: 'dataset', key: 'no.such' } }, 'definition.source.key', '数据源 no.such 不存在');
    await bad({ ...base, columns: [...base.columns, { field: 'weight', title: '重量', titleEn: 'Weight' }] }, 'definition.columns.4.field', '列 重量 的字段 weight 不在数据集 测试车次 中');
    await bad({ ...base, columns: [...base.columns, { field: 'net', title: '又一净重', titleEn: '' }] }, 'definition.columns.4.field', '列的字段 net 重复');
    await bad({ ...base, params: [{ key: 'carrier' }] }, 'definition.params.0.key', '参数 carrier 不在数据集 测试车次 中');
    await bad({ ...base, heads: [{ id: 'weigh', title: '过磅', titleEn: '', parent: 'nowhere' }] }, 'definition.heads.0.parent', '表头 过磅 的上级表头 nowhere 不存在');
    await bad({ ...base, heads: [{ id: 'weigh', title: '过磅', titleEn: '', parent: 'all' }, { id: 'all', title: '全部', titleEn: '', parent: 'weigh' }] }, 'definition.heads.0.parent', '表头 过磅 的上级表头形成循环');
    await bad({ ...base, columns: base.columns.map((c) => ({ ...c, head: c.head && 'gone' })) }, 'definition.columns.2.head', '列 车次 的表头 gone 不存在');
    await bad({ ...base, groupBy: ['amount'] }, 'definition.groupBy.0', '分组字段 amount 不是报表的列');
    await bad({ ...base, chart: { type: 'line', x: 'amount', series: ['net'] } }, 'definition.chart.x', '图表的分类字段 amount 不是报表的列');
    await bad({ ...base, chart: { type: 'bar', x: 'material', series: ['net', 'amount'] } }, 'definition.chart.series.1', '图表的数值字段 amount 不是报表的列');
    await bad({ ...base, chart: { type: 'pie', x: 'material', series: ['net', 'trips'] } }, 'definition.chart.series', '饼图只能有一个数值字段');
    await bad({ ...base, sort: [{ key: 'plate', dir: 'asc' }] }, 'definition.sort.0.key', '排序字段 plate 不在数据集 测试车次 中');
    await bad({ ...base, roles: ['ROLE_ACCOUNTANT', 'ROLE_NOBODY'] }, 'definition.roles.1', '角色 ROLE_NOBODY 不存在');
    await bad({ ...base, code: 'bad one' } as ReportDefinition, 'definition.code', /参数 definition.code 错误/);
    expectFailure(await create({ ...base, columns: [] }), 400, /definition.columns/);
    expectFailure(await create(null), 400);
  });

  it('keeps one of two edits of the same version and tells the other it changed meanwhile', async () => {
    const { id } = expectOk(await create(design('race'))).data;
    const [a, b] = await Promise.all([update(id, design('race', { name: '甲改' }), 0), update(id, design('race', { name: '乙改' }), 0)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = a.statusCode === 200 ? '甲改' : '乙改';
    expect(expectOk(await get(id)).data).toMatchObject({ name: won, version: 1 });
    expect(await logs('reportUpdate', 'race')).toBe(1);
    expectFailure(await update(id, design('race'), 0), 409, '报表 race 已被他人修改，请刷新后重试');
    expectFailure(await update(id, design('race_renamed'), 1), 400, '报表编码不能修改（原为 race）');
    expectFailure(await update(id, design('race', { groupBy: ['amount'] }), 1), 400, '分组字段 amount 不是报表的列');
    expectFailure(await update('999999', design('race'), 0), 404);
  });

  it('copies a built-in report or a designed one to a new code, refusing a code in use', async () => {
    const fromBuiltIn = expectOk(await call(app, 'POST', `/api/report/template-info/${builtIn.code}/copy`, admin, { code: 'my_daily' })).data;
    expect(fromBuiltIn).toMatchObject({ code: 'my_daily', name: '测试日报 副本', definition: { columns: builtIn.columns, source: builtIn.source } });
    expect(await logs('reportCopy', 'my_daily')).toBe(1);
    const { id } = expectOk(await create(design('orig'))).data;
    const copy = expectOk(await call(app, 'POST', `/api/report/template-info/${id}/copy`, admin, { code: 'orig_2', name: '第二张' })).data;
    expect(copy).toMatchObject({ code: 'orig_2', name: '第二张', menuId: null, definition: { heads: design('orig').heads, chart: design('orig').chart } });
    expectFailure(await call(app, 'POST', `/api/report/template-info/${id}/copy`, admin, { code: 'orig_2' }), 400, '报表编码 orig_2 已存在');
    expectFailure(await call(app, 'POST', '/api/report/template-info/no_such_builtin/copy', admin, { code: 'x1' }), 404, '内置报表不存在: no_such_builtin');
    expect(expectOk(await call(app, 'GET', '/api/report/template-info/builtins', admin)).data).toContainEqual({ code: builtIn.code, name: '测试日报', nameEn: 'Test daily', source: trips.key });
  });

  it('deletes a report with its leaf in the menu and its readers\' widths', async () => {
    const { id } = expectOk(await create(design('gone_soon'))).data;
    const placed = expectOk(await menu(id, true)).data;
    await pool.query("INSERT INTO rpt_report_width (org_id, report_code, user_id, field, width) SELECT $1, 'gone_soon', id, 'net', 120 FROM sys_user WHERE username = 'accountant'", [HDSN]);
    expect(await navPaths(accountant)).toContain('/reportforms/gone_soon');
    expectOk(await call(app, 'DELETE', `/api/report/template-info/${id}`, admin));
    expect(await count('gone_soon')).toBe(0);
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_menu WHERE id = $1', [placed.menuId])).rows[0].n).toBe(0);
    expect((await pool.query("SELECT count(*)::int AS n FROM rpt_report_width WHERE report_code = 'gone_soon'")).rows[0].n).toBe(0);
    expect(await navPaths(accountant)).not.toContain('/reportforms/gone_soon');
    expect(await logs('reportDelete', 'gone_soon')).toBe(1);
    expectFailure(await call(app, 'DELETE', `/api/report/template-info/${id}`, admin), 404);
  });
});

describe('template fields and style heads', () => {
  it('answers a dataset\'s fields, and 404 for one that does not exist', async () => {
    expect(expectOk(await call(app, 'GET', `/api/report/template-fields/${trips.key}`, admin)).data).toEqual(trips.fields);
    expectFailure(await call(app, 'GET', '/api/report/template-fields/no.such', admin), 404, '数据集 no.such 不存在');
    expectFailure(await call(app, 'GET', '/api/report/template-fields/sql:42', admin), 404, '数据集 sql:42 不存在');
  });

  it('reads and writes the style heads: a three-level tree over the columns, no loop, no deeper', async () => {
    const { id } = expectOk(await create(design('heads'))).data;
    const read = expectOk(await call(app, 'GET', `/api/report/style-heads/${id}`, admin)).data;
    expect(read).toEqual({ heads: [{ id: 'weigh', title: '过磅', titleEn: 'Weighing' }], columns: expect.arrayContaining([{ field: 'net', title: '净重', head: 'weigh' }, { field: 'kind', title: '业务', head: null }]), version: 0 });
    const heads = [{ id: 'all', title: '合计', titleEn: 'All' }, { id: 'goods', title: '货物', titleEn: 'Goods', parent: 'all' }, { id: 'weigh', title: '过磅', titleEn: 'Weighing', parent: 'all' }];
    const saved = expectOk(await call(app, 'PUT', `/api/report/style-heads/${id}`, admin, { heads, columns: [{ field: 'material', head: 'goods' }, { field: 'kind', head: 'goods' }], version: 0 })).data;
    expect(saved.version).toBe(1);
    expect(saved.columns).toEqual(expect.arrayContaining([{ field: 'material', title: '物料', head: 'goods' }, { field: 'net', title: '净重', head: 'weigh' }]));
    expect(expectOk(await get(id)).data.definition.heads).toEqual(heads);
    expect(await logs('reportHeads', 'heads')).toBe(1);
    const put = (body: unknown) => call(app, 'PUT', `/api/report/style-heads/${id}`, admin, body);
    const loop = [{ id: 'a', title: 'A', titleEn: '', parent: 'b' }, { id: 'b', title: 'B', titleEn: '', parent: 'a' }];
    expectFailure(await put({ heads: loop, columns: [], version: 1 }), 400, '表头 A 的上级表头形成循环');
    const deep = [{ id: 'a', title: 'A', titleEn: '' }, { id: 'b', title: 'B', titleEn: '', parent: 'a' }, { id: 'c', title: 'C', titleEn: '', parent: 'b' }, { id: 'd', title: 'D', titleEn: '', parent: 'c' }];
    expectFailure(await put({ heads: deep, columns: [], version: 1 }), 400, '表头 D 超过 3 级');
    // removing a head that columns still sit under names the column
    expectFailure(await put({ heads: [], columns: [], version: 1 }), 400, '列 业务 的表头 goods 不存在');
    expectFailure(await put({ heads, columns: [{ field: 'amount', head: 'all' }], version: 1 }), 400, '字段 amount 不是报表的列');
    expectFailure(await put({ heads, columns: [], version: 0 }), 409);
    expect(expectOk(await get(id)).data.version).toBe(1);
  });
});

describe('export and import', () => {
  it('exports the definition as a JSON file that imports on the other plant, where the code is then taken', async () => {
    const { id } = expectOk(await create(design('travels'))).data;
    const res = await call(app, 'GET', `/api/report/template-info/${id}/export`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="report-travels.json"/);
    const file = JSON.parse(res.body);
    expect(file).toMatchObject({ format: 'weighbridge-report', formatVersion: 1, definition: design('travels') });

    const { authorization: elsewhere } = await bearerFor(app, 'admin');
    expectOk(await switchTo(elsewhere, HDJC));
    const imported = expectOk(await call(app, 'POST', '/api/report/template-info/import', elsewhere, file)).data;
    expect(imported).toMatchObject({ code: 'travels', version: 0, menuId: null });
    const { rows } = await pool.query("SELECT org_id::text FROM rpt_report WHERE code = 'travels' ORDER BY org_id");
    expect(rows.map((r) => r.org_id).sort()).toEqual([HDSN, HDJC].sort());
    expect(await logs('reportImport', 'travels')).toBe(1);
    // the first plant has it already
    expectFailure(await call(app, 'POST', '/api/report/template-info/import', admin, file), 400, '报表编码 travels 已存在');
    // each plant sees its own
    const listed = expectOk(await call(app, 'POST', '/api/report/template-info/list', elsewhere, {})).data.list;
    expect(listed.map((r: { code: string }) => r.code)).toEqual(['travels']);
    expectFailure(await get(id, elsewhere), 404);
  });

  it('refuses a file that is not a report definition, or one over a dataset this plant has not got', async () => {
    const file = { format: 'weighbridge-report', formatVersion: 1, definition: design('strange') };
    expectFailure(await call(app, 'POST', '/api/report/template-info/import', admin, { ...file, format: 'other' }), 400, /不是报表定义文件/);
    expectFailure(await call(app, 'POST', '/api/report/template-info/import', admin, { ...file, formatVersion: 2 }), 400, /版本不受支持/);
    expectFailure(await call(app, 'POST', '/api/report/template-info/import', admin, { ...file, definition: { ...file.definition, source: { kind: 'dataset', key: 'plant.elsewhere' } } }), 400, '数据源 plant.elsewhere 不存在');
    expectFailure(await call(app, 'POST', '/api/report/template-info/import', admin, { ...file, definition: { ...file.definition, source: { kind: 'sql', id: '77' } } }), 400, '数据源 sql:77 不存在');
    expect(await count('strange')).toBe(0);
  });
});

describe('the menu and the rights', () => {
  it('places a report in the menu for its roles in its plant only, follows its roles, and takes it out', async () => {
    const { id } = expectOk(await create(design('in_menu'))).data;
    const placed = expectOk(await menu(id, true)).data;
    expect(placed.menuPath).toBe('/reportforms/in_menu');
    const { rows: [leaf] } = await pool.query('SELECT m.path, m.component, m.name, m.name_en, m.org_id::text, p.path AS folder FROM sys_menu m JOIN sys_menu p ON p.id = m.parent_id WHERE m.id = $1', [placed.menuId]);
    expect(leaf).toEqual({ path: '/reportforms/in_menu', component: 'reports/view', name: '物料汇总 in_menu', name_en: 'Materials in_menu', org_id: HDSN, folder: '/reportforms' });
    expect(await logs('reportMenuPlace', 'in_menu')).toBe(1);
    expect(await navPaths(accountant)).toContain('/reportforms/in_menu');
    expect(await navPaths(admin)).toContain('/reportforms/in_menu');
    expect(await navPaths(operator)).not.toContain('/reportforms/in_menu');
    // the accountant in the other plant does not see this plant's leaf
    const { authorization: accountantThere } = await bearerFor(app, 'accountant');
    expectOk(await switchTo(accountantThere, HDJC));
    expect(await navPaths(accountantThere)).not.toContain('/reportforms/in_menu');

    // the roles edited: the leaf follows, and its new name
    expectOk(await update(id, design('in_menu', { name: '给司磅', roles: ['ROLE_OPERATOR'] }), 0));
    expect(await navPaths(operator)).toContain('/reportforms/in_menu');
    expect(await navPaths(accountant)).not.toContain('/reportforms/in_menu');
    expect((await pool.query('SELECT name FROM sys_menu WHERE id = $1', [placed.menuId])).rows[0].name).toBe('给司磅');

    expectFailure(await menu(id, true), 400, '报表 in_menu 已在菜单中');
    const removed = expectOk(await menu(id, false)).data;
    expect(removed).toMatchObject({ menuId: null, menuPath: null });
    expect(await navPaths(operator)).not.toContain('/reportforms/in_menu');
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_menu WHERE id = $1', [placed.menuId])).rows[0].n).toBe(0);
    expect(await logs('reportMenuRemove', 'in_menu')).toBe(1);
    expectFailure(await menu(id, false), 400, '报表 in_menu 不在菜单中');
  });

  it('shows a role the current plant\'s report leaves only, and takes the folder\'s grant with the role\'s last leaf', async () => {
    const { rows: [role] } = await pool.query(
      `INSERT INTO sys_role (group_id, role_code, role_name) SELECT group_id, 'ROLE_REPVIEW', '报表查看' FROM sys_org WHERE id = $1 RETURNING id::text`, [HDSN]);
    const folder = (await pool.query(`SELECT id::text FROM sys_menu WHERE path = '/reportforms' AND parent_id IS NULL AND org_id IS NULL`)).rows[0].id as string;
    const grants = async () => (await pool.query('SELECT menu_id::text FROM sys_role_menu WHERE role_id = $1 ORDER BY menu_id', [role.id])).rows.map((r) => r.menu_id as string);
    const first = expectOk(await create(design('leaf_one', { roles: ['ROLE_REPVIEW'] }))).data;
    const second = expectOk(await create(design('leaf_two', { roles: ['ROLE_REPVIEW'] }))).data;
    const one = expectOk(await menu(first.id, true)).data.menuId as string;
    const two = expectOk(await menu(second.id, true)).data.menuId as string;
    expect(await grants()).toEqual([folder, one, two].sort());

    // the role tree: this plant's leaves, not the other plant's
    const { rows: [{ id: elsewhere }] } = await pool.query(
      `INSERT INTO sys_menu (parent_id, kind, name, path, component, org_id, sort) VALUES ($1, 'menu', '别厂报表', '/reportforms/elsewhere', 'reports/view', $2, 99) RETURNING id::text`, [folder, HDJC]);
    const ids = (nodes: { id: string; children: unknown[] }[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children as never)]);
    const tree = ids(expectOk(await call(app, 'GET', '/api/sys-role/resource-tree', admin)).data);
    expect(tree).toContain(one);
    expect(tree).not.toContain(elsewhere);
    // 菜单管理 likewise: its tree, reads and saves know this plant's leaves only
    const adminTree = ids(expectOk(await call(app, 'GET', '/api/sys-menu/tree', admin)).data);
    expect(adminTree).toContain(one);
    expect(adminTree).not.toContain(elsewhere);
    expect((expectOk(await call(app, 'GET', `/api/sys-menu/list/${folder}`, admin)).data as { id: string }[]).map((e) => e.id)).not.toContain(elsewhere);
    expectFailure(await call(app, 'GET', `/api/sys-menu/info/${elsewhere}`, admin), 404, '菜单不存在');
    const leafEntry = { parentId: folder, kind: 'menu', name: '改名', path: '/reportforms/elsewhere', component: 'reports/view', sort: 99, keepAlive: true, menuFlag: 'web' };
    expectFailure(await call(app, 'PUT', `/api/sys-menu/${elsewhere}`, admin, leafEntry), 404, '菜单不存在');
    expectFailure(await call(app, 'DELETE', `/api/sys-menu/${elsewhere}`, admin), 404, '菜单不存在');
    expectFailure(await call(app, 'POST', '/api/sys-menu', admin, { ...leafEntry, parentId: elsewhere, path: '/reportforms/under' }), 400, '上级菜单不存在');
    expect((await pool.query('SELECT name FROM sys_menu WHERE id = $1', [elsewhere])).rows[0].name).toBe('别厂报表');

    // the first leaf out: the second keeps the folder; the second deleted with its report: the folder goes
    expectOk(await menu(first.id, false));
    expect(await grants()).toEqual([folder, two].sort());
    expectOk(await call(app, 'DELETE', `/api/report/template-info/${second.id}`, admin));
    expect(await grants()).toEqual([]);

    // the other plant's leaf granted: a save from this plant's tree neither shows it nor drops it, and cannot name it
    await pool.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2), ($1, $3)', [role.id, elsewhere, folder]);
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${role.id}`, admin)).data.menuIds).toEqual([folder]);
    expectOk(await call(app, 'PUT', '/api/sys-role/menu', admin, { roleId: role.id, menuIds: [] }));
    expect(await grants()).toEqual([folder, elsewhere].sort());
    expectFailure(await call(app, 'PUT', '/api/sys-role/menu', admin, { roleId: role.id, menuIds: [elsewhere] }), 400, new RegExp(`菜单 ${elsewhere} 不存在`));
  });

  it('places a report once when two place it at once, and refuses a path of the platform\'s own menu', async () => {
    const { id } = expectOk(await create(design('once'))).data;
    const both = await Promise.all([menu(id, true), menu(id, true)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await pool.query("SELECT count(*)::int AS n FROM sys_menu WHERE path = '/reportforms/once'")).rows[0].n).toBe(1);
    const { id: clash } = expectOk(await create(design('design'))).data;
    expectFailure(await menu(clash, true), 400, '菜单路径 /reportforms/design 已被系统菜单占用，请换一个报表编码');
  });

  it('is the administrators\': other roles are refused every call', async () => {
    expectFailure(await call(app, 'POST', '/api/report/template-info/list', accountant, {}), 403);
    expectFailure(await create(design('not_mine'), accountant), 403);
    expectFailure(await call(app, 'GET', `/api/report/template-fields/${trips.key}`, operator), 403);
    expect(await count('not_mine')).toBe(0);
    expect(await navPaths(accountant)).not.toContain('/reportforms/design');
    expect(await navPaths(admin)).toContain('/reportforms/design');
  });
});
