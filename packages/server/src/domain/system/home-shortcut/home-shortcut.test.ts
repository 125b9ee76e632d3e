import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// 首页快捷入口: per role and company, the pages its people's home page opens in one click.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const B = '/api/system/home-shortcut';
let admin: string;
let operator: string;
let accountant: string;

const roleId = async (code: string) => String((await pool.query('SELECT id FROM sys_role WHERE role_code = $1', [code])).rows[0].id);
const menuId = async (path: string) => String((await pool.query('SELECT id FROM sys_menu WHERE path = $1', [path])).rows[0].id);
const mine = async (who: string) => (expectOk(await call(app, 'GET', `${B}/mine`, who)).data.list as { path: string }[]).map((c) => c.path);
const choices = async (role: string) => (expectOk(await call(app, 'GET', `${B}/choices?roleId=${role}`, admin)).data.list as { id: string; path: string }[]);

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
});

describe('home shortcuts per role', () => {
  it('offers a role the pages its menu grants, and puts the chosen ones on its people\'s home page in order', async () => {
    const op = await roleId('ROLE_OPERATOR');
    const offered = await choices(op);
    const paths = offered.map((c) => c.path);
    expect(paths).toContain('/weigh/pu');
    expect(paths).not.toContain('/system/announcement');
    expect(paths.some((p) => p.includes('/menu-group/'))).toBe(false);
    expect(await mine(operator)).toEqual([]);

    const chosen = [await menuId('/registry/pu'), await menuId('/weigh/pu')].filter((id) => offered.some((c) => c.id === id));
    expect(chosen).toHaveLength(2);
    expectOk(await call(app, 'POST', `${B}/save`, admin, { roleId: op, menuIds: chosen }));
    expect(await mine(operator)).toEqual(['/registry/pu', '/weigh/pu']);
    expect(await mine(accountant)).toEqual([]);
    const listed = expectOk(await call(app, 'POST', `${B}/v2/list`, admin, { sort: [{ key: 'roleName', dir: 'asc' }, { key: 'seq', dir: 'asc' }] })).data.list as { roleName: string; path: string }[];
    expect(listed.map((r) => `${r.roleName} ${r.path}`)).toEqual(['司磅员 /registry/pu', '司磅员 /weigh/pu']);
    expect(Number((await pool.query(`SELECT count(*) FROM sys_log WHERE family = '首页快捷入口'`)).rows[0].count)).toBe(1);
  });

  it('refuses a page the role is not granted, a role of no use here and bad ids, changing nothing', async () => {
    const op = await roleId('ROLE_OPERATOR');
    const before = await mine(operator);
    expectFailure(await call(app, 'POST', `${B}/save`, admin, { roleId: op, menuIds: [await menuId('/system/announcement')] }), 400, /不是角色 司磅员 可打开的页面/);
    expectFailure(await call(app, 'POST', `${B}/save`, admin, { roleId: '999999', menuIds: [] }), 404);
    expectFailure(await call(app, 'POST', `${B}/save`, admin, { roleId: op, menuIds: ['x'] }), 400);
    expectFailure(await call(app, 'POST', `${B}/save`, admin, { roleId: op, menuIds: ['1', '1'] }), 400, /不能重复/);
    expectFailure(await call(app, 'POST', `${B}/save`, operator, { roleId: op, menuIds: [] }), 403);
    expect(await mine(operator)).toEqual(before);
  });

  it('two saves of one role at once leave one of the two lists whole', async () => {
    const ac = await roleId('ROLE_ACCOUNTANT');
    const offered = (await choices(ac)).map((c) => c.id);
    const a = offered.slice(0, 3);
    const b = offered.slice(3, 5);
    const [x, y] = await Promise.all([
      call(app, 'POST', `${B}/save`, admin, { roleId: ac, menuIds: a }),
      call(app, 'POST', `${B}/save`, admin, { roleId: ac, menuIds: b }),
    ]);
    expectOk(x);
    expectOk(y);
    const { rows } = await pool.query('SELECT menu_id::text AS id FROM sys_home_shortcut WHERE role_id = $1 ORDER BY seq', [ac]);
    expect([JSON.stringify(a), JSON.stringify(b)]).toContain(JSON.stringify(rows.map((r) => r.id)));
  });

  it('keeps one company\'s shortcuts out of another', async () => {
    const ac = await roleId('ROLE_ACCOUNTANT');
    const here = await mine(accountant);
    expect(here.length).toBeGreaterThan(0);
    const other = await orgId(pool, 'HDJC');
    const there = (await bearerFor(app, 'accountant')).authorization;
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${other}`, there));
    expect(await mine(there)).toEqual([]);
    const adminThere = (await bearerFor(app, 'admin')).authorization;
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${other}`, adminThere));
    expect(expectOk(await call(app, 'POST', `${B}/v2/list`, adminThere, {})).data.list).toEqual([]);
    expect((await pool.query('SELECT count(*) FROM sys_home_shortcut WHERE role_id = $1', [ac])).rows[0].count).not.toBe('0');
  });
});
