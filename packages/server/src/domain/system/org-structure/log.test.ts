import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId, userId } from '../../../../test/api';

// The organisation family declared in its module: the engine asks its authorise hook before a change.
const { app, database } = await createTestApp();
const { pool } = database;
const O = '/api/system/organisation';
const D = '/api/system/department';

let admin: string;
let accountant: string;
let HDSN: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDSN = await orgId(pool, 'HDSN');
});

const lastId = async () => Number((await pool.query('SELECT coalesce(max(id), 0) AS n FROM sys_log')).rows[0].n);
const entriesSince = async (after: number) =>
  (await pool.query('SELECT action, family, doc_no AS "docNo" FROM sys_log WHERE id > $1 ORDER BY id', [after])).rows;

describe('organisation structure changes in the operation log', () => {
  it('refuses one’s own company switched off and a non-administrator’s change before the engine writes anything', async () => {
    const before = await lastId();
    const made = expectOk(await call(app, 'POST', `${O}/create`, admin, { entity: { orgCode: 'LOG1', orgName: '日志分公司', parentId: HDSN } })).data;
    expectFailure(await call(app, 'POST', `${O}/disable`, admin, { ids: [made.id, HDSN] }), 400, '组织 HDSN 是当前登录的公司，不能停用');
    expect((await pool.query('SELECT enabled FROM sys_org WHERE id = $1', [made.id])).rows[0].enabled).toBe(true);
    expectOk(await call(app, 'POST', `${O}/disable`, admin, { ids: [made.id] }));
    expect(await entriesSince(before)).toEqual([
      { action: 'create', family: '组织', docNo: 'LOG1' }, { action: 'disable', family: '组织', docNo: 'LOG1' },
    ]);
  });

  it('refuses the accountant’s organisation edit with the administrators’ message even with the key, writing nothing', async () => {
    await pool.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.role_code = 'ROLE_ACCOUNTANT' AND m.permission IN ('sys_org_enable', 'sys_org_view')
      ON CONFLICT DO NOTHING`);
    const sub = (await pool.query("SELECT id::text FROM sys_org WHERE org_code = 'LOG1'")).rows[0].id;
    const before = await lastId();
    expectFailure(await call(app, 'POST', `${O}/enable`, accountant, { ids: [sub] }), 403, '只有系统管理员可以修改集团和组织机构');
    expect(await entriesSince(before)).toEqual([]);
    expect((await pool.query('SELECT enabled FROM sys_org WHERE id = $1', [sub])).rows[0].enabled).toBe(false);
  });

  it('records users put into a department under the department’s code, and the group’s edit under its code; a stale edit writes none', async () => {
    const dept = expectOk(await call(app, 'POST', `${D}/create`, accountant, { entity: { deptCode: 'L01', deptName: '日志部' } })).data;
    const before = await lastId();
    expectOk(await call(app, 'POST', `${D}/assignUsers`, accountant, { deptId: dept.id, userIds: [await userId(pool, 'operator')] }));
    const group = expectOk(await call(app, 'GET', '/api/system/group/get', admin)).data;
    expectOk(await call(app, 'PUT', '/api/system/group/update', admin, { entity: { groupName: '日志集团', version: group.version } }));
    expectFailure(await call(app, 'PUT', '/api/system/group/update', admin, { entity: { groupName: '又改', version: group.version } }), 409);
    expect(await entriesSince(before)).toEqual([
      { action: 'assignUsers', family: '部门', docNo: 'L01' }, { action: 'update', family: '集团', docNo: group.groupCode },
    ]);
  });
});
