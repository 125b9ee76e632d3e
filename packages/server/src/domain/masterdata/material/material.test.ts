import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// Materials: a group archive listed under its class tree, with the weighing extension fields.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const M = '/api/masterdata/inventory';
let accountant: string;
let operator: string;
let HDSN: string;
const classId = async (code: string) => (await pool.query('SELECT id::text FROM md_material_class WHERE invc_code = $1', [code])).rows[0].id as string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  HDSN = await orgId(pool, 'HDSN');
});

describe('the class tree and the list under it', () => {
  it('answers the group classes as nodes with pid, name and code', async () => {
    const { data } = expectOk(await call(app, 'GET', '/api/masterdata/inventory-class/tree', operator));
    const raw = data.find((n: { code: string }) => n.code === '01');
    expect(raw).toMatchObject({ pid: '0', name: '01 原料' });
    expect(data.find((n: { code: string }) => n.code === '0101')).toMatchObject({ pid: raw.id });
  });

  it('lists the materials of the chosen class and of the classes below it', async () => {
    const { data } = expectOk(await call(app, 'POST', `${M}/v2/list`, operator, { param: { treeId: await classId('01') }, limit: { pn: 1, ps: 100 } }));
    const { rows } = await pool.query(`
      SELECT m.id::text FROM md_material m JOIN md_material_class c ON c.id = m.invc_id JOIN md_material_alloc a ON a.archive_id = m.id
       WHERE c.invc_code LIKE '01%' AND a.org_id = $1`, [HDSN]);
    expect(data.list.map((r: { id: string }) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(data.list.length).toBeGreaterThan(0);
    expectFailure(await call(app, 'POST', `${M}/v2/list`, operator, { param: { treeId: 'x' } }), 400);
  });
});

describe('create', () => {
  it('stores the weighing extension and refuses a packed material without its piece weight', async () => {
    const invcId = await classId('0501');
    const m = expectOk(await call(app, 'POST', `${M}/create`, accountant, { entity: {
      invName: '砌筑水泥 M32.5 袋装', invcId, isSa: true, isPack: true, theoryWeight: '0.05', packWeight: '0.00015', referencePrice: '280',
      sceneConfirm: true, pnmary: 'TARE_FIRST', weighType: '汽车衡',
    } })).data;
    expect(m).toMatchObject({ invCode: expect.stringMatching(/^WL\d{5}$/), invcName: '袋装水泥', theoryWeight: '0.050000', referencePrice: '280.0000',
      isPack: true, sceneConfirm: true, pnmary: 'TARE_FIRST', weighType: 'TRUCK_SCALE', docStatus: 'FREE', unit: '吨' });
    expectFailure(await call(app, 'POST', `${M}/create`, accountant, { entity: { invName: '袋装无重量', invcId, isPack: true } }), 400, '包装物料必须填写单件理论重量');
    expectFailure(await call(app, 'POST', `${M}/create`, accountant, { entity: { invName: '无分类' } }), 400, '存货分类不能为空！');
    expectFailure(await call(app, 'POST', `${M}/create`, accountant, { entity: { invName: '价格过大', invcId, referencePrice: '1000000000000000' } }), 400, '参考价应小于1000000000000000');
    expectFailure(await call(app, 'POST', `${M}/create`, operator, { entity: { invName: '越权', invcId } }), 403);
  });
});

describe('datax by class code', () => {
  it('takes the class by its code, as an ERP knows it, and names an unknown one', async () => {
    const entities = [{ invCode: 'NC-0101', invName: 'ERP 石灰石', invcCode: '0101', isPu: true }];
    expect(expectOk(await call(app, 'POST', `${M}/datax`, accountant, { entities })).data).toEqual({ created: 1, updated: 0 });
    const res = expectFailure(await call(app, 'POST', `${M}/datax`, accountant, { entities: [{ invCode: 'NC-9', invName: 'x', invcCode: '9999' }] }), 400);
    expect((res.data as { errors: unknown[] }).errors).toEqual([{ row: 1, field: 'invcCode', message: '存货分类编码 9999 不存在' }]);
  });
});

describe('inventory classes', () => {
  const C = '/api/masterdata/inventory-class';
  it('are kept once for the group: a class made in one company is listed in the other', async () => {
    const parent = await classId('05');
    const c = expectOk(await call(app, 'POST', `${C}/create`, accountant, { entity: { invcCode: '0503', invcName: '特种水泥', parentId: parent } })).data;
    expect(c).toMatchObject({ invcCode: '0503', parentName: '成品', parentId: parent, sort: 0 });
    const admin = (await bearerFor(app, 'admin')).authorization;
    const HDJC = await orgId(pool, 'HDJC');
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, admin));
    try {
      const { data } = expectOk(await call(app, 'POST', `${C}/v2/list`, admin, { search: [{ key: 'invcCode', op: 'eq', val: '0503' }] }));
      expect(data.list.map((r: { id: string }) => r.id)).toEqual([c.id]);
    } finally {
      expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, admin));
    }
  });

  it('refuses a class as its own parent, and the delete of a class that holds materials', async () => {
    const c = expectOk(await call(app, 'POST', `${C}/create`, accountant, { entity: { invcCode: '0504', invcName: '油井水泥' } })).data;
    expectFailure(await call(app, 'PUT', `${C}/update`, accountant, { entity: { ...c, parentId: c.id } }), 400, '上级分类不能是分类自己');
    expectFailure(await call(app, 'DELETE', `${C}/delList`, accountant, { ids: [await classId('0101')] }), 400, '存货分类 0101 已被其他单据或资料使用，不能删除');
    expect(expectOk(await call(app, 'DELETE', `${C}/delList`, accountant, { ids: [c.id] })).data).toEqual({ count: 1 });
  });

  it('refuses to move a class under one of its own sub-classes', async () => {
    const top = expectOk(await call(app, 'GET', `${C}/get/${await classId('02')}`, accountant)).data;
    expectFailure(await call(app, 'PUT', `${C}/update`, accountant, { entity: { ...top, parentId: await classId('0201') } }), 400, '上级分类不能是本分类的下级分类');
    expect((await pool.query(`SELECT parent_id FROM md_material_class WHERE invc_code = '02'`)).rows[0].parent_id).toBeNull();
  });

  it('take their parent by code from an ERP push', async () => {
    expect(expectOk(await call(app, 'POST', `${C}/datax`, accountant, { entities: [{ invcCode: '0304', invcName: '耐火材料', parentCode: '03' }] })).data)
      .toEqual({ created: 1, updated: 0 });
    const { rows } = await pool.query(`SELECT p.invc_code FROM md_material_class c JOIN md_material_class p ON p.id = c.parent_id WHERE c.invc_code = '0304'`);
    expect(rows).toEqual([{ invc_code: '03' }]);
  });
});
