import { beforeAll, describe, expect, it } from 'vitest';
import { basic, bearerFor, createTestApp, demo, signIn } from '../../../test/harness';
import { call, databaseFingerprint, expectFailure, expectOk, orgId } from '../../../test/api';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

let HDSN: string;
let HDJC: string;
let HDXX: string;
beforeAll(async () => {
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
  // a third company of the group that none of the demo users belongs to
  const { rows } = await pool.query(
    "INSERT INTO sys_org (group_id, org_code, org_name) SELECT group_id, 'HDXX', '华东新材料有限公司' FROM sys_org WHERE org_code = 'HDSN' RETURNING id::text",
  );
  HDXX = rows[0].id;
});

const currentOrgs = (authorization: string, body: unknown = {}) => call(app, 'POST', '/api/sys-user-org/currentOrgs', authorization, body);
const switchTo = (authorization: string, id: string) => call(app, 'POST', `/api/sys-user-org/switchOrg/${id}`, authorization);
const me = async (authorization: string) => expectOk(await call(app, 'GET', '/api/sys-info/me', authorization)).data;

describe('the company list (选择组织机构)', () => {
  it("lists only the caller's companies, with the current one selected", async () => {
    const { authorization } = await bearerFor(app, 'admin');
    const { data } = expectOk(await currentOrgs(authorization));
    expect(data.total).toBe(2);
    expect(data.list.map((o: { orgCode: string }) => o.orgCode).sort()).toEqual(['HDJC', 'HDSN']);
    expect(data.list.find((o: { id: string }) => o.id === HDSN).selected).toBe(true);
    expect(data.list.find((o: { id: string }) => o.id === HDJC).selected).toBe(false);
    expect(data.list.some((o: { id: string }) => o.id === HDXX)).toBe(false);
  });

  it('lists a single-company user only that company', async () => {
    const { authorization } = await bearerFor(app, 'operator');
    const { data } = expectOk(await currentOrgs(authorization));
    expect(data).toEqual({ total: 1, list: [{ id: HDSN, orgCode: 'HDSN', orgName: '华东水泥有限公司', selected: true }] });
  });

  it('searches by company name with like, and counts the matches', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    const { data } = expectOk(await currentOrgs(authorization, { search: [{ key: 'orgName', op: 'like', val: '建材' }] }));
    expect(data.total).toBe(1);
    expect(data.list.map((o: { orgCode: string }) => o.orgCode)).toEqual(['HDJC']);
  });

  it('takes search text literally: wildcards and SQL find nothing', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    for (const val of ['%', '_', "' OR 1=1 --", '\\']) {
      const { data } = expectOk(await currentOrgs(authorization, { search: [{ key: 'orgName', op: 'like', val }] }));
      expect(data, val).toEqual({ total: 0, list: [] });
    }
  });

  it('pages and sorts the list, keeping the total of all pages', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    const page = (pn: number) => currentOrgs(authorization, { limit: { pn, ps: 1 }, sort: [{ key: 'orgCode', dir: 'desc' }] });
    const first = expectOk(await page(1)).data;
    const second = expectOk(await page(2)).data;
    const third = expectOk(await page(3)).data;
    expect([first.total, second.total, third.total]).toEqual([2, 2, 2]);
    expect(first.list.map((o: { orgCode: string }) => o.orgCode)).toEqual(['HDSN']);
    expect(second.list.map((o: { orgCode: string }) => o.orgCode)).toEqual(['HDJC']);
    expect(third.list).toEqual([]);
  });
});

describe('switching company', () => {
  it('refuses a switch to a company the user does not belong to, and changes nothing', async () => {
    const { authorization } = await bearerFor(app, 'operator');
    const before = await databaseFingerprint(pool);
    expectFailure(await switchTo(authorization, HDJC), 403, '您不属于该组织');
    expectFailure(await switchTo(authorization, HDXX), 403, '您不属于该组织');
    expectFailure(await switchTo(authorization, '999999999'), 403, '您不属于该组织');
    expect(await databaseFingerprint(pool)).toEqual(before);
  });

  it('refuses a switch to a disabled company the user belongs to', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    await pool.query('UPDATE sys_org SET enabled = false WHERE id = $1', [HDJC]);
    try {
      expectFailure(await switchTo(authorization, HDJC), 403);
    } finally {
      await pool.query('UPDATE sys_org SET enabled = true WHERE id = $1', [HDJC]);
    }
  });

  it('answers 400 to a switch to the company already in use', async () => {
    const { authorization } = await bearerFor(app, 'operator');
    const body = expectFailure(await switchTo(authorization, HDSN), 400, '现在所使用的就是当前公司！');
    expect(body.data).toEqual({ field: 'id' });
  });

  it('moves the session to a company the user belongs to: user info, list and refreshed token follow', async () => {
    const { authorization, refresh } = await bearerFor(app, 'accountant');
    expect((await me(authorization)).currentOrg).toBe(HDSN);
    expect(expectOk(await switchTo(authorization, HDJC)).msg).toBe('切换成功');

    const info = await me(authorization);
    expect(info.currentOrg).toBe(HDJC);
    expect(info.currentOrgName).toBe('华东建材贸易有限公司');
    const { data } = expectOk(await currentOrgs(authorization));
    expect(data.list.filter((o: { selected: boolean }) => o.selected).map((o: { id: string }) => o.id)).toEqual([HDJC]);

    const renewed = await app.inject({ method: 'POST', url: '/api/oauth/token', query: { grant_type: 'refresh_token', refresh_token: refresh }, headers: { authorization: basic() } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await me(`Bearer ${renewed.json().access_token}`)).currentOrg).toBe(HDJC);
  });

  it('starts the next sign-in in the company last chosen', async () => {
    const res = await signIn(app, 'accountant', demo('accountant').password);
    expect((await me(`Bearer ${res.json().access_token}`)).currentOrg).toBe(HDJC);
    // back to the seeded default for the tests below
    expectOk(await switchTo(`Bearer ${res.json().access_token}`, HDSN));
  });

  it('leaves the other sessions of the same user in their own company', async () => {
    const phone = await bearerFor(app, 'accountant');
    const desk = await bearerFor(app, 'accountant');
    expectOk(await switchTo(desk.authorization, HDJC));
    expect((await me(phone.authorization)).currentOrg).toBe(HDSN);
    expectOk(await switchTo(desk.authorization, HDSN));
  });
});

