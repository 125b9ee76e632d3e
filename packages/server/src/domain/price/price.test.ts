import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../weighing/test-support';
import { seedPriceDemo } from './demo';
import { resolvePrice } from './resolve';

/**
 * The price lists, the price adjustments, the price the second weighing records and the hand's
 * price change (改价), through the real calls.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;
let request = 0;

const SA = '/api/price/sa';
const ADJ = '/api/price/sa/adjust';
const post = (url: string, payload: unknown, auth = ac) => call(ctx.app, 'POST', url, auth, payload);
const put = (url: string, payload: unknown, auth = ac) => call(ctx.app, 'PUT', url, auth, payload);
const db = () => ctx.database.db;
const ticketRow = (id: string) => db().selectFrom('wb_ticket').select(['price', 'amount', 'net', 'price_source', 'price_ref', 'price_label']).where('id', '=', id).executeTakeFirstOrThrow();
const ruleCount = async () => Number((await db().selectFrom('wb_price_rule').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const hoursFrom = (t: Date, h: number) => new Date(t.getTime() + h * 3_600_000).toISOString();

/** A sales truck on its own notice line (priced or not), weighed empty at `at - 30 min` and loaded at `at`; its registry names the route. */
async function saleTruck(at: Date, price?: string, routeId?: string) {
  const { noticeId, lineId } = await makeNoticeLine(db(), plant, { kind: 'sa', maxLimit: '1000', price });
  const registryId = await makeRegistry(db(), plant, { kind: 'sa', noticeId, lineId, plate: testPlate('J') });
  if (routeId) await db().updateTable('wb_registry').set({ line_id: routeId }).where('id', '=', registryId).execute();
  const weigh = (which: 'first' | 'second', weight: string, when: Date) => post(`/api/weigh/sa/${which}`, {
    registryId, weight, stationId: 'J1', requestId: `j${request++}`, stable: true, weighedAt: when.toISOString(),
  }, op);
  const first = expectOk(await weigh('first', '15', new Date(at.getTime() - 1_800_000))).data;
  expectOk(await weigh('second', '40', at));
  return { id: first.ticketId as string, no: first.ticketNo as string, lineId };
}

/** An audited sales rule for the plant's material, straight through the calls. */
async function auditedRule(entity: Record<string, unknown>) {
  const rule = expectOk(await post(`${SA}/create`, { entity: { materialId: plant.materialId, effectiveFrom: '2026-01-01 00:00:00', ...entity } })).data;
  expectOk(await post(`${SA}/audit`, { ids: [rule.id] }));
  return rule;
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(db());
});

