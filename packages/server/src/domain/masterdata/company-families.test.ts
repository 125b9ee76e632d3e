import { idNumberCheckDigit } from '@wb/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';

// The company families on the document engine: vehicles, drivers, IC cards, warehouses and the
// blacklist, as the plant's weighbridge operator keeps them.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

let operator: string;
let accountant: string;
let HDSN: string;
let HDJC: string;

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
});

const post = (url: string, body?: unknown, who = operator) => call(app, 'POST', url, who, body);
const put = (url: string, body: unknown, who = operator) => call(app, 'PUT', url, who, body);
const get = (url: string, who = operator) => call(app, 'GET', url, who);
const VEHICLE = '/api/masterdata/vehicle';

const idNumber = (first17: string) => first17 + idNumberCheckDigit(first17);

describe('vehicles', () => {
  it('stores the plate in normal form and answers the form fields by name, with id and version', async () => {
    const { rows } = await pool.query('SELECT id::text FROM md_carrier_alloc a JOIN md_carrier c ON c.id = a.archive_id WHERE a.org_id = $1 LIMIT 1', [HDSN]);
    const v = expectOk(await post(`${VEHICLE}/create`, { entity: {
      plateNumber: '浙e·8k 123', carType: '重型自卸货车', axleType: '4', capacityTonnage: 15.5, carrierId: rows[0].id,
      annualReviewDate: '2027-03-01 00:00:00', hasTrailer: false, isDangerousChemicals: false,
    } })).data;
    expect(v).toMatchObject({ plateNumber: '浙E8K123', axleType: 4, capacityTonnage: '15.500', annualReviewDate: '2027-03-01', version: 0, enabled: true, plateType: 'YELLOW' });
    expect(v.carrierName).toEqual(expect.any(String));
    expect(v.carrierId).toBe(rows[0].id);
    expect(Object.keys(v)).toEqual(expect.arrayContaining(['id', 'version', 'trailerPlateNumber', 'mainVehiclePhotoId', 'isDangerousChemicals']));
    expectFailure(await post(`${VEHICLE}/create`, { entity: { plateNumber: '浙E8K123' } }), 400, '车牌号 浙E8K123 已存在');
    expectFailure(await post(`${VEHICLE}/create`, { entity: { plateNumber: 'ABC' } }), 400, '车牌号 ABC 格式不正确');
  });

  it('keeps the trailer and dangerous-goods sections only when their switch is on', async () => {
    const v = expectOk(await post(`${VEHICLE}/create`, { entity: {
      plateNumber: '浙E7T001', hasTrailer: false, trailerPlateNumber: '浙E1234挂', isDangerousChemicals: false, roadTransportLicense: '330503000001',
    } })).data;
    expect(v).toMatchObject({ trailerPlateNumber: null, roadTransportLicense: null });
    expectFailure(await post(`${VEHICLE}/create`, { entity: { plateNumber: '浙E7T002', hasTrailer: true } }), 400, '挂车车牌号不能为空！');
    const t = expectOk(await post(`${VEHICLE}/create`, { entity: { plateNumber: '浙E7T003', hasTrailer: true, trailerPlateNumber: '浙e 1234 挂' } })).data;
    expect(t.trailerPlateNumber).toBe('浙E1234挂');
    const off = expectOk(await put(`${VEHICLE}/update`, { entity: { ...t, hasTrailer: false } })).data;
    expect(off.trailerPlateNumber).toBeNull();
    expectFailure(await post(`${VEHICLE}/create`, { entity: {
      plateNumber: '浙E7T004', mainVehicleRoadTransportValidFrom: '2026-05-01', mainVehicleRoadTransportValidTo: '2026-04-01',
    } }), 400, '主车道路运输证有效期止不能早于有效期起');
  });

  it("refuses a carrier not allocated to the company, and another company's vehicle is 404", async () => {
    const { rows } = await pool.query(`SELECT c.id::text FROM md_carrier c WHERE NOT EXISTS (SELECT 1 FROM md_carrier_alloc a WHERE a.archive_id = c.id AND a.org_id = $1) LIMIT 1`, [HDSN]);
    if (rows[0]) expectFailure(await post(`${VEHICLE}/create`, { entity: { plateNumber: '浙E7T005', carrierId: rows[0].id } }), 400, '承运商不存在或未分配给当前公司');
    const other = (await pool.query('SELECT id::text FROM md_vehicle WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0].id;
    expectFailure(await get(`${VEHICLE}/get/${other}`), 404);
    expectFailure(await post(`${VEHICLE}/disable`, { ids: [other] }), 404);
    expect((await pool.query('SELECT enabled FROM md_vehicle WHERE id = $1', [other])).rows[0].enabled).toBe(true);
  });

  it('has no audit: a company row only switches on and off', async () => {
    expectFailure(await post(`${VEHICLE}/audit`, { ids: ['1'] }), 404);
  });

  it('is refused to the accountant, who is not given vehicles', async () => {
    expectFailure(await post(`${VEHICLE}/create`, { entity: { plateNumber: '浙E7T009' } }, accountant), 403);
  });
});

describe('drivers', () => {
  const D = '/api/masterdata/driver';
  it("checks the id number with the spec's four messages, in order", async () => {
    expectFailure(await post(`${D}/create`, { entity: { driverName: '张三', idNumber: '12345' } }), 400, '身份证号校验错误!');
    expectFailure(await post(`${D}/create`, { entity: { driverName: '张三', idNumber: '330522199002301234' } }), 400, '身份证号格式错误!');
    expectFailure(await post(`${D}/create`, { entity: { driverName: '张三', idNumber: idNumber('99052219900101123') } }), 400, '身份证号地址编码错误!');
    const good = idNumber('33052219900101123');
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expectFailure(await post(`${D}/create`, { entity: { driverName: '张三', idNumber: wrong } }), 400, '身份证号校验位错误!');
    const d = expectOk(await post(`${D}/create`, { entity: { driverName: '张三', idNumber: good.toLowerCase(), mobile: '13800000000', licenseClass: 'A2' } })).data;
    expect(d).toMatchObject({ idNumber: good, driverName: '张三', licenseClass: 'A2' });
    expectFailure(await post(`${D}/create`, { entity: { driverName: '张三', idNumber: good } }), 400, `身份证号 ${good} 已存在`);
    expectFailure(await post(`${D}/create`, { entity: { driverName: '李四', idNumber: idNumber('33052219900101124'), mobile: '123' } }), 400, '手机号应为11位手机号');
  });
});

describe('IC cards', () => {
  const C = '/api/masterdata/ic-card';
  const card = async (cardNo: string) => expectOk(await post(`${C}/create`, { entity: { cardNo, cardKind: 'TEMPORARY', cardUid: `ab${cardNo.slice(-6)}` } })).data;
  const state = async (id: string) => (await pool.query('SELECT state, lost_at IS NOT NULL AS stamped FROM md_ic_card WHERE id = $1', [id])).rows[0];

  it('reports a card lost and reuses it; the guards refuse the wrong state', async () => {
    const c = await card('90000001');
    expect(c.cardUid).toBe(`AB${'90000001'.slice(-6)}`);
    expectFailure(await post(`${C}/reuse`, { ids: [c.id] }), 400, 'IC卡 90000001 正常使用中，不能解除挂失');
    expectOk(await post(`${C}/loss`, { ids: [c.id] }));
    expect(await state(c.id)).toEqual({ state: 'LOST', stamped: true });
    expectFailure(await post(`${C}/loss`, { ids: [c.id] }), 400, 'IC卡 90000001 已挂失，不能挂失');
    expectOk(await post(`${C}/reuse`, { ids: [c.id] }));
    expect(await state(c.id)).toEqual({ state: 'NORMAL', stamped: false });
  });

  it('refuses to report a damaged card lost', async () => {
    const { rows } = await pool.query(`SELECT id::text, card_no FROM md_ic_card WHERE org_id = $1 AND state = 'DAMAGED' LIMIT 1`, [HDSN]);
    expectFailure(await post(`${C}/loss`, { ids: [rows[0].id] }), 400, `IC卡 ${rows[0].card_no} 已损坏，不能挂失`);
  });

  it('refuses reuse of a lost card whose truck already has a card in use', async () => {
    const { rows } = await pool.query(`SELECT id::text FROM md_ic_card WHERE org_id = $1 AND state = 'LOST' AND vehicle_id IS NOT NULL LIMIT 1`, [HDSN]);
    expectFailure(await post(`${C}/reuse`, { ids: [rows[0].id] }), 400, '该车辆已有正常使用的IC卡');
  });
});

describe('warehouses', () => {
  const W = '/api/masterdata/warehouse';
  it('numbers a new warehouse after the ones typed by hand and copies one with a new code', async () => {
    const w = expectOk(await post(`${W}/create`, { entity: { wareName: '新堆场', kind: '露天堆场' } }, accountant)).data;
    expect(w).toMatchObject({ kind: 'YARD', wareName: '新堆场' });
    const { rows } = await pool.query('SELECT ware_code FROM md_warehouse WHERE org_id = $1', [HDSN]);
    expect(rows.filter((r) => r.ware_code === w.wareCode)).toHaveLength(1);
    const copy = expectOk(await post(`${W}/copy/${w.id}`, undefined, accountant)).data;
    expect(copy.wareCode).not.toBe(w.wareCode);
    expectFailure(await post(`${W}/copy`, { ids: [w.id, copy.id] }, accountant), 400, '最多选择一条数据！');
    expectFailure(await post(`${W}/create`, { entity: { wareName: '无类型' } }, accountant), 400, '仓库类型不能为空！');
  });

  it('refuses to delete a warehouse its silos still name, and deletes an unused one', async () => {
    const { rows } = await pool.query(`SELECT w.id::text, w.ware_code FROM md_warehouse w WHERE w.org_id = $1 AND EXISTS (SELECT 1 FROM md_silo s WHERE s.warehouse_id = w.id) LIMIT 1`, [HDSN]);
    expectFailure(await call(app, 'DELETE', `${W}/delList`, accountant, { ids: [rows[0].id] }), 400, `仓库 ${rows[0].ware_code} 已被其他单据或资料使用，不能删除`);
    const w = expectOk(await post(`${W}/create`, { entity: { wareName: '临时库', kind: 'VIRTUAL' } }, accountant)).data;
    expect(expectOk(await call(app, 'DELETE', `${W}/delList`, accountant, { ids: [w.id] })).data).toEqual({ count: 1 });
  });
});

describe('blacklist', () => {
  const B = '/api/masterdata/blacklist';
  it('needs a plate or an id number, and a reason', async () => {
    expectFailure(await post(`${B}/create`, { entity: { reason: '作弊' } }), 400, '车牌号与身份证号至少填一项');
    expectFailure(await post(`${B}/create`, { entity: { plateNumber: '皖F12345' } }), 400, '原因不能为空！');
    const b = expectOk(await post(`${B}/create`, { entity: { plateNumber: '皖f12345', reason: '扣重作弊' } })).data;
    expect(b).toMatchObject({ plateNumber: '皖F12345', enabled: true });
    expect(b.validFrom).toEqual(expect.any(String));
    expectFailure(await post(`${B}/create`, { entity: { plateNumber: '皖F12346', reason: 'x', validFrom: '2026-05-01 00:00:00', validUntil: '2026-04-01 00:00:00' } }), 400, '截止时间应晚于生效时间');
  });
});

describe('warehouse areas and silos', () => {
  it('takes an area code once per warehouse, and the same code in another warehouse', async () => {
    const ware = async (code: string) => (await pool.query('SELECT id::text FROM md_warehouse WHERE org_id = $1 AND ware_code = $2', [HDSN, code])).rows[0].id as string;
    const A = '/api/masterdata/warehouse-area';
    expectOk(await post(`${A}/create`, { entity: { warehouseId: await ware('CK01'), areaCode: 'Z', areaName: '新货区' } }, accountant));
    expectFailure(await post(`${A}/create`, { entity: { warehouseId: await ware('CK01'), areaCode: 'Z', areaName: '重复货区' } }, accountant), 400, '货区编码 Z 已存在');
    expectOk(await post(`${A}/create`, { entity: { warehouseId: await ware('CK02'), areaCode: 'Z', areaName: '另一仓库的Z区' } }, accountant));
    const other = (await pool.query('SELECT id::text FROM md_warehouse WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0].id;
    expectFailure(await post(`${A}/create`, { entity: { warehouseId: other, areaCode: 'Y', areaName: '越界货区' } }, accountant), 400, '所属仓库不存在或未分配给当前公司');
  });

  it('refuses a silo holding a material the company was not given', async () => {
    const { rows } = await pool.query(`SELECT m.id::text FROM md_material m WHERE NOT EXISTS (SELECT 1 FROM md_material_alloc a WHERE a.archive_id = m.id AND a.org_id = $1) LIMIT 1`, [HDJC]);
    const jcWare = (await pool.query(`SELECT id::text FROM md_warehouse WHERE org_id = $1 AND kind = 'SILO' LIMIT 1`, [HDJC])).rows[0].id;
    await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, accountant);
    try {
      expectFailure(await post('/api/masterdata/silo/create', { entity: { siloCode: 'ZZ09', siloName: '9#中转罐', warehouseId: jcWare, materialId: rows[0].id } }, accountant),
        400, '存放物料不存在或未分配给当前公司');
    } finally {
      await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, accountant);
    }
  });
});

describe('datax of company rows', () => {
  it('upserts vehicles by plate and binds IC cards to a truck named by its plate', async () => {
    const entities = [
      { plateNumber: '浙E9D001', carType: '重型自卸货车', axleType: 4 },
      { plateNumber: '浙E9D002', hasTrailer: true, trailerPlateNumber: '浙E9001挂' },
    ];
    expect(expectOk(await post(`${VEHICLE}/datax`, { entities })).data).toEqual({ created: 2, updated: 0 });
    expect(expectOk(await post(`${VEHICLE}/datax`, { entities: [{ ...entities[0], axleType: 6 }, entities[1]] })).data).toEqual({ created: 0, updated: 1 });
    const cards = [{ cardNo: '91000001', cardKind: 'FIXED', plateNumber: '浙E9D001' }];
    expect(expectOk(await post('/api/masterdata/ic-card/datax', { entities: cards })).data).toEqual({ created: 1, updated: 0 });
    const { rows } = await pool.query(`SELECT v.plate_number FROM md_ic_card c JOIN md_vehicle v ON v.id = c.vehicle_id WHERE c.card_no = '91000001'`);
    expect(rows).toEqual([{ plate_number: '浙E9D001' }]);
    const bad = expectFailure(await post('/api/masterdata/ic-card/datax', { entities: [{ cardNo: '91000002', plateNumber: '浙E0000X' }] }), 400);
    expect((bad.data as { errors: unknown[] }).errors).toEqual([{ row: 1, field: 'plateNumber', message: '车牌号 浙E0000X 不存在' }]);
  });
});

describe('vehicle photos', () => {
  const file = async (org: string) => (await pool.query(
    `INSERT INTO sys_file (org_id, original_name, content_type, size_bytes, sha256, storage_key)
     VALUES ($1::bigint, 'a.jpg', 'image/jpeg', 10, repeat('a', 64), 'org/' || $1::text || '/2026/11/' || md5(random()::text) || '.jpg') RETURNING id::text`, [org])).rows[0].id as string;

  it("keeps a photo uploaded in the company and refuses another company's file", async () => {
    const own = await file(HDSN);
    const v = expectOk(await post(`${VEHICLE}/create`, { entity: { plateNumber: '浙E6P001', mainVehiclePhotoId: own } })).data;
    expect(v.mainVehiclePhotoId).toBe(own);
    const foreign = await file(HDJC);
    expectFailure(await post(`${VEHICLE}/create`, { entity: { plateNumber: '浙E6P002', drivingLicensePhotoId: foreign } }), 400, '行驶证照片不存在或不属于当前公司');
    expectFailure(await put(`${VEHICLE}/update`, { entity: { ...v, roadLicensePhotoId: foreign } }), 400, '道路运营证照片不存在或不属于当前公司');
  });
});
