import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { lineFigures, plantOf, type Plant, weighPurchase } from './test-support';

/** Return tickets (退货) through the real routes: made, audited, posted to stock, taken back, voided. */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;

const post = (path: string, payload: unknown, auth = ac) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);

/** A purchase truck weighed through (40 - 15 = 25 t) and audited: its ticket id, number and line. */
async function auditedPurchase() {
  const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'R1' });
  expectOk(await post('pu/audit', { ids: [t.id] }));
  return t;
}

/** The return of a ticket, audited (ready for down). */
async function auditedReturn(id: string) {
  const back = expectOk(await post(`pu/returnGoods/${id}`, {})).data as { id: string; ticketNo: string };
  expectOk(await post('pu/audit', { ids: [back.id] }));
  return { id: back.id, no: back.ticketNo };
}

async function balance(): Promise<number> {
  const row = await ctx.database.db.selectFrom('wb_stock_balance').select('quantity').where('org_id', '=', plant.orgId)
    .where('warehouse_id', '=', plant.warehouseId).where('material_id', '=', plant.materialId).executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

const liveRecords = (ticketId: string) => ctx.database.db.selectFrom('wb_stock_record').select(['direction', 'quantity', 'remark'])
  .where('ticket_id', '=', ticketId).where('reversed_at', 'is', null).execute();
const state = async (id: string) => (await ctx.database.db.selectFrom('wb_ticket').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
});

describe('a return ticket in stock', () => {
  it('returns a posted purchase, posts the return OUT naming the original, and leaves the balance where it was', async () => {
    const before = await balance();
    const t = await auditedPurchase();
    expectOk(await post('pu/down', { ids: [t.id] }));
    expect(await balance()).toBe(before + 25);
    const back = await auditedReturn(t.id);
    expectOk(await post('pu/down', { ids: [back.id] }));
    expect(await state(back.id)).toBe('POSTED');
    expect(await liveRecords(back.id)).toEqual([{ direction: 'OUT', quantity: '25.0000', remark: `退货：原磅单 ${t.no}` }]);
    expect(await balance()).toBe(before);

    expectFailure(await post('pu/reversedown', { ids: [t.id] }), 400, `磅单 ${t.no} 的退货单 ${back.no} 已过账，不能反过账，请先将退货单反过账`);
    expect(await state(t.id)).toBe('POSTED');
    expectOk(await post('pu/reversedown', { ids: [back.id] }));
    expect(await balance()).toBe(before + 25);
    expectOk(await post('pu/reversedown', { ids: [t.id] }));
    expect(await balance()).toBe(before);
  });

  it('posts a return only after its original, and takes a batch of both the right way round', async () => {
    const before = await balance();
    const t = await auditedPurchase();
    const back = await auditedReturn(t.id);
    expectFailure(await post('pu/down', { ids: [back.id] }), 400, `原磅单 ${t.no} 未过账，退货单 ${back.no} 不能过账，请先将原磅单过账`);
    expect(await state(back.id)).toBe('AUDITED');
    // one batch: the original is posted first, the return after it; taken back the other way round
    expectOk(await post('pu/down', { ids: [back.id, t.id] }));
    expect([await state(t.id), await state(back.id)]).toEqual(['POSTED', 'POSTED']);
    expect(await balance()).toBe(before);
    expectOk(await post('pu/reversedown', { ids: [t.id, back.id] }));
    expect([await state(t.id), await state(back.id)]).toEqual(['AUDITED', 'AUDITED']);
    expect([...(await liveRecords(t.id)), ...(await liveRecords(back.id))]).toEqual([]);
    expect(await balance()).toBe(before);
  });

  it('posts a return once when clerks post it at once, beside a reverse-posting of its original', async () => {
    const before = await balance();
    const t = await auditedPurchase();
    expectOk(await post('pu/down', { ids: [t.id] }));
    const back = await auditedReturn(t.id);
    const answers = await Promise.all([
      post('pu/down', { ids: [back.id] }), post('pu/reversedown', { ids: [t.id] }), post('pu/down', { ids: [back.id] }), post('pu/down', { ids: [back.id] }),
    ]);
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 400)).toBe(true);
    const returnPosted = (await liveRecords(back.id)).length;
    expect(returnPosted).toBeLessThanOrEqual(1);
    // the return stands on its original, or neither is in stock
    if (returnPosted) expect(await liveRecords(t.id)).toHaveLength(1);
    else expect(await liveRecords(t.id)).toEqual([]);
    expect(await balance()).toBe(before);
  });
});

describe('a batch with a return and its original', () => {
  it('never deadlocks against a posting of the return alone: the original is locked first in both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const before = await balance();
      const t = await auditedPurchase();
      const back = await auditedReturn(t.id);
      const answers = await Promise.all(round % 2
        ? [post('pu/down', { ids: [t.id, back.id] }), post('pu/down', { ids: [back.id] })]
        : [post('pu/down', { ids: [back.id] }), post('pu/down', { ids: [t.id, back.id] })]);
      expect(answers.map((a) => a.statusCode).sort()).toContain(200);
      for (const a of answers) expect([200, 400]).toContain(a.statusCode);
      expect([await state(t.id), await state(back.id)]).toEqual(['POSTED', 'POSTED']);
      expect(await liveRecords(back.id)).toHaveLength(1);
      expect(await balance()).toBe(before);
    }
  });
});

describe('the returned ticket and its return', () => {
  it('keeps the returned ticket as it was, and puts its net back on the line when the return is voided', async () => {
    const t = await auditedPurchase();
    expectOk(await post('pu/unaudit', { ids: [t.id] }));
    const back = expectOk(await post(`pu/returnGoods/${t.id}`, {})).data as { id: string; ticketNo: string };
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 0 });
    expectFailure(await post('pu/obsolete', { ids: [t.id] }, op), 400, `磅单 ${t.no} 已退货，不能作废`);
    expectFailure(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', amount: '1' }] }, op), 400, `磅单 ${t.no} 已退货，不能扣重`);
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 0 });
    // the return was a mistake: voided, the goods count on the line again, and the ticket may be returned anew
    expectOk(await post('pu/obsolete', { ids: [back.id] }, op));
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 25, doneTrips: 1 });
    expectOk(await post(`pu/returnGoods/${t.id}`, {}));
    expect(await lineFigures(ctx.database.db, t.lineId)).toMatchObject({ done: 0 });
  });
});
