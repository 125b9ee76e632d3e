import ExcelJS from 'exceljs';
import { formatMoney, formatWeight } from '@wb/protocol';
import { pageTexts } from '../weighing/print/pdf-text.test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, weighPurchase, type Plant } from '../weighing/test-support';
import { deductFuelAdvances, openFuelAdvances, releaseFuelAdvances } from './advances';
import { freightQueryOfTicket, resolveFreightPrice } from './resolve';
import { freightOfTicket } from './rules';

// Freight as the plant's accountant keeps it: contracts and prices that pay the carriers' trips,
// and plans with their pound lists, remittances and fuel cards.
const { app, database } = await createTestApp();
const { pool, db } = database;
const C = '/api/freight/contract';
const P = '/api/freight/price';
const PLAN = '/api/freight/plan';

let accountant: string;
let operator: string;
let plant: Plant;
let carrierId: string;
let otherCarrierId: string;
let routeId: string;

const idOf = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0].id as string;
const post = (url: string, body?: unknown, who = accountant) => call(app, 'POST', url, who, body);
const logCount = async (docNo: string, action?: string) =>
  (await pool.query('SELECT count(*)::int AS n FROM sys_log WHERE doc_no = $1 AND ($2::text IS NULL OR action = $2)', [docNo, action ?? null])).rows[0].n as number;
const counts = async () => (await pool.query(`SELECT (SELECT count(*) FROM wb_freight_contract)::int AS c, (SELECT count(*) FROM wb_freight_price)::int AS p,
  (SELECT count(*) FROM wb_freight_plan)::int AS pl, (SELECT count(*) FROM wb_freight_plan_ticket)::int AS t, (SELECT count(*) FROM wb_freight_remittance)::int AS r,
  (SELECT count(*) FROM wb_freight_fuel_advance)::int AS a, (SELECT count(*) FROM sys_log)::int AS g,
  (SELECT string_agg(id || ':' || version, ',' ORDER BY id) FROM wb_freight_plan) AS v`)).rows[0];

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  plant = await plantOf(db);
  carrierId = await idOf("SELECT id::text FROM md_carrier WHERE carrier_code = 'CYS002'");
  otherCarrierId = await idOf("SELECT id::text FROM md_carrier WHERE carrier_code = 'CYS001'");
  routeId = await idOf("SELECT l.id::text FROM md_line l JOIN sys_org o ON o.id = l.org_id WHERE o.org_code = 'HDSN' AND l.line_code = 'XL002'");
  // the company's 区域档案 holds 湖州 (the region the contracts below name)
  await pool.query(`INSERT INTO md_region (org_id, region_code, region_name) SELECT id, '3305', '湖州' FROM sys_org WHERE org_code = 'HDSN'`);
});

