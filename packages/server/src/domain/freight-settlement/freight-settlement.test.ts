import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, weighPurchase, type Plant } from '../weighing/test-support';
import { carrierOf, freightPrice, fuelAdvance, haulPurchase } from './test-support';

/**
 * Freight settlement through the real calls: purchase tickets weighed on the scale and audited,
 * hauled by a carrier at 20 a ton on our net (9 % tax, 0.5 % loss tolerance), the goods at 300 a
 * ton; a fuel-card advance of 300 to the carrier.
 *
 * Ticket A: net 25, shipped 25.2: loss 0.2, tolerance 0.126, shortage 0.074, charge 22.2.
 * Ticket B: net 25, shipped 25: no loss. Freight 500 each, tax 41.284 each (500 / 1.09 = 458.716).
 * The settlement: freight 1000, loss 22.2, fuel 300, payable 677.8.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let adm: string;
let plant: Plant;
let carrier: string;
let other: string;
let a: { id: string; no: string };
let b: { id: string; no: string };
let advance: string;

const FS = '/api/freightSettle';
const post = (path: string, payload: unknown = {}, auth = ac) => call(ctx.app, 'POST', path, auth, payload);
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const day = 86_400_000;
const db = () => ctx.database.db;
const logCount = async () => Number((await db().selectFrom('sys_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const logsOf = (docNo: string) => db().selectFrom('sys_log').select(['action', 'family', 'detail']).where('doc_no', '=', docNo).orderBy('id').execute();
const held = (id: string) => db().selectFrom('wb_ticket').select(['freight_settled_by_id', 'freight_settled_by_no']).where('id', '=', id).executeTakeFirstOrThrow();
const settlementCount = async () => Number((await db().selectFrom('wb_settlement').select((eb) => eb.fn.countAll().as('n')).where('scope', '=', 'FREIGHT').executeTakeFirstOrThrow()).n);
let period: { kind: 'pu'; carrierId: string; periodFrom: string; periodTo: string };

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(db());
  carrier = await carrierOf(db(), plant, 0);
  other = await carrierOf(db(), plant, 1);
  await freightPrice(db(), plant, carrier);
  a = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: carrier, shipped: '25.2' });
  b = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: carrier, shipped: '25' });
  await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: other, shipped: '25' });
  advance = await fuelAdvance(db(), plant, carrier, '300');
  period = { kind: 'pu', carrierId: carrier, periodFrom: wire(new Date(Date.now() - day)), periodTo: wire(new Date(Date.now() + day)) };
});

describe('createList and newCreate', () => {
  let settleNo = '';
  let id = '';

  it('lists the carrier\'s audited tickets of the period that no freight settlement holds', async () => {
    const list = expectOk(await post(`${FS}/createList`, period)).data as { ticketNo: string; plateNumber: string | null; freight: string | null; lossCharge: string | null }[];
    expect(list.map((t) => t.ticketNo)).toEqual([a.no, b.no]);
    // the clerk sees each trip's plate and what it earns before choosing
    for (const t of list) expect(t.plateNumber).toBeTruthy();
    expect(list.every((t) => t.freight !== null && t.lossCharge !== null)).toBe(true);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = [await settlementCount(), await logCount()];
    expect(expectFailure(await post(`${FS}/newCreate`, { ...period, ticketIds: [] }), 400, /请选择磅单$/).data).toMatchObject({ field: 'ticketIds' });
    expect(expectFailure(await post(`${FS}/newCreate`, { ...period, periodTo: period.periodFrom, ticketIds: [a.id] }), 400, '结束时间必须晚于开始时间').data).toMatchObject({ field: 'periodTo' });
    expect(expectFailure(await post(`${FS}/newCreate`, { ...period, carrierId: 'x', ticketIds: [a.id] }), 400).data).toMatchObject({ field: 'carrierId' });
    expect(expectFailure(await post(`${FS}/newCreate`, { ...period, periodFrom: '2026-13-01 00:00:00', ticketIds: [a.id] }), 400).data).toMatchObject({ field: 'periodFrom' });
    expect(expectFailure(await post(`${FS}/create`, { ...period, kind: 'xx' }), 400).data).toMatchObject({ field: 'kind' });
    expect(expectFailure(await post(`${FS}/newCreate`, { ...period, carrierId: other, ticketIds: [a.id] }), 400, `磅单 ${a.no} 不是该承运商的磅单`).data).toMatchObject({ field: 'ticketIds' });
    expect([await settlementCount(), await logCount()]).toEqual(before);
    expect(await held(a.id)).toEqual({ freight_settled_by_id: null, freight_settled_by_no: null });
  });

  it('makes a draft: freight less the loss charge less the fuel advance, the tickets and the advance claimed, one log entry', async () => {
    const done = expectOk(await post(`${FS}/newCreate`, { ...period, ticketIds: [b.id, a.id] })).data as { id: string; settleNo: string; totals: Record<string, unknown>; advances: string[] };
    ({ id, settleNo } = done);
    expect(settleNo).toMatch(/^YFJS\d{12}$/);
    expect(done.totals).toEqual({
      ticketCount: 2, totalBasis: '50', totalFreight: '1000', totalLoss: '22.2', totalFuel: '300', payable: '677.8', freightTax: '82.568', freightWithoutTax: '917.432',
      // the tax in cents, rounded once: 82.57, the 0.002 in the rounding row
      payableTax: '82.57', payableWithoutTax: '595.23', rounding: { amount: '0', tax: '0.002', amountExTax: '-0.002' },
    });
    expect(done.advances).toEqual([advance]);
    const h = await db().selectFrom('wb_settlement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect({ state: h.state, scope: h.scope, rows: String(h.rows_amount), adjust: String(h.adjust_amount), total: String(h.total_amount), tax: String(h.total_tax), exTax: String(h.total_amount_ex_tax) })
      .toEqual({ state: 'DRAFT', scope: 'FREIGHT', rows: '1000.0000', adjust: '-322.2000', total: '677.8000', tax: '82.5700', exTax: '595.2300' });
    // the header's totals are the sums of its rows and adjustment rows, to the last decimal
    const { rows: [sums] } = await ctx.database.pool.query(`SELECT (SELECT sum(amount) FROM wb_settlement_row WHERE settlement_id = $1)::text AS rows,
      (SELECT sum(amount) FROM wb_settlement_adjust WHERE settlement_id = $1)::text AS adjust`, [id]);
    expect(sums).toEqual({ rows: '1000.0000', adjust: '-322.2000' });
    const detail = expectOk(await post(`${FS}/detailList`, { search: [{ key: 'settleNo', op: 'eq', val: settleNo }] })).data as { list: Record<string, unknown>[] };
    expect(detail.list.map((r) => [r.ticketNo, r.quantity, r.price, r.amount, r.shortage, r.lossCharge, r.payable])).toEqual([
      [a.no, '25', '20', '500', '0.074', '22.2', '477.8'],
      [b.no, '25', '20', '500', '0', '0', '500'],
    ]);
    expect(await held(a.id)).toEqual({ freight_settled_by_id: id, freight_settled_by_no: settleNo });
    expect(await held(b.id)).toEqual({ freight_settled_by_id: id, freight_settled_by_no: settleNo });
    const adv = await db().selectFrom('wb_freight_fuel_advance').select(['deducted_by_id', 'deducted_by_no']).where('id', '=', advance).executeTakeFirstOrThrow();
    expect(adv).toEqual({ deducted_by_id: id, deducted_by_no: settleNo });
    expect(await logsOf(settleNo)).toEqual([{ action: 'create', family: '运费结算', detail: '磅单 2 张；运费 1000；亏吨扣款 22.2；油卡 300；应付 677.8' }]);
  });

  it('refuses a ticket another freight settlement holds, naming it; the advance is not deducted twice', async () => {
    expectFailure(await post(`${FS}/newCreate`, { ...period, ticketIds: [a.id] }), 400, `磅单 ${a.no} 已被运费结算 ${settleNo} 锁定`);
    // the weighing refuses a change of a ticket a freight settlement holds, naming it (domain/weighing/rules/locks.ts)
    expectFailure(await call(ctx.app, 'POST', '/api/weigh/pu/deduct', adm, { id: a.id, deductions: [{ kind: 'water', amount: '0.1' }] }), 400, `磅单 ${a.no} 已被运费结算 ${settleNo} 锁定`);
    expect(expectOk(await post(`${FS}/createList`, period)).data).toEqual([]);
    const c = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: carrier, shipped: '25' });
    const second = expectOk(await post(`${FS}/create`, period)).data as { id: string; settleNo: string; totals: Record<string, unknown> };
    expect(second.totals).toMatchObject({ ticketCount: 1, totalFreight: '500', totalFuel: '0', payable: '500' });
    expect((await held(c.id)).freight_settled_by_no).toBe(second.settleNo);
    expectOk(await post(`${FS}/deletes`, { ids: [second.id] }));
  });

  it('is examined, paid in two parts, then closed: one log entry each', async () => {
    expectOk(await post(`${FS}/audit`, { ids: [id] }));
    expectFailure(await post(`${FS}/deletes`, { ids: [id] }), 400, `运费结算 ${settleNo} 已审核，不能删除`);
    const before = await logCount();
    expect(expectFailure(await post(`${FS}/Operating`, { action: 'pay', id, amount: '700', paidOn: '2026-11-25', method: 'BANK' }), 400, '付款金额 700 超过未付金额 677.8').data).toMatchObject({ field: 'amount' });
    expect(expectFailure(await post(`${FS}/Operating`, { action: 'pay', id, amount: '-1', paidOn: '2026-11-25', method: 'BANK' }), 400).data).toMatchObject({ field: 'amount' });
    expect(expectFailure(await post(`${FS}/Operating`, { action: 'explode', id }), 400).data).toMatchObject({ field: 'action' });
    expect(await logCount()).toBe(before);
    const one = expectOk(await post(`${FS}/Operating`, { action: 'pay', id, amount: '400', paidOn: '2026-11-25', method: 'BANK', reference: 'HK001' })).data;
    expect(one).toMatchObject({ state: 'EXAMINED', paidAmount: '400' });
    expectFailure(await post(`${FS}/Operating`, { action: 'unaudit', id }), 400, `运费结算 ${settleNo} 已有付款，不能反审核`);
    expectOk(await post(`${FS}/Operating`, { action: 'invoice', id, invoiceNo: 'FP0001', invoiceDate: '2026-11-25', amount: '1000', tax: '82.57' }));
    const two = expectOk(await post(`${FS}/Operating`, { action: 'pay', id, amount: '277.8', paidOn: '2026-11-26', method: 'BANK' })).data;
    expect(two).toMatchObject({ state: 'PAID', paidAmount: '677.8' });
    expectOk(await post(`${FS}/Operating`, { action: 'close', id }));
    expect((await logsOf(settleNo)).map((l) => l.action)).toEqual(['create', 'examine', 'payment', 'invoice', 'payment', 'close']);
    const payments = await db().selectFrom('wb_settlement_payment').select(['seq', 'direction', 'amount']).where('settlement_id', '=', id).orderBy('seq').execute();
    expect(payments.map((p) => [p.seq, p.direction, String(p.amount)])).toEqual([[1, 'OUT', '400.0000'], [2, 'OUT', '277.8000']]);
  });
});

describe('deletes', () => {
  it('frees the tickets and the fuel advances of a draft', async () => {
    const t = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: other, shipped: '25' });
    await freightPrice(db(), plant, other, '18');
    const adv = await fuelAdvance(db(), plant, other, '100');
    const s = expectOk(await post(`${FS}/newCreate`, { ...period, carrierId: other, ticketIds: [t.id] })).data as { id: string; settleNo: string };
    expect((await held(t.id)).freight_settled_by_id).toBe(s.id);
    expectOk(await post(`${FS}/deletes`, { ids: [s.id] }));
    expect(await held(t.id)).toEqual({ freight_settled_by_id: null, freight_settled_by_no: null });
    expect((await db().selectFrom('wb_freight_fuel_advance').select('deducted_by_id').where('id', '=', adv).executeTakeFirstOrThrow()).deducted_by_id).toBeNull();
    expect((await logsOf(s.settleNo)).map((l) => [l.action, l.detail])).toEqual([['create', '磅单 1 张；运费 450；亏吨扣款 0；油卡 100；应付 350'], ['delete', '释放磅单 1 张、油卡预付 1 笔']]);
  });
});

describe('un-examining', () => {
  it('frees the tickets and the advances; the empty draft takes its tickets again with newCreate and its id', async () => {
    const carrier3 = await carrierOf(db(), plant, 3);
    await freightPrice(db(), plant, carrier3, '10');
    const t = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: carrier3, shipped: '25' });
    const adv = await fuelAdvance(db(), plant, carrier3, '50');
    const body = { ...period, carrierId: carrier3, ticketIds: [t.id] };
    const s = expectOk(await post(`${FS}/newCreate`, body)).data as { id: string; settleNo: string };
    expectOk(await post(`${FS}/audit`, { ids: [s.id] }));
    expectOk(await post(`${FS}/Operating`, { action: 'unaudit', id: s.id }));
    expect(await held(t.id)).toEqual({ freight_settled_by_id: null, freight_settled_by_no: null });
    expect((await db().selectFrom('wb_freight_fuel_advance').select('deducted_by_id').where('id', '=', adv).executeTakeFirstOrThrow()).deducted_by_id).toBeNull();
    const h = await db().selectFrom('wb_settlement').select(['state', 'ticket_count', 'total_amount']).where('id', '=', s.id).executeTakeFirstOrThrow();
    expect({ ...h, total_amount: String(h.total_amount) }).toEqual({ state: 'DRAFT', ticket_count: 0, total_amount: '0.0000' });
    expectFailure(await post(`${FS}/newCreate`, { ...body, id: s.id, carrierId: other }), 400, `运费结算 ${s.settleNo} 的业务类型或承运商与所选不同`);
    const again = expectOk(await post(`${FS}/newCreate`, { ...body, id: s.id })).data as { id: string; settleNo: string; totals: Record<string, unknown> };
    expect(again).toMatchObject({ id: s.id, settleNo: s.settleNo, totals: { ticketCount: 1, totalFreight: '250', totalFuel: '50', payable: '200' } });
    expectFailure(await post(`${FS}/newCreate`, { ...body, id: s.id }), 400, `运费结算 ${s.settleNo} 不是空的草稿，不能重新选择磅单`);
    expect((await logsOf(s.settleNo)).map((l) => [l.action, l.detail])).toEqual([
      ['create', '磅单 1 张；运费 250；亏吨扣款 0；油卡 50；应付 200'], ['examine', '应付 200'], ['unexamine', '已审核 -> 草稿；释放磅单 1 张、油卡预付 1 笔'],
      ['confirmPounds', '磅单 1 张；运费 250；亏吨扣款 0；油卡 50；应付 200'],
    ]);
  });
});

describe('a race', () => {
  it('two settlements claiming overlapping tickets: each ticket ends up in exactly one', async () => {
    const race = await carrierOf(db(), plant, 2);
    await freightPrice(db(), plant, race, '21');
    const ts = [];
    for (let i = 0; i < 3; i++) ts.push(await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: race, shipped: '25' }));
    const body = (ids: string[]) => ({ ...period, carrierId: race, ticketIds: ids });
    const [x, y] = await Promise.all([post(`${FS}/newCreate`, body([ts[0].id, ts[1].id])), post(`${FS}/newCreate`, body([ts[1].id, ts[2].id]))]);
    const won = [x, y].filter((r) => r.statusCode === 200);
    const lost = [x, y].filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expectFailure(lost[0], 400, new RegExp(`^磅单 ${ts[1].no} 已被运费结算 YFJS\\d{12} 锁定$`));
    const winner = won[0].json().data as { id: string };
    const holders = await Promise.all(ts.map((t) => held(t.id)));
    const rows = await db().selectFrom('wb_settlement_row').select(['ticket_id', 'settlement_id']).where('scope', '=', 'FREIGHT').where('ticket_id', 'in', ts.map((t) => t.id)).execute();
    for (const r of rows) expect(r.settlement_id).toBe(winner.id);
    expect(holders.filter((h) => h.freight_settled_by_id === winner.id)).toHaveLength(2);
    expect(rows).toHaveLength(2);
  });
});

describe('an empty pick list', () => {
  it('says why the period\'s tickets are not the carrier\'s: no carrier, another carrier, not audited, held by a settlement it names', async () => {
    const race = await carrierOf(db(), plant, 2);
    const none = await weighPurchase(ctx.app, db(), plant, op, { station: 'E1', price: '300' });
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/audit', adm, { ids: [none.id] }));
    const open = await weighPurchase(ctx.app, db(), plant, op, { station: 'E2', price: '300' });
    await db().updateTable('wb_ticket').set({ carrier_id: race }).where('id', '=', open.id).execute();
    const holder = (await db().selectFrom('wb_ticket').select('freight_settled_by_no').where('carrier_id', '=', race).where('freight_settled_by_no', 'is not', null)
      .executeTakeFirstOrThrow()).freight_settled_by_no as string;
    const others = Number((await db().selectFrom('wb_ticket').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'pu').where('carrier_id', 'is not', null)
      .where('carrier_id', '<>', race).executeTakeFirstOrThrow()).n);
    const got = expectOk(await post(`${FS}/createList/excluded`, { ...period, carrierId: race })).data as { excluded: unknown[]; excludedText: string };
    expect(got.excluded).toEqual([
      { reason: 'NO_CARRIER', label: '未填承运商', count: 1, settleNo: null },
      { reason: 'OTHER_CARRIER', label: '属于其他承运商', count: others, settleNo: null },
      { reason: 'NOT_AUDITED', label: '未审核', count: 1, settleNo: null },
      { reason: 'HELD', label: `已被结算单 ${holder} 占用`, count: 2, settleNo: holder },
    ]);
    expect(got.excludedText).toBe(`期间内的磅单不可结算：未填承运商 1 张；属于其他承运商 ${others} 张；未审核 1 张；已被结算单 ${holder} 占用 2 张`);
    const empty = expectOk(await post(`${FS}/createList/excluded`, { ...period, kind: 'sa' })).data as { excluded: unknown[]; excludedText: string };
    expect(empty).toEqual({ excluded: [], excludedText: '期间内没有该业务类型的磅单' });
    expect(expectFailure(await post(`${FS}/createList/excluded`, { ...period, carrierId: 'x' }), 400).data).toMatchObject({ field: 'carrierId' });
  });
});