describe('price lists', () => {
  it('keeps rules as documents: create, read, list, audit, then changed only after un-audit', async () => {
    const rule = expectOk(await post(`${SA}/create`, { entity: { materialId: plant.materialId, partyId: plant.customerId, transport: 'ROAD', packing: 'BULK', price: '88.5', taxRate: '13', effectiveFrom: '2026-01-01 00:00:00' } })).data;
    expect(rule).toMatchObject({ docStatus: 'FREE', transport: 'ROAD', packing: 'BULK', partyId: plant.customerId, materialId: plant.materialId });
    expect(rule.ruleNo).toMatch(/^XSJG/);
    const list = expectOk(await post(`${SA}/v2/list`, { search: [{ key: 'ruleNo', op: 'eq', val: rule.ruleNo }], limit: { pn: 1, ps: 10 } })).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ ruleNo: rule.ruleNo, docStatus: 'FREE' });
    expect(Number(list.list[0].price)).toBe(88.5);
    // a purchase list never shows a sales rule
    expect(expectOk(await post('/api/price/pu/v2/list', { search: [{ key: 'ruleNo', op: 'eq', val: rule.ruleNo }], limit: { pn: 1, ps: 10 } })).data.total).toBe(0);
    expectOk(await post(`${SA}/audit`, { ids: [rule.id] }));
    const audited = expectOk(await call(ctx.app, 'GET', `${SA}/get/${rule.id}`, ac)).data;
    expect(audited.auditedAt).toBeTruthy();
    expectFailure(await put(`${SA}/update`, { entity: { id: rule.id, version: audited.version, price: '90' } }), 400, /已审核，不能修改，请先反审核/);
    expectOk(await post(`${SA}/unaudit`, { ids: [rule.id] }));
    const again = expectOk(await call(ctx.app, 'GET', `${SA}/get/${rule.id}`, ac)).data;
    expect(Number(expectOk(await put(`${SA}/update`, { entity: { id: rule.id, version: again.version, price: '90' } })).data.price)).toBe(90);
    // the operator has no price list
    expectFailure(await post(`${SA}/create`, { entity: { materialId: plant.materialId, price: '1', effectiveFrom: '2026-01-01 00:00:00' } }, op), 403);
    expectOk(await call(ctx.app, 'DELETE', `${SA}/delList`, ac, { ids: [rule.id] }));
  });

  it('names the field of bad input and writes nothing', async () => {
    const before = await ruleCount();
    const bad = async (entity: Record<string, unknown>, field: string) => {
      const res = expectFailure(await post(`${SA}/create`, { entity: { materialId: plant.materialId, price: '10', effectiveFrom: '2026-01-01 00:00:00', ...entity } }), 400);
      expect(JSON.stringify(res.data) + res.msg).toContain(field);
    };
    await bad({ materialId: null }, 'materialId');
    await bad({ price: '-1' }, 'price');
    await bad({ price: '1000000000000000' }, 'price');
    await bad({ transport: 'AIR' }, 'transport');
    await bad({ effectiveTo: '2025-12-31 00:00:00' }, 'effectiveTo');
    await bad({ effectiveFrom: null }, 'effectiveFrom');
    expect(await ruleCount()).toBe(before);
  });
});

describe('price rules by data sync (datax)', () => {
  it('creates, leaves alone and updates the rules of each kind by their number, the two kinds apart', async () => {
    const entities = [
      { ruleNo: 'DX-P1', materialId: plant.materialId, price: '61.5', effectiveFrom: '2026-02-01 00:00:00' },
      { ruleNo: 'DX-P2', materialId: plant.materialId, price: '62', effectiveFrom: '2026-02-01 00:00:00' },
    ];
    expect(expectOk(await post(`${SA}/datax`, { entities })).data).toEqual({ created: 2, updated: 0 });
    expect(expectOk(await post(`${SA}/datax`, { entities })).data).toEqual({ created: 0, updated: 0 });
    expect(expectOk(await post(`${SA}/datax`, { entities: [{ ...entities[0], price: '63.25' }, entities[1]] })).data).toEqual({ created: 0, updated: 1 });
    // the purchase list keeps its own numbers: the same number there is a new purchase rule
    expect(expectOk(await post('/api/price/pu/datax', { entities: [entities[0]] })).data).toEqual({ created: 1, updated: 0 });
    const rows = await db().selectFrom('wb_price_rule').select(['kind', 'rule_no', 'price']).where('rule_no', 'like', 'DX-P%').orderBy('kind').orderBy('rule_no').execute();
    expect(rows.map((r) => [r.kind, r.rule_no, Number(r.price)])).toEqual([['pu', 'DX-P1', 61.5], ['sa', 'DX-P1', 63.25], ['sa', 'DX-P2', 62]]);
    expectFailure(await post(`${SA}/datax`, { entities: [{ ruleNo: 'DX-P3', materialId: plant.materialId, effectiveFrom: '2026-02-01 00:00:00' }] }), 400, '单价不能为空！');
  });
});

