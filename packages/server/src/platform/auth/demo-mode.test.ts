import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@wb/protocol';
import { basic, bearerFor, createTestApp, demo, signIn } from '../../../test/harness';
import { call, databaseFingerprint, expectFailure, expectOk, orgId, userId } from '../../../test/api';

// The demo environment (spec: 423 and 479): visitors look around but change nothing.
const ctx = await createTestApp({ DEMO_MODE: 'on' });
const { app } = ctx;
const { pool } = ctx.database;
const DEMO = ErrorCodes.demo.zh;

let admin: string;
let operatorId: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operatorId = await userId(pool, 'operator');
});

describe('reads work in the demo environment', () => {
  it('signs in, and renews the token', async () => {
    const res = await signIn(app, 'operator', demo('operator').password);
    expect(res.statusCode).toBe(200);
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      query: { grant_type: 'refresh_token', refresh_token: res.json().refresh_token },
      headers: { authorization: basic() },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('answers GET calls', async () => {
    expectOk(await call(app, 'GET', '/api/sys-info/me', admin));
    expectOk(await call(app, 'GET', '/api/sys-menu/nav', admin));
    expectOk(await call(app, 'GET', '/api/sys-user/pwd/checkSafe', admin));
  });

  it('answers list queries, which the client sends as POST', async () => {
    expectOk(await call(app, 'POST', '/api/sys-user-org/currentOrgs', admin, {}));
    expectOk(await call(app, 'POST', '/api/system/log/v2/list', admin, { limit: { pn: 1, ps: 10 } }));
  });

  it('lets a visitor switch companies and sign out', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${await orgId(pool, 'HDJC')}`, authorization));
    expectOk(await call(app, 'POST', '/api/base/logout', authorization));
  });
});

describe('writes answer 423 in the demo environment and change nothing', () => {
  it('refuses a password change', async () => {
    const { authorization, userId: id } = await bearerFor(app, 'quality');
    const before = await databaseFingerprint(pool);
    const res = await call(app, 'PUT', `/api/sys-user/password/modify/${id}`, authorization, { password: demo('quality').password, newpassword1: 'Fresh#Assay2027' });
    expectFailure(res, 423, DEMO);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('refuses a password reset', async () => {
    const before = await databaseFingerprint(pool);
    expectFailure(await call(app, 'PUT', `/api/sys-user/password/reset/${operatorId}`, admin, { newpassword: 'Reset#2027x' }), 423, DEMO);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('refuses registering a permission', async () => {
    const { rows } = await pool.query("SELECT id::text FROM sys_menu WHERE path = '/system/log'");
    const before = await databaseFingerprint(pool);
    const res = await call(app, 'POST', '/api/sys-menu/permission', admin, { menuId: rows[0].id, permission: 'sys_demo_probe', methods: ['POST'] });
    expectFailure(res, 423, DEMO);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('still answers 401 before 423 to a caller without a session', async () => {
    expectFailure(await call(app, 'PUT', `/api/sys-user/password/reset/${operatorId}`, undefined, { newpassword: 'Reset#2027x' }), 401);
  });
});
