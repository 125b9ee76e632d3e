import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';

// Data sync (datax) of the three families whose code alone names no row: warehouse areas by their
// warehouse's code and their own, dictionary items by their type's code and their own, blacklist
// entries by plate and id number. Each push is logged in the web service log and the operation log.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let accountant: string;
let operator: string;
let HDSN: string;
let wareCodes: string[];
const AREA = '/api/masterdata/warehouse-area';
const ITEM = '/api/masterdata/dict-item';
const BLACK = '/api/masterdata/blacklist';
const wsLogs = async (url: string) => (await pool.query('SELECT status, success FROM sys_ws_log WHERE url = $1 ORDER BY id', [url])).rows;
const opLogs = async (family: string) => (await pool.query(`SELECT detail FROM sys_log WHERE action = 'datax' AND family = $1 ORDER BY id`, [family])).rows.map((r) => r.detail);

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  wareCodes = (await pool.query('SELECT ware_code FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 2', [HDSN])).rows.map((r) => r.ware_code);
});

describe('warehouse areas', () => {
  it('upserts by warehouse and area code: the same code under two warehouses is two areas, a second push changes only what differs', async () => {
    const [w1, w2] = wareCodes;
    const entities = [{ wareCode: w1, areaCode: 'DX-A', areaName: '接口A区', capacity: '500' }, { wareCode: w2, areaCode: 'DX-A', areaName: '接口A区' }];
    expect(expectOk(await call(app, 'POST', `${AREA}/datax`, accountant, { entities })).data).toEqual({ created: 2, updated: 0 });
    expect(expectOk(await call(app, 'POST', `${AREA}/datax`, accountant, { entities })).data).toEqual({ created: 0, updated: 0 });
    const changed = [{ ...entities[0], areaName: '接口A区(扩建)' }, entities[1]];
    expect(expectOk(await call(app, 'POST', `${AREA}/datax`, accountant, { entities: changed })).data).toEqual({ created: 0, updated: 1 });
    const { rows } = await pool.query(`SELECT w.ware_code, a.area_name, a.capacity::text, a.version FROM md_warehouse_area a JOIN md_warehouse w ON w.id = a.warehouse_id
      WHERE a.area_code = 'DX-A' ORDER BY w.ware_code`);
    expect(rows).toEqual([
      { ware_code: w1, area_name: '接口A区(扩建)', capacity: '500.000', version: 1 },
      { ware_code: w2, area_name: '接口A区', capacity: null, version: 0 },
    ].sort((a, b) => a.ware_code.localeCompare(b.ware_code)));
    expect(await opLogs('货区')).toEqual(['新增 2 条，更新 0 条（推送 2 条）', '新增 0 条，更新 1 条（推送 2 条）']);
    expect(await wsLogs(`${AREA}/datax`)).toEqual([{ status: 200, success: true }, { status: 200, success: true }, { status: 200, success: true }]);
  });

  it('refuses a push naming an unknown warehouse, a repeated area or a blank name, naming each, and writes nothing', async () => {
    const [w1] = wareCodes;
    const res = expectFailure(await call(app, 'POST', `${AREA}/datax`, accountant, { entities: [
      { wareCode: 'NO-WH', areaCode: 'DX-B', areaName: 'B' }, { wareCode: w1, areaCode: 'DX-C', areaName: 'C' }, { wareCode: w1, areaCode: 'DX-C', areaName: 'C2' },
      { wareCode: w1, areaCode: 'DX-D' },
    ] }), 400);
    expect((res.data as { errors: unknown[] }).errors).toEqual([
      { row: 1, field: 'wareCode', message: '仓库编码 NO-WH 不存在' },
      { row: 3, field: 'areaCode', message: '所属仓库、货区编码与第 2 条相同' },
      { row: 4, field: 'areaName', message: '货区名称不能为空！' },
    ]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM md_warehouse_area WHERE area_code IN ('DX-B', 'DX-C', 'DX-D')`)).rows[0].n).toBe(0);
    expect((await wsLogs(`${AREA}/datax`)).at(-1)).toEqual({ status: 400, success: false });
    // the operator looks at areas but does not keep them
    expectFailure(await call(app, 'POST', `${AREA}/datax`, operator, { entities: [{ wareCode: w1, areaCode: 'DX-E', areaName: 'E' }] }), 403);
  });

  it('knows only the caller\'s company: another company\'s warehouse code is unknown there', async () => {
    const admin = (await bearerFor(app, 'admin')).authorization;
    const HDJC = await orgId(pool, 'HDJC');
    const own = (await pool.query('SELECT ware_code FROM md_warehouse WHERE org_id = $1', [HDJC])).rows.map((r) => r.ware_code);
    const foreign = wareCodes.find((c) => !own.includes(c));
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, admin));
    try {
      if (foreign) expectFailure(await call(app, 'POST', `${AREA}/datax`, admin, { entities: [{ wareCode: foreign, areaCode: 'DX-F', areaName: 'F' }] }), 400, `仓库编码 ${foreign} 不存在`);
      const listed = expectOk(await call(app, 'POST', `${AREA}/v2/list`, admin, { search: [{ key: 'areaCode', op: 'eq', val: 'DX-A' }] })).data;
      expect(listed.total).toBe(0);
    } finally {
      expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, admin));
    }
  });
});

describe('dictionary items', () => {
  it('upserts by type and item code, and moves the type on a version so a form opened before saves a conflict', async () => {
    const type = expectOk(await call(app, 'POST', '/api/masterdata/dict-type/create', accountant, { entity: { typeCode: 'DX_PACK', typeName: '接口包装' } })).data;
    const version = (await pool.query('SELECT version FROM md_dict_type WHERE id = $1', [type.id ?? type.entity.id])).rows[0].version;
    const entities = [{ typeCode: 'DX_PACK', itemCode: '01', itemLabel: '吨袋' }, { typeCode: 'DX_PACK', itemCode: '02', itemLabel: '纸袋', sort: 2 }];
    expect(expectOk(await call(app, 'POST', `${ITEM}/datax`, accountant, { entities })).data).toEqual({ created: 2, updated: 0 });
    expect(expectOk(await call(app, 'POST', `${ITEM}/datax`, accountant, { entities: [{ ...entities[0], itemLabel: '吨包' }] })).data).toEqual({ created: 0, updated: 1 });
    const { rows } = await pool.query(`SELECT i.item_code, i.item_label, i.sort FROM md_dict_item i JOIN md_dict_type t ON t.id = i.type_id WHERE t.type_code = 'DX_PACK' ORDER BY i.item_code`);
    expect(rows).toEqual([{ item_code: '01', item_label: '吨包', sort: 0 }, { item_code: '02', item_label: '纸袋', sort: 2 }]);
    expect((await pool.query('SELECT version FROM md_dict_type WHERE id = $1', [type.id ?? type.entity.id])).rows[0].version).toBe(version + 2);
    expectFailure(await call(app, 'POST', `${ITEM}/datax`, accountant, { entities: [{ typeCode: 'NO_TYPE', itemCode: '01', itemLabel: 'x' }] }), 400, '类型编码 NO_TYPE 不存在');
    expect(await opLogs('字典项')).toHaveLength(2);
  });
});

describe('blacklist', () => {
  const ID = '11010519491231002X';
  it('upserts by plate and id number together: a plate-only entry and an id-only entry are two, and a second push updates them', async () => {
    const entities = [{ plateNumber: '浙a7d301', reason: '偷换货物' }, { idNumber: ID, reason: '冒名过磅', validUntil: '2099-01-01 00:00:00' }];
    expect(expectOk(await call(app, 'POST', `${BLACK}/datax`, operator, { entities })).data).toEqual({ created: 2, updated: 0 });
    expect(expectOk(await call(app, 'POST', `${BLACK}/datax`, operator, { entities: [{ ...entities[0], reason: '偷换货物（二次）' }, entities[1]] })).data)
      .toEqual({ created: 0, updated: 1 });
    const { rows } = await pool.query(`SELECT plate_number, id_number, reason FROM md_blacklist WHERE plate_number = '浙A7D301' OR id_number = $1 ORDER BY plate_number NULLS LAST`, [ID]);
    expect(rows).toEqual([{ plate_number: '浙A7D301', id_number: null, reason: '偷换货物（二次）' }, { plate_number: null, id_number: ID, reason: '冒名过磅' }]);
  });

  it('refuses an entry with neither plate nor id number and a bad plate, writing nothing', async () => {
    const res = expectFailure(await call(app, 'POST', `${BLACK}/datax`, operator, { entities: [{ reason: '无车无人' }, { plateNumber: 'XYZ', reason: '错牌' }] }), 400);
    expect((res.data as { errors: { row: number; field: string }[] }).errors.map((e) => [e.row, e.field])).toEqual([[1, 'plateNumber'], [2, 'plateNumber']]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM md_blacklist WHERE reason IN ('无车无人', '错牌')`)).rows[0].n).toBe(0);
  });

  it('makes one entry of the same push sent twice at once', async () => {
    const entities = [{ plateNumber: '浙A7D302', idNumber: ID, reason: '并发推送' }];
    const answers = await Promise.all([1, 2].map(() => call(app, 'POST', `${BLACK}/datax`, operator, { entities })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => (JSON.parse(a.body) as { data: { created: number } }).data.created).sort()).toEqual([0, 1]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM md_blacklist WHERE plate_number = '浙A7D302'`)).rows[0].n).toBe(1);
  });
});