/** A one-sheet workbook: a header row, then the rows. */
async function workbook(name: string, header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A sheet posted as an import's upload. */
function upload(url: string, bytes: Buffer, who: string) {
  const boundary = '----freight-import';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url, headers: { authorization: who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

/** A purchase ticket weighed for real (40 - 15 = 25 t at 10 a ton), hauled by `carrier`, `shipped` by the vendor's count. */
async function haul(carrier: string, shipped: string | null) {
  const t = await weighPurchase(app, db, plant, operator, { station: 'F1', price: '10' });
  await pool.query('UPDATE wb_ticket SET carrier_id = $2, shipped_quantity = $3 WHERE id = $1', [t.id, carrier, shipped]);
  return t;
}

const CONTRACT = { kind: 'pu', carrierId: '', validFrom: '2026-01-01 00:00:00', basis: 'OUR_NET', chargeMode: 'TON', taxRate: '9', lossMode: 'PERCENT', lossValue: '2' };

async function auditedContract(lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const c = expectOk(await post(`${C}/create`, { entity: { ...CONTRACT, carrierId, ...extra }, entitysub: lines })).data;
  expectOk(await post(`${C}/audit`, { ids: [c.id] }));
  return c;
}

describe('freight contracts and prices', () => {
  it('a contract\'s audit makes its lines prices, resolved most specific first; its un-audit takes them back; its close ends them', async () => {
    const c = expectOk(await post(`${C}/create`, { entity: { ...CONTRACT, carrierId }, entitysub: [
      { routeId, materialId: plant.materialId, price: '12' }, { region: '湖州', price: '8', distanceKm: '60' },
    ] })).data;
    expect(c.contractNo).toMatch(/^YFHT\d{8}0001$/);
    expect(c.entitysub).toHaveLength(2);
    expect(await logCount(c.contractNo, 'create')).toBe(1);
    const at = new Date('2026-06-01T00:00:00Z');
    const q = { orgId: plant.orgId, kind: 'pu' as const, carrierId, routeId, materialId: plant.materialId, at };
    expect(await resolveFreightPrice(db, q)).toBeNull();
    expectOk(await post(`${C}/audit`, { ids: [c.id] }));
    expect(await logCount(c.contractNo, 'audit')).toBe(1);
    expect(await resolveFreightPrice(db, q)).toMatchObject({ priceNo: `${c.contractNo}-1`, price: '12.0000', basis: 'OUR_NET', chargeMode: 'TON', taxRate: '9.0000', lossMode: 'PERCENT', lossValue: '2.0000', label: `运费合同 ${c.contractNo}` });
    expect(await resolveFreightPrice(db, { ...q, routeId: null, region: '湖州' })).toMatchObject({ priceNo: `${c.contractNo}-2`, distanceKm: '60.000' });
    // a price of its own for the carrier, the route and the material, begun later, is as specific and the latest
    const own = expectOk(await post(`${P}/create`, { entity: { kind: 'pu', carrierId, routeId, materialId: plant.materialId, price: '13', effectiveFrom: '2026-05-01 00:00:00' } })).data;
    expect(await resolveFreightPrice(db, q)).toMatchObject({ priceNo: `${c.contractNo}-1` });
    expectOk(await post(`${P}/audit`, { ids: [own.id] }));
    expect(await resolveFreightPrice(db, q)).toMatchObject({ id: own.id, price: '13.0000', label: `运费价格 ${own.priceNo}` });
    expectOk(await post(`${P}/unaudit`, { ids: [own.id] }));
    // a contract's price goes with the contract, never alone
    const written = await idOf('SELECT id::text FROM wb_freight_price WHERE contract_id = $1 ORDER BY id LIMIT 1', [c.id]);
    expectFailure(await post(`${P}/unaudit`, { ids: [written] }), 400, `运费价格 ${c.contractNo}-1 由运费合同 ${c.contractNo} 生成，请反审核该合同`);
    expectOk(await post(`${C}/unaudit`, { ids: [c.id] }));
    expect(await resolveFreightPrice(db, q)).toBeNull();
    expectOk(await post(`${C}/audit`, { ids: [c.id] }));
    expectOk(await post(`${C}/close`, { ids: [c.id] }));
    expect(await resolveFreightPrice(db, { ...q, at: new Date() })).toBeNull();
    expect(await resolveFreightPrice(db, q)).toMatchObject({ priceNo: `${c.contractNo}-1` });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await counts();
    const bad = async (url: string, body: unknown, field: string, msg?: string) => {
      const res = await post(url, body);
      expectFailure(res, 400, msg);
      expect(res.json().data.field).toBe(field);
    };
    await bad(`${C}/create`, { entity: { ...CONTRACT, carrierId }, entitysub: [{ routeId, region: '湖州', price: '1' }] }, 'entitysub.0.region', '第1行 线路与区域只能填写其一');
    await bad(`${C}/create`, { entity: { ...CONTRACT, carrierId, lossValue: null }, entitysub: [{ price: '1' }] }, 'lossValue', '请填写合理路耗');
    await bad(`${C}/create`, { entity: { ...CONTRACT, carrierId, validTo: '2025-01-01 00:00:00' }, entitysub: [{ price: '1' }] }, 'validTo');
    await bad(`${C}/create`, { entity: { ...CONTRACT, carrierId, chargeMode: 'PER_BAG' }, entitysub: [{ price: '1' }] }, 'chargeMode');
    await bad(`${C}/create`, { entity: { ...CONTRACT, carrierId }, entitysub: [{ price: '1e16' }] }, 'entitysub.0.price');
    await bad(`${P}/create`, { entity: { kind: 'xx', price: '1', effectiveFrom: '2026-01-01 00:00:00' } }, 'kind');
    await bad(`${P}/create`, { entity: { kind: 'pu', price: '1', materialId: plant.materialId, materialClassId: '1', effectiveFrom: '2026-01-01 00:00:00' } }, 'materialClassId');
    const classes = await pool.query("SELECT (SELECT c.id::text FROM md_material_class c JOIN sys_org o ON o.group_id = c.group_id WHERE o.org_code = 'HDSN' LIMIT 1) AS mine, (SELECT max(id) + 1 FROM md_material_class)::text AS stranger");
    await bad(`${P}/create`, { entity: { kind: 'pu', price: '1', materialClassId: classes.rows[0].stranger, effectiveFrom: '2026-01-01 00:00:00' } }, 'materialClassId', '物料分类不存在');
    await bad(`${C}/create`, { entity: { ...CONTRACT, carrierId }, entitysub: [{ price: '1' }, { materialClassId: classes.rows[0].stranger, price: '2' }] }, 'entitysub.1.materialClassCode');
    const ownClass = expectOk(await post(`${P}/create`, { entity: { kind: 'pu', price: '1', materialClassId: classes.rows[0].mine, effectiveFrom: '2026-01-01 00:00:00' } })).data;
    expectOk(await call(app, 'DELETE', `${P}/delList`, accountant, { ids: [ownClass.id] }));
    const empty = expectOk(await post(`${C}/create`, { entity: { ...CONTRACT, carrierId } })).data;
    const mid = await counts();
    expectFailure(await post(`${C}/audit`, { ids: [empty.id] }), 400, `运费合同 ${empty.contractNo} 没有明细，不能审核`);
    expect(await counts()).toEqual(mid);
    expect(mid.c).toBe(before.c + 1);
    expect(mid.p).toBe(before.p);
  });

  it('refuses a region the company\'s 区域档案 does not hold, pushed, imported or sent, naming it, and writes nothing', async () => {
    const material = (await pool.query('SELECT inv_code FROM md_material WHERE id = $1', [plant.materialId])).rows[0].inv_code as string;
    const errorsOf = (res: Awaited<ReturnType<typeof post>>) => (expectFailure(res, 400).data as { errors: { row: number | null; field: string; message: string }[] }).errors;
    const pushed = (region: string) => ({ entities: [{ priceNo: `PUSH-${region}`, kind: 'pu', carrierCode: 'CYS002', region, materialCode: material, price: '9', effectiveFrom: '2026-01-01 00:00:00' }] });
    const before = await counts();
    // a freight price pushed by the ERP (datax)
    const push = await post(`${P}/datax`, pushed('火星'));
    expect(errorsOf(push)).toEqual([{ row: 1, field: 'region', message: '区域 火星 不在区域档案中' }]);
    // a freight price imported from a sheet
    const sheet = await workbook('运费价格', ['业务类型', '承运商编码', '区域', '运价', '计费依据', '计费方式', '生效时间'],
      [['pu', 'CYS002', '湖州', '9', 'OUR_NET', 'TON', '2026-01-01 00:00:00'], ['pu', 'CYS002', '火星', '9', 'OUR_NET', 'TON', '2026-01-01 00:00:00']]);
    expect(errorsOf(await upload(`${P}/import`, sheet, accountant))).toEqual([{ row: 3, field: 'region', message: '区域 火星 不在区域档案中' }]);
    // a freight plan imported from a sheet
    const plans = await workbook('运费计划', ['业务类型', '承运商编码', '区域', '开始时间', '运价', '计费方式'], [['pu', 'CYS002', '火星', '2026-04-01 00:00:00', '18', 'TON']]);
    expect(errorsOf(await upload(`${PLAN}/importExcel`, plans, accountant))).toEqual([{ row: 2, field: 'region', message: '区域 火星 不在区域档案中' }]);
    // a freight contract's line, and a price or a plan sent by a form or a call
    const line = await post(`${C}/create`, { entity: { ...CONTRACT, carrierId }, entitysub: [{ region: '湖州', price: '1' }, { region: '火星', price: '2' }] });
    expectFailure(line, 400, '第2行 区域 火星 不在区域档案中');
    expect(line.json().data.field).toBe('entitysub.1.region');
    const price = await post(`${P}/create`, { entity: { kind: 'pu', carrierId, region: '火星', price: '1', effectiveFrom: '2026-01-01 00:00:00' } });
    expectFailure(price, 400, '区域 火星 不在区域档案中');
    expect(price.json().data.field).toBe('region');
    const plan = await post(`${PLAN}/create`, { entity: { kind: 'pu', carrierId, region: '火星', startTime: '2026-05-01 00:00:00', price: '18', chargeMode: 'TON' } });
    expectFailure(plan, 400, '区域 火星 不在区域档案中');
    expect(await counts()).toEqual(before);
    // the archive's own name goes in, every way
    expectOk(await post(`${P}/datax`, pushed('湖州')));
    expect((await pool.query(`SELECT region FROM wb_freight_price WHERE price_no = 'PUSH-湖州'`)).rows).toEqual([{ region: '湖州' }]);
    expectOk(await post(`${PLAN}/create`, { entity: { kind: 'pu', carrierId, region: '湖州', startTime: '2026-05-01 00:00:00', price: '18', chargeMode: 'TON' } }));
  });
});

describe('freight plans', () => {
  let contractNo: string;
  beforeAll(async () => {
    contractNo = (await auditedContract([{ materialId: plant.materialId, price: '20' }], { carrierId: otherCarrierId, validFrom: '2026-01-01 00:00:00' })).contractNo;
    await auditedContract([{ materialId: plant.materialId, price: '30' }], { validFrom: '2026-01-01 00:00:00' });
  });
  const plan = async (extra: Record<string, unknown> = {}, audit = true) => {
    const p = expectOk(await post(`${PLAN}/create`, { entity: { kind: 'pu', carrierId, materialId: plant.materialId, startTime: '2026-03-01 00:00:00', ...extra } })).data;
    if (audit) expectOk(await post(`${PLAN}/audit`, { ids: [p.id] }));
    return p;
  };

  it('takes the freight price in force with its terms when none is typed; a typed one stands; none in force is refused naming 运价', async () => {
    const resolved = await plan({ carrierId: otherCarrierId }, false);
    expect(resolved).toMatchObject({ priceSource: 'RESOLVED', price: '20', basis: 'OUR_NET', chargeMode: 'TON', taxRate: '9', lossMode: 'PERCENT', lossValue: '2', priceLabel: `运费合同 ${contractNo}` });
    // edited with the price the form showed: still resolved; with another: typed
    const kept = expectOk(await call(app, 'PUT', `${PLAN}/update`, accountant, { entity: { id: resolved.id, version: resolved.version, price: '20.0', remark: '改备注' } })).data;
    expect(kept).toMatchObject({ priceSource: 'RESOLVED', priceLabel: `运费合同 ${contractNo}`, remark: '改备注' });
    const changed = expectOk(await call(app, 'PUT', `${PLAN}/update`, accountant, { entity: { id: kept.id, version: kept.version, price: '21' } })).data;
    expect(changed).toMatchObject({ priceSource: 'TYPED', price: '21', priceLabel: '手工填写' });
    const typed = await plan({ price: '25.5', chargeMode: 'TRIP' }, false);
    expect(typed).toMatchObject({ priceSource: 'TYPED', price: '25.5', chargeMode: 'TRIP', priceLabel: '手工填写' });
    const before = await counts();
    const res = await post(`${PLAN}/create`, { entity: { kind: 'sa', carrierId, startTime: '2026-03-01 00:00:00' } });
    expectFailure(res, 400, '没有适用的运费价格，请填写运价');
    expect(res.json().data.field).toBe('price');
    expect(await counts()).toEqual(before);
  });

  it('keeps a pound list of the carrier\'s weighed tickets, a ticket in one plan only; confirms it with each trip\'s freight and clears it for recalculation', async () => {
    const p = await plan();
    const t1 = await haul(carrierId, '26');
    const t2 = await haul(carrierId, null);
    const foreign = await haul(otherCarrierId, null);
    const before = await counts();
    const refused = await post(`${PLAN}/poundListedit`, { id: p.id, ticketIds: [t1.id, foreign.id] });
    expectFailure(refused, 400, `磅单 ${foreign.no} 的承运商不是运费计划的承运商`);
    expect(refused.json().data.field).toBe('ticketIds');
    expectFailure(await post(`${PLAN}/poundListedit`, { id: p.id, ticketIds: ['abc'] }), 400);
    expect(await counts()).toEqual(before);

    expectOk(await post(`${PLAN}/poundListedit`, { id: p.id, ticketIds: [t1.id, t2.id] }));
    expect(await logCount(p.planNo, 'poundListedit')).toBe(1);
    const other = await plan();
    const taken = await post(`${PLAN}/poundListedit`, { id: other.id, ticketIds: [t2.id] });
    expectFailure(taken, 400, `磅单 ${t2.no} 已在运费计划 ${p.planNo} 中`);

    expectOk(await post(`${PLAN}/confirmPounds`, { ids: [p.id] }));
    expect(await logCount(p.planNo, 'confirmPounds')).toBe(1);
    const d = expectOk(await post(`${PLAN}/detail`, { id: p.id })).data;
    // 25 t at 30 = 750 each; t1: 1 t short of 26, 2 % (0.52 t) allowed, 0.48 t at the goods' 10 = 4.8
    expect(d.pounds.map((r: Record<string, unknown>) => [r.ticketNo, r.basisWeight, r.freight, r.loss, r.shortage, r.lossCharge])).toEqual([
      [t1.no, '25', '750', '1', '0.48', '4.8'], [t2.no, '25', '750', '0', '0', '0'],
    ]);
    expect(d.plan).toMatchObject({ freightTotal: '1500', lossChargeTotal: '4.8' });
    expectFailure(await post(`${PLAN}/poundListedit`, { id: p.id, ticketIds: [t1.id] }), 400, `运费计划 ${p.planNo} 的磅单已确认，请先清除计算`);

    await pool.query("UPDATE wb_ticket SET freight_settled_by_id = 1, freight_settled_by_no = 'YFJS0001' WHERE id = $1", [t1.id]);
    expectFailure(await post(`${PLAN}/clearForCal`, { ids: [p.id] }), 400, `磅单 ${t1.no} 已被运费结算 YFJS0001 锁定，不能清除计算`);
    await pool.query('UPDATE wb_ticket SET freight_settled_by_id = NULL, freight_settled_by_no = NULL WHERE id = $1', [t1.id]);
    expectOk(await post(`${PLAN}/clearForCal`, { ids: [p.id] }));
    expect(await logCount(p.planNo, 'clearForCal')).toBe(1);
    const cleared = expectOk(await post(`${PLAN}/detail`, { id: p.id })).data;
    expect(cleared.plan).toMatchObject({ poundsConfirmedAt: null, freightTotal: null });
    expect(cleared.pounds[0].freight).toBeNull();
    expectOk(await post(`${PLAN}/poundListedit`, { id: p.id, ticketIds: [t2.id] }));
    expectOk(await post(`${PLAN}/poundListedit`, { id: other.id, ticketIds: [t1.id] }));
  });

  it('offers the pound list the carrier\'s weighed tickets no plan holds, narrowed by period and plate', async () => {
    const p = await plan();
    const [mine, held] = [await haul(carrierId, null), await haul(carrierId, null)];
    const foreign = await haul(otherCarrierId, null);
    expectOk(await post(`${PLAN}/poundListedit`, { id: (await plan()).id, ticketIds: [held.id] }));
    const ids = async (body: Record<string, unknown> = {}) => expectOk(await post(`${PLAN}/candidates`, { id: p.id, ...body })).data.map((r: { ticketId: string }) => r.ticketId);
    const offered = await ids();
    expect(offered).toContain(mine.id);
    expect(offered).not.toContain(held.id);
    expect(offered).not.toContain(foreign.id);
    const plate = (await pool.query('SELECT plate_number FROM wb_ticket WHERE id = $1', [mine.id])).rows[0].plate_number as string;
    expect(await ids({ plate: plate.slice(-3) })).toContain(mine.id);
    expect(await ids({ plate: 'ZZZ%' })).toEqual([]);
    expect(await ids({ to: '2000-01-01T00:00:00Z' })).toEqual([]);
    expect(await ids({ from: '2000-01-01T00:00:00Z' })).toContain(mine.id);
    expectFailure(await post(`${PLAN}/candidates`, { id: p.id, from: 'yesterday' }), 400, /开始时间应为带时区的时间/);
  });

  it('two plans claiming one ticket at once: it ends up in exactly one', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = [await plan(), await plan()];
      const t = await haul(carrierId, null);
      const replies = await Promise.all([a, b].map((x) => post(`${PLAN}/poundListedit`, { id: x.id, ticketIds: [t.id] })));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const held = (await pool.query('SELECT plan_id::text FROM wb_freight_plan_ticket WHERE ticket_id = $1', [t.id])).rows;
      expect(held).toHaveLength(1);
      const loser = replies.findIndex((r) => r.statusCode === 400);
      expect(replies[loser].json().msg).toBe(`磅单 ${t.no} 已在运费计划 ${[a, b][1 - loser].planNo} 中`);
    }
  });

  it('records remittances and fuel-card advances on an audited plan; the freight settlement deducts an advance once', async () => {
    const draft = await plan({}, false);
    expectFailure(await post(`${PLAN}/remittance`, { id: draft.id, amount: '100', method: 'BANK' }), 400, `运费计划 ${draft.planNo} 未审核，不能汇款`);
    const p = await plan();
    const before = await counts();
    for (const [body, field] of [[{ id: p.id, amount: '0', method: 'BANK' }, 'amount'], [{ id: p.id, amount: '1e15', method: 'BANK' }, 'amount'],
      [{ id: p.id, amount: '10', method: 'CHEQUE' }, 'method']] as const) {
      const res = await post(`${PLAN}/remittance`, body);
      expectFailure(res, 400);
      expect(res.json().data.field).toBe(field);
    }
    const oil = await post(`${PLAN}/confirmOil/${p.id}`, { cardNo: '', amount: '500' });
    expectFailure(oil, 400);
    expect(oil.json().data.field).toBe('cardNo');
    expect(await counts()).toEqual(before);

    expect(expectOk(await post(`${PLAN}/remittance`, { id: p.id, amount: '300.5', method: 'BANK', reference: 'HK001' })).data.remitted).toBe('300.5000');
    expectOk(await post(`${PLAN}/remittance`, { id: p.id, amount: '200', method: 'CASH' }));
    expect(await logCount(p.planNo, 'remittance')).toBe(2);
    expectFailure(await post(`${PLAN}/unaudit`, { ids: [p.id] }), 400, `运费计划 ${p.planNo} 已有汇款或油卡预付，不能反审核`);

    const open0 = await openFuelAdvances(db, plant.orgId, carrierId);
    const a1 = expectOk(await post(`${PLAN}/confirmOil/${p.id}`, { cardNo: 'YK-8801', amount: '500' })).data;
    expect(await logCount(p.planNo, 'confirmOil')).toBe(1);
    const open = await openFuelAdvances(db, plant.orgId, carrierId);
    expect(open.length).toBe(open0.length + 1);
    expect(open.at(-1)).toMatchObject({ id: a1.id, amount: '500.0000', planNo: p.planNo, cardNo: 'YK-8801' });
    expect(await openFuelAdvances(db, plant.orgId, otherCarrierId)).toEqual([]);

    // two settlements deducting the same advance at once: one gets it
    const claims = await Promise.all([1, 2].map((n) => db.transaction().execute((tx) => deductFuelAdvances(tx, plant.orgId, carrierId, [a1.id], { id: String(n), no: `YFJS${n}` }))));
    expect(claims.map((c) => c.length).sort()).toEqual([0, 1]);
    expect((await openFuelAdvances(db, plant.orgId, carrierId)).some((x) => x.id === a1.id)).toBe(false);
    const winner = claims.findIndex((c) => c.length === 1) + 1;
    expect(await releaseFuelAdvances(db, plant.orgId, String(winner))).toBe(1);
    expect((await openFuelAdvances(db, plant.orgId, carrierId)).some((x) => x.id === a1.id)).toBe(true);
    const d = expectOk(await post(`${PLAN}/detail`, { id: p.id })).data;
    expect(d.plan).toMatchObject({ remitted: '500.5', fuelAdvanced: '500' });
    expect(d.remittances.map((r: Record<string, unknown>) => r.amount)).toEqual(['300.5', '200']);
  });

  it('flags a plan urgent, sets its storage, groups plans by carrier and prints one with its pound list', async () => {
    const p = await plan();
    expect(expectOk(await post(`${PLAN}/iurgent/${p.id}`)).data.urgent).toBe(true);
    expect(expectOk(await post(`${PLAN}/iurgent/${p.id}`, { urgent: true })).data.urgent).toBe(true);
    expect(await logCount(p.planNo, 'iurgent')).toBe(2);
    expectOk(await post(`${PLAN}/storage`, { id: p.id, warehouseId: plant.warehouseId }));
    expect(await logCount(p.planNo, 'storage')).toBe(1);
    const before = await counts();
    const res = await post(`${PLAN}/storage`, { id: p.id, warehouseId: '999999999' });
    expectFailure(res, 400, '仓库不存在: 999999999');
    expect(res.json().data.field).toBe('warehouseId');
    expect(await counts()).toEqual(before);
    const t = await haul(carrierId, '25.2');
    expectOk(await post(`${PLAN}/poundListedit`, { id: p.id, ticketIds: [t.id] }));
    expectOk(await post(`${PLAN}/confirmPounds`, { ids: [p.id] }));

    const groups = expectOk(await post(`${PLAN}/groupList`, { kind: 'pu' })).data as Record<string, unknown>[];
    const mine = groups.find((g) => g.carrierId === carrierId);
    expect(mine).toMatchObject({ carrierName: '长兴通运汽车运输有限公司' });
    expect(Number(mine?.urgent)).toBeGreaterThanOrEqual(1);
    expectFailure(await post(`${PLAN}/groupList`, { kind: 'xx' }), 400);

    const pdf = await call(app, 'GET', `${PLAN}/findPrint/${p.id}`, accountant);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(app, 'GET', `${PLAN}/findPrint/${p.id}`, operator)).statusCode).toBe(403);
    // the print reads back: letterhead, facts, the ticket's figures in the one money and weight format, the totals row, the signature block
    const detail = expectOk(await post(`${PLAN}/detail`, { id: p.id })).data as { pounds: Record<string, string>[]; plan: Record<string, string> };
    const pound = detail.pounds[0];
    const org = (await pool.query('SELECT org_name FROM sys_org WHERE id = $1', [plant.orgId])).rows[0].org_name as string;
    const text = (await pageTexts(pdf.rawPayload)).join('|');
    for (const figure of [org, `运费计划 ${p.planNo}`, '承运商：长兴通运汽车运输有限公司', t.no, formatWeight(pound.net), formatMoney(pound.freight), '|合计|1 张|',
      `运费合计：${formatMoney(detail.plan.freightTotal)}`, '制表：', '审核：', '承运商签章：', '日期：']) expect(text).toContain(figure);
    const xlsx = await call(app, 'GET', `${PLAN}/findPrint/${p.id}/xlsx`, accountant);
    expect([xlsx.statusCode, xlsx.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: ExcelJS.Row[] = [];
    book.worksheets[0].eachRow((r) => rows.push(r));
    expect(rows[0].getCell(1).value).toBe(org);
    const headers = ((rows.find((r) => r.getCell(1).value === '序号') as ExcelJS.Row).values as unknown[]).slice(1).map(String);
    const col = (name: string) => headers.findIndex((h) => h.startsWith(name)) + 1;
    const line = rows.find((r) => r.getCell(col('磅单号')).value === t.no) as ExcelJS.Row;
    expect([line.getCell(col('净重')).value, line.getCell(col('净重')).numFmt]).toEqual([Number(pound.net), '#,##0.00']);
    expect([line.getCell(col('运费')).value, line.getCell(col('运费')).numFmt]).toEqual([Number(pound.freight), '"¥"#,##0.00;-"¥"#,##0.00']);
    const totals = rows.find((r) => r.getCell(1).value === '合计') as ExcelJS.Row;
    expect(totals.getCell(col('运费')).value).toBe(Number(detail.plan.freightTotal));
    expect(rows.some((r) => r.getCell(1).value === '制表：')).toBe(true);
    expect((await call(app, 'GET', `${PLAN}/findPrint/${p.id}/xlsx`, operator)).statusCode).toBe(403);
  });

  it('lists the three leaves from their templates for the accountant', async () => {
    const page = { limit: { pn: 1, ps: 100 } };
    const contracts = expectOk(await post(`${C}/v2/list`, page)).data.list as Record<string, unknown>[];
    expect(contracts.find((c) => c.docStatus === 'AUDITED')).toMatchObject({ kind: 'pu', carrierName: expect.any(String), chargeMode: 'TON', lossValue: '2' });
    const prices = expectOk(await post(`${P}/v2/list`, page)).data.list as Record<string, unknown>[];
    expect(prices.some((p) => typeof p.contractNo === 'string')).toBe(true);
    const plans = expectOk(await post(`${PLAN}/v2/list`, page)).data.list as Record<string, unknown>[];
    expect(plans.find((p) => p.freightTotal !== null)).toMatchObject({ poundCount: expect.anything(), priceSource: expect.any(String) });
    expect((await post(`${PLAN}/v2/list`, page, operator)).statusCode).toBe(403);
  });

  it('imports plans from a sheet, pricing a row without 运价 as the form does; one bad row and nothing is written', async () => {
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('运费计划');
      ws.addRow(['业务类型', '承运商编码', '物料编码', '开始时间', '运价', '计费方式', '计划车次']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = (bytes: Buffer) => {
      const boundary = '----freight-plan-import';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
        bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({ method: 'POST', url: `${PLAN}/importExcel`, headers: { authorization: accountant, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    };
    const material = (await pool.query('SELECT inv_code FROM md_material WHERE id = $1', [plant.materialId])).rows[0].inv_code as string;
    const before = await counts();
    const bad = await upload(await sheet([['pu', 'CYS002', material, '2026-04-01 00:00:00', '', 'TON', 10], ['pu', 'NOPE', material, '2026-04-01 00:00:00', '18', 'TON', 5],
      ['sa', 'CYS002', material, '2026-04-01 00:00:00', '', 'TON', 5]]));
    expectFailure(bad, 400);
    const errors = bad.json().data.errors as { row: number; field: string; message: string }[];
    expect(errors.map((e) => [e.row, e.field])).toEqual([[3, 'carrierCode'], [4, 'price']]);
    expect(await counts()).toEqual(before);

    const ok = expectOk(await upload(await sheet([['pu', 'CYS002', material, '2026-04-01 00:00:00', '', 'TON', 10], ['pu', 'CYS002', null, '2026-04-02 00:00:00', '18.5', 'TRIP', 5]])));
    expect(ok.data.imported).toBe(2);
    const { rows } = await pool.query(`SELECT price_source, trim_scale(price)::text AS price, charge_mode, planned_trips, price_label, plan_no FROM wb_freight_plan
      WHERE start_time >= '2026-04-01' AND start_time < '2026-04-03' ORDER BY start_time`);
    expect(rows.map((r) => [r.price_source, r.price, r.charge_mode, r.planned_trips])).toEqual([['RESOLVED', '30', 'TON', 10], ['TYPED', '18.5', 'TRIP', 5]]);
    expect((await pool.query("SELECT count(*)::int AS n FROM sys_log WHERE action = 'import' AND family = '运费计划' AND detail LIKE '%' || $1 || '%'", [rows[0].plan_no])).rows[0].n).toBe(1);
  });

  it('refuses to confirm a list whose ticket was voided since it was listed, naming it, and changes nothing', async () => {
    const p = await plan();
    const t = await haul(carrierId, null);
    expectOk(await post(`${PLAN}/poundListedit`, { id: p.id, ticketIds: [t.id] }));
    await pool.query("UPDATE wb_ticket SET state = 'OBSOLETE' WHERE id = $1", [t.id]);
    const before = await counts();
    expectFailure(await post(`${PLAN}/confirmPounds`, { ids: [p.id] }), 400, `磅单 ${t.no} 未完成称重，请编辑运费计划 ${p.planNo} 的磅单`);
    expect(await counts()).toEqual(before);
  });

  it('asks a weighed ticket\'s trip as the freight settlement will: the price in force at its completion and its freight', async () => {
    const t = await haul(carrierId, '25.4');
    const q = await freightQueryOfTicket(db, plant.orgId, t.id);
    expect(q).toMatchObject({ kind: 'pu', carrierId, materialId: plant.materialId });
    const pick = await resolveFreightPrice(db, q!);
    expect(pick).toMatchObject({ price: '30.0000', lossMode: 'PERCENT', lossValue: '2.0000' });
    // 0.4 t short of 25.4, 2 % (0.508 t) allowed: the freight only, 25 t at 30, 9 % tax in it
    expect(freightOfTicket(pick!, { net: '25', shipped: '25.4', goodsPrice: '10' })).toMatchObject({ freight: '750', lossCharge: '0', freightWithoutTax: '688.073', freightTax: '61.927' });
    expect(await freightQueryOfTicket(db, plant.orgId, '999999999')).toBeNull();
  });
});
