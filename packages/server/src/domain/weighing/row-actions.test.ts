import { beforeAll, describe, expect, it } from 'vitest';
import { ROW_ACTIONS_FIELD, rowsAllow } from '@wb/protocol';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { rowActionsTable } from './rules/row-actions';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from './test-support';

/** The ticket list says, row by row, which buttons its lifecycle allows: what the server would refuse is not offered. */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;
let request = 0;

const post = (path: string, payload: unknown, auth = ac) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const weigh = (which: 'first' | 'second', payload: Record<string, unknown>) =>
  post(`pu/${which}`, { stationId: 'A1', requestId: `a${request++}`, stable: true, ...payload }, op);

async function postedPurchase() {
  const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000', price: '10' });
  const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('A'), preQuantity: '20' });
  const first = expectOk(await weigh('first', { registryId, weight: '40' })).data;
  expectOk(await weigh('second', { registryId, weight: '15' }));
  expectOk(await post('pu/audit', { ids: [first.ticketId] }));
  expectOk(await post('pu/down', { ids: [first.ticketId] }));
  return { id: first.ticketId as string, no: first.ticketNo as string };
}

async function rowOf(ticketNo: string): Promise<Record<string, unknown>> {
  const list = expectOk(await post('pu/v2/list', { search: [{ key: 'ticketNo', op: 'eq', val: ticketNo }], limit: { pn: 1, ps: 10 } })).data;
  expect(list.list).toHaveLength(1);
  return list.list[0];
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
});

describe('row actions of the ticket list', () => {
  it('offers 退货 and 反过账 on a posted ticket, and neither once its return is posted; never 退货 on the return', async () => {
    const t = await postedPurchase();
    const posted = await rowOf(t.no);
    expect(posted[ROW_ACTIONS_FIELD]).toMatchObject({ returnGoods: true, reversedown: true, down: false, audit: false, obsolete: false });

    const back = expectOk(await post(`pu/returnGoods/${t.id}`, {})).data as { id: string; ticketNo: string };
    expect((await rowOf(t.no))[ROW_ACTIONS_FIELD]).toMatchObject({ returnGoods: false, reversedown: true });
    const ret = await rowOf(back.ticketNo);
    expect(ret[ROW_ACTIONS_FIELD]).toMatchObject({ returnGoods: false, audit: true, merge: false });
    // the server's backstop says the same
    expectFailure(await post(`pu/returnGoods/${back.id}`, {}), 400, /不能再退货/);
    expectFailure(await post(`pu/returnGoods/${t.id}`, {}), 400, /不能重复退货/);

    expectOk(await post('pu/audit', { ids: [back.id] }));
    expectOk(await post('pu/down', { ids: [back.id] }));
    const original = await rowOf(t.no);
    expect(original[ROW_ACTIONS_FIELD]).toMatchObject({ returnGoods: false, reversedown: false, printTicket: true });
    expect(rowsAllow([original], 'reversedown')).toBe(false);
    expectFailure(await post('pu/reversedown', { ids: [t.id] }), 400, /不能反过账/);
    expect((await rowOf(back.ticketNo))[ROW_ACTIONS_FIELD]).toMatchObject({ reversedown: true, returnGoods: false });
  });

  it('says of a return whose original is not posted that it cannot be posted yet', () => {
    const table = rowActionsTable();
    // audited, a return (isReturn), has weighings, original unposted
    expect(table['audited:0011010']).toMatchObject({ down: false, unaudit: true });
    expect(table['audited:0011000']).toMatchObject({ down: true });
    // voided: back only while it has no net
    expect(table['obsolete:0001001']).toMatchObject({ recover: false, delList: true });
    expect(table['obsolete:0001000']).toMatchObject({ recover: true });
    // uploaded to the ERP: print only
    expect(Object.entries(table['posted:1001001']).filter(([, v]) => v).map(([k]) => k)).toEqual(['printTicket']);
  });
});
