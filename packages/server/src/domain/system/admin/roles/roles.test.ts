import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../../test/api';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

const roleId = async (code: string) => (await pool.query('SELECT id::text FROM sys_role WHERE role_code = $1', [code])).rows[0].id as string;
const menuId = async (path: string) => (await pool.query("SELECT id::text FROM sys_menu WHERE path = $1 AND kind = 'menu'", [path])).rows[0].id as string;
const grants = async (role: string) => (await pool.query('SELECT menu_id::text FROM sys_role_menu WHERE role_id = $1 ORDER BY menu_id', [role])).rows.map((r) => r.menu_id as string);
const navPaths = async (authorization: string): Promise<string[]> => {
  const { menu } = expectOk(await call(app, 'GET', '/api/sys-menu/nav', authorization)).data;
  const walk = (items: { path: string; children: unknown[] }[]): string[] => items.flatMap((m) => [m.path, ...walk(m.children as never)]);
  return walk(menu);
};
const saveMenus = (authorization: string, body: unknown) => call(app, 'PUT', '/api/sys-role/menu', authorization, body);

describe('the role’s menu permission tree', () => {
  let admin: string;
  let operatorRole: string;
  beforeAll(async () => {
    admin = (await bearerFor(app, 'admin')).authorization;
    operatorRole = await roleId('ROLE_OPERATOR');
  });

  it('serves the whole tree of menus and buttons to check from', async () => {
    const tree = expectOk(await call(app, 'GET', '/api/sys-role/resource-tree', admin)).data;
    const system = tree.find((n: { path: string }) => n.path === '/system');
    const access = system.children.find((n: { path: string }) => n.path === '/system/menu-group/access');
    const users = access.children.find((n: { path: string }) => n.path === '/system/user');
    expect(users.children.map((b: { kind: string; permission: string }) => [b.kind, b.permission])).toContainEqual(['button', 'sys_user_edit']);
  });

  it('takes a menu away: the next menu call of a holder no longer shows it', async () => {
    const operator = (await bearerFor(app, 'operator')).authorization;
    expect(await navPaths(operator)).toContain('/masterdata/vehicle');
    const vehicles = await menuId('/masterdata/vehicle');
    const vehicleButtons = (await pool.query('SELECT id::text FROM sys_menu WHERE parent_id = $1', [vehicles])).rows.map((r) => r.id);
    const kept = (await grants(operatorRole)).filter((id) => id !== vehicles && !vehicleButtons.includes(id));
    expectOk(await saveMenus(admin, { roleId: operatorRole, menuIds: kept }));
    const paths = await navPaths(operator);
    expect(paths).not.toContain('/masterdata/vehicle');
    expect(paths).toContain('/masterdata/driver');
    expectFailure(await call(app, 'POST', '/api/masterdata/vehicle/v2/list', operator, {}), 403);
  });

  it('grants the folders above a chosen entry, so the sidebar can reach it', async () => {
    const quality = (await bearerFor(app, 'quality')).authorization;
    const qualityRole = await roleId('ROLE_QUALITY');
    const param = await menuId('/system/param');
    expectOk(await saveMenus(admin, { roleId: qualityRole, menuIds: [...(await grants(qualityRole)), param] }));
    expect(await grants(qualityRole)).toContain(await menuId('/system'));
    expect(await navPaths(quality)).toEqual(expect.arrayContaining(['/system', '/system/param']));
  });

  it('answers 400 naming menuIds to an entry that does not exist, and changes nothing', async () => {
    const before = await grants(operatorRole);
    const failure = expectFailure(await saveMenus(admin, { roleId: operatorRole, menuIds: ['999999999'] }), 400);
    expect(failure.data).toEqual({ field: 'menuIds' });
    expectFailure(await saveMenus(admin, { roleId: operatorRole, menuIds: ['abc'] }), 400);
    expectFailure(await saveMenus(admin, { roleId: operatorRole, menuIds: [before[0], before[0]] }), 400);
    expect(await grants(operatorRole)).toEqual(before);
  });

  it('ends two administrators saving one role at once with one of the two trees whole, never a mix', async () => {
    const second = (await bearerFor(app, 'admin')).authorization;
    const all = (await pool.query("SELECT id::text FROM sys_menu WHERE parent_id IS NULL OR kind = 'menu' ORDER BY id")).rows.map((r) => r.id as string);
    const treeA = all.filter((_, i) => i % 2 === 0);
    const treeB = all.filter((_, i) => i % 3 === 0);
    const parents = new Map((await pool.query('SELECT id::text, parent_id::text FROM sys_menu')).rows.map((r) => [r.id, r.parent_id]));
    const closed = (ids: string[]) => {
      const out = new Set<string>();
      for (const id of ids) for (let at: string | null = id; at && !out.has(at); at = parents.get(at) ?? null) out.add(at);
      return [...out].sort((a, b) => Number(a) - Number(b));
    };
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        saveMenus(admin, { roleId: operatorRole, menuIds: treeA }),
        saveMenus(second, { roleId: operatorRole, menuIds: treeB }),
      ]);
      for (const r of results) expectOk(r);
      const final = await grants(operatorRole);
      expect([closed(treeA), closed(treeB)]).toContainEqual(final.sort((a, b) => Number(a) - Number(b)));
    }
  });

  it('does not touch a role of another group', async () => {
    const { rows } = await pool.query("INSERT INTO sys_group (group_code, group_name) VALUES ('OTHER', '别的集团') RETURNING id");
    const other = await pool.query("INSERT INTO sys_role (group_id, role_code, role_name) VALUES ($1, 'ROLE_X', '外人') RETURNING id::text", [rows[0].id]);
    expectFailure(await saveMenus(admin, { roleId: other.rows[0].id, menuIds: [] }), 404);
    expectFailure(await call(app, 'GET', `/api/sys-role/${other.rows[0].id}`, admin), 404);
    const page = expectOk(await call(app, 'GET', '/api/sys-role/page', admin)).data;
    expect(page.map((r: { roleCode: string }) => r.roleCode)).not.toContain('ROLE_X');
  });

  it('refuses the role calls to a user without the role permissions', async () => {
    const operator = (await bearerFor(app, 'operator')).authorization;
    expectFailure(await call(app, 'GET', '/api/sys-role/page', operator), 403);
    expectFailure(await saveMenus(operator, { roleId: operatorRole, menuIds: [] }), 403);
  });
});

