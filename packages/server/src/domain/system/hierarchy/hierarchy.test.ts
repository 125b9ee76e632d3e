import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';

// 层级编码规则 on the inventory classes: with 2-2-3 set, a class's code must be its parent's and its level's width more.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const H = '/api/system/hierarchy-rule';
const C = '/api/masterdata/inventory-class';
let admin: string;
let accountant: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
});
const classId = async (code: string) => (await pool.query('SELECT id::text FROM md_material_class WHERE invc_code = $1', [code])).rows[0].id as string;
const createClass = (entity: Record<string, unknown>) => call(app, 'POST', `${C}/create`, accountant, { entity });

describe('hierarchy code rules', () => {
  it('are kept by administrators, one per tree, with widths checked', async () => {
    expectFailure(await call(app, 'POST', `${H}/create`, accountant, { entity: { target: 'MATERIAL_CLASS', ruleName: '分类', levels: '2-2-3' } }), 403);
    expectFailure(await call(app, 'POST', `${H}/create`, admin, { entity: { target: 'MATERIAL_CLASS', ruleName: '分类', levels: '2-x' } }), 400, /层级格式应为以 - 分隔的各级位数/);
    // before a rule, codes are free
    expectOk(await createClass({ invcCode: '7', invcName: '自由编码' }));
    const rule = expectOk(await call(app, 'POST', `${H}/create`, admin, { entity: { target: 'MATERIAL_CLASS', ruleName: '存货分类', levels: '2 - 2 - 3' } })).data;
    expect(rule).toMatchObject({ target: 'MATERIAL_CLASS', levels: '2-2-3', enabled: true });
    expectFailure(await call(app, 'POST', `${H}/create`, admin, { entity: { target: 'MATERIAL_CLASS', ruleName: '再来一条', levels: '3-3' } }), 400);
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_log WHERE family = '层级编码规则' AND action = 'create'`)).rows[0].n).toBe(1);
  });

  it('accept a class that fits its level', async () => {
    expectOk(await createClass({ invcCode: '08', invcName: '新顶级' }));
    expectOk(await createClass({ invcCode: '0801', invcName: '二级', parentId: await classId('08') }));
    expectOk(await createClass({ invcCode: '0801001', invcName: '三级', parentId: await classId('0801') }));
  });

  it('refuse with a 400 a class that does not, changing nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM md_material_class')).rows[0].n;
    expectFailure(await createClass({ invcCode: '009', invcName: '顶级三位' }), 400, '分类编码 009 不符合层级编码规则 2-2-3：第一级编码应为 2 位');
    expectFailure(await createClass({ invcCode: '0901', invcName: '不在上级下', parentId: await classId('08') }), 400,
      '分类编码 0901 不符合层级编码规则 2-2-3：上级 08 下的第 2 级编码应为 08 加 2 位，如 0801');
    expectFailure(await createClass({ invcCode: '080101', invcName: '宽度不对', parentId: await classId('0801') }), 400, /应为 0801 加 3 位/);
    expectFailure(await createClass({ invcCode: '080100101', invcName: '末级之下', parentId: await classId('0801001') }), 400, /已是末级/);
    expect((await pool.query('SELECT count(*)::int AS n FROM md_material_class')).rows[0].n).toBe(before);
  });

  it('refuse moving a class under a parent its code does not fit', async () => {
    const c = expectOk(await call(app, 'GET', `${C}/get/${await classId('0801')}`, accountant)).data;
    expectFailure(await call(app, 'PUT', `${C}/update`, accountant, { entity: { ...c, parentId: await classId('05') } }), 400, /分类编码 0801 不符合层级编码规则/);
  });

  it('stop applying once the rule is disabled', async () => {
    const id = (await pool.query(`SELECT id::text FROM sys_hierarchy_rule WHERE target = 'MATERIAL_CLASS'`)).rows[0].id;
    expectOk(await call(app, 'POST', `${H}/disable`, admin, { ids: [id] }));
    expectOk(await createClass({ invcCode: '009', invcName: '顶级三位' }));
  });
});
