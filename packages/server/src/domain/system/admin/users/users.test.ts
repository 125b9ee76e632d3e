import { beforeAll, describe, expect, it } from 'vitest';
import { passwordProblemText } from '@wb/protocol';
import { bearerFor, createTestApp, signIn } from '../../../../../test/harness';
import { call, databaseFingerprint, expectFailure, expectOk, orgId, userId } from '../../../../../test/api';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

const roleId = async (code: string) => (await pool.query('SELECT id::text FROM sys_role WHERE role_code = $1', [code])).rows[0].id as string;
const createUser = (authorization: string, body: unknown) => call(app, 'POST', '/api/sys-user', authorization, body);

describe('users', () => {
  let admin: string;
  let adminId: string;
  let hdsn: string;
  let hdjc: string;
  let operatorRole: string;
  let outsiderId: string;
  beforeAll(async () => {
    ({ authorization: admin, userId: adminId } = await bearerFor(app, 'admin'));
    hdsn = await orgId(pool, 'HDSN');
    hdjc = await orgId(pool, 'HDJC');
    operatorRole = await roleId('ROLE_OPERATOR');
    // another group with its own company and person
    const g = await pool.query("INSERT INTO sys_group (group_code, group_name) VALUES ('OTHER', '别的集团') RETURNING id");
    const o = await pool.query("INSERT INTO sys_org (group_id, org_code, org_name) VALUES ($1, 'OT1', '别家公司') RETURNING id", [g.rows[0].id]);
    const u = await pool.query("INSERT INTO sys_user (group_id, username, real_name, password_hash) VALUES ($1, 'outsider', '外人', 'x') RETURNING id::text", [g.rows[0].id]);
    await pool.query('INSERT INTO sys_user_org (user_id, org_id) VALUES ($1, $2)', [u.rows[0].id, o.rows[0].id]);
    outsiderId = u.rows[0].id;
  });

  const newcomer = (extra: Record<string, unknown> = {}) => ({
    username: 'weigher2', realName: '赵司磅', mobile: '13800000000', password: 'Scale#Weigh2027', orgs: [{ orgId: '', roleIds: [] as string[] }], ...extra,
  });

  it('creates a user in a company with a role; the password must be changed at first sign-in', async () => {
    const body = newcomer({ orgs: [{ orgId: hdsn, roleIds: [operatorRole] }] });
    const { id } = expectOk(await createUser(admin, body)).data;
    const signed = await signIn(app, 'weigher2', 'Scale#Weigh2027');
    expect(signed.statusCode).toBe(200);
    const token = `Bearer ${signed.json().access_token}`;
    expect(expectOk(await call(app, 'GET', '/api/sys-user/pwd/checkSafe', token)).data.safe).toBe(false);
    const detail = expectOk(await call(app, 'GET', `/api/sys-user/${id}`, admin)).data;
    expect(detail.orgs).toEqual([{ orgId: hdsn, orgName: expect.any(String), roleIds: [operatorRole], roleNames: ['司磅员'] }]);
  });

  it.each([
    ['too short', 'Ab#1', passwordProblemText.tooShort.zh],
    ['too simple', 'abcdefghijk', passwordProblemText.tooSimple.zh],
    ['containing the user name', 'Weigher2#2027', passwordProblemText.containsUsername.zh],
  ])('refuses an initial password %s with the protocol’s rule, naming password', async (_label, password, rule) => {
    const before = await databaseFingerprint(pool);
    const failure = expectFailure(await createUser(admin, newcomer({ username: 'weigher3', password: password.replace('Weigher2', 'Weigher3'), orgs: [{ orgId: hdsn, roleIds: [] }] })), 400, rule);
    expect(failure.data).toEqual({ field: 'password' });
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('of two administrators creating one user name at once, one succeeds and the other is told the name is taken', async () => {
    const body = newcomer({ username: 'racer', realName: '钱赛跑', orgs: [{ orgId: hdsn, roleIds: [] }] });
    const results = await Promise.all([createUser(admin, body), createUser(admin, body), createUser(admin, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json()).toMatchObject({ msg: '用户名 racer 已存在', data: { field: 'username' } });
    expect((await pool.query("SELECT count(*)::int AS n FROM sys_user WHERE username = 'racer'")).rows[0].n).toBe(1);
  });

  it.each([
    ['a user name taken (in any case)', { username: 'WEIGHER2' }, 'username'],
    ['no company', { orgs: [] }, 'orgs'],
    ['another group’s company', { orgs: [{ orgId: '__other', roleIds: [] }] }, 'orgs'],
    ['a bad mobile', { mobile: '12345' }, 'mobile'],
    ['an unknown key', { admin: true }, undefined],
  ])('refuses %s, naming the field, and changes nothing', async (_label, extra, field) => {
    const other = (await pool.query("SELECT id::text FROM sys_org WHERE org_code = 'OT1'")).rows[0].id;
    const body = newcomer({ username: 'weigher4', orgs: [{ orgId: hdsn, roleIds: [] }], ...extra });
    body.orgs = (body.orgs as { orgId: string; roleIds: string[] }[]).map((o) => ({ ...o, orgId: o.orgId === '__other' ? other : o.orgId }));
    const before = await databaseFingerprint(pool);
    const failure = expectFailure(await createUser(admin, body), 400);
    if (field) expect(failure.data).toEqual({ field });
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('lists the group’s users only, and will not show or change one of another group', async () => {
    const list = expectOk(await call(app, 'POST', '/api/sys-user/v2/list', admin, { limit: { pn: 1, ps: 100 } })).data;
    const names = list.list.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'operator', 'weigher2']));
    expect(names).not.toContain('outsider');
    expect(list.total).toBe(names.length);
    const found = expectOk(await call(app, 'POST', '/api/sys-user/v2/list', admin, { keyword: '赵司磅', limit: { pn: 1, ps: 10 } })).data;
    expect(found.list.map((u: { username: string }) => u.username)).toEqual(['weigher2']);
    const before = await databaseFingerprint(pool);
    expectFailure(await call(app, 'GET', `/api/sys-user/${outsiderId}`, admin), 404);
    expectFailure(await call(app, 'PUT', `/api/sys-user/${outsiderId}`, admin, { realName: '改名' }), 404);
    expectFailure(await call(app, 'PUT', `/api/sys-user/${outsiderId}/orgs`, admin, { orgs: [{ orgId: hdsn, roleIds: [] }] }), 404);
    expectFailure(await call(app, 'POST', '/api/sys-user/disable', admin, { ids: [outsiderId] }), 404);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('updates a user’s name and contacts; a bad e-mail is refused naming email', async () => {
    const id = await userId(pool, 'weigher2');
    expectOk(await call(app, 'PUT', `/api/sys-user/${id}`, admin, { realName: '赵二', mobile: '', email: 'zhao@example.com' }));
    const row = (await pool.query('SELECT real_name, mobile, email FROM sys_user WHERE id = $1', [id])).rows[0];
    expect(row).toEqual({ real_name: '赵二', mobile: null, email: 'zhao@example.com' });
    const failure = expectFailure(await call(app, 'PUT', `/api/sys-user/${id}`, admin, { realName: '赵二', email: 'not-mail' }), 400);
    expect(failure.data).toEqual({ field: 'email' });
    expectFailure(await call(app, 'POST', '/api/sys-user/v2/list', admin, { limit: { pn: 1, ps: 1000 } }), 400);
  });

  it('replaces the companies and the roles held in each', async () => {
    const id = await userId(pool, 'weigher2');
    const accountant = await roleId('ROLE_ACCOUNTANT');
    expectOk(await call(app, 'PUT', `/api/sys-user/${id}/orgs`, admin, { orgs: [{ orgId: hdjc, roleIds: [accountant] }] }));
    const rows = await pool.query('SELECT org_id::text, role_id::text FROM sys_user_org_role WHERE user_id = $1', [id]);
    expect(rows.rows).toEqual([{ org_id: hdjc, role_id: accountant }]);
    const current = await pool.query('SELECT current_org_id::text AS c FROM sys_user WHERE id = $1', [id]);
    expect(current.rows[0].c).toBe(hdjc);
  });

  it('refuses a role outside the companies the role is limited to', async () => {
    const id = await userId(pool, 'weigher2');
    expectOk(await call(app, 'PUT', `/api/sys-role/${operatorRole}/scope`, admin, { orgIds: [hdsn], assayItemIds: [], classIds: [] }));
    const failure = expectFailure(await call(app, 'PUT', `/api/sys-user/${id}/orgs`, admin, { orgs: [{ orgId: hdjc, roleIds: [operatorRole] }] }), 400, '角色 ROLE_OPERATOR 不适用于所选组织');
    expect(failure.data).toEqual({ field: 'orgs' });
  });

  it('lets only an administrator grant or take back the administrator role', async () => {
    // a user manager who is not an administrator: the accountant role given the user screens
    const manager = await roleId('ROLE_ACCOUNTANT');
    await pool.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, id FROM sys_menu WHERE permission IN ('sys_user_view', 'sys_user_edit')`, [manager]);
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    const id = await userId(pool, 'weigher2');
    const adminRole = await roleId('ROLE_ADMIN');
    const before = await databaseFingerprint(pool);
    expectFailure(await call(app, 'PUT', `/api/sys-user/${id}/orgs`, accountant, { orgs: [{ orgId: hdsn, roleIds: [adminRole] }] }), 403, '只有管理员可以授予或收回管理员角色');
    expectFailure(await call(app, 'PUT', `/api/sys-user/${adminId}/orgs`, accountant, { orgs: [{ orgId: hdsn, roleIds: [] }] }), 403);
    expectFailure(await createUser(accountant, newcomer({ username: 'boss2', orgs: [{ orgId: hdsn, roleIds: [adminRole] }] })), 403);
    expect(await databaseFingerprint(pool)).toEqual(before);
    expectOk(await call(app, 'PUT', `/api/sys-user/${id}/orgs`, accountant, { orgs: [{ orgId: hdjc, roleIds: [] }] }));
    expectOk(await call(app, 'PUT', `/api/sys-user/${id}/orgs`, admin, { orgs: [{ orgId: hdjc, roleIds: [await roleId('ROLE_ACCOUNTANT')] }] }));
  });

  it('saves the assay items a user may enter; the five defaults exist', async () => {
    const id = await userId(pool, 'weigher2');
    const options = expectOk(await call(app, 'GET', '/api/sys-user/options', admin)).data;
    expect(options.assayItems.map((i: { code: string }) => i.code)).toEqual(['001', '002', '003', '004', '005']);
    const ids = options.assayItems.slice(0, 3).map((i: { id: string }) => i.id);
    expectOk(await call(app, 'PUT', `/api/sys-user/${id}/assay-items`, admin, { itemIds: ids }));
    expect(expectOk(await call(app, 'GET', `/api/sys-user/${id}`, admin)).data.assayItemIds).toEqual(ids);
    expectFailure(await call(app, 'PUT', `/api/sys-user/${id}/assay-items`, admin, { itemIds: ['999999'] }), 400);
  });

  it('a disabled user’s sessions end at once, and signing in is refused until enabled', async () => {
    const { authorization, userId: operatorId } = await bearerFor(app, 'operator');
    expectOk(await call(app, 'GET', '/api/sys-menu/nav', authorization));
    expectOk(await call(app, 'POST', '/api/sys-user/disable', admin, { ids: [operatorId] }));
    expectFailure(await call(app, 'GET', '/api/sys-menu/nav', authorization), 401);
    expect((await signIn(app, 'operator', 'Weigh@2026')).statusCode).not.toBe(200);
    expectOk(await call(app, 'POST', '/api/sys-user/enable', admin, { ids: [operatorId] }));
    expect((await signIn(app, 'operator', 'Weigh@2026')).statusCode).toBe(200);
  });

  it('will not let an administrator disable their own account', async () => {
    expectFailure(await call(app, 'POST', '/api/sys-user/disable', admin, { ids: [adminId] }), 400, '不能停用自己的账号');
  });

  it('refuses user administration to a user without its permissions', async () => {
    const quality = (await bearerFor(app, 'quality')).authorization;
    expectFailure(await call(app, 'POST', '/api/sys-user/v2/list', quality, {}), 403);
    expectFailure(await createUser(quality, newcomer({ orgs: [{ orgId: hdsn, roleIds: [] }] })), 403);
  });
});