describe('roles and menus follow the current company', () => {
  it('shows the roles and menus held in the company switched to', async () => {
    // the accountant is quality staff, not accountant, in HDJC
    await pool.query(
      `UPDATE sys_user_org_role SET role_id = (SELECT id FROM sys_role WHERE role_code = 'ROLE_QUALITY')
        WHERE user_id = (SELECT id FROM sys_user WHERE username = 'accountant') AND org_id = $1`,
      [HDJC],
    );
    const { authorization } = await bearerFor(app, 'accountant');
    const names = async () => expectOk(await call(app, 'GET', '/api/sys-menu/nav', authorization)).data.menu.map((m: { label: string }) => m.label);

    expect((await me(authorization)).roles).toEqual(['ROLE_ACCOUNTANT']);
    expect(await names()).toContain('结算管理');
    expect(await names()).not.toContain('质检化验');

    expectOk(await switchTo(authorization, HDJC));
    expect((await me(authorization)).roles).toEqual(['ROLE_QUALITY']);
    expect(await names()).toContain('质检化验');
    expect(await names()).not.toContain('结算管理');
    expectOk(await switchTo(authorization, HDSN));
  });
});

describe('a membership removed while signed in', () => {
  let stale: string;

  it("answers 403 to the session's calls in the company it no longer belongs to", async () => {
    stale = (await bearerFor(app, 'accountant')).authorization;
    expectOk(await switchTo(stale, HDJC));
    await pool.query("DELETE FROM sys_user_org WHERE org_id = $1 AND user_id = (SELECT id FROM sys_user WHERE username = 'accountant')", [HDJC]);
    expectFailure(await call(app, 'GET', '/api/sys-info/me', stale), 403, '您已不属于当前组织，请重新选择公司');
    expectFailure(await call(app, 'GET', '/api/sys-menu/nav', stale), 403);
    expectFailure(await call(app, 'POST', '/api/system/log/v2/list', stale, {}), 403);
  });

  it('still lets that session list and choose a company it belongs to, as the message asks', async () => {
    const { data } = expectOk(await currentOrgs(stale));
    expect(data.list.map((o: { orgCode: string }) => o.orgCode)).toEqual(['HDSN']);
    expectFailure(await switchTo(stale, HDJC), 403, '您不属于该组织');
    expectOk(await switchTo(stale, HDSN));
    expect((await me(stale)).currentOrg).toBe(HDSN);
  });

  it('lets such a session sign out', async () => {
    const { authorization } = await bearerFor(app, 'accountant');
    await pool.query("UPDATE auth_session SET org_id = $1 WHERE revoked_at IS NULL AND user_id = (SELECT id FROM sys_user WHERE username = 'accountant')", [HDJC]);
    expectFailure(await call(app, 'GET', '/api/sys-info/me', authorization), 403);
    expectOk(await call(app, 'GET', '/api/base/logout', authorization));
    expectFailure(await call(app, 'GET', '/api/sys-info/me', authorization), 401);
  });

  it('starts the next sign-in in a company the user still belongs to', async () => {
    await pool.query("UPDATE sys_user SET current_org_id = $1 WHERE username = 'accountant'", [HDJC]);
    const res = await signIn(app, 'accountant', demo('accountant').password);
    expect((await me(`Bearer ${res.json().access_token}`)).currentOrg).toBe(HDSN);
  });
});

describe('a company disabled while signed in', () => {
  it('answers 403 to work in it, while the company dialog still offers a way out', async () => {
    const { authorization } = await bearerFor(app, 'admin');
    expectOk(await switchTo(authorization, HDJC));
    await pool.query('UPDATE sys_org SET enabled = false WHERE id = $1', [HDJC]);
    try {
      expectFailure(await call(app, 'POST', '/api/system/log/v2/list', authorization, {}), 403);
      expectFailure(await call(app, 'GET', '/api/sys-info/me', authorization), 403);
      const { data } = expectOk(await currentOrgs(authorization));
      expect(data.list.map((o: { orgCode: string }) => o.orgCode)).toEqual(['HDSN']);
      expectOk(await switchTo(authorization, HDSN));
      expectOk(await call(app, 'POST', '/api/system/log/v2/list', authorization, {}));
    } finally {
      await pool.query('UPDATE sys_org SET enabled = true WHERE id = $1', [HDJC]);
    }
  });

  it('does not start a sign-in in a disabled company, even the last one chosen', async () => {
    await pool.query("UPDATE sys_user SET current_org_id = $1 WHERE username = 'admin'", [HDJC]);
    await pool.query('UPDATE sys_org SET enabled = false WHERE id = $1', [HDJC]);
    try {
      const res = await signIn(app, 'admin', demo('admin').password);
      expect((await me(`Bearer ${res.json().access_token}`)).currentOrg).toBe(HDSN);
    } finally {
      await pool.query('UPDATE sys_org SET enabled = true WHERE id = $1', [HDJC]);
    }
  });
});
