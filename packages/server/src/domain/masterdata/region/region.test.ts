import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';

/**
 * 区域档案 under the hierarchy code rule for regions (适用档案 地区), as material classes are under
 * theirs: with 2-2-2 set, a region's code is its parent's and its level's width more; a refusal is a
 * 400 naming the field and changes nothing. The freight forms pick a region from its tree.
 */
let ctx: TestContext;
let admin: string;
let ac: string;
const R = '/api/masterdata/region';
const create = (entity: Record<string, unknown>) => call(ctx.app, 'POST', `${R}/create`, ac, { entity });
const idOf = async (code: string) => (await ctx.database.pool.query('SELECT id::text FROM md_region WHERE region_code = $1', [code])).rows[0].id as string;
const count = async () => (await ctx.database.pool.query('SELECT count(*)::int AS n FROM md_region')).rows[0].n as number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await bearerFor(ctx.app, 'admin')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
});

describe('regions', () => {
  it('have free codes until the company sets a rule for regions', async () => {
    expectOk(await create({ regionCode: '9', regionName: '自由编码' }));
    expectOk(await call(ctx.app, 'POST', '/api/system/hierarchy-rule/create', admin, { entity: { target: 'REGION', ruleName: '行政区划', levels: '2-2-2' } }));
  });

  it('accept a code that fits its level, and list as a tree', async () => {
    expectOk(await create({ regionCode: '32', regionName: '江苏省' }));
    expectOk(await create({ regionCode: '3205', regionName: '苏州市', parentId: await idOf('32') }));
    expectOk(await create({ regionCode: '320506', regionName: '吴中区', parentId: await idOf('3205') }));
    const tree = expectOk(await call(ctx.app, 'GET', `${R}/tree`, ac)).data as { id: string; pid: string; regionName: string }[];
    const city = tree.find((n) => n.regionName === '苏州市');
    expect(city?.pid).toBe(await idOf('32'));
    const list = expectOk(await call(ctx.app, 'POST', `${R}/v2/list`, ac, { search: [{ key: 'regionCode', op: 'eq', val: '3205' }], limit: { pn: 1, ps: 10 } })).data;
    expect(list.list[0]).toMatchObject({ regionName: '苏州市', parentName: '江苏省' });
  });

  it('refuse a code of the wrong length or outside its parent with a 400, changing nothing', async () => {
    const before = await count();
    expectFailure(await create({ regionCode: '330', regionName: '三位顶级' }), 400, '区域编码 330 不符合层级编码规则 2-2-2：第一级编码应为 2 位');
    expectFailure(await create({ regionCode: '3301', regionName: '不在上级下', parentId: await idOf('32') }), 400,
      '区域编码 3301 不符合层级编码规则 2-2-2：上级 32 下的第 2 级编码应为 32 加 2 位，如 3201');
    expectFailure(await create({ regionCode: '32051', regionName: '宽度不对', parentId: await idOf('3205') }), 400, /应为 3205 加 2 位/);
    expectFailure(await create({ regionCode: '32050601', regionName: '末级之下', parentId: await idOf('320506') }), 400, /已是末级/);
    const refused = await create({ regionCode: '3302', regionName: '错误上级', parentId: await idOf('32') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data?.field).toBe('regionCode');
    expect(await count()).toBe(before);
  });

  it('refuse moving a region under a parent its code does not fit, and deleting one with sub-regions', async () => {
    expectOk(await create({ regionCode: '33', regionName: '浙江省' }));
    const city = expectOk(await call(ctx.app, 'GET', `${R}/get/${await idOf('3205')}`, ac)).data;
    expectFailure(await call(ctx.app, 'PUT', `${R}/update`, ac, { entity: { ...city, parentId: await idOf('33') } }), 400, /区域编码 3205 不符合层级编码规则/);
    expectFailure(await call(ctx.app, 'DELETE', `${R}/delList`, ac, { ids: [await idOf('32')] }), 400, '区域 32 已被其他单据或资料使用，不能删除');
  });
});
