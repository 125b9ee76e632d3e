import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId, userId } from '../../../../test/api';

// Departments: a tree per company, kept by the accountant (and the administrator).
const { app, database } = await createTestApp();
const { pool } = database;
const D = '/api/system/department';

let accountant: string;
let operator: string;
let HDSN: string;
let HDJC: string;
beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
});

const post = (url: string, body: unknown, who = accountant) => call(app, 'POST', url, who, body);
const deptId = async (org: string, code: string) =>
  (await pool.query('SELECT id::text FROM sys_department WHERE org_id = $1 AND dept_code = $2', [org, code])).rows[0]?.id as string | undefined;
const stored = async (id: string) => (await pool.query('SELECT parent_id::text, version, dept_name FROM sys_department WHERE id = $1', [id])).rows[0];
const getDept = async (id: string) => expectOk(await call(app, 'GET', `${D}/get/${id}`, accountant)).data;

describe('departments', () => {
  it('creates a department under a parent, lists it in the tree, and refuses a code twice in one company', async () => {
    const parentId = (await deptId(HDSN, '03')) as string;
    const made = expectOk(await post(`${D}/create`, { entity: { deptCode: '0302', deptName: '门岗', parentId, phone: '0572-6012345' } })).data;
    expect(made).toMatchObject({ deptCode: '0302', deptName: '门岗', parentId, parentName: '物流部', phone: '0572-6012345', enabled: true });
    const tree = expectOk(await call(app, 'GET', `${D}/tree`, operator)).data as { id: string; pid: string; name: string }[];
    expect(tree.find((n) => n.id === made.id)).toMatchObject({ pid: parentId, name: '0302 门岗' });
    expect(tree.every((n) => n.name !== '01 销售部')).toBe(true);
    expectFailure(await post(`${D}/create`, { entity: { deptCode: '0302', deptName: '重复' } }), 400, '部门编码 0302 已存在');
    const blank = expectFailure(await post(`${D}/create`, { entity: { deptCode: '09' } }), 400, /部门名称/);
    expect(blank.data).toMatchObject({ field: 'deptName' });
    expectFailure(await post(`${D}/create`, { entity: { deptCode: '09', deptName: '电话错', phone: '12' } }), 400, '电话应为手机号或固定电话');
    expect(await deptId(HDSN, '09')).toBeUndefined();
  });

  it('refuses moving a department under itself or its own sub-department, and changes nothing', async () => {
    const production = (await deptId(HDSN, '02')) as string;
    const mill = (await deptId(HDSN, '0201')) as string;
    const before = await stored(production);
    const entity = await getDept(production);
    const res = expectFailure(await call(app, 'PUT', `${D}/update`, accountant, { entity: { ...entity, parentId: mill } }), 400, '上级部门不能是本部门的下级部门');
    expect(res.data).toMatchObject({ field: 'parentId' });
    expectFailure(await call(app, 'PUT', `${D}/update`, accountant, { entity: { ...entity, parentId: production } }), 400, '上级部门不能是部门自己');
    expect(await stored(production)).toEqual(before);
    // a move elsewhere is fine
    const office = (await deptId(HDSN, '01')) as string;
    const moved = expectOk(await call(app, 'PUT', `${D}/update`, accountant, { entity: { ...(await getDept(mill)), parentId: office } })).data;
    expect(moved).toMatchObject({ parentId: office, parentName: '综合办公室' });
  });

  it('of two moves racing into a loop, one is refused (told to try again)', async () => {
    // several pairs at once, so the two moves of a pair really overlap
    const pairs = await Promise.all(Array.from({ length: 6 }, async (_, i) => {
      const a = expectOk(await post(`${D}/create`, { entity: { deptCode: `RA${i}`, deptName: '甲' } })).data;
      const b = expectOk(await post(`${D}/create`, { entity: { deptCode: `RB${i}`, deptName: '乙' } })).data;
      return [a, b];
    }));
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [
      call(app, 'PUT', `${D}/update`, accountant, { entity: { ...a, parentId: b.id } }),
      call(app, 'PUT', `${D}/update`, accountant, { entity: { ...b, parentId: a.id } }),
    ]));
    // a move meeting another under way is told to try again (409); one that comes after the other
    // committed is refused as a loop (400); never do both of a pair pass
    const refusedOtherwise = answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 409
      && !(r.statusCode === 400 && r.json().msg === '上级部门不能是本部门的下级部门'));
    expect(refusedOtherwise.map((r) => r.body)).toEqual([]);
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    for (const [i, [a, b]] of pairs.entries()) {
      expect([answers[2 * i].statusCode, answers[2 * i + 1].statusCode]).not.toEqual([200, 200]);
      const parents = [(await stored(a.id)).parent_id, (await stored(b.id)).parent_id];
      expect(parents.filter((p) => p !== null).length).toBeLessThan(2);
    }
  });

  it('of two creates racing with one code, one is refused', async () => {
    const [first, second] = await Promise.all([
      post(`${D}/create`, { entity: { deptCode: 'RC', deptName: '丙' } }),
      post(`${D}/create`, { entity: { deptCode: 'RC', deptName: '丙二' } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_department WHERE org_id = $1 AND dept_code = 'RC'`, [HDSN])).rows[0].n).toBe(1);
  });

  it('refuses deleting a department with sub-departments or users, and deletes a branch taken whole', async () => {
    const logistics = (await deptId(HDSN, '03')) as string;
    expectFailure(await call(app, 'DELETE', `${D}/delList`, accountant, { ids: [logistics] }), 400, /^部门 03 下还有 \d+ 个下级部门/);
    const weighing = (await deptId(HDSN, '0301')) as string;
    await pool.query('UPDATE sys_user_org SET dept_id = $1 WHERE user_id = $2 AND org_id = $3', [weighing, await userId(pool, 'operator'), HDSN]);
    expectFailure(await call(app, 'DELETE', `${D}/delList`, accountant, { ids: [weighing] }), 400, '部门 0301 还有 1 个用户，请先移走用户');
    expect(await deptId(HDSN, '0301')).toBe(weighing);
    const packing = (await deptId(HDSN, '0202')) as string;
    const production = (await deptId(HDSN, '02')) as string;
    // 0201 moved away in an earlier test: 02 keeps only 0202, deleted with it
    expectOk(await call(app, 'DELETE', `${D}/delList`, accountant, { ids: [production, packing] }));
    expect(await deptId(HDSN, '02')).toBeUndefined();
  });

  it("keeps to the caller's company: another company's departments are out of reach and cannot be a parent", async () => {
    const theirs = (await deptId(HDJC, '01')) as string;
    expectFailure(await call(app, 'GET', `${D}/get/${theirs}`, accountant), 404);
    expectFailure(await call(app, 'DELETE', `${D}/delList`, accountant, { ids: [theirs] }), 404);
    expectFailure(await post(`${D}/disable`, { ids: [theirs] }), 404);
    expectFailure(await post(`${D}/create`, { entity: { deptCode: '88', deptName: '越界', parentId: theirs } }), 400, '上级部门不存在或未分配给当前公司');
    const theirPerson = (await pool.query('SELECT id::text FROM md_person WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0]?.id;
    if (theirPerson) expectFailure(await post(`${D}/create`, { entity: { deptCode: '89', deptName: '越界', managerId: theirPerson } }), 400, '负责人不存在或未分配给当前公司');
    const list = expectOk(await post(`${D}/v2/list`, { limit: { pn: 1, ps: 100 } })).data;
    expect(list.list.map((r: { deptCode: string }) => r.deptCode)).not.toContain('8');
    expect(list.list.every((r: { deptName: string }) => r.deptName !== '销售部')).toBe(true);
    // the same code is free in the other company
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, accountant));
    expectOk(await post(`${D}/create`, { entity: { deptCode: '0302', deptName: '门岗' } }));
    expect(await deptId(HDJC, '0302')).toBeDefined();
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, accountant));
  });

  it('lists a chosen branch of the tree and refuses viewers who may not edit', async () => {
    const logistics = (await deptId(HDSN, '03')) as string;
    const branch = expectOk(await post(`${D}/v2/list`, { limit: { pn: 1, ps: 100 }, param: { treeId: logistics } })).data;
    expect(branch.list.map((r: { deptCode: string }) => r.deptCode).sort()).toEqual(['03', '0301', '0302']);
    expectFailure(await post(`${D}/create`, { entity: { deptCode: '77', deptName: '司磅建' } }, operator), 403);
    expectFailure(await call(app, 'DELETE', `${D}/delList`, operator, { ids: [logistics] }), 403);
    expect(await deptId(HDSN, '77')).toBeUndefined();
  });
});
