import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { evaluateExpression } from '@wb/protocol';
import { ticketForms } from './templates';
import { lineFigures, makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant, weighPurchase, wireScale, type WiredScale } from './test-support';

/** The ticket lists, the manual ticket and the ticket's own actions, through the real routes. */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;
let request = 0;

const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const weigh = (which: 'first' | 'second', payload: Record<string, unknown>) =>
  post(`pu/${which}`, { stationId: 'T1', requestId: `t${request++}`, stable: true, ...payload });

/** A purchase truck weighed through on the scale's readings (not typed): its ticket id, number and line. */
let scale: WiredScale;
const completedTicket = (maxLimit = '1000', gross = '40', tare = '15') =>
  weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'T1', maxLimit, gross, tare, scale });

const ticketRow = (id: string) =>
  ctx.database.db.selectFrom('wb_ticket').select(['state', 'net', 'deduct_total', 'amount', 'print_count', 'audited_at', 'posted_at']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
  scale = await wireScale(ctx.app, (await bearerFor(ctx.app, 'admin')).authorization, 'T1');
});

describe('ticket lists', () => {
  it('lists a kind own tickets with the totals, and opens one', async () => {
    const t = await completedTicket();
    const list = expectOk(await post('pu/v2/list', { search: [{ key: 'ticketNo', op: 'eq', val: t.no }], limit: { pn: 1, ps: 10 } })).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ ticketNo: t.no, plateNumber: t.plate, state: 'COMPLETED' });
    expect(Number(list.list[0].net)).toBe(25);
    expect(Number(list.tongji.net)).toBe(25);
    const sales = expectOk(await post('sa/v2/list', { search: [{ key: 'ticketNo', op: 'eq', val: t.no }], limit: { pn: 1, ps: 10 } })).data;
    expect(sales.total).toBe(0);
    const one = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/get/${t.id}`, op)).data;
    expect(one).toMatchObject({ ticketNo: t.no, state: 'COMPLETED', manual: false, tareSource: 'WEIGHED' });
    expect(one.readings.map((r: { reading: string }) => r.reading)).toEqual(['FIRST', 'SECOND']);
    expectFailure(await call(ctx.app, 'GET', `/api/weigh/sa/get/${t.id}`, op), 404);
  });
});

describe('manual tickets', () => {
  it('computes the net of a typed ticket and marks it manual', async () => {
    await ctx.database.db.updateTable('md_material').set({ hidden_deduct: '0.05' }).where('id', '=', plant.materialId).execute();
    const res = expectOk(await post('pu/create', { entity: { plateNumber: '苏e 12345', materialId: plant.materialId, gross: '40.126', tare: '15', price: '10', net: '999', state: 'POSTED' } }));
    await ctx.database.db.updateTable('md_material').set({ hidden_deduct: '0' }).where('id', '=', plant.materialId).execute();
    expect(res.data).toMatchObject({ plateNumber: '苏E12345', state: 'COMPLETED', manual: true, tareSource: 'MANUAL' });
    expect(Number(res.data.gross)).toBe(40.13);
    expect(Number(res.data.net)).toBe(25.08);
    expect(Number(res.data.amount)).toBe(250.8);
    expect(res.data.ticketNo).toMatch(/^CGBD/);

    const updated = expectOk(await call(ctx.app, 'PUT', '/api/weigh/pu/update', op, { entity: { id: res.data.id, version: res.data.version, tare: '16' } }));
    expect(Number(updated.data.net)).toBe(24.13);
  });

  it('saves the net the form showed live (its CALCULATE over gross and tare), and its own net whatever the request says', async () => {
    const net = ticketForms('pu')[0].fields.find((f) => f.fieldName === 'net');
    expect(net).toMatchObject({ formSubmitType: 'CALCULATE', calculate: 'gross - tare' });
    const typed: Record<string, string> = { gross: '38.46', tare: '14.2' };
    const shown = evaluateExpression(net?.calculate ?? '', (name) => typed[name]);
    expect(shown).toBe(24.26);
    const res = expectOk(await post('pu/create', { entity: { plateNumber: '苏E12347', materialId: plant.materialId, ...typed, net: '30' } }));
    expect(Number(res.data.net)).toBe(shown);
  });

  it('refuses a tare over the gross, a missing gross, and a change to the weights of a weighed ticket', async () => {
    expectFailure(await post('pu/create', { entity: { plateNumber: '苏E12346', materialId: plant.materialId, gross: '10', tare: '15' } }), 400, '皮重不能大于毛重');
    expectFailure(await post('pu/create', { entity: { plateNumber: '苏E12346', materialId: plant.materialId, tare: '15' } }), 400, '毛重不能为空！');
    const t = await completedTicket();
    const current = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/get/${t.id}`, op)).data;
    expectFailure(await call(ctx.app, 'PUT', '/api/weigh/pu/update', op, { entity: { id: t.id, version: current.version, gross: '50' } }), 400,
      `磅单 ${t.no} 是过磅生成的，不能修改重量，请用扣重或修改单价`);
  });
});

