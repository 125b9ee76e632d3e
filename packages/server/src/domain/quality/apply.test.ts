import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { plantOf, weighPurchase, type Plant, type WeighedTicket } from '../weighing/test-support';
import { applySampleResults } from './apply';
import { drawOnContract, makeQualityContract, makeSample, setValues } from './test-support';

/**
 * A sample's final values applied to its trucks under the contract's quality terms: moisture above
 * 8 % deducts 1 % of the net per point, sulphur above 1 % takes 3 off the unit price per whole
 * 0.1 %. Trucks weighed through the real calls (gross 40, tare 15.56 and 20.13; price 500).
 */
let ctx: TestContext;
let op: string;
let adm: string;
let ac: string;
let plant: Plant;
let contract: { contractId: string; lineId: string };
const userId = () => ctx.database.db.selectFrom('sys_user').select('id').where('username', '=', 'quality').executeTakeFirstOrThrow();

// numerics as figures, not as the column pads them
const plain = <T extends Record<string, unknown>>(row: T) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? new Decimal(v).toFixed() : v])) as T;
const ticket = async (id: string) => plain(await ctx.database.db.selectFrom('wb_ticket').select(['net', 'deduct_total', 'amount', 'price', 'quality_price_adjust', 'version']).where('id', '=', id).executeTakeFirstOrThrow());
const qualityRow = async (id: string) => {
  const row = await ctx.database.db.selectFrom('wb_ticket_deduction').select(['mode', 'value', 'amount']).where('ticket_id', '=', id).where('kind', '=', 'QUALITY').executeTakeFirst();
  return row && plain(row);
};
const lineDone = async (lineId: string) => new Decimal((await ctx.database.db.selectFrom('wb_notice_line').select('done_quantity').where('id', '=', lineId).executeTakeFirstOrThrow()).done_quantity).toFixed();

async function truck(tare: string, onContract = true): Promise<WeighedTicket> {
  const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'Q', price: '500', gross: '40', tare });
  if (onContract) await drawOnContract(ctx.database.db, t.lineId, contract.lineId);
  return t;
}

async function apply(sampleId: string) {
  const who = { userId: (await userId()).id, name: '李质检' };
  return ctx.database.db.transaction().execute((tx) => applySampleResults(tx, plant.orgId, sampleId, who));
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
  contract = await makeQualityContract(ctx.database.db, plant, [
    { itemCode: '001', itemName: '水分', standardValue: '8', direction: 'MAX', deductStep: '1', deductPercent: '1' },
    { itemCode: '003', itemName: 'S', standardValue: '1', direction: 'MAX', bandStep: '0.1', bandPrice: '3', rejectLimit: '3' },
  ]);
});

