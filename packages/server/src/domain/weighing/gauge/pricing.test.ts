import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { weighSale } from '../../calculation/test-support';
import { applySampleResults } from '../../quality/apply';
import { drawOnContract, makeQualityContract, makeSample } from '../../quality/test-support';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../test-support';

/**
 * A price per m3 applied wherever a ticket is priced: a price adjustment's line per m3 (its basis
 * defaulting from the material), the sales calculation, the lab's price change and the goods
 * settlement's rows. River sand, gauged by volume; trucks weighed and gauged through the real calls.
 */
let ctx: TestContext;
let op: string;
let adm: string;
let ac: string;
let plant: Plant;
let sandCode: string;
let coal: { id: string; code: string };
let request = 0;

const db = () => ctx.database.db;
const post = (path: string, payload: unknown, auth = adm) => call(ctx.app, 'POST', path, auth, payload);
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const hour = 3_600_000;
const figure = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());
const ticketRow = async (id: string) => {
  const t = await db().selectFrom('wb_ticket').select(['net', 'price', 'amount', 'price_basis', 'gauge_volume', 'quality_price_adjust']).where('id', '=', id).executeTakeFirstOrThrow();
  return { ...t, net: figure(t.net), price: figure(t.price), amount: figure(t.amount), gauge_volume: figure(t.gauge_volume), quality_price_adjust: figure(t.quality_price_adjust) };
};
const gauge = (kind: 'pu' | 'sa', id: string, figures: Record<string, string>) => post(`/api/weigh/${kind}/gauge`, { id, ...figures }, op);
const LOAD = { method: 'LOAD', length: '6.25', width: '2.35', height: '1.18' }; // 17.331 m3
const BED = { method: 'BED', length: '5.6', width: '2.3', height: '1.5', gap: '0.35' }; // 14.812 m3

async function adjust(kind: 'pu' | 'sa', effectiveAt: Date, lines: Record<string, unknown>[]) {
  const res = await post(`/api/price/${kind}/adjust/create`, { entity: { effectiveAt: wire(effectiveAt), reason: '砂石按方调价' }, entitysub: lines });
  return res;
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(db());
  await db().updateTable('md_material').set({ gauged: true }).where('id', '=', plant.materialId).execute();
  sandCode = (await db().selectFrom('md_material').select('inv_code').where('id', '=', plant.materialId).executeTakeFirstOrThrow()).inv_code;
  const other = await db().selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id').select(['m.id', 'm.inv_code'])
    .where('a.org_id', '=', plant.orgId).where('m.id', '<>', plant.materialId).orderBy('m.id').executeTakeFirstOrThrow();
  await db().updateTable('md_material').set({ gauged: false }).where('id', '=', other.id).execute();
  coal = { id: other.id, code: other.inv_code };
});