describe('the price a completed truck records', () => {
  const morning = new Date(Date.now() - 3 * 86_400_000);

  it('from its notice line when the line has a price, else from the most specific rule, else none', async () => {
    // no line price, no rule: the truck completes unpriced
    const bare = await saleTruck(morning);
    expect(await ticketRow(bare.id)).toMatchObject({ price: null, amount: null, price_source: null, price_label: null });

    await auditedRule({ price: '100' });
    const forCustomer = await auditedRule({ price: '95.5', partyId: plant.customerId });
    // more specific, but by rail: never a truck's
    await auditedRule({ price: '1', partyId: plant.customerId, transport: 'RAIL' });
    const byRule = await saleTruck(morning);
    expect(await ticketRow(byRule.id)).toMatchObject({
      price: '95.5000', amount: '2387.5000', price_source: 'PRICE_RULE', price_ref: forCustomer.id, price_label: `价格规则 ${forCustomer.ruleNo}`,
    });

    const byLine = await saleTruck(morning, '80');
    const notice = await db().selectFrom('wb_notice_line as l').innerJoin('wb_notice as n', 'n.id', 'l.notice_id').select('n.notice_no').where('l.id', '=', byLine.lineId).executeTakeFirstOrThrow();
    expect(await ticketRow(byLine.id)).toMatchObject({
      price: '80.0000', amount: '2000.0000', price_source: 'NOTICE_LINE', price_ref: byLine.lineId, price_label: `通知单 ${notice.notice_no} 第1行`,
    });
    // the route the registry names is the rules' destination key: a rule for it is more specific
    const route = await db().insertInto('md_line').values({ org_id: plant.orgId, line_code: 'XL-PRICE', line_name: '南线', direction: 'SHIP' }).returning('id').executeTakeFirstOrThrow();
    const forRoute = await auditedRule({ price: '97', partyId: plant.customerId, routeId: route.id });
    expect(await ticketRow((await saleTruck(morning, undefined, route.id)).id)).toMatchObject({ price: '97.0000', price_ref: forRoute.id });
    expect(await ticketRow((await saleTruck(morning)).id)).toMatchObject({ price: '95.5000', price_ref: forCustomer.id });
    // the list and the detail show where the price came from
    const listed = expectOk(await post('/api/weigh/sa/v2/list', { search: [{ key: 'ticketNo', op: 'eq', val: byRule.no }], limit: { pn: 1, ps: 10 } }, op)).data;
    expect(listed.list[0]).toMatchObject({ priceSource: 'PRICE_RULE', priceLabel: `价格规则 ${forCustomer.ruleNo}` });
    expect(expectOk(await call(ctx.app, 'GET', `/api/weigh/sa/get/${byLine.id}`, op)).data).toMatchObject({ priceSource: 'NOTICE_LINE', priceRef: byLine.lineId });
  });
});

