import { beforeAll, describe, expect, it } from 'vitest';
import { passwordProblemText } from '@wb/protocol';
import { bearerFor, createTestApp, demo, signIn } from '../../../test/harness';
import { call, databaseFingerprint, expectFailure, expectOk, orgId, userId } from '../../../test/api';
import { hashPassword } from '../../platform/auth/secrets';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

const modify = (authorization: string, id: string, body: unknown) => call(app, 'PUT', `/api/sys-user/password/modify/${id}`, authorization, body);
const reset = (authorization: string, id: string, body: unknown) => call(app, 'PUT', `/api/sys-user/password/reset/${id}`, authorization, body);
const checkSafe = async (authorization: string) => expectOk(await call(app, 'GET', '/api/sys-user/pwd/checkSafe', authorization));
const me = (authorization: string) => call(app, 'GET', '/api/sys-info/me', authorization);

/** Sets a password behind the server's back, as an old import or a default would have. */
const setPasswordInDatabase = async (username: string, plain: string) =>
  pool.query('UPDATE sys_user SET password_hash = $1, password_unsafe = false WHERE username = $2', [await hashPassword(plain), username]);

describe('changing one’s own password', () => {
  let quality: { authorization: string; userId: string };
  beforeAll(async () => {
    quality = await bearerFor(app, 'quality');
  });

  it("answers 400 '原密码错误' to a wrong old password, and changes nothing", async () => {
    const before = await databaseFingerprint(pool);
    const body = expectFailure(await modify(quality.authorization, quality.userId, { password: 'Not@Mine2026', newpassword1: 'Fresh#Assay2027' }), 400, '原密码错误');
    expect(body.data).toEqual({ field: 'password' });
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it.each([
    ['too short', 'Ab#1', passwordProblemText.tooShort.zh],
    ['too simple', 'abcdefghij', passwordProblemText.tooSimple.zh],
    ['a default', 'Abc123456', passwordProblemText.isDefault.zh],
    ['containing the user name', 'Quality#2027', passwordProblemText.containsUsername.zh],
    ['too long', `Aa1#${'x'.repeat(61)}`, passwordProblemText.tooLong.zh],
  ])('answers 400 naming the rule to a new password %s, and changes nothing', async (_label, newpassword1, rule) => {
    const before = await databaseFingerprint(pool);
    const body = expectFailure(await modify(quality.authorization, quality.userId, { password: demo('quality').password, newpassword1 }), 400, rule);
    expect(body.data).toEqual({ field: 'newpassword1' });
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('refuses a new password equal to the old one', async () => {
    const { password } = demo('quality');
    expectFailure(await modify(quality.authorization, quality.userId, { password, newpassword1: password }), 400, '新密码不能与原密码相同');
  });

  it("answers 403 to changing another user's password, even knowing it, and changes nothing", async () => {
    const operatorId = await userId(pool, 'operator');
    const before = await databaseFingerprint(pool);
    const res = await modify(quality.authorization, operatorId, { password: demo('operator').password, newpassword1: 'Taken#Over2027' });
    expectFailure(res, 403, '只能修改自己的密码');
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('changes it: this session stays, the other sessions end, the new password signs in and the old does not', async () => {
    const other = await bearerFor(app, 'quality');
    const res = await modify(quality.authorization, quality.userId, { password: demo('quality').password, newpassword1: 'Fresh#Assay2027' });
    expect(expectOk(res).msg).toBe('修改成功');
    expectOk(await me(quality.authorization));
    expectFailure(await me(other.authorization), 401);
    expectFailure(await signIn(app, 'quality', demo('quality').password), 426);
    expect((await signIn(app, 'quality', 'Fresh#Assay2027')).statusCode).toBe(200);
    expect((await checkSafe(quality.authorization)).data).toEqual({ safe: true });
  });

  it('accepts POST as well as PUT, as the client sends either', async () => {
    const res = await call(app, 'POST', `/api/sys-user/password/modify/${quality.userId}`, quality.authorization, { password: 'Fresh#Assay2027', newpassword1: 'Second#Assay2027' });
    expectOk(res);
  });
});

/** A session in the given company: the user's default company is set before signing in. */
async function signedInAt(username: 'admin' | 'accountant', orgCode: string): Promise<string> {
  await pool.query('UPDATE sys_user SET current_org_id = $1 WHERE username = $2', [await orgId(pool, orgCode), username]);
  return (await bearerFor(app, username)).authorization;
}

describe('an administrator resetting a password', () => {
  let admin: string;
  let operatorId: string;
  beforeAll(async () => {
    admin = (await bearerFor(app, 'admin')).authorization;
    operatorId = await userId(pool, 'operator');
  });

  it('is refused to a user without the reset permission', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    expectFailure(await reset(authorization, operatorId, { newpassword: 'Reset#2027x' }), 403);
  });

  it('answers 404 for a user of no company the administrator administers, and changes nothing', async () => {
    // a third company of the group with a person of its own; the administrator holds there only a
    // switched-off administrator role
    const hdsn = await orgId(pool, 'HDSN');
    const { rows: [third] } = await pool.query(
      "INSERT INTO sys_org (group_id, org_code, org_name) SELECT group_id, 'HDXX', '第三公司' FROM sys_org WHERE id = $1 RETURNING id::text", [hdsn]);
    const { rows: [stranger] } = await pool.query(
      "INSERT INTO sys_user (group_id, username, real_name, password_hash) SELECT group_id, 'stranger', '外厂', 'x' FROM sys_org WHERE id = $1 RETURNING id::text", [hdsn]);
    await pool.query('INSERT INTO sys_user_org (user_id, org_id) VALUES ($1, $2)', [stranger.id, third.id]);
    const { rows: [offRole] } = await pool.query(
      "INSERT INTO sys_role (group_id, role_code, role_name, is_admin, enabled) SELECT group_id, 'ROLE_ADMIN_OFF', '停用的管理员', true, false FROM sys_org WHERE id = $1 RETURNING id::text", [hdsn]);
    const adminId = await userId(pool, 'admin');
    await pool.query('INSERT INTO sys_user_org (user_id, org_id) VALUES ($1, $2)', [adminId, third.id]);
    await pool.query('INSERT INTO sys_user_org_role (user_id, org_id, role_id) VALUES ($1, $2, $3)', [adminId, third.id, offRole.id]);
    const elsewhere = await signedInAt('admin', 'HDJC');
    const before = await databaseFingerprint(pool);
    expectFailure(await reset(elsewhere, stranger.id, { newpassword: 'Reset#2027x' }), 404, '用户不存在');
    expectFailure(await reset(elsewhere, '999999999', { newpassword: 'Reset#2027x' }), 404, '用户不存在');
    expect(await databaseFingerprint(pool)).toEqual(before);
    // once that role is switched on, the administrator administers the third company too
    await pool.query('UPDATE sys_role SET enabled = true WHERE id = $1', [offRole.id]);
    expect(expectOk(await reset(elsewhere, stranger.id, { newpassword: 'Reset#2027x' })).msg).toBe('重置成功');
  });

  it('answers 404 to a user manager who is no administrator, for a user outside the current company', async () => {
    // the accountant is given the reset right in HDJC only; the operator works in HDSN
    const resetEntry = (await pool.query("SELECT id FROM sys_menu WHERE permission = 'sys_user_reset'")).rows[0].id;
    const accountantRole = (await pool.query("SELECT id FROM sys_role WHERE role_code = 'ROLE_ACCOUNTANT'")).rows[0].id;
    await pool.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [accountantRole, resetEntry]);
    try {
      const accountant = await signedInAt('accountant', 'HDJC');
      const before = await databaseFingerprint(pool);
      expectFailure(await reset(accountant, operatorId, { newpassword: 'Reset#2027x' }), 404, '用户不存在');
      expect(await databaseFingerprint(pool)).toEqual(before);
    } finally {
      await pool.query('DELETE FROM sys_role_menu WHERE role_id = $1 AND menu_id = $2', [accountantRole, resetEntry]);
    }
  });

  it('answers 400 to a reset password shorter than 6 characters', async () => {
    expectFailure(await reset(admin, operatorId, { newpassword: 'abc' }), 400, /6到64位/);
  });

  it("resets it: all the user's sessions end, the new password signs in and is marked unsafe", async () => {
    const phone = await bearerFor(app, 'operator');
    const desk = await bearerFor(app, 'operator');
    expect(expectOk(await reset(admin, operatorId, { newpassword: 'Reset#2027x' })).msg).toBe('重置成功');
    expectFailure(await me(phone.authorization), 401);
    expectFailure(await me(desk.authorization), 401);
    expectFailure(await signIn(app, 'operator', demo('operator').password), 426);
    const res = await signIn(app, 'operator', 'Reset#2027x');
    expect(res.statusCode).toBe(200);
    const safety = await checkSafe(`Bearer ${res.json().access_token}`);
    expect(safety.data).toEqual({ safe: false });
    expect(safety.msg).toBe('您的密码为初始密码或过于简单，请修改密码');
  });

  it("keeps the administrator's own session", async () => {
    expectOk(await me(admin));
  });

  it('resets the password of a user of another company the administrator administers', async () => {
    const elsewhere = await signedInAt('admin', 'HDJC');
    expect(expectOk(await reset(elsewhere, operatorId, { newpassword: 'Other#2027x' })).msg).toBe('重置成功');
    expect((await signIn(app, 'operator', 'Other#2027x')).statusCode).toBe(200);
  });
});

describe('the password safety check', () => {
  it('says safe for a strong password', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    expect((await checkSafe(authorization)).data).toEqual({ safe: true });
  });

  it('says unsafe once the user signs in with a weak password', async () => {
    await setPasswordInDatabase('accountant', 'abcdefgh');
    const res = await signIn(app, 'accountant', 'abcdefgh');
    expect(res.statusCode).toBe(200);
    expect((await checkSafe(`Bearer ${res.json().access_token}`)).data).toEqual({ safe: false });
  });

  it('says safe again after the user changes to a strong password', async () => {
    const res = await signIn(app, 'accountant', 'abcdefgh');
    const authorization = `Bearer ${res.json().access_token}`;
    expectOk(await modify(authorization, res.json().user_id, { password: 'abcdefgh', newpassword1: 'Strong#Money2027' }));
    expect((await checkSafe(authorization)).data).toEqual({ safe: true });
  });
});
