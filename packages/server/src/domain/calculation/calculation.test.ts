import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, type Plant } from '../weighing/test-support';
import { weighSale } from './test-support';

/**
 * Sales calculation through the real calls: tickets weighed on the scale, priced 10 at completion
 * by the price list; a price adjustment to 12 made afterwards but in force from before their
 * completion (a retroactive adjustment) shows as the difference; the lock refuses every change of
 * a locked ticket.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let adm: string;
let plant: Plant;

const SA = '/api/sale/calculation';
const post = (path: string, payload: unknown = {}, auth = ac) => call(ctx.app, 'POST', path, auth, payload);
const del = (ids: string[]) => call(ctx.app, 'DELETE', `${SA}/delList`, ac, { ids });
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const hour = 3_600_000;

const logsOf = (docNo: string) => ctx.database.db.selectFrom('sys_log').select(['action', 'family', 'doc_no as docNo', 'detail']).where('doc_no', '=', docNo).orderBy('id').execute();
const ticketRow = (id: string) => ctx.database.db.selectFrom('wb_ticket').select(['state', 'net', 'price', 'amount', 'locked_by_kind', 'locked_by_id', 'locked_by_no', 'version'])
  .where('id', '=', id).executeTakeFirstOrThrow();

async function createCalc(entity: Record<string, unknown>): Promise<{ id: string; calcNo: string }> {
  const data = expectOk(await post(`${SA}/create`, { entity })).data as { id: string; calcNo: string };
  return { id: String(data.id), calcNo: data.calcNo };
}

/** Two sales tickets priced 10 at completion (one audited and posted, one completed), one voided, and an adjustment to 12 in force since before them. */
let posted: { id: string; no: string };
let completed: { id: string; no: string };
let voided: { id: string; no: string };
let period: { periodFrom: string; periodTo: string };
let adjustNo: string;

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(ctx.database.db);
  const start = new Date(Date.now() - hour);
  // the price list: 10 since January; the trucks complete at it
  const rule = expectOk(await post('/api/price/sa/create', { entity: { materialId: plant.materialId, price: '10', effectiveFrom: '2026-01-01 00:00:00' } })).data as { id: string };
  expectOk(await post('/api/price/sa/audit', { ids: [rule.id] }));
  posted = await weighSale(ctx.app, ctx.database.db, plant, op);
  completed = await weighSale(ctx.app, ctx.database.db, plant, op);
  voided = await weighSale(ctx.app, ctx.database.db, plant, op);
  expectOk(await post('/api/weigh/sa/audit', { ids: [posted.id] }, adm));
  expectOk(await post('/api/weigh/sa/down', { ids: [posted.id] }, adm));
  expectOk(await post('/api/weigh/sa/obsolete', { ids: [voided.id] }, adm));
  // the adjustment: made now, in force from an hour ago, before the trucks completed
  const material = await ctx.database.db.selectFrom('md_material').select('inv_code').where('id', '=', plant.materialId).executeTakeFirstOrThrow();
  const adjust = expectOk(await post('/api/price/sa/adjust/create', {
    entity: { effectiveAt: wire(start), reason: '补调上月价格' }, entitysub: [{ materialCode: material.inv_code, price: '12' }],
  })).data as { id: string; adjustNo: string };
  expectOk(await post('/api/price/sa/adjust/audit', { ids: [adjust.id] }));
  adjustNo = adjust.adjustNo;
  period = { periodFrom: wire(new Date(Date.now() - 24 * hour)), periodTo: wire(new Date(Date.now() + 24 * hour)) };
});

