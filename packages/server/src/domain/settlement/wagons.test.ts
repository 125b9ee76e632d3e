import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, type Plant, type WeighedTicket } from '../weighing/test-support';
import { auditedPurchase } from './test-support';

/**
 * The goods settlement takes the audited trains' wagons (轨道衡) like tickets: a wagon of the
 * vendor's audited train of the period is a candidate beside the tickets, settled at its net less
 * the over-tolerance loss its contract charges, at the price its train's audit stamped (the
 * contract row's); a wagon is in one settlement (raced); removing its row or voiding the
 * settlement frees it; a train with a settled wagon cannot be un-audited.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let adm: string;
let plant: Plant;
let tickets: WeighedTicket[];
let period: { periodFrom: string; periodTo: string };
let contract: { id: string; contractNo: string };
const PU = '/api/settlement/pu';
const TRAIN = '/api/track/pu';
const hour = 3_600_000;
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const post = (path: string, payload: unknown = {}, auth = ac) => call(ctx.app, 'POST', path, auth, payload);
const q = async (text: string, params: unknown[] = []) => (await ctx.database.pool.query(text, params)).rows;

// net 60.26, loss 0.24 against a 2‰ tolerance of 0.121: 0.119 charged; net 60.4 within; net 60.333 above its waybill
const WAGONS = [
  { wagonNo: 'C64-4801', gross: '83.46', tare: '23.2', waybill: '60.5' },
  { wagonNo: 'C64-4802', gross: '84', tare: '23.6', waybill: '60.5' },
  { wagonNo: 'C64-4803', gross: '82.333', tare: '22', waybill: '60' },
];

async function auditedTrain(wagons: Record<string, unknown>[] = WAGONS, entity: Record<string, unknown> = {}): Promise<{ id: string; trainNo: string; wagonIds: string[] }> {
  const t = expectOk(await post(`${TRAIN}/create`, {
    entity: { arrivedAt: wire(new Date(Date.now() - 2 * hour)), vendorId: plant.vendorId, materialId: plant.materialId, warehouseId: plant.warehouseId,
      contractId: contract.id, ...entity },
    entitysub: wagons,
  }, op)).data as { id: string; trainNo: string };
  expectOk(await post(`${TRAIN}/audit`, { ids: [t.id] }, op));
  const ids = (await q('SELECT id::text FROM wb_wagon WHERE train_id = $1 ORDER BY seq, id', [t.id])).map((r) => r.id as string);
  return { id: String(t.id), trainNo: t.trainNo, wagonIds: ids };
}

async function createSettlement(): Promise<{ id: string; settleNo: string }> {
  const data = expectOk(await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, ...period } })).data as { id: string; settleNo: string };
  return { id: String(data.id), settleNo: data.settleNo };
}

const holderOf = async (wagonId: string) => (await q(`SELECT s.settle_no FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id
  WHERE r.scope = 'GOODS' AND r.wagon_id = $1`, [wagonId]))[0]?.settle_no ?? null;

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(ctx.database.db);
  tickets = [await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm), await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm)];
  period = { periodFrom: wire(new Date(Date.now() - 24 * hour)), periodTo: wire(new Date(Date.now() + 24 * hour)) };
  // the vendor's contract: 2‰ of the waybill allowed, the excess charged; its row prices the material at 187.35 with 13 % tax
  contract = expectOk(await post('/api/contract/pu/create', {
    entity: { vendorId: plant.vendorId, validFrom: '2024-01-01', validTo: '2030-12-31', lossBasis: 'PERMILLE', lossAllowance: '2', lossHandling: 'CHARGE', taxRate: '13' },
    entitysub: [{ materialId: plant.materialId, quantity: 5000, price: '187.35' }],
  })).data as { id: string; contractNo: string };
  contract.id = String(contract.id);
  expectOk(await post('/api/contract/pu/audit', { ids: [contract.id] }, adm));
});

describe('wagons in a goods settlement', () => {
  it('2 tickets and 3 wagons: each wagon at its net less the charged loss x the contract price, in cents; the totals to the cent', async () => {
    const train = await auditedTrain();
    // the audit stamped each wagon's price and tax rate from the train's contract row
    expect(await q('SELECT trim_scale(price)::text AS price, price_source, trim_scale(tax_rate)::text AS tax_rate, charged::text FROM wb_wagon WHERE train_id = $1 ORDER BY seq', [train.id]))
      .toEqual(['0.119', '0.000', '0.000'].map((charged) => ({ price: '187.35', price_source: `合同 ${contract.contractNo}`, tax_rate: '13', charged })));
    const s = await createSettlement();
    const listed = expectOk(await post(`${PU}/weightLists`, { settlementId: s.id })).data as { total: number; rows: { id: string }[]; wagons: Record<string, unknown>[] };
    expect(listed.rows.map((r) => r.id)).toEqual(tickets.map((t) => t.id));
    expect(listed.total).toBe(5);
    expect(listed.wagons.map((w) => [w.ticketNo, w.quantity, w.amount, w.basisText])).toEqual([
      [`${train.trainNo}/C64-4801`, '60.141', '11267.42', '我方净重 60.26；超耗扣重 0.119'],
      [`${train.trainNo}/C64-4802`, '60.4', '11315.94', '我方净重 60.4；无扣重'],
      [`${train.trainNo}/C64-4803`, '60.333', '11303.39', '我方净重 60.333；无扣重'],
    ]);

    // no ids: every candidate ticket and wagon
    const done = expectOk(await post(`${PU}/confirmPounds/${s.id}`, {})).data as { ticketCount: number; wagonCount: number; totals: Record<string, string> };
    expect(done).toMatchObject({ ticketCount: 5, wagonCount: 3 });
    const got = expectOk(await call(ctx.app, 'GET', `${PU}/getId/${s.id}`, ac)).data as { rows: Record<string, unknown>[] };
    const wagonRows = got.rows.filter((r) => r.wagonId !== null);
    expect(got.rows.filter((r) => r.ticketId !== null).map((r) => [r.ticketId, r.quantity, r.amount, r.tax])).toEqual(tickets.map((t) => [t.id, '25', '250', '0']));
    expect(wagonRows.map((r) => [r.wagonId, r.net, r.shipped, r.deductions, r.quantity, r.unitPrice, r.amount, r.taxRate, r.amountExTax, r.tax, r.unitPriceExTax])).toEqual([
      [train.wagonIds[0], '60.26', '60.5', { LOSS: '0.119' }, '60.141', '187.35', '11267.42', '13', '9971.17', '1296.25', '165.7965'],
      [train.wagonIds[1], '60.4', '60.5', {}, '60.4', '187.35', '11315.94', '13', '10014.11', '1301.83', '165.7965'],
      [train.wagonIds[2], '60.333', '60', {}, '60.333', '187.35', '11303.39', '13', '10003', '1300.39', '165.7965'],
    ]);
    expect(done.totals).toMatchObject({ ticketCount: 5, totalNet: '230.993', totalQuantity: '230.874', rowsAmount: '34386.75', rowsTax: '3898.47', totalAmount: '34386.75' });
    for (const w of train.wagonIds) expect(await holderOf(w)).toBe(s.settleNo);

    // a train with a settled wagon cannot be un-audited; its stock records stay
    expectFailure(await post(`${TRAIN}/unaudit`, { ids: [train.id] }, op), 400, `车次 ${train.trainNo} 有 3 节车皮已被结算单 ${s.settleNo} 结算，不能反审核，请先从结算单中移除`);
    expect((await q('SELECT count(*)::int AS n FROM wb_stock_record r JOIN wb_wagon w ON w.id = r.wagon_id WHERE w.train_id = $1 AND r.reversed_at IS NULL', [train.id]))[0].n).toBe(3);

    // removing a wagon's row frees it (another settlement may take it); the train still holds two
    expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: tickets.map((t) => t.id), wagonIds: train.wagonIds.slice(1) }));
    expect(await holderOf(train.wagonIds[0])).toBeNull();
    const other = await createSettlement();
    const left = expectOk(await post(`${PU}/weightLists`, { settlementId: other.id })).data as { rows: unknown[]; wagons: { id: string }[] };
    expect([left.rows.length, left.wagons.map((w) => w.id)]).toEqual([0, [train.wagonIds[0]]]);
    expectFailure(await post(`${TRAIN}/unaudit`, { ids: [train.id] }, op), 400, `车次 ${train.trainNo} 有 2 节车皮已被结算单 ${s.settleNo} 结算，不能反审核，请先从结算单中移除`);

    // examined then un-examined (voided back to a draft): its wagons go free, the train may be un-audited
    expectOk(await post(`${PU}/examine/${s.id}`));
    expectOk(await post(`${PU}/unexamine/${s.id}`));
    for (const w of train.wagonIds) expect(await holderOf(w)).toBeNull();
    expectOk(await post(`${TRAIN}/unaudit`, { ids: [train.id] }, op));
    expect(await q('SELECT price FROM wb_wagon WHERE train_id = $1 AND price IS NOT NULL', [train.id])).toEqual([]);
    // an un-audited train's wagons are no candidates
    const none = expectOk(await post(`${PU}/weightLists`, { settlementId: other.id })).data as { wagons: unknown[] };
    expect(none.wagons).toEqual([]);
    expectFailure(await post(`${PU}/confirmPounds/${other.id}`, { wagonIds: [train.wagonIds[0]] }), 400, `车皮 ${train.trainNo}/C64-4801 不是采购结算 ${other.settleNo} 的供应商在结算期间内已审核车次的车皮`);
    expectOk(await post(`${PU}/delete/${s.id}`));
    expectOk(await post(`${PU}/delete/${other.id}`));
  });

  it('two settlements claiming one wagon at once: exactly one wins, the other is refused naming it', async () => {
    const train = await auditedTrain([{ wagonNo: 'C70-9001', gross: '90', tare: '24', waybill: '66' }]);
    const [a, b] = [await createSettlement(), await createSettlement()];
    const answers = await Promise.all([a, b].map((s) => post(`${PU}/confirmPounds/${s.id}`, { wagonIds: [train.wagonIds[0]] })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0].statusCode === 200 ? a : b;
    const loser = answers[0].statusCode === 200 ? answers[1] : answers[0];
    expect(JSON.stringify(loser.json())).toContain(`车皮 ${train.trainNo}/C70-9001 已被采购结算 ${winner.settleNo} 锁定`);
    expect(await holderOf(train.wagonIds[0])).toBe(winner.settleNo);
    expect((await q('SELECT count(*)::int AS n FROM wb_settlement_row WHERE wagon_id = $1', [train.wagonIds[0]]))[0].n).toBe(1);
    // deleting the winner frees it
    expectOk(await post(`${PU}/delete/${winner.settleNo === a.settleNo ? a.id : b.id}`));
    expect(await holderOf(train.wagonIds[0])).toBeNull();
    expectOk(await post(`${PU}/delete/${winner.settleNo === a.settleNo ? b.id : a.id}`));
  });

  it('a train of no contract: its audit stamps the price rule in force for the customer by rail; the sales settlement takes the wagon at it', async () => {
    const rule = async (entity: Record<string, unknown>) => {
      const r = expectOk(await post('/api/price/sa/create', { entity: { materialId: plant.materialId, partyId: plant.customerId, effectiveFrom: '2026-01-01 00:00:00', ...entity } })).data as { id: string; ruleNo: string };
      expectOk(await post('/api/price/sa/audit', { ids: [r.id] }));
      return r;
    };
    const rail = await rule({ transport: 'RAIL', price: '95.5' });
    await rule({ transport: 'ROAD', price: '120' });
    const sale = expectOk(await post('/api/track/sa/create', {
      entity: { arrivedAt: wire(new Date(Date.now() - hour)), customerId: plant.customerId, materialId: plant.materialId, warehouseId: plant.warehouseId },
      entitysub: [{ wagonNo: 'P62-5', gross: '81.2', tare: '21.4', waybill: '59.8' }],
    }, op)).data as { id: string; trainNo: string };
    expectOk(await post('/api/track/sa/audit', { ids: [sale.id] }, op));
    expect(await q('SELECT trim_scale(price)::text AS price, price_source FROM wb_wagon WHERE train_id = $1', [sale.id])).toEqual([{ price: '95.5', price_source: `价格规则 ${rail.ruleNo}` }]);
    const s = expectOk(await post('/api/settlement/sa/create', { entity: { customerId: plant.customerId, ...period } })).data as { id: string };
    const listed = expectOk(await post('/api/settlement/sa/weightLists', { settlementId: s.id })).data as { wagons: Record<string, unknown>[] };
    // 59.8 t x 95.5 = 5710.90
    expect(listed.wagons.map((w) => [w.ticketNo, w.quantity, w.unitPrice, w.amount])).toEqual([[`${sale.trainNo}/P62-5`, '59.8', '95.5', '5710.9']]);
    expectOk(await post(`/api/settlement/sa/delete/${s.id}`));
  });

  it('refuses bad wagon ids with a 400 naming the field, and changes nothing', async () => {
    const s = await createSettlement();
    expect(JSON.stringify(expectFailure(await post(`${PU}/confirmPounds/${s.id}`, { wagonIds: ['abc'] }), 400))).toContain('wagonIds');
    expectFailure(await post(`${PU}/confirmPounds/${s.id}`, { wagonIds: ['999999999'] }), 400, '车皮不存在: 999999999');
    // a sales train's wagon is no purchase settlement's
    const sale = expectOk(await post('/api/track/sa/create', {
      entity: { arrivedAt: wire(new Date(Date.now() - hour)), customerId: plant.customerId, materialId: plant.materialId, warehouseId: plant.warehouseId },
      entitysub: [{ wagonNo: 'P62-7', gross: '81.2', tare: '21.4', waybill: '59.8' }],
    }, op)).data as { id: string; trainNo: string };
    expectOk(await post('/api/track/sa/audit', { ids: [sale.id] }, op));
    const [wagon] = (await q('SELECT id::text FROM wb_wagon WHERE train_id = $1', [sale.id])).map((r) => r.id as string);
    expectFailure(await post(`${PU}/confirmPounds/${s.id}`, { wagonIds: [wagon] }), 400, `车皮 ${sale.trainNo}/P62-7 不是采购结算 ${s.settleNo} 的供应商在结算期间内已审核车次的车皮`);
    expect((await q('SELECT count(*)::int AS n FROM wb_settlement_row WHERE settlement_id = $1', [s.id]))[0].n).toBe(0);
    expectOk(await post(`${PU}/delete/${s.id}`));
  });
});