describe('roles: create, update, enable and disable, scope', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await bearerFor(app, 'admin')).authorization;
  });

  it('creates a role and refuses its code twice, naming roleCode', async () => {
    const created = expectOk(await call(app, 'POST', '/api/sys-role', admin, { roleCode: 'ROLE_GATE', roleName: '门卫' })).data;
    expect(created.id).toMatch(/^\d+$/);
    const again = expectFailure(await call(app, 'POST', '/api/sys-role', admin, { roleCode: 'ROLE_GATE', roleName: '门卫2' }), 400, '角色编码 ROLE_GATE 已存在');
    expect(again.data).toEqual({ field: 'roleCode' });
    expectFailure(await call(app, 'POST', '/api/sys-role', admin, { roleCode: '', roleName: '空' }), 400);
    expectOk(await call(app, 'PUT', `/api/sys-role/${created.id}`, admin, { roleCode: 'ROLE_GATE', roleName: '门岗', remark: '门岗放行' }));
    const detail = expectOk(await call(app, 'GET', `/api/sys-role/${created.id}`, admin)).data;
    expect(detail).toMatchObject({ roleName: '门岗', remark: '门岗放行', enabled: true, menuIds: [], orgIds: [] });
  });

  it('a disabled role grants nothing: its holders lose its menus and calls until it is enabled', async () => {
    const operator = (await bearerFor(app, 'operator')).authorization;
    const role = await roleId('ROLE_OPERATOR');
    // what the role grants now depends on the trees the earlier tests saved
    const granted = await navPaths(operator);
    expectOk(await call(app, 'PUT', `/api/sys-role/${role}/disable`, admin));
    expect(await navPaths(operator)).toEqual([]);
    expect(expectOk(await call(app, 'GET', '/api/sys-menu/nav', operator)).data.roles).toEqual([]);
    expectFailure(await call(app, 'POST', '/api/masterdata/driver/v2/list', operator, {}), 403);
    expectOk(await call(app, 'PUT', `/api/sys-role/${role}/enable`, admin));
    expect(granted.length).toBeGreaterThan(0);
    expect(await navPaths(operator)).toEqual(granted);
  });

  it('refuses to disable the administrator role', async () => {
    expectFailure(await call(app, 'PUT', `/api/sys-role/${await roleId('ROLE_ADMIN')}/disable`, admin), 400, '管理员角色不能停用');
  });

  it('saves the role’s organisations, assay items and material classes, refusing another group’s', async () => {
    const role = await roleId('ROLE_QUALITY');
    const hdsn = await orgId(pool, 'HDSN');
    const items = (await pool.query("SELECT q.id::text FROM qm_assay_item q JOIN sys_group g ON g.id = q.group_id WHERE g.group_code <> 'OTHER' ORDER BY item_code")).rows.map((r) => r.id);
    expect(items).toHaveLength(5);
    expectOk(await call(app, 'PUT', `/api/sys-role/${role}/scope`, admin, { orgIds: [hdsn], assayItemIds: items.slice(0, 2), classIds: [] }));
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${role}`, admin)).data).toMatchObject({ orgIds: [hdsn], assayItemIds: items.slice(0, 2) });
    const foreign = (await pool.query("SELECT q.id::text FROM qm_assay_item q JOIN sys_group g ON g.id = q.group_id WHERE g.group_code = 'OTHER' LIMIT 1")).rows[0].id;
    const failure = expectFailure(await call(app, 'PUT', `/api/sys-role/${role}/scope`, admin, { orgIds: [], assayItemIds: [foreign], classIds: [] }), 400);
    expect(failure.data).toEqual({ field: 'assayItemIds' });
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${role}`, admin)).data.assayItemIds).toEqual(items.slice(0, 2));
  });

  it('saves the number prefixes (code rules) of the group’s companies, refusing another group’s', async () => {
    const role = await roleId('ROLE_QUALITY');
    const hdjc = await orgId(pool, 'HDJC');
    const own = (await pool.query("INSERT INTO sys_code_rule (org_id, doc_kind, rule_name, prefix) VALUES ($1, 'qm.assay', '化验单', 'HY') RETURNING id::text", [hdjc])).rows[0].id;
    const otherOrg = (await pool.query("INSERT INTO sys_org (group_id, org_code, org_name) SELECT id, 'OT9', '别家' FROM sys_group WHERE group_code = 'OTHER' RETURNING id")).rows[0].id;
    const foreign = (await pool.query("INSERT INTO sys_code_rule (org_id, doc_kind, rule_name, prefix) VALUES ($1, 'qm.assay', '化验单', 'XX') RETURNING id::text", [otherOrg])).rows[0].id;
    const options = expectOk(await call(app, 'GET', '/api/sys-role/options', admin)).data;
    expect(options.codeRules.map((r: { id: string }) => r.id)).toContain(own);
    expect(options.codeRules.map((r: { id: string }) => r.id)).not.toContain(foreign);
    const failure = expectFailure(await call(app, 'PUT', `/api/sys-role/${role}/scope`, admin, { orgIds: [], assayItemIds: [], classIds: [], codeRuleIds: [foreign] }), 400, `编号前缀 ${foreign} 不存在`);
    expect(failure.data).toEqual({ field: 'codeRuleIds' });
    expectOk(await call(app, 'PUT', `/api/sys-role/${role}/scope`, admin, { orgIds: [], assayItemIds: [], classIds: [], codeRuleIds: [own] }));
    expect(expectOk(await call(app, 'GET', `/api/sys-role/${role}`, admin)).data.codeRuleIds).toEqual([own]);
  });
});