describe('applying a sample\'s results', () => {
  it('changes the net and amount of each of its tickets exactly', async () => {
    const a = await truck('15.56');
    const b = await truck('20.13');
    const s = await makeSample(ctx.database.db, plant, [a.id, b.id], { '001': '10', '003': '1.25' });
    const done = await apply(s.id);
    // a: 24.44 x 2 % = 0.4888 -> 0.49; net 23.95; price 500 - 6 = 494; amount 23.95 x 494 = 11831.30
    expect(await ticket(a.id)).toMatchObject({ net: '23.95', deduct_total: '0.49', amount: '11831.3', quality_price_adjust: '-6' });
    expect(await qualityRow(a.id)).toEqual({ mode: 'AMOUNT', value: '0.49', amount: '0.49' });
    // b: 19.87 x 2 % = 0.3974 -> 0.40; net 19.47; amount 19.47 x 494 = 9618.18
    expect(await ticket(b.id)).toMatchObject({ net: '19.47', deduct_total: '0.4', amount: '9618.18', quality_price_adjust: '-6' });
    expect(done.tickets.map((t) => [t.ticketNo, t.deduction, t.priceAdjust, t.outcome])).toEqual([[a.no, '0.49', '-6', 'EDITED'], [b.no, '0.4', '-6', 'EDITED']]);
    // the notice lines' done follows the net, as a deduction moves it
    expect(await lineDone(a.lineId)).toBe('23.95');
    expect(done.detail).toContain('质量扣重合计 0.89 吨');
  });

  it('re-applies on a recheck: the new values replace the deduction, never add to it', async () => {
    const a = await truck('15.56');
    const s = await makeSample(ctx.database.db, plant, [a.id], { '001': '10', '003': '1.25' });
    await apply(s.id);
    await setValues(ctx.database.db, plant.orgId, s.id, { '001': '9', '003': '0.9' });
    await ctx.database.db.updateTable('qm_sample').set({ state: 'RECHECKED', round: 2 }).where('id', '=', s.id).execute();
    await apply(s.id);
    // 24.44 x 1 % = 0.2444 -> 0.24; net 24.20; sulphur 0.1 below: +3; 24.20 x 503 = 12172.60
    expect(await ticket(a.id)).toMatchObject({ net: '24.2', deduct_total: '0.24', amount: '12172.6', quality_price_adjust: '3' });
    expect(await qualityRow(a.id)).toEqual({ mode: 'AMOUNT', value: '0.24', amount: '0.24' });
    expect(await lineDone(a.lineId)).toBe('24.2');
    // within the standard: no quality row at all
    await setValues(ctx.database.db, plant.orgId, s.id, { '001': '7.5', '003': '1' });
    await apply(s.id);
    expect(await ticket(a.id)).toMatchObject({ net: '24.44', deduct_total: '0', amount: '12220', quality_price_adjust: '0' });
    expect(await qualityRow(a.id)).toBeUndefined();
  });

  it('keeps the lab\'s QUALITY row through a manual 扣重: net and amount follow both', async () => {
    const a = await truck('15.56');
    const s = await makeSample(ctx.database.db, plant, [a.id], { '001': '10', '003': '1.25' });
    await apply(s.id);
    expect(await ticket(a.id)).toMatchObject({ net: '23.95', deduct_total: '0.49', amount: '11831.3' });
    const deduct = (deductions: unknown[]) => call(ctx.app, 'POST', '/api/weigh/pu/deduct', op, { id: a.id, deductions });
    // the preview counts the lab's row too: 40 - 15.56 - 0.3 water - 0.49 quality = 23.65; 23.65 x 494 = 11683.10
    const preview = expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/deduct/preview', op, { id: a.id, deductions: [{ kind: 'water', amount: '0.3' }] })).data;
    expect(preview).toMatchObject({ deducted: '0.79', net: '23.65', amount: '11683.1' });
    expectOk(await deduct([{ kind: 'water', amount: '0.3' }]));
    expect(await qualityRow(a.id)).toEqual({ mode: 'AMOUNT', value: '0.49', amount: '0.49' });
    expect(await ticket(a.id)).toMatchObject({ net: '23.65', deduct_total: '0.79', amount: '11683.1', quality_price_adjust: '-6' });
    expect(await lineDone(a.lineId)).toBe('23.65');
    // a 扣重 that names the quality kind sets it as typed: 40 - 15.56 - 0.3 - 0.2 = 23.94; 23.94 x 494 = 11826.36
    expectOk(await deduct([{ kind: 'water', amount: '0.3' }, { kind: 'quality', amount: '0.2' }]));
    expect(await qualityRow(a.id)).toEqual({ mode: 'AMOUNT', value: '0.2', amount: '0.2' });
    expect(await ticket(a.id)).toMatchObject({ net: '23.94', deduct_total: '0.5', amount: '11826.36' });
    // and taking the water off keeps that quality row again
    expectOk(await deduct([]));
    expect(await ticket(a.id)).toMatchObject({ net: '24.24', deduct_total: '0.2', amount: '11974.56' });
  });

  it('corrects a posted ticket\'s stock by the difference of its net, its recheck again, and both go back with a reverse posting', async () => {
    const a = await truck('15.56');
    const t = await ctx.database.db.selectFrom('wb_ticket').select(['warehouse_id', 'material_id']).where('id', '=', a.id).executeTakeFirstOrThrow();
    const balance = async () => {
      const row = await ctx.database.db.selectFrom('wb_stock_balance').select('quantity').where('org_id', '=', plant.orgId)
        .where('warehouse_id', '=', t.warehouse_id as string).where('material_id', '=', t.material_id as string).executeTakeFirst();
      return new Decimal(row?.quantity ?? 0);
    };
    const records = async () => (await ctx.database.pool.query(
      `SELECT direction, trim_scale(quantity)::text AS q, ticket_id IS NOT NULL AS own, reversed_at IS NOT NULL AS reversed, remark
         FROM wb_stock_record WHERE ticket_id = $1 OR corrects_ticket_id = $1 ORDER BY id`, [a.id])).rows;
    const start = await balance();
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/audit', adm, { ids: [a.id] }));
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/down', adm, { ids: [a.id] }));
    expect((await balance()).minus(start).toFixed()).toBe('24.44');
    const s = await makeSample(ctx.database.db, plant, [a.id], { '001': '10', '003': '1.25' });
    await apply(s.id);
    // 24.44 - 0.49 = 23.95: 0.49 out again, the ticket's own record as it was posted
    expect(await ticket(a.id)).toMatchObject({ net: '23.95' });
    expect((await balance()).minus(start).toFixed()).toBe('23.95');
    expect(await records()).toEqual([
      { direction: 'IN', q: '24.44', own: true, reversed: false, remark: null },
      { direction: 'OUT', q: '0.49', own: false, reversed: false, remark: `更正：磅单 ${a.no} 净重 24.44 -> 23.95` },
    ]);
    // 出入库记录 names it by its own source and the ticket it corrects
    const listed = expectOk(await call(ctx.app, 'POST', '/api/stock/record/v2/list', adm, { search: [{ key: 'sourceKind', op: 'eq', val: 'CORRECTION' }], limit: { pn: 1, ps: 50 } })).data.list;
    expect(listed).toEqual([expect.objectContaining({ direction: 'OUT', sourceKind: 'CORRECTION', sourceNo: a.no })]);
    // the recheck: 24.44 x 1 % = 0.24, net 24.2: 0.25 back in
    await setValues(ctx.database.db, plant.orgId, s.id, { '001': '9', '003': '0.9' });
    await ctx.database.db.updateTable('qm_sample').set({ state: 'RECHECKED', round: 2 }).where('id', '=', s.id).execute();
    await apply(s.id);
    expect((await balance()).minus(start).toFixed()).toBe('24.2');
    expect((await records())[2]).toEqual({ direction: 'IN', q: '0.25', own: false, reversed: false, remark: `更正：磅单 ${a.no} 净重 23.95 -> 24.2` });
    // reverse posting takes the corrections back with the ticket's record; posting again posts today's net
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/reversedown', adm, { ids: [a.id] }));
    expect((await balance()).minus(start).toFixed()).toBe('0');
    expect((await records()).map((r) => r.reversed)).toEqual([true, true, true]);
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/down', adm, { ids: [a.id] }));
    expect((await balance()).minus(start).toFixed()).toBe('24.2');
    expect((await records())[3]).toMatchObject({ direction: 'IN', q: '24.2', own: true, reversed: false });
    // a recheck applied while the ticket is reverse-posted: whichever goes first, nothing stays in stock
    await setValues(ctx.database.db, plant.orgId, s.id, { '001': '10', '003': '1.25' });
    const [, reversed] = await Promise.all([apply(s.id), call(ctx.app, 'POST', '/api/weigh/pu/reversedown', adm, { ids: [a.id] })]);
    expectOk(reversed);
    expect((await balance()).minus(start).toFixed()).toBe('0');
    expect((await records()).filter((r) => !r.reversed)).toEqual([]);
    expect(await ticket(a.id)).toMatchObject({ net: '23.95' });
  });

  it('keeps the quality price change when the price is changed afterwards: amount = net x (price + change)', async () => {
    const a = await truck('15.56');
    const s = await makeSample(ctx.database.db, plant, [a.id], { '001': '10', '003': '1.25' });
    await apply(s.id);
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/modifyPrice', adm, { ids: [a.id], price: '600', reason: '合同调价' }));
    // 23.95 x (600 - 6)
    expect(await ticket(a.id)).toMatchObject({ net: '23.95', price: '600', amount: '14226.3', quality_price_adjust: '-6' });
  });

  it('leaves a ticket whose contract states no terms as it was, and flags a value beyond the reject limit', async () => {
    const noTerms = await truck('15.56', false);
    const a = await truck('15.56');
    const before = await ticket(noTerms.id);
    const s = await makeSample(ctx.database.db, plant, [noTerms.id, a.id], { '001': '8', '003': '3.2' });
    const done = await apply(s.id);
    expect(done.tickets.find((t) => t.ticketId === noTerms.id)).toMatchObject({ outcome: 'NO_TERMS', deduction: '0', priceAdjust: '0', rejected: false });
    expect(await ticket(noTerms.id)).toMatchObject({ net: before.net, amount: before.amount, quality_price_adjust: '0' });
    expect(done.tickets.find((t) => t.ticketId === a.id)).toMatchObject({ rejected: true, priceAdjust: '-66' });
    const kept = plain(await ctx.database.db.selectFrom('qm_ticket_quality').select(['rejected', 'deduction', 'price_adjust']).where('ticket_id', '=', a.id).executeTakeFirstOrThrow());
    expect(kept).toEqual({ rejected: true, deduction: '0', price_adjust: '-66' });
  });

  it('corrects a settled ticket through its settlement: an adjustment row, the ticket not edited', async () => {
    const a = await truck('15.56');
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/audit', adm, { ids: [a.id] }));
    const day = 86_400_000;
    const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
    const s = expectOk(await call(ctx.app, 'POST', '/api/settlement/pu/create', ac, {
      entity: { vendorId: plant.vendorId, periodFrom: wire(new Date(Date.now() - day)), periodTo: wire(new Date(Date.now() + day)) },
    })).data as { id: string; settleNo: string };
    expectOk(await call(ctx.app, 'POST', `/api/settlement/pu/confirmPounds/${s.id}`, ac, {}));
    const before = await ticket(a.id);
    const sample = await makeSample(ctx.database.db, plant, [a.id], { '001': '10', '003': '1.25' });
    const done = await apply(sample.id);
    expect(done.tickets).toEqual([expect.objectContaining({ ticketId: a.id, outcome: 'SETTLED', settlementNo: s.settleNo, deduction: '0.49', priceAdjust: '-6' })]);
    expect(await ticket(a.id)).toEqual(before);
    expect(await qualityRow(a.id)).toBeUndefined();
    const adjusts = await ctx.database.db.selectFrom('wb_settlement_adjust').select(['reason_kind', 'reason', 'quantity', 'amount']).where('settlement_id', '=', s.id).execute();
    // 24.44 x 500 = 12220 settled; 23.95 x 494 = 11831.30: 388.70 less, 0.49 t less
    expect(adjusts.map(plain)).toEqual([expect.objectContaining({ reason_kind: 'QUALITY', quantity: '-0.49', amount: '-388.7' })]);
    expect(adjusts[0].reason).toContain(sample.blindCode);
    const kept = await ctx.database.db.selectFrom('qm_ticket_quality').select('settlement_no').where('ticket_id', '=', a.id).executeTakeFirstOrThrow();
    expect(kept.settlement_no).toBe(s.settleNo);
  });

  it('takes the deduction basis and the band mode with the contract\'s terms', async () => {
    const c = await ctx.database.db.insertInto('wb_contract').values({
      org_id: plant.orgId, kind: 'pu', contract_no: `HT-DRY-${Date.now()}`, doc_status: 'FREE', vendor_id: plant.vendorId, valid_from: '2026-01-01', valid_to: '2030-12-31',
    }).returning('id').executeTakeFirstOrThrow();
    const material = await ctx.database.db.selectFrom('md_material').select('inv_code').where('id', '=', plant.materialId).executeTakeFirstOrThrow();
    const term = { materialCode: material.inv_code, itemCode: '001', itemName: '水分', standardValue: '12', direction: 'MAX', deductStep: '1', deductPercent: '1', deductBasis: 'DRY', bandStep: '1', bandPrice: '2', bandMode: 'PROPORTIONAL' };
    const bad = await call(ctx.app, 'POST', '/api/contract/pu/quality', adm, { id: c.id, terms: [{ ...term, deductBasis: 'WET' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toMatch(/deductBasis/);
    expectOk(await call(ctx.app, 'POST', '/api/contract/pu/quality', adm, { id: c.id, terms: [term] }));
    const stored = await ctx.database.pool.query('SELECT deduct_basis, band_mode FROM wb_contract_quality WHERE contract_id = $1', [c.id]);
    expect(stored.rows).toEqual([{ deduct_basis: 'DRY', band_mode: 'PROPORTIONAL' }]);
  });

  it('refuses a sample not yet checked, naming the sample, and changes nothing', async () => {
    const a = await truck('15.56');
    const before = await ticket(a.id);
    const s = await makeSample(ctx.database.db, plant, [a.id], null);
    await expect(apply(s.id)).rejects.toMatchObject({ status: 400, field: 'sampleId' });
    expect(await ticket(a.id)).toEqual(before);
  });
});