describe('a price adjustment', () => {
  it('effective at noon prices the 11:00 truck at the old price and the 13:00 truck at the new one; withdrawn only before noon', async () => {
    // the customer's latest rule: it prices the customer's trucks until noon
    const base = await auditedRule({ price: '200', partyId: plant.customerId, effectiveFrom: '2026-06-01 00:00:00' });
    const adj = expectOk(await post(`${ADJ}/create`, {
      entity: { effectiveAt: hoursFrom(new Date(Date.now() - 86_400_000), 0).slice(0, 19).replace('T', ' '), reason: '原料涨价' },
      entitysub: [{ materialCode: await materialCode(), partyCode: await customerCode(), price: '230', taxRate: '13' }],
    })).data;
    expect(adj.adjustNo).toMatch(/^XSTJ/);
    expect(adj.entitysub[0]).toMatchObject({ partyCode: await customerCode() });
    // the list's 新单价 shows the price as money, not the material's name
    const listed = expectOk(await post(`${ADJ}/v2/list`, { search: [{ key: 'adjustNo', op: 'eq', val: adj.adjustNo }], limit: { pn: 1, ps: 10 } })).data;
    expect(listed.list[0]).toMatchObject({ newPrices: '¥230.00' });
    expectOk(await post(`${ADJ}/audit`, { ids: [adj.id] }));
    const { effective_at: noon } = await db().selectFrom('wb_price_adjust').select('effective_at').where('id', '=', adj.id).executeTakeFirstOrThrow();

    const before = await saleTruck(new Date(noon.getTime() - 3_600_000));
    const after = await saleTruck(new Date(noon.getTime() + 3_600_000));
    const atNoon = await saleTruck(noon);
    expect(await ticketRow(before.id)).toMatchObject({ price: '200.0000', price_ref: base.id });
    expect(await ticketRow(after.id)).toMatchObject({ price: '230.0000', price_source: 'PRICE_RULE', price_label: `价格规则 ${adj.adjustNo}-1` });
    expect(await ticketRow(atNoon.id)).toMatchObject({ price: '230.0000' });
    // the ticket's completion is the time of the reading that priced it, not the time the call arrived
    const completed = await db().selectFrom('wb_ticket').select('completed_at').where('id', 'in', [before.id, after.id]).orderBy('id').execute();
    expect(completed.map((t) => t.completed_at)).toEqual([new Date(noon.getTime() - 3_600_000), new Date(noon.getTime() + 3_600_000)]);
    // the old rule is kept, ended at noon: the history of what was charged before
    const old = await db().selectFrom('wb_price_rule').select(['effective_to', 'doc_status']).where('id', '=', base.id).executeTakeFirstOrThrow();
    expect(old).toEqual({ effective_to: noon, doc_status: 'AUDITED' });
    expectFailure(await post(`${ADJ}/unaudit`, { ids: [adj.id] }), 400, /已于 .* 生效，不能反审核/);
    // a rule an adjustment wrote goes only with it
    const written = await db().selectFrom('wb_price_rule').select('id').where('adjust_id', '=', adj.id).executeTakeFirstOrThrow();
    expectFailure(await post(`${SA}/unaudit`, { ids: [written.id] }), 400, new RegExp(`由调价单 ${adj.adjustNo} 生成`));
  });

  it('not yet in force: un-audit takes its rules back and gives the ended ones their end again', async () => {
    const base = await auditedRule({ price: '300', packing: 'BULK', effectiveFrom: '2025-06-01 00:00:00', effectiveTo: '2030-01-01 00:00:00' });
    const endBefore = (await db().selectFrom('wb_price_rule').select('effective_to').where('id', '=', base.id).executeTakeFirstOrThrow()).effective_to;
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const adj = expectOk(await post(`${ADJ}/create`, {
      entity: { effectiveAt: `${future} 12:00:00`, reason: '淡季优惠' },
      entitysub: [{ materialCode: await materialCode(), packing: 'BULK', price: '280' }],
    })).data;
    expectOk(await post(`${ADJ}/audit`, { ids: [adj.id] }));
    const endOf = async (id: string) => (await db().selectFrom('wb_price_rule').select('effective_to').where('id', '=', id).executeTakeFirstOrThrow()).effective_to;
    const { effective_at: at } = await db().selectFrom('wb_price_adjust').select('effective_at').where('id', '=', adj.id).executeTakeFirstOrThrow();
    const written = await db().selectFrom('wb_price_rule').select(['price', 'effective_from', 'effective_to']).where('adjust_id', '=', adj.id).executeTakeFirstOrThrow();
    expect(await endOf(base.id)).toEqual(at);
    // the new price keeps the end the replaced one had
    expect(written).toEqual({ price: '280.0000', effective_from: at, effective_to: endBefore });
    expectOk(await post(`${ADJ}/unaudit`, { ids: [adj.id] }));
    expect(await db().selectFrom('wb_price_rule').select('id').where('adjust_id', '=', adj.id).execute()).toEqual([]);
    expect(await endOf(base.id)).toEqual(endBefore);
  });

  it('audited twice at once: one audit writes its rules, the other is refused', async () => {
    const adj = expectOk(await post(`${ADJ}/create`, {
      entity: { effectiveAt: '2030-06-01 00:00:00', reason: '并发审核' }, entitysub: [{ materialCode: await materialCode(), packing: 'BAG', price: '150' }],
    })).data;
    const answers = await Promise.all([post(`${ADJ}/audit`, { ids: [adj.id] }), post(`${ADJ}/audit`, { ids: [adj.id] })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await db().selectFrom('wb_price_rule').select('price').where('adjust_id', '=', adj.id).execute()).toEqual([{ price: '150.0000' }]);
  });

  it('refuses bad input naming the field: no reason, no effective time, two lines with the same keys', async () => {
    const line = { materialCode: await materialCode(), price: '10' };
    expectFailure(await post(`${ADJ}/create`, { entity: { effectiveAt: '2026-12-01 00:00:00' }, entitysub: [line] }), 400, /reason|调价原因/);
    expectFailure(await post(`${ADJ}/create`, { entity: { reason: '调价' }, entitysub: [line] }), 400, /effectiveAt|生效时间/);
    expectFailure(await post(`${ADJ}/create`, { entity: { effectiveAt: '2026-12-01 00:00:00', reason: '调价' }, entitysub: [line, line] }), 400, /第2行与第1行/);
    expect(await db().selectFrom('wb_price_adjust').select('id').where('reason', '=', '调价').execute()).toEqual([]);
  });
});

describe('改价 (a price changed by hand)', () => {
  it('needs a reason, logs it with the price before and after, and marks the price MANUAL', async () => {
    const t = await saleTruck(new Date(Date.now() - 86_400_000), '80');
    const before = await ticketRow(t.id);
    const missing = expectFailure(await post('/api/weigh/sa/modifyPrice', { ids: [t.id], price: '85' }), 400);
    expect(JSON.stringify(missing)).toContain('reason');
    expectFailure(await post('/api/weigh/sa/modifyPrice', { ids: [t.id], price: '85', reason: '  ' }), 400, /改价原因/);
    expectFailure(await post('/api/weigh/sa/modifyPrice', { ids: [t.id], price: '85', reason: '长'.repeat(201) }), 400, /不能超过200个字符/);
    expect(await ticketRow(t.id)).toEqual(before);
    // the permission is the accountant's
    expectFailure(await post('/api/weigh/sa/modifyPrice', { ids: [t.id], price: '85', reason: '客户协商' }, op), 403);

    expectOk(await post('/api/weigh/sa/modifyPrice', { ids: [t.id], price: '85', reason: '客户协商' }));
    expect(await ticketRow(t.id)).toMatchObject({ price: '85.0000', amount: '2125.0000', price_source: 'MANUAL', price_ref: null, price_label: '手工改价：客户协商' });
    const log = await db().selectFrom('sys_log').select(['action', 'detail']).where('doc_no', '=', t.no).where('action', '=', 'modifyPrice').execute();
    expect(log).toEqual([{ action: 'modifyPrice', detail: '单价 80 -> 85；金额 2000 -> 2125；原因：客户协商' }]);
  });
});

describe('the demo plant', () => {
  it('prices a cement truck of KH0001 by the customer\'s rule and another customer\'s by the general one', async () => {
    const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => expectOk(await call(ctx.app, method, url, ac, payload)).data;
    await seedPriceDemo(db(), { send }, plant.orgId);
    const cement = await db().selectFrom('md_material').select('id').where('inv_code', '=', '0502001').executeTakeFirstOrThrow();
    const customer = await db().selectFrom('md_customer').select('id').where('customer_code', '=', 'KH0001').executeTakeFirstOrThrow();
    const q = { orgId: plant.orgId, kind: 'sa' as const, noticeLineId: null, materialId: cement.id, at: new Date(), packing: 'BULK' as const, transport: 'ROAD' as const };
    expect(await resolvePrice(db(), { ...q, partyId: customer.id })).toMatchObject({ price: '350.0000', source: 'PRICE_RULE' });
    expect(await resolvePrice(db(), { ...q, partyId: '999999' })).toMatchObject({ price: '360.0000', source: 'PRICE_RULE' });
  });
});

async function materialCode() {
  return (await db().selectFrom('md_material').select('inv_code').where('id', '=', plant.materialId).executeTakeFirstOrThrow()).inv_code;
}
async function customerCode() {
  return (await db().selectFrom('md_customer').select('customer_code').where('id', '=', plant.customerId).executeTakeFirstOrThrow()).customer_code;
}