describe('ticket actions', () => {
  it('audits, posts to stock, takes the posting back and un-audits', async () => {
    const t = await completedTicket();
    expectOk(await post('pu/audit', { ids: [t.id] }, ac));
    expect(await ticketRow(t.id)).toMatchObject({ state: 'AUDITED' });
    expectFailure(await post('pu/audit', { ids: [t.id] }, ac), 400, `磅单 ${t.no} 已审核，不能重复审核`);
    expectOk(await post('pu/down', { ids: [t.id] }, ac));
    expect(await ticketRow(t.id)).toMatchObject({ state: 'POSTED' });
    const records = await ctx.database.db.selectFrom('wb_stock_record').select(['direction', 'quantity', 'reversed_at']).where('ticket_id', '=', t.id).execute();
    expect(records).toEqual([{ direction: 'IN', quantity: '25.0000', reversed_at: null }]);
    expectFailure(await post('pu/unaudit', { ids: [t.id] }, ac), 400, `磅单 ${t.no} 已过账，不能反审核，请先反过账`);
    expectOk(await post('pu/reversedown', { ids: [t.id] }, ac));
    expectOk(await post('pu/unaudit', { ids: [t.id] }, ac));
    expect(await ticketRow(t.id)).toMatchObject({ state: 'COMPLETED', audited_at: null, posted_at: null });
    const live = await ctx.database.db.selectFrom('wb_stock_record').select('id').where('ticket_id', '=', t.id).where('reversed_at', 'is', null).execute();
    expect(live).toEqual([]);
  });

  it('refuses a batch whole when one ticket may not take the action', async () => {
    const a = await completedTicket();
    const b = await completedTicket();
    expectOk(await post('pu/audit', { ids: [b.id] }, ac));
    expectFailure(await post('pu/audit', { ids: [a.id, b.id] }, ac), 400, `磅单 ${b.no} 已审核，不能重复审核`);
    expect(await ticketRow(a.id)).toMatchObject({ state: 'COMPLETED' });
  });

  it('gives a voided ticket quantities back: a completed one its net, an open one its hold', async () => {
    const done = await completedTicket();
    expect(await lineFigures(ctx.database.db, done.lineId)).toMatchObject({ done: 25, inTransit: 0 });
    expectOk(await post('pu/obsolete', { ids: [done.id] }));
    expect(await lineFigures(ctx.database.db, done.lineId)).toMatchObject({ done: 0, doneTrips: 0 });
    expectFailure(await post('pu/recover', { ids: [done.id] }), 400, `磅单 ${done.no} 已有净重，作废后不能恢复，请重新过磅`);
    expectOk(await call(ctx.app, 'DELETE', '/api/weigh/pu/delList', op, { ids: [done.id] }));

    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('T'), preQuantity: '20' });
    const open = expectOk(await weigh('first', { registryId, weight: '40' })).data;
    expectOk(await post('pu/obsolete', { ids: [open.ticketId] }));
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ inTransit: 0 });
    expectOk(await post('pu/recover', { ids: [open.ticketId] }));
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ inTransit: 20 });
    expect(await ticketRow(open.ticketId)).toMatchObject({ state: 'FIRST_WEIGHED' });
  });

  it('refuses to delete a ticket that still counts', async () => {
    const t = await completedTicket();
    expectFailure(await call(ctx.app, 'DELETE', '/api/weigh/pu/delList', op, { ids: [t.id] }), 400, /已完成/);
  });

  it('takes deductions on a completed ticket: the net and the notice line move by the difference', async () => {
    const t = await completedTicket();
    const r = expectOk(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', rate: 2 }, { kind: 'impurity', amount: '0.3' }] })).data;
    // 25 - 0.5 - 0.3
    expect(Number(r.net)).toBe(24.2);
    expect(await ticketRow(t.id)).toMatchObject({ deduct_total: '0.8000', amount: '242.0000' });
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 24.2, doneTrips: 1 });
    expectFailure(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'stone', amount: '30' }] }), 400, /^净重不能小于0/);
    expectFailure(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', amount: 1, rate: 1 }] }), 400, '扣水只能填扣重或扣率其中一项');
    expectOk(await post('pu/audit', { ids: [t.id] }, ac));
    expectFailure(await post('pu/deduct', { id: t.id, deductions: [] }), 400, `磅单 ${t.no} 已审核，不能扣重，请先反审核`);
  });

  it('refuses deductions on a ticket at its first weighing that take more than the truck carries', async () => {
    const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'T1', gross: '40', tare: null });
    const stored = () => ctx.database.db.selectFrom('wb_ticket_deduction').select(['kind', 'value']).where('ticket_id', '=', t.id).execute();
    const over = expectFailure(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'stone', amount: '40.5' }] }), 400, '扣重合计 40.5 吨 超过车辆装载 40 吨');
    expect(over.data).toMatchObject({ field: 'deductions' });
    expectFailure(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', rate: 70 }, { kind: 'stone', rate: 40 }] }), 400, '扣率合计 110% 超过100%');
    expect(await stored()).toEqual([]);
    expectOk(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'stone', amount: '10' }] }));
    expect(await stored()).toEqual([{ kind: 'STONE', value: '10.0000' }]);
  });

  it('refuses a second weighing whose amount at the line price no money column holds, naming the price, and keeps the first', async () => {
    const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'T1', price: '100000000000000', gross: '40', tare: null });
    const res = expectFailure(await weigh('second', { registryId: t.registryId, weight: '15' }), 400, '单价 100000000000000 过大：净重 25 吨 的金额不能大于或等于1000万亿');
    expect(res.data).toMatchObject({ field: 'price' });
    expect(await ticketRow(t.id)).toMatchObject({ state: 'FIRST_WEIGHED', net: null, amount: null });
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 0, doneTrips: 0 });
  });

  it('returns goods once: a reverse ticket, the net out of the notice line', async () => {
    const t = await completedTicket();
    const back = expectOk(await post(`pu/returnGoods/${t.id}`, {}, ac)).data;
    const reverse = await ctx.database.db.selectFrom('wb_ticket').select(['state', 'net', 'amount', 'source_ticket_id', 'plate_number']).where('id', '=', back.id).executeTakeFirstOrThrow();
    expect(reverse).toEqual({ state: 'COMPLETED', net: '25.0000', amount: '-250.0000', source_ticket_id: t.id, plate_number: t.plate });
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 0 });
    expectFailure(await post(`pu/returnGoods/${t.id}`, {}, ac), 400, `磅单 ${t.no} 已退货，不能重复退货`);
    expectFailure(await post(`pu/returnGoods/${back.id}`, {}, ac), 400, `磅单 ${back.ticketNo} 是退货单，不能再退货`);
  });

  it('returns goods once when two clerks return one ticket at once', async () => {
    const t = await completedTicket();
    const answers = await Promise.all([post(`pu/returnGoods/${t.id}`, {}, ac), post(`pu/returnGoods/${t.id}`, {}, ac), post(`pu/returnGoods/${t.id}`, {}, ac)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const reverses = await ctx.database.db.selectFrom('wb_ticket').select('id').where('source_ticket_id', '=', t.id).execute();
    expect(reverses).toHaveLength(1);
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 0 });
  });

  it('changes the unit price and the amount with it, not on a posted ticket', async () => {
    const t = await completedTicket();
    expectOk(await post('pu/modifyPrice', { ids: [t.id], price: '12.5', reason: '按合同调整' }, ac));
    expect(await ticketRow(t.id)).toMatchObject({ amount: '312.5000' });
    expectFailure(await post('pu/modifyPrice', { ids: [t.id], price: '-1', reason: '按合同调整' }, ac), 400, '参数 price 错误: 单价应为不小于0的数字');
    // 25 t at a price just within money's bound makes an amount past it: refused before any write
    const over = expectFailure(await post('pu/modifyPrice', { ids: [t.id], price: '100000000000000', reason: '按合同调整' }, ac), 400, `磅单 ${t.no} 单价 100000000000000 过大：净重 25 吨 的金额不能大于或等于1000万亿`);
    expect(over.data).toMatchObject({ field: 'price' });
    expect(await ticketRow(t.id)).toMatchObject({ amount: '312.5000' });
    expectFailure(await post('pu/modifyPrice', { ids: [t.id], price: '999999999999999.99999', reason: '按合同调整' }, ac), 400, '单价应小于1000000000000000');
    expectOk(await post('pu/audit', { ids: [t.id] }, ac));
    expectOk(await post('pu/down', { ids: [t.id] }, ac));
    expectFailure(await post('pu/modifyPrice', { ids: [t.id], price: '13', reason: '按合同调整' }, ac), 400, `磅单 ${t.no} 已过账，不能修改单价，请先反过账`);
  });

  it('merges completed tickets of one notice line into the first, the line unchanged', async () => {
    const a = await completedTicket();
    const plate = testPlate('T');
    const line = await ctx.database.db.selectFrom('wb_notice_line').select('notice_id').where('id', '=', a.lineId).executeTakeFirstOrThrow();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId: line.notice_id, lineId: a.lineId, plate });
    const bFirst = expectOk(await weigh('first', { registryId, weight: '30' })).data;
    expectOk(await weigh('second', { registryId, weight: '14' }));
    expect(await lineFigures(ctx.database.db, a.lineId)).toMatchObject({ done: 41 });
    const res = expectOk(await post('pu/merge', { ids: [bFirst.ticketId, a.id] }, ac)).data;
    expect(res).toEqual({ id: a.id, count: 2 });
    expect(await ticketRow(a.id)).toMatchObject({ state: 'COMPLETED', net: '41.0000', amount: '410.0000' });
    const merged = await ctx.database.db.selectFrom('wb_ticket').select(['state', 'merged_into_id']).where('id', '=', bFirst.ticketId).executeTakeFirstOrThrow();
    expect(merged).toEqual({ state: 'OBSOLETE', merged_into_id: a.id });
    expect(await lineFigures(ctx.database.db, a.lineId)).toMatchObject({ done: 41 });
    const other = await completedTicket();
    expectFailure(await post('pu/merge', { ids: [a.id, other.id] }, ac), 400, `磅单 ${other.no} 与 ${a.no} 不是同一通知单明细，不能合并`);
  });

  it('carries the deduction rows into the merged ticket, so they add up to its deduct total', async () => {
    const a = await completedTicket();
    const line = await ctx.database.db.selectFrom('wb_notice_line').select('notice_id').where('id', '=', a.lineId).executeTakeFirstOrThrow();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId: line.notice_id, lineId: a.lineId, plate: testPlate('T') });
    const b = expectOk(await weigh('first', { registryId, weight: '30' })).data;
    expectOk(await weigh('second', { registryId, weight: '14' }));
    // a: 25 t weighed, 2 % water (0.5) and 0.3 impurity; b: 16 t weighed, 2 % water (0.32) and 0.1 stone
    expectOk(await post('pu/deduct', { id: a.id, deductions: [{ kind: 'water', rate: 2 }, { kind: 'impurity', amount: '0.3' }] }));
    expectOk(await post('pu/deduct', { id: b.ticketId, deductions: [{ kind: 'water', rate: 2 }, { kind: 'stone', amount: '0.1' }] }));
    expectOk(await post('pu/merge', { ids: [a.id, b.ticketId] }, ac));
    expect(await ticketRow(a.id)).toMatchObject({ deduct_total: '1.2200', net: '39.7800' });
    const one = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/get/${a.id}`, op)).data;
    const rows = (one.deductions as { kind: string; mode: string; value: string; amount: string }[]).map((d) => [d.kind, d.mode, Number(d.value), Number(d.amount)]);
    expect(rows.sort()).toEqual([['IMPURITY', 'AMOUNT', 0.3, 0.3], ['STONE', 'AMOUNT', 0.1, 0.1], ['WATER', 'RATE', 2, 0.82]]);
    expect(rows.reduce((s, r) => s + (r[3] as number), 0)).toBeCloseTo(1.22, 10);
    // the voided ticket keeps its own rows for the history
    const kept = await ctx.database.db.selectFrom('wb_ticket_deduction').select('kind').where('ticket_id', '=', b.ticketId).execute();
    expect(kept.map((d) => d.kind).sort()).toEqual(['STONE', 'WATER']);
  });

  it('keeps a merged ticket\'s hidden deduct (its trips\' sum) when it is deducted again', async () => {
    await ctx.database.db.updateTable('md_material').set({ hidden_deduct: '0.05' }).where('id', '=', plant.materialId).execute();
    try {
      const a = await completedTicket();
      const line = await ctx.database.db.selectFrom('wb_notice_line').select('notice_id').where('id', '=', a.lineId).executeTakeFirstOrThrow();
      const registryId = await makeRegistry(ctx.database.db, plant, { noticeId: line.notice_id, lineId: a.lineId, plate: testPlate('T') });
      const b = expectOk(await weigh('first', { registryId, weight: '30' })).data;
      expectOk(await weigh('second', { registryId, weight: '14' }));
      expectOk(await post('pu/merge', { ids: [a.id, b.ticketId] }, ac));
      expect(await ticketRow(a.id)).toMatchObject({ deduct_total: '0.1000', net: '40.9000' });
      const r = expectOk(await post('pu/deduct', { id: a.id, deductions: [{ kind: 'impurity', amount: '0.4' }] })).data;
      // 41 weighed - 0.4 impurity - 0.1 hidden of the two trips
      expect(Number(r.net)).toBe(40.5);
      expect(await ticketRow(a.id)).toMatchObject({ deduct_total: '0.5000' });
    } finally {
      await ctx.database.db.updateTable('md_material').set({ hidden_deduct: '0' }).where('id', '=', plant.materialId).execute();
    }
  });

  it('splits a completed ticket into parts adding up to its net', async () => {
    const t = await completedTicket();
    expectFailure(await post('pu/split', { id: t.id, parts: ['20', '4'] }, ac), 400, `拆分数量合计 24 吨应等于磅单 ${t.no} 的净重 25 吨`);
    const res = expectOk(await post('pu/split', { id: t.id, parts: ['20', '5'] }, ac)).data;
    expect(res.ids).toHaveLength(1);
    expect(await ticketRow(t.id)).toMatchObject({ net: '20.0000', amount: '200.0000' });
    const part = await ctx.database.db.selectFrom('wb_ticket').select(['state', 'net', 'split_from_id']).where('id', '=', res.ids[0]).executeTakeFirstOrThrow();
    expect(part).toEqual({ state: 'COMPLETED', net: '5.0000', split_from_id: t.id });
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 25 });
  });

  it('keeps the quality price change in a split ticket\'s amounts, and gives it to each part', async () => {
    const t = await completedTicket();
    // the lab's results priced the load 2 a ton above the notice's 10 (domain/quality)
    await ctx.database.db.updateTable('wb_ticket').set({ quality_price_adjust: '2' }).where('id', '=', t.id).execute();
    const res = expectOk(await post('pu/split', { id: t.id, parts: ['20', '5'] }, ac)).data;
    expect(await ticketRow(t.id)).toMatchObject({ net: '20.0000', amount: '240.0000' });
    const part = await ctx.database.db.selectFrom('wb_ticket').select(['net', 'amount', 'quality_price_adjust']).where('id', '=', res.ids[0]).executeTakeFirstOrThrow();
    expect(part).toEqual({ net: '5.0000', amount: '60.0000', quality_price_adjust: '2.0000' });
  });

  it('gives each part its share of the gross, the tare and the deductions, every figure adding up to the weighing', async () => {
    const t = await completedTicket('1000', '40.37', '15.11');
    // 25.26 weighed, 1 % water (0.25) and 0.11 stone: 24.9 net
    expectOk(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', rate: 1 }, { kind: 'stone', amount: '0.11' }] }));
    const res = expectOk(await post('pu/split', { id: t.id, parts: ['8.3', '8.3', '8.3'] }, ac)).data;
    const ids = [t.id, ...(res.ids as string[])];
    const rows = await ctx.database.db.selectFrom('wb_ticket').select(['id', 'gross', 'tare', 'tare_source', 'deduct_total', 'net']).where('id', 'in', ids).orderBy('id').execute();
    const total = (pick: (r: (typeof rows)[number]) => string | null) => rows.reduce((s, r) => s + Math.round(Number(pick(r)) * 10_000), 0) / 10_000;
    expect([total((r) => r.gross), total((r) => r.tare), total((r) => r.deduct_total), total((r) => r.net)]).toEqual([40.37, 15.11, 0.36, 24.9]);
    for (const r of rows) {
      expect(Number(r.tare)).toBeGreaterThan(5);
      expect(r.tare_source).toBe('WEIGHED');
      expect(Math.round((Number(r.gross) - Number(r.tare) - Number(r.deduct_total)) * 10_000)).toBe(Math.round(Number(r.net) * 10_000));
      const d = await ctx.database.db.selectFrom('wb_ticket_deduction').select('amount').where('ticket_id', '=', r.id).execute();
      expect(d.reduce((s, x) => s + Math.round(Number(x.amount) * 10_000), 0)).toBe(Math.round(Number(r.deduct_total) * 10_000));
    }
    // the scale's readings stay on the original ticket, as weighed
    const readings = await ctx.database.db.selectFrom('wb_weighing').select(['ticket_id', 'weight']).where('ticket_id', 'in', ids).orderBy('reading').execute();
    expect(readings).toEqual([{ ticket_id: t.id, weight: '40.3700' }, { ticket_id: t.id, weight: '15.1100' }]);
  });

  it('counts prints', async () => {
    const t = await completedTicket();
    expectOk(await post('pu/print', { ids: [t.id] }));
    expectOk(await post('pu/print', { ids: [t.id] }));
    expect(await ticketRow(t.id)).toMatchObject({ print_count: 2 });
  });

  it('needs the action right', async () => {
    const t = await completedTicket();
    const quality = (await bearerFor(ctx.app, 'quality')).authorization;
    expectFailure(await post('pu/audit', { ids: [t.id] }, quality), 403);
  });
});
