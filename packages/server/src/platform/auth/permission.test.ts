import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, MISSING_PERMISSION_HEADER } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, databaseFingerprint, expectFailure, expectOk, orgId, userId } from '../../../test/api';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const FORBIDDEN = ErrorCodes.forbidden.zh;

let admin: string;
let operator: string;
let logMenuId: string;
let operatorId: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  operatorId = await userId(pool, 'operator');
  logMenuId = (await pool.query("SELECT id::text FROM sys_menu WHERE kind = 'menu' AND path = '/system/log'")).rows[0].id;
});

const readLog = (authorization: string) => call(app, 'POST', '/api/system/log/v2/list', authorization, { limit: { pn: 1, ps: 10 } });
const register = (authorization: string, body: unknown) => call(app, 'POST', '/api/sys-menu/permission', authorization, body);

describe('a route that names a permission key', () => {
  it('answers 403 naming the missing key to a user whose roles lack it', async () => {
    const res = await readLog(operator);
    expectFailure(res, 403, FORBIDDEN);
    expect(res.headers[MISSING_PERMISSION_HEADER]).toBe('sys_log_view');
  });

  it('refuses a password reset to a user without the reset permission, and changes nothing', async () => {
    const { userId: qualityId } = await bearerFor(app, 'quality');
    const before = await databaseFingerprint(pool);
    const res = await call(app, 'PUT', `/api/sys-user/password/reset/${qualityId}`, operator, { newpassword: 'Reset#2027x' });
    expectFailure(res, 403, FORBIDDEN);
    expect(res.headers[MISSING_PERMISSION_HEADER]).toBe('sys_user_reset');
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('lets the administrator through', async () => {
    const res = await readLog(admin);
    expectOk(res);
    expect(res.headers[MISSING_PERMISSION_HEADER]).toBeUndefined();
  });

  it('does not send the header on a 403 that is not about a permission key', async () => {
    const res = await call(app, 'POST', `/api/sys-user-org/switchOrg/${await orgId(pool, 'HDJC')}`, operator);
    expectFailure(res, 403);
    expect(res.headers[MISSING_PERMISSION_HEADER]).toBeUndefined();
  });

  it('decides by the roles held in the current company, not in any company', async () => {
    // the accountant is an administrator in HDSN only
    await pool.query(
      `INSERT INTO sys_user_org_role (user_id, org_id, role_id)
       SELECT u.id, o.id, r.id FROM sys_user u, sys_org o, sys_role r
        WHERE u.username = 'accountant' AND o.org_code = 'HDSN' AND r.role_code = 'ROLE_ADMIN'`,
    );
    const { authorization } = await bearerFor(app, 'accountant');
    expectOk(await readLog(authorization));
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${await orgId(pool, 'HDJC')}`, authorization));
    const res = await readLog(authorization);
    expectFailure(res, 403, FORBIDDEN);
    expect(res.headers[MISSING_PERMISSION_HEADER]).toBe('sys_log_view');
  });
});

describe('registering a missing permission (the developer aid behind the 403 header)', () => {
  it('refuses even the administrator a key that no menu carries, naming it', async () => {
    await pool.query("DELETE FROM sys_menu WHERE permission = 'sys_log_view'");
    const res = await readLog(admin);
    expectFailure(res, 403, FORBIDDEN);
    expect(res.headers[MISSING_PERMISSION_HEADER]).toBe('sys_log_view');
  });

  it('refuses registration to a user who is not an administrator, and changes nothing', async () => {
    const before = await databaseFingerprint(pool);
    expectFailure(await register(operator, { menuId: logMenuId, permission: 'sys_log_view', methods: ['POST'] }), 403, '只有管理员可以登记权限');
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it.each([
    ['no body', undefined, /参数/],
    ['an empty body', {}, /menuId/],
    ['a non-numeric menuId', { menuId: 'abc', permission: 'sys_log_view', methods: [] }, /menuId/],
    ['a numeric menuId', { menuId: 12, permission: 'sys_log_view', methods: [] }, /menuId/],
    ['a key with spaces', { menuId: '1', permission: 'sys log view', methods: [] }, /permission/],
    ['a key starting with a digit', { menuId: '1', permission: '1sys', methods: [] }, /permission/],
    ['an empty key', { menuId: '1', permission: '', methods: [] }, /permission/],
    ['a 101-character key', { menuId: '1', permission: `k${'x'.repeat(100)}`, methods: [] }, /permission/],
    ['an unknown method', { menuId: '1', permission: 'sys_log_view', methods: ['TRACE'] }, /methods/],
    ['methods as a string', { menuId: '1', permission: 'sys_log_view', methods: 'POST' }, /methods/],
    ['an extra field', { menuId: '1', permission: 'sys_log_view', methods: [], roles: ['ROLE_OPERATOR'] }, /roles/],
  ])('answers 400 to %s, and changes nothing', async (_label, body, msg) => {
    const before = await databaseFingerprint(pool);
    expectFailure(await register(admin, body), 400, msg);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('answers 404 to a menu that does not exist, or is a button', async () => {
    const { rows } = await pool.query("SELECT id::text FROM sys_menu WHERE permission = 'sys_user_reset'");
    const before = await databaseFingerprint(pool);
    expectFailure(await register(admin, { menuId: '999999999', permission: 'sys_log_view', methods: ['POST'] }), 404, '菜单不存在');
    expectFailure(await register(admin, { menuId: rows[0].id, permission: 'sys_log_view', methods: ['POST'] }), 404, '菜单不存在');
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('registers the key as a button under the menu, grants it to the administrators, and the retry passes', async () => {
    const res = await register(admin, { menuId: logMenuId, permission: 'sys_log_view', methods: ['POST'] });
    expect(expectOk(res)).toMatchObject({ msg: '权限登记成功', data: 'created' });
    const { rows } = await pool.query("SELECT parent_id::text, kind, methods FROM sys_menu WHERE permission = 'sys_log_view'");
    expect(rows).toEqual([{ parent_id: logMenuId, kind: 'button', methods: ['POST'] }]);
    expectOk(await readLog(admin));
    expectFailure(await readLog(operator), 403);
  });

  it('answers that a key already registered exists, without a second row', async () => {
    expect(expectOk(await register(admin, { menuId: logMenuId, permission: 'sys_log_view', methods: ['POST'] }))).toMatchObject({ data: 'exists', msg: '权限已存在' });
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM sys_menu WHERE permission = 'sys_log_view'");
    expect(rows[0].n).toBe(1);
  });

  it('lets the administrator reset a password once the key is theirs', async () => {
    expectOk(await call(app, 'PUT', `/api/sys-user/password/reset/${operatorId}`, admin, { newpassword: 'Reset#2027x' }));
  });
});
