import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from './test-support';

/**
 * The operation log of weigh tickets, through the real calls: every change writes exactly one
 * entry per ticket it changed, with the kind's ticket word and the ticket number, in the change's
 * own transaction; a refused change writes none and changes nothing.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;
let request = 0;

const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const weigh = (which: 'first' | 'second', payload: Record<string, unknown>) =>
  post(`pu/${which}`, { stationId: 'OL1', requestId: `ol${request++}`, stable: true, ...payload });

/** The operation log's entries of these tickets, oldest first. */
const entries = (...docNos: string[]) =>
  ctx.database.db.selectFrom('sys_log').select(['action', 'family', 'doc_no as docNo', 'detail', 'username']).where('doc_no', 'in', docNos).orderBy('id').execute();
const ticketRow = (id: string) => ctx.database.db.selectFrom('wb_ticket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function truck(maxLimit = '1000', lineOf?: { noticeId: string; lineId: string }) {
  const line = lineOf ?? (await makeNoticeLine(ctx.database.db, plant, { maxLimit, price: '10' }));
  const registryId = await makeRegistry(ctx.database.db, plant, { ...line, plate: testPlate('O'), preQuantity: '20' });
  return { registryId, ...line };
}

/** A purchase truck weighed through (40 gross, 15 tare): its ticket id and number. */
async function completed(lineOf?: { noticeId: string; lineId: string }) {
  const { registryId, noticeId, lineId } = await truck('1000', lineOf);
  const first = expectOk(await weigh('first', { registryId, weight: '40' })).data;
  expectOk(await weigh('second', { registryId, weight: '15' }));
  return { id: first.ticketId as string, no: first.ticketNo as string, noticeId, lineId };
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
});

describe('the weighings', () => {
  it('write one entry each, with the reading and the figures', async () => {
    const { registryId } = await truck();
    const first = expectOk(await weigh('first', { registryId, weight: '40' })).data;
    expect(await entries(first.ticketNo)).toEqual([
      { action: 'firstWeigh', family: '采购过磅单', docNo: first.ticketNo, detail: '读数 毛重 40t', username: 'operator' },
    ]);
    expectOk(await weigh('second', { registryId, weight: '15' }));
    expect(await entries(first.ticketNo)).toEqual([
      expect.objectContaining({ action: 'firstWeigh' }),
      { action: 'secondWeigh', family: '采购过磅单', docNo: first.ticketNo, detail: '读数 皮重 15t；毛重 40t 皮重 15t 净重 25t', username: 'operator' },
    ]);
  });

  it('a replayed weighing weighs nothing and logs nothing', async () => {
    const { registryId } = await truck();
    const again = { stationId: 'OL1', requestId: `ol-replay-${request++}`, stable: true, registryId, weight: '40' };
    const first = expectOk(await post('pu/first', again)).data;
    expect(expectOk(await post('pu/first', again)).data).toMatchObject({ ticketId: first.ticketId, replay: true });
    expect(await entries(first.ticketNo)).toHaveLength(1);
  });

  it('a refused second weighing (over the notice max limit) writes no entry and changes nothing; its weigh log row stays', async () => {
    const { registryId } = await truck('30');
    const first = expectOk(await weigh('first', { registryId, weight: '49' })).data;
    const before = await ticketRow(first.ticketId);
    const c = { stationId: 'OL1', requestId: `ol-refused-${request++}`, stable: true, registryId, weight: '15' };
    expectFailure(await post('pu/second', c), 400, '超过通知单可用量：本车净重 34 吨，通知单剩余 30 吨');
    expect(await ticketRow(first.ticketId)).toEqual(before);
    expect(await entries(first.ticketNo)).toEqual([expect.objectContaining({ action: 'firstWeigh' })]);
    const weighLog = await ctx.database.db.selectFrom('wb_weigh_log').select(['outcome', 'ticket_no']).where('request_id', '=', c.requestId).execute();
    expect(weighLog).toEqual([{ outcome: 'REFUSED', ticket_no: first.ticketNo }]);
  });
});