describe('a price adjustment line per m3', () => {
  it('takes its basis from the material when left empty, and its audit writes the rule per m3', async () => {
    const created = expectOk(await adjust('sa', new Date(Date.now() - hour), [{ materialCode: sandCode, price: '85.5' }, { materialCode: coal.code, price: '600' }])).data as { id: string; adjustNo: string };
    const lines = await db().selectFrom('wb_price_adjust_line').select(['seq', 'price_basis']).where('adjust_id', '=', created.id).orderBy('seq').execute();
    expect(lines).toEqual([{ seq: 1, price_basis: 'VOLUME' }, { seq: 2, price_basis: 'NET' }]);
    const got = expectOk(await call(ctx.app, 'GET', `/api/price/sa/adjust/get/${created.id}`, adm)).data as { entitysub?: Record<string, unknown>[]; rows?: Record<string, unknown>[] };
    expect(JSON.stringify(got)).toContain('"priceBasis":"VOLUME"');
    const listed = expectOk(await post('/api/price/sa/adjust/v2/list', { search: [{ key: 'adjustNo', op: 'eq', val: created.adjustNo }], limit: { pn: 1, ps: 10 } })).data;
    expect(JSON.stringify(listed)).toContain('¥85.50/m³、¥600.00');
    expectOk(await post('/api/price/sa/adjust/audit', { ids: [created.id] }));
    const rules = await db().selectFrom('wb_price_rule').select(['rule_no', 'price_basis']).where('adjust_id', '=', created.id).orderBy('rule_no').execute();
    expect(rules).toEqual([{ rule_no: `${created.adjustNo}-1`, price_basis: 'VOLUME' }, { rule_no: `${created.adjustNo}-2`, price_basis: 'NET' }]);
  });

  it('refuses a line per m3 on a material not gauged by volume with 400 naming it, and writes nothing', async () => {
    const before = await db().selectFrom('wb_price_adjust').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const coalName = (await db().selectFrom('md_material').select('inv_name').where('id', '=', coal.id).executeTakeFirstOrThrow()).inv_name;
    const res = await adjust('pu', new Date(), [{ materialCode: sandCode, price: '40', priceBasis: 'NET' }, { materialCode: coal.code, price: '600', priceBasis: 'VOLUME' }]);
    const body = expectFailure(res, 400, new RegExp(`第2行 物料 ${coalName} 不按方计量，不能按检尺方量计价`));
    expect(JSON.stringify(body.data)).toContain('entitysub.1.priceBasis');
    const after = await db().selectFrom('wb_price_adjust').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // a price rule per m3 alike
    const rules = await db().selectFrom('wb_price_rule').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expectFailure(await post('/api/price/pu/create', { entity: { materialId: coal.id, price: '600', priceBasis: 'VOLUME', effectiveFrom: '2026-01-01 00:00:00' } }), 400,
      `物料 ${coalName} 不按方计量，不能按检尺方量计价（请在物料档案中勾选"按方计量"，或按净重计价）`);
    expect((await db().selectFrom('wb_price_rule').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n).toBe(rules.n);
  });
});

describe('the sales calculation of tickets priced per m3', () => {
  it('prices each on its gauged volume, and refuses while one is not gauged, naming it', async () => {
    const start = new Date(Date.now() - 5_000);
    // the adjustment above prices sand at 85.50 per m3 from an hour ago: the trucks complete on it, with no amount until gauged
    const first = await weighSale(ctx.app, db(), plant, op);
    const second = await weighSale(ctx.app, db(), plant, op);
    expect(await ticketRow(first.id)).toMatchObject({ net: '25', price: '85.5', price_basis: 'VOLUME', amount: null });
    // 17.331 m3 x 85.50 = 1481.8005 -> 1481.80
    expectOk(await gauge('sa', first.id, LOAD));
    expect((await ticketRow(first.id)).amount).toBe('1481.8');

    const period = { periodFrom: wire(new Date(Date.now() - 24 * hour)), periodTo: wire(new Date(Date.now() + 24 * hour)) };
    const calc = expectOk(await post('/api/sale/calculation/create', { entity: { customerId: plant.customerId, ...period } }, ac)).data as { id: string };
    expectFailure(await post(`/api/sale/calculation/cal/${calc.id}`, {}, ac), 400, new RegExp(`磅单 ${second.no} 按检尺方量计价，尚未检尺，请先检尺再计算`));
    expect((await db().selectFrom('wb_calculation_row').select('id').where('calculation_id', '=', calc.id).execute())).toEqual([]);

    // 14.812 m3 x 85.50 = 1266.426 -> 1266.43
    expectOk(await gauge('sa', second.id, BED));
    expect((await ticketRow(second.id)).amount).toBe('1266.43');
    // a retroactive adjustment to 90.00 per m3 from before their completion
    const up = expectOk(await adjust('sa', start, [{ materialCode: sandCode, price: '90' }])).data as { id: string };
    expectOk(await post('/api/price/sa/adjust/audit', { ids: [up.id] }));
    const done = expectOk(await post(`/api/sale/calculation/cal/${calc.id}`, {}, ac)).data as { rows: Record<string, unknown>[]; totals: Record<string, unknown> };
    // 17.331 x 90 = 1559.79 (on its 25 t it would be 2250); 14.812 x 90 = 1333.08
    expect(done.rows).toEqual([
      expect.objectContaining({ ticketNo: first.no, priceBasis: 'VOLUME', gaugeVolume: '17.331', amountCarried: '1481.8', amountInForce: '1559.79', difference: '77.99' }),
      expect.objectContaining({ ticketNo: second.no, priceBasis: 'VOLUME', gaugeVolume: '14.812', amountCarried: '1266.43', amountInForce: '1333.08', difference: '66.65' }),
    ]);
    expect(done.totals).toMatchObject({ ticketCount: 2, totalInForce: '2892.87', totalDifference: '144.64' });
    const stored = await db().selectFrom('wb_calculation_row').select(['price_basis', 'gauge_volume']).where('calculation_id', '=', calc.id).orderBy('seq').execute();
    expect(stored.map((r) => [r.price_basis, figure(r.gauge_volume)])).toEqual([['VOLUME', '17.331'], ['VOLUME', '14.812']]);
  });
});

describe('the lab\'s price change and the goods settlement of tickets priced per m3', () => {
  it('prices the gauged volume at the changed price (a ticket not gauged yet stays without an amount, flagged, until its gauging) and settles the m3', async () => {
    const rule = expectOk(await post('/api/price/pu/create', { entity: { materialId: plant.materialId, price: '45.5', priceBasis: 'VOLUME', effectiveFrom: '2026-01-01 00:00:00' } })).data as { id: string };
    expectOk(await post('/api/price/pu/audit', { ids: [rule.id] }));
    // moisture above 8 % deducts 1 % of the net per point; sulphur above 1 % takes 3 off the unit price per 0.1 %
    const contract = await makeQualityContract(db(), plant, [
      { itemCode: '001', itemName: '水分', standardValue: '8', direction: 'MAX', deductStep: '1', deductPercent: '1' },
      { itemCode: '003', itemName: 'S', standardValue: '1', direction: 'MAX', bandStep: '0.1', bandPrice: '3', rejectLimit: '3' },
    ]);
    const truck = async () => {
      const { noticeId, lineId } = await makeNoticeLine(db(), plant, { maxLimit: '1000' });
      const registryId = await makeRegistry(db(), plant, { noticeId, lineId, plate: testPlate('V') });
      const weigh = (which: 'first' | 'second', weight: string) => post(`/api/weigh/pu/${which}`, { registryId, weight, stationId: 'V1', requestId: `v${request++}` }, op);
      const t = expectOk(await weigh('first', '40')).data as { ticketId: string; ticketNo: string };
      expectOk(await weigh('second', '15'));
      await drawOnContract(db(), lineId, contract.lineId);
      return { id: t.ticketId, no: t.ticketNo };
    };
    const gauged = await truck();
    const waiting = await truck();
    // 17.331 m3 x 45.50 = 788.5605 -> 788.56
    expectOk(await gauge('pu', gauged.id, LOAD));
    expect((await ticketRow(gauged.id)).amount).toBe('788.56');

    const sample = await makeSample(db(), plant, [gauged.id, waiting.id], { '001': '10', '003': '1.25' });
    const quality = await db().selectFrom('sys_user').select('id').where('username', '=', 'quality').executeTakeFirstOrThrow();
    const done = await db().transaction().execute((tx) => applySampleResults(tx, plant.orgId, sample.id, { userId: quality.id, name: '李质检' }));
    // net 25 less 2 % = 24.5 t; the amount is the volume's: 17.331 x (45.50 - 6) = 684.5745 -> 684.57 (on the tons it would be 967.75)
    expect(await ticketRow(gauged.id)).toMatchObject({ net: '24.5', quality_price_adjust: '-6', amount: '684.57' });
    expect(await ticketRow(waiting.id)).toMatchObject({ net: '24.5', quality_price_adjust: '-6', amount: null });
    expect(done.tickets.map((t) => [t.ticketNo, t.amount === null ? null : figure(t.amount), t.awaitingGauge ?? false])).toEqual([[gauged.no, '684.57', false], [waiting.no, null, true]]);
    expect(done.detail).toContain('按检尺方量计价尚未检尺 1 张，检尺后计价');
    // gauged afterwards, it is priced at the changed price: 14.812 x 39.50 = 585.074 -> 585.07
    expectOk(await gauge('pu', waiting.id, BED));
    expect((await ticketRow(waiting.id)).amount).toBe('585.07');

    // the goods settlement settles the m3 at the changed price, and refuses a ticket not gauged, naming it
    const ungauged = await truck();
    expectOk(await post('/api/weigh/pu/audit', { ids: [gauged.id, waiting.id, ungauged.id] }));
    const period = { periodFrom: wire(new Date(Date.now() - 24 * hour)), periodTo: wire(new Date(Date.now() + 24 * hour)) };
    const settlement = expectOk(await post('/api/settlement/pu/create', { entity: { vendorId: plant.vendorId, ...period } }, ac)).data as { id: string };
    const listed = expectOk(await post('/api/settlement/pu/weightLists', { settlementId: settlement.id }, ac)).data as { rows: { ticketNo: string; quantity: string; amount: string; basisText: string }[] };
    expect(listed.rows.map((r) => [r.ticketNo, r.quantity, r.amount])).toEqual([[gauged.no, '17.331', '684.57'], [waiting.no, '14.812', '585.07'], [ungauged.no, '25', '0']]);
    expect(listed.rows[0].basisText).toMatch(/^按检尺方量 17\.331m³ 计价；/);
    expect(listed.rows[2].basisText).toBe(`磅单 ${ungauged.no} 按检尺方量计价，尚未检尺，不能结算，请先检尺`);
    expectFailure(await post(`/api/settlement/pu/confirmPounds/${settlement.id}`, { ticketIds: [gauged.id, ungauged.id] }, ac), 400,
      `磅单 ${ungauged.no} 按检尺方量计价，尚未检尺，不能结算，请先检尺`);
    expect(await db().selectFrom('wb_settlement_row').select('id').where('settlement_id', '=', settlement.id).execute()).toEqual([]);
    expectOk(await post(`/api/settlement/pu/confirmPounds/${settlement.id}`, { ticketIds: [gauged.id, waiting.id] }, ac));
    const rows = await db().selectFrom('wb_settlement_row').select(['ticket_no', 'quantity', 'unit_price', 'amount']).where('settlement_id', '=', settlement.id).orderBy('ticket_no').execute();
    expect(rows.map((r) => [r.ticket_no, figure(r.quantity), figure(r.unit_price), figure(r.amount)])).toEqual([[gauged.no, '17.331', '39.5', '684.57'], [waiting.no, '14.812', '39.5', '585.07']]);
  });
});
