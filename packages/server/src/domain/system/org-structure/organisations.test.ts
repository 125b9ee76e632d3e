import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// The group and its organisations: administrators only; departments' users put in by the accountant.
const { app, database } = await createTestApp();
const { pool } = database;
const O = '/api/system/organisation';
const D = '/api/system/department';

let admin: string;
let accountant: string;
let HDSN: string;
let HDJC: string;
let groupId: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
  groupId = (await pool.query('SELECT group_id::text FROM sys_org WHERE id = $1', [HDSN])).rows[0].group_id;
});

const post = (url: string, body: unknown, who = admin) => call(app, 'POST', url, who, body);
const orgRow = async (code: string) => (await pool.query('SELECT id::text, parent_id::text, version, org_name FROM sys_org WHERE org_code = $1', [code])).rows[0];
const getOrg = async (id: string) => expectOk(await call(app, 'GET', `${O}/get/${id}`, admin)).data;

describe('organisations', () => {
  it('creates a sub-unit under a company, shows it in the group tree, and refuses a code twice in the group', async () => {
    const made = expectOk(await post(`${O}/create`, { entity: { orgCode: 'HDSN-KS', orgName: '华东水泥矿山分公司', parentId: HDSN, address: '湖州市长兴县矿山路 1 号', phone: '0572-600 0000' } })).data;
    expect(made).toMatchObject({ orgCode: 'HDSN-KS', orgName: '华东水泥矿山分公司', parentId: HDSN, parentName: '华东水泥有限公司', enabled: true });
    // the letterhead of its printed statements
    expect(made).toMatchObject({ address: '湖州市长兴县矿山路 1 号', phone: '0572-600 0000' });
    expect((await pool.query('SELECT group_id::text FROM sys_org WHERE id = $1', [made.id])).rows[0].group_id).toBe(groupId);
    const tree = expectOk(await call(app, 'GET', `${O}/tree`, admin)).data as { id: string; pid: string; name: string }[];
    expect(tree.find((n) => n.id === made.id)).toMatchObject({ pid: HDSN, name: 'HDSN-KS 华东水泥矿山分公司' });
    expectFailure(await post(`${O}/create`, { entity: { orgCode: 'HDJC', orgName: '重复' } }), 400, '组织编码 HDJC 已存在');
    const blank = expectFailure(await post(`${O}/create`, { entity: { orgCode: 'X1', orgName: '  ' } }), 400, /组织名称/);
    expect(blank.data).toMatchObject({ field: 'orgName' });
    // the list shows the group's organisations in any company of it; a chosen node narrows it to its branch
    const branch = expectOk(await post(`${O}/v2/list`, { limit: { pn: 1, ps: 50 }, param: { treeId: HDSN } })).data;
    expect(branch.list.map((r: { orgCode: string }) => r.orgCode).sort()).toEqual(['HDSN', 'HDSN-KS']);
  });

  it('refuses a company moved under itself or its own sub-unit, and changes nothing', async () => {
    const before = await orgRow('HDSN');
    const sub = await orgRow('HDSN-KS');
    const entity = await getOrg(HDSN);
    expectFailure(await call(app, 'PUT', `${O}/update`, admin, { entity: { ...entity, parentId: sub.id } }), 400, '上级组织不能是本组织的下级组织');
    expectFailure(await call(app, 'PUT', `${O}/update`, admin, { entity: { ...entity, parentId: HDSN } }), 400, '上级组织不能是组织自己');
    expect(await orgRow('HDSN')).toEqual(before);
    const renamed = expectOk(await call(app, 'PUT', `${O}/update`, admin, { entity: { ...entity, shortName: '华东水泥' } })).data;
    expect(renamed).toMatchObject({ shortName: '华东水泥', version: before.version + 1 });
    // an edit made from a stale read is refused
    expectFailure(await call(app, 'PUT', `${O}/update`, admin, { entity: { ...entity, shortName: '旧' } }), 409);
  });

  it('refuses deleting a company with sub-units, departments, users, or the one the caller works in', async () => {
    expectFailure(await call(app, 'DELETE', `${O}/delList`, admin, { ids: [HDSN] }), 400, /^组织 HDSN /);
    expectFailure(await call(app, 'DELETE', `${O}/delList`, admin, { ids: [HDJC] }), 400, '组织 HDJC 下还有 2 个部门，请先删除部门');
    const lone = expectOk(await post(`${O}/create`, { entity: { orgCode: 'LONE', orgName: '空壳公司' } })).data;
    await pool.query('INSERT INTO sys_user_org (user_id, org_id) SELECT id, $1 FROM sys_user WHERE username = $2', [lone.id, 'quality']);
    expectFailure(await call(app, 'DELETE', `${O}/delList`, admin, { ids: [lone.id] }), 400, '组织 LONE 还有 1 个用户，请先移走用户');
    await pool.query('DELETE FROM sys_user_org WHERE org_id = $1', [lone.id]);
    expectOk(await call(app, 'DELETE', `${O}/delList`, admin, { ids: [lone.id] }));
    expect(await orgRow('LONE')).toBeUndefined();
    // a sub-unit and its parent go together
    const parent = expectOk(await post(`${O}/create`, { entity: { orgCode: 'P1', orgName: '上级' } })).data;
    const child = expectOk(await post(`${O}/create`, { entity: { orgCode: 'P1-1', orgName: '下级', parentId: parent.id } })).data;
    expectFailure(await call(app, 'DELETE', `${O}/delList`, admin, { ids: [parent.id] }), 400, '组织 P1 下还有 1 个下级组织，请先删除或移走下级组织');
    expectOk(await call(app, 'DELETE', `${O}/delList`, admin, { ids: [parent.id, child.id] }));
  });

  it('refuses switching off the company the administrator works in, and switches off another', async () => {
    expectFailure(await post(`${O}/disable`, { ids: [HDSN] }), 400, '组织 HDSN 是当前登录的公司，不能停用');
    expect((await pool.query('SELECT enabled FROM sys_org WHERE id = $1', [HDSN])).rows[0].enabled).toBe(true);
    const sub = await orgRow('HDSN-KS');
    expectOk(await post(`${O}/disable`, { ids: [sub.id] }));
    expect((await pool.query('SELECT enabled FROM sys_org WHERE id = $1', [sub.id])).rows[0].enabled).toBe(false);
    expectOk(await post(`${O}/enable`, { ids: [sub.id] }));
  });

  it('is changed by administrators only, even when a role is given the keys', async () => {
    expectFailure(await post(`${O}/create`, { entity: { orgCode: 'ACC', orgName: '会计建' } }, accountant), 403);
    expectFailure(await post(`${O}/v2/list`, { limit: { pn: 1, ps: 10 } }, accountant), 403);
    await pool.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.role_code = 'ROLE_ACCOUNTANT' AND m.permission IN ('sys_org_create', 'sys_org_view', 'sys_group_update')
      ON CONFLICT DO NOTHING`);
    expectOk(await post(`${O}/v2/list`, { limit: { pn: 1, ps: 10 } }, accountant));
    expectFailure(await post(`${O}/create`, { entity: { orgCode: 'ACC', orgName: '会计建' } }, accountant), 403, '只有系统管理员可以修改集团和组织机构');
    expectFailure(await call(app, 'PUT', '/api/system/group/update', accountant, { entity: { groupName: '改名', version: 0 } }), 403);
    expect(await orgRow('ACC')).toBeUndefined();
  });

  it('edits the group with a version, refusing a blank name and a stale version', async () => {
    const group = expectOk(await call(app, 'GET', '/api/system/group/get', admin)).data;
    expect(group).toMatchObject({ groupCode: 'HDJT', groupName: '华东建材集团', version: 0 });
    const blank = expectFailure(await call(app, 'PUT', '/api/system/group/update', admin, { entity: { groupName: ' ', version: 0 } }), 400, /集团名称不能为空！/);
    expect(blank.data).toMatchObject({ field: 'entity.groupName' });
    const saved = expectOk(await call(app, 'PUT', '/api/system/group/update', admin, { entity: { groupName: '华东建材控股集团', remark: '2026 年更名', version: 0 } })).data;
    expect(saved).toMatchObject({ groupName: '华东建材控股集团', remark: '2026 年更名', version: 1 });
    expectFailure(await call(app, 'PUT', '/api/system/group/update', admin, { entity: { groupName: '又改', version: 0 } }), 409);
    expect((await pool.query('SELECT group_name FROM sys_group WHERE id = $1', [groupId])).rows[0].group_name).toBe('华东建材控股集团');
  });

  it("answers an organisation's tabbed detail: the organisation, its departments and its users; not another group's", async () => {
    const detail = expectOk(await post(`${O}/detail`, { search: [{ key: 'id', op: 'eq', val: HDJC }] })).data;
    expect(detail.entity).toMatchObject({ orgCode: 'HDJC', departmentCount: 2 });
    expect(detail.entitysub.map((d: { deptName: string }) => d.deptName)).toEqual(['销售部', '财务部']);
    expect(detail.subTables.sys_user.map((u: { username: string }) => u.username).sort()).toEqual(['accountant', 'admin']);
    expectFailure(await post(`${O}/detail`, { search: [] }), 400, /search/);
    const other = await pool.query(`WITH g AS (INSERT INTO sys_group (group_code, group_name) VALUES ('OTHER', '别的集团') RETURNING id)
      INSERT INTO sys_org (group_id, org_code, org_name) SELECT id, 'O1', '别家公司' FROM g RETURNING id::text`);
    const theirs = other.rows[0].id;
    expectFailure(await post(`${O}/detail`, { search: [{ key: 'id', op: 'eq', val: theirs }] }), 404);
    expectFailure(await call(app, 'GET', `${O}/get/${theirs}`, admin), 404);
    expectFailure(await call(app, 'GET', `${O}/${theirs}/users`, admin), 404);
    expectFailure(await call(app, 'PUT', `${O}/update`, admin, { entity: { ...(await getOrg(HDJC)), parentId: theirs } }), 400, '上级组织不存在或未分配给当前公司');
  });
});

describe("a department's users", () => {
  it('puts company members in a department, refusing strangers, and then the department keeps them from deletion', async () => {
    const weighing = (await pool.query(`SELECT id::text FROM sys_department WHERE org_id = $1 AND dept_code = '0301'`, [HDSN])).rows[0].id;
    const users = expectOk(await post(`${D}/users`, {}, accountant)).data as { id: string; username: string }[];
    const operator = users.find((u) => u.username === 'operator') as { id: string };
    const stranger = (await pool.query(`SELECT id::text FROM sys_user WHERE username = 'quality'`)).rows[0].id;
    await pool.query('DELETE FROM sys_user_org WHERE user_id = $1 AND org_id = $2', [stranger, HDSN]);
    expectFailure(await post(`${D}/assignUsers`, { deptId: weighing, userIds: [operator.id, stranger] }, accountant), 400, `用户 ${stranger} 不属于当前公司`);
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_user_org WHERE dept_id = $1', [weighing])).rows[0].n).toBe(0);
    expectOk(await post(`${D}/assignUsers`, { deptId: weighing, userIds: [operator.id] }, accountant));
    expectFailure(await call(app, 'DELETE', `${D}/delList`, accountant, { ids: [weighing] }), 400, '部门 0301 还有 1 个用户，请先移走用户');
    expectOk(await post(`${D}/assignUsers`, { deptId: null, userIds: [operator.id] }, accountant));
    expectOk(await call(app, 'DELETE', `${D}/delList`, accountant, { ids: [weighing] }));
    const theirs = (await pool.query(`SELECT id::text FROM sys_department WHERE org_id = $1 LIMIT 1`, [HDJC])).rows[0].id;
    expectFailure(await post(`${D}/assignUsers`, { deptId: theirs, userIds: [operator.id] }, accountant), 404);
  });
});