describe("the ticket's actions", () => {
  it('deduct: each deduction and the net, before and after', async () => {
    const t = await completed();
    expectOk(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', rate: 2 }, { kind: 'impurity', amount: '0.3' }] }));
    expectOk(await post('pu/deduct', { id: t.id, deductions: [{ kind: 'water', rate: 2 }] }));
    const deducts = (await entries(t.no)).filter((e) => e.action === 'deduct');
    expect(deducts).toEqual([
      { action: 'deduct', family: '采购过磅单', docNo: t.no, detail: '扣水 无 -> 2%；扣杂 无 -> 0.3t；净重 25t -> 24.2t', username: 'operator' },
      { action: 'deduct', family: '采购过磅单', docNo: t.no, detail: '扣杂 0.3t -> 无；净重 24.2t -> 24.5t', username: 'operator' },
    ]);
  });

  it('modifyPrice: one entry per ticket with the price and the amount before and after', async () => {
    const a = await completed();
    const b = await completed();
    expectOk(await post('pu/modifyPrice', { ids: [a.id, b.id], price: '12.5', reason: '按合同调整' }, ac));
    for (const t of [a, b]) {
      expect((await entries(t.no)).filter((e) => e.action === 'modifyPrice')).toEqual([
        { action: 'modifyPrice', family: '采购过磅单', docNo: t.no, detail: '单价 10 -> 12.5；金额 250 -> 312.5；原因：按合同调整', username: 'accountant' },
      ]);
    }
  });

  it('merge: one entry per ticket, saying which went into which', async () => {
    const a = await completed();
    const b = await completed({ noticeId: a.noticeId, lineId: a.lineId });
    expectOk(await post('pu/merge', { ids: [a.id, b.id] }, ac));
    expect((await entries(a.no, b.no)).filter((e) => e.action === 'merge')).toEqual([
      { action: 'merge', family: '采购过磅单', docNo: a.no, detail: `合并磅单 ${b.no} 到本单；净重 25t -> 50t`, username: 'accountant' },
      { action: 'merge', family: '采购过磅单', docNo: b.no, detail: `合并到磅单 ${a.no}`, username: 'accountant' },
    ]);
  });

  it('split: one entry for the ticket and one for each new part', async () => {
    const t = await completed();
    const { ids } = expectOk(await post('pu/split', { id: t.id, parts: ['10', '15'] }, ac)).data as { ids: string[] };
    expect(ids).toHaveLength(1);
    const part = await ticketRow(ids[0] as string);
    expect((await entries(t.no, part.ticket_no)).filter((e) => e.action === 'split')).toEqual([
      { action: 'split', family: '采购过磅单', docNo: t.no, detail: `净重 25t 拆分为 ${t.no} 10t、${part.ticket_no} 15t`, username: 'accountant' },
      { action: 'split', family: '采购过磅单', docNo: part.ticket_no, detail: `拆分自磅单 ${t.no}，净重 15t`, username: 'accountant' },
    ]);
  });

  it('audit: one entry per ticket of the batch with its state move; a refused batch writes none and changes nothing', async () => {
    const a = await completed();
    const b = await completed();
    expectOk(await post('pu/audit', { ids: [a.id, b.id] }, ac));
    for (const t of [a, b]) {
      expect((await entries(t.no)).filter((e) => e.action === 'audit')).toEqual([
        { action: 'audit', family: '采购过磅单', docNo: t.no, detail: '状态 已完成 -> 已审核', username: 'accountant' },
      ]);
    }
    const c = await completed();
    const before = await ticketRow(c.id);
    expectFailure(await post('pu/audit', { ids: [a.id, c.id] }, ac), 400, `磅单 ${a.no} 已审核，不能重复审核`);
    expect((await entries(a.no, c.no)).filter((e) => e.action === 'audit')).toHaveLength(1);
    expect(await ticketRow(c.id)).toEqual(before);
  });

  it('print: a print that counts says which print it was', async () => {
    const t = await completed();
    expectOk(await post('pu/print', { ids: [t.id] }, ac));
    expectOk(await post(`pu/print/${t.id}`, {}, ac));
    expect((await entries(t.no)).filter((e) => e.action === 'print').map((e) => e.detail)).toEqual(['第1次打印', '第2次打印']);
  });
});