describe('计算 (cal)', () => {
  it('computes the period\'s counted tickets with the prices in force and shows the retroactive difference', async () => {
    const c = await createCalc({ customerId: plant.customerId, ...period });
    expect(c.calcNo).toMatch(/^XSJS\d{12}$/);
    const done = expectOk(await post(`${SA}/cal/${c.id}`)).data as { totals: Record<string, unknown>; rows: Record<string, unknown>[] };
    expect(done.rows.map((r) => r.ticketNo)).toEqual([posted.no, completed.no]);
    for (const r of done.rows) {
      expect(r).toMatchObject({ net: '25', priceCarried: '10.0000', priceInForce: '12.0000', priceSource: 'PRICE_RULE', priceLabel: `价格规则 ${adjustNo}-1`, amountCarried: '250', amountInForce: '300', difference: '50' });
    }
    expect(done.totals).toEqual({ ticketCount: 2, totalNet: '50', totalCarried: '500', totalInForce: '600', totalDifference: '100' });

    const got = expectOk(await call(ctx.app, 'GET', `${SA}/get/${c.id}`, ac)).data as Record<string, unknown>;
    expect(got).toMatchObject({ lockState: 'OPEN', ticketCount: 2, totalDifference: '100' });
    expect((got.rows as unknown[]).length).toBe(2);
    const rows = expectOk(await post(`${SA}/row/v2/list`, { search: [{ key: 'calcNo', op: 'eq', val: c.calcNo }], limit: { pn: 1, ps: 10 } })).data as { total: number; list: Record<string, unknown>[] };
    expect(rows.total).toBe(2);
    expect(rows.list.map((r) => Number(r.difference))).toEqual([50, 50]);

    // computed again: the rows replaced, not added to
    expectOk(await post(`${SA}/cal/${c.id}`));
    expect(Number((await ctx.database.db.selectFrom('wb_calculation_row').select((eb) => eb.fn.countAll().as('n')).where('calculation_id', '=', c.id).executeTakeFirstOrThrow()).n)).toBe(2);
    expect((await logsOf(c.calcNo)).map((l) => l.action)).toEqual(['create', 'calculate', 'calculate']);
    expect((await logsOf(c.calcNo))[1]).toMatchObject({ family: '销售计算', detail: '磅单 2 张；净重 50；原金额 500；执行金额 600；差额 100' });
    expectOk(await del([c.id]));
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const count = async () => Number((await ctx.database.db.selectFrom('wb_calculation').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const late = expectFailure(await post(`${SA}/create`, { entity: { customerId: plant.customerId, periodFrom: period.periodTo, periodTo: period.periodFrom } }), 400, '结束时间必须晚于开始时间');
    expect(JSON.stringify(late.data)).toContain('periodTo');
    const nobody = expectFailure(await post(`${SA}/create`, { entity: { ...period } }), 400);
    expect(JSON.stringify(nobody)).toContain('客户');
    expectFailure(await post(`${SA}/cal/abc`), 400);
    expectFailure(await post(`${SA}/cal/999999999`), 404);
    expectFailure(await post(`${SA}/lockPounds/999999999`), 404);
    expect(await count()).toBe(before);
  });
});

describe('锁磅 and the locked ticket', () => {
  it('locks the tickets, refuses every change of a locked ticket naming the calculation, and unlocks them', async () => {
    const c = await createCalc({ customerId: plant.customerId, ...period });
    expectFailure(await post(`${SA}/lockPounds/${c.id}`), 400, `销售计算 ${c.calcNo} 未计算或计算后已修改，请先计算`);
    expectOk(await post(`${SA}/cal/${c.id}`));
    const locked = expectOk(await post(`${SA}/lockPounds/${c.id}`)).data as { ticketCount: number };
    expect(locked.ticketCount).toBe(2);
    for (const t of [posted, completed]) expect(await ticketRow(t.id)).toMatchObject({ locked_by_kind: 'SA_CALCULATION', locked_by_id: c.id, locked_by_no: c.calcNo });
    expect((await ticketRow(voided.id)).locked_by_id).toBeNull();

    const refusal = (t: { no: string }) => `磅单 ${t.no} 已被销售计算 ${c.calcNo} 锁定`;
    const before = await ticketRow(completed.id);
    expectFailure(await post('/api/weigh/sa/deduct', { id: completed.id, deductions: [{ kind: 'water', amount: '1' }] }, adm), 400, refusal(completed));
    expectFailure(await post('/api/weigh/sa/modifyPrice', { ids: [completed.id], price: '11', reason: '客户议价' }, adm), 400, refusal(completed));
    expectFailure(await post('/api/weigh/sa/split', { id: completed.id, parts: ['10', '15'] }, adm), 400, refusal(completed));
    expectFailure(await post('/api/weigh/sa/merge', { ids: [completed.id, posted.id] }, adm), 400, refusal(posted));
    expectFailure(await post('/api/weigh/sa/obsolete', { ids: [completed.id] }, adm), 400, refusal(completed));
    expectFailure(await post('/api/weigh/sa/reversedown', { ids: [posted.id] }, adm), 400, refusal(posted));
    expect(await ticketRow(completed.id)).toEqual(before);
    expect((await ticketRow(posted.id)).state).toBe('POSTED');
    // what leaves the figures as they are goes on
    expectOk(await post('/api/weigh/sa/audit', { ids: [completed.id] }, adm));
    expectOk(await post('/api/weigh/sa/unaudit', { ids: [completed.id] }, adm));

    // a locked calculation is neither computed again, edited nor deleted
    expectFailure(await post(`${SA}/cal/${c.id}`), 400, `销售计算 ${c.calcNo} 已锁磅，不能重新计算，请先解锁`);
    expectFailure(await del([c.id]), 400, /已锁磅，不能删除/);
    expectFailure(await post(`${SA}/lockPounds/${c.id}`), 400, `销售计算 ${c.calcNo} 已锁磅，不能重复锁磅`);

    expect((await logsOf(c.calcNo)).map((l) => l.action)).toEqual(['create', 'calculate', 'lockPounds']);
    expectOk(await post(`${SA}/unlockPounds/${c.id}`));
    for (const t of [posted, completed]) expect(await ticketRow(t.id)).toMatchObject({ locked_by_kind: null, locked_by_id: null, locked_by_no: null });
    expectFailure(await post(`${SA}/unlockPounds/${c.id}`), 400, `销售计算 ${c.calcNo} 未锁磅，不能解锁`);
    expect((await logsOf(c.calcNo)).map((l) => l.action)).toEqual(['create', 'calculate', 'lockPounds', 'unlockPounds']);
    // unlocked, the ticket takes changes again; the calculation's rows are stale and it asks to be computed again
    expectOk(await post('/api/weigh/sa/modifyPrice', { ids: [completed.id], price: '10', reason: '客户议价' }, adm));
    expectOk(await del([c.id]));
  });

  it('refuses the manual update of a ticket any document locks, reading only the ticket', async () => {
    const made = expectOk(await post('/api/weigh/sa/create', { entity: { plateNumber: '苏JS0001', materialId: plant.materialId, gross: '30', tare: '10', price: '5' } }, adm)).data as { id: string; ticketNo: string; version: number };
    await ctx.database.db.updateTable('wb_ticket').set({ locked_by_kind: 'SETTLEMENT', locked_by_id: '1', locked_by_no: 'JS0001' }).where('id', '=', String(made.id)).execute();
    const row = await ticketRow(String(made.id));
    expectFailure(await call(ctx.app, 'PUT', '/api/weigh/sa/update', adm, { entity: { id: String(made.id), version: row.version, gross: '31' } }), 400, `磅单 ${made.ticketNo} 已被SETTLEMENT JS0001 锁定`);
    expect((await ticketRow(String(made.id))).net).toBe(row.net);
  });

  it('refuses to lock tickets whose figures changed since the calculation', async () => {
    const c = await createCalc({ customerId: plant.customerId, ...period });
    expectOk(await post(`${SA}/cal/${c.id}`));
    expectOk(await post('/api/weigh/sa/modifyPrice', { ids: [completed.id], price: '11', reason: '客户议价' }, adm));
    expectFailure(await post(`${SA}/lockPounds/${c.id}`), 400, `磅单 ${completed.no} 自计算后已变更，请重新计算`);
    expect((await ticketRow(completed.id)).locked_by_id).toBeNull();
    expectOk(await post('/api/weigh/sa/modifyPrice', { ids: [completed.id], price: '10', reason: '客户议价' }, adm));
    expectOk(await del([c.id]));
  });

  it('lets exactly one of two calculations lock a shared ticket at once; the other names it', async () => {
    const a = await createCalc({ customerId: plant.customerId, ...period });
    const b = await createCalc({ customerId: plant.customerId, ...period });
    expectOk(await post(`${SA}/cal/${a.id}`));
    expectOk(await post(`${SA}/cal/${b.id}`));
    const answers = await Promise.all([post(`${SA}/lockPounds/${a.id}`), post(`${SA}/lockPounds/${b.id}`)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [winner, loser] = answers[0].statusCode === 200 ? [a, b] : [b, a];
    const lost = answers.find((r) => r.statusCode === 400)?.json() as { msg: string };
    expect(lost.msg).toBe(`磅单 ${posted.no} 已被销售计算 ${winner.calcNo} 锁定`);
    for (const t of [posted, completed]) expect((await ticketRow(t.id)).locked_by_no).toBe(winner.calcNo);
    expect((await ctx.database.db.selectFrom('wb_calculation').select('lock_state').where('id', '=', loser.id).executeTakeFirstOrThrow()).lock_state).toBe('OPEN');
    // computed again, the loser leaves out what the winner holds
    const again = expectOk(await post(`${SA}/cal/${loser.id}`)).data as { rows: unknown[] };
    expect(again.rows).toEqual([]);
    expect((await logsOf(loser.calcNo)).map((l) => l.action)).toEqual(['create', 'calculate', 'calculate']);
    expectOk(await post(`${SA}/unlockPounds/${winner.id}`));
  });
});

describe('调拨计算', () => {
  it('computes a receiving company\'s dispatched allot tickets; none yet, nothing to lock', async () => {
    const peer = await ctx.database.db.selectFrom('sys_org as o').select('o.id')
      .where('o.group_id', '=', (eb) => eb.selectFrom('sys_org').select('group_id').where('id', '=', plant.orgId)).where('o.id', '<>', plant.orgId).executeTakeFirstOrThrow();
    const made = expectOk(await post('/api/allot/calculation/create', { entity: { peerOrgId: peer.id, ...period } })).data as { id: string; calcNo: string };
    expect(made.calcNo).toMatch(/^DBJS/);
    expect((expectOk(await post(`/api/allot/calculation/cal/${made.id}`)).data as { rows: unknown[] }).rows).toEqual([]);
    expectFailure(await post(`/api/allot/calculation/lockPounds/${made.id}`), 400, `调拨计算 ${made.calcNo} 没有磅单，不能锁磅`);
    expectFailure(await post('/api/allot/calculation/create', { entity: { peerOrgId: plant.orgId, ...period } }), 400, '收货公司不能是本公司');
  });
});
