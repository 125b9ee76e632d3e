import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, userId } from '../../../../test/api';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

/** The entries written since `after` (an id of sys_log), oldest first. */
async function entriesSince(after: number) {
  const { rows } = await pool.query(
    'SELECT action, family, doc_no AS "docNo", detail FROM sys_log WHERE id > $1 ORDER BY id', [after]);
  return rows as { action: string; family: string | null; docNo: string | null; detail: string | null }[];
}
const lastId = async () => Number((await pool.query('SELECT coalesce(max(id), 0) AS n FROM sys_log')).rows[0].n);

describe('the operation log of system administration', () => {
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    ({ authorization: admin, userId: adminId } = await bearerFor(app, 'admin'));
  });

  it('records a parameter save as one entry with each change before -> after, and a save that changes nothing as none', async () => {
    const before = await lastId();
    expectOk(await call(app, 'PUT', '/api/system/param/weigh', admin, { weightUnit: 'kg', tareValidHours: 12 }));
    const entries = await entriesSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'saveParams', family: '参数设置', docNo: '过磅参数' });
    expect(entries[0].detail).toContain('weightUnit: t -> kg');
    expect(entries[0].detail).toContain('tareValidHours: 24 -> 12');

    const again = await lastId();
    expectOk(await call(app, 'PUT', '/api/system/param/weigh', admin, { weightUnit: 'kg' }));
    expect(await entriesSince(again)).toEqual([]);
  });

  it('records a user disabled as one entry named by the user, and a batch as one per user', async () => {
    const before = await lastId();
    expectOk(await call(app, 'POST', '/api/sys-user/disable', admin, { ids: [await userId(pool, 'operator')] }));
    expect(await entriesSince(before)).toEqual([{ action: 'disableUser', family: '用户', docNo: 'operator', detail: null }]);

    const batch = await lastId();
    expectOk(await call(app, 'POST', '/api/sys-user/enable', admin, { ids: [await userId(pool, 'operator'), await userId(pool, 'quality')] }));
    expect((await entriesSince(batch)).map((e) => [e.action, e.family, e.docNo])).toEqual([['enableUser', '用户', 'operator'], ['enableUser', '用户', 'quality']]);
  });

  it('writes nothing and changes nothing when disabling oneself is refused, even in a batch with another', async () => {
    const before = await lastId();
    const operatorId = await userId(pool, 'operator');
    expectFailure(await call(app, 'POST', '/api/sys-user/disable', admin, { ids: [operatorId, adminId] }), 400, '不能停用自己的账号');
    expect(await entriesSince(before)).toEqual([]);
    const { rows } = await pool.query('SELECT username, enabled FROM sys_user WHERE id = ANY($1::bigint[]) ORDER BY username', [[operatorId, adminId]]);
    expect(rows).toEqual([{ username: 'admin', enabled: true }, { username: 'operator', enabled: true }]);
  });

  it('names a role by its code and a menu entry by its path', async () => {
    const before = await lastId();
    const { id: roleId } = expectOk(await call(app, 'POST', '/api/sys-role', admin, { roleCode: 'GATE', roleName: '门岗' })).data;
    expectOk(await call(app, 'PUT', `/api/sys-role/${roleId}/disable`, admin));
    const { id: menuId } = expectOk(await call(app, 'POST', '/api/sys-menu', admin, { parentId: null, kind: 'menu', name: '看板', path: '/board' })).data;
    expectOk(await call(app, 'DELETE', `/api/sys-menu/${menuId}`, admin));
    expect((await entriesSince(before)).map((e) => [e.action, e.family, e.docNo])).toEqual([
      ['createRole', '角色', 'GATE'], ['disableRole', '角色', 'GATE'], ['createMenu', '菜单', '/board'], ['deleteMenu', '菜单', '/board'],
    ]);
  });

  it('writes nothing when a save is refused: the administrator role switched off, a stranger user', async () => {
    const adminRole = (await pool.query('SELECT id::text FROM sys_role WHERE is_admin LIMIT 1')).rows[0].id;
    const before = await lastId();
    expectFailure(await call(app, 'PUT', `/api/sys-role/${adminRole}/disable`, admin), 400, '管理员角色不能停用');
    expectFailure(await call(app, 'PUT', '/api/sys-user/999999999', admin, { realName: '无人' }), 404, '用户不存在');
    expect(await entriesSince(before)).toEqual([]);
  });

  it('records a password reset under the user’s name, and a refused one (too short) as none', async () => {
    const operatorId = await userId(pool, 'operator');
    const before = await lastId();
    expectFailure(await call(app, 'PUT', `/api/sys-user/password/reset/${operatorId}`, admin, { newpassword: '123' }), 400, '密码长度应为6到64位');
    expectOk(await call(app, 'PUT', `/api/sys-user/password/reset/${operatorId}`, admin, { newpassword: 'Reset#2027x' }));
    expect((await entriesSince(before)).map((e) => [e.action, e.family, e.docNo])).toEqual([['resetPassword', '用户', 'operator']]);
  });
});
