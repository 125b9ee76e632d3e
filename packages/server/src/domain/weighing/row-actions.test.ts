import { beforeAll, describe, expect, it } from 'vitest';
import { ROW_ACTIONS_FIELD, rowsAllow } from '@wb/protocol';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { rowActionsTable } from './rules/row-actions';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant, weighPurchase, wireScale } from './test-support';

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
  const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'A1' });
  expectOk(await post('pu/audit', { ids: [t.id] }));
  expectOk(await post('pu/down', { ids: [t.id] }));
  return t;
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
    expect(table['audited:00110100']).toMatchObject({ down: false, unaudit: true });
    expect(table['audited:00110000']).toMatchObject({ down: true });
    // voided: back only while it has no net
    expect(table['obsolete:00010010']).toMatchObject({ recover: false, delList: true });
    expect(table['obsolete:00010000']).toMatchObject({ recover: true });
    // uploaded to the ERP: print only
    expect(Object.entries(table['posted:10010011']).filter(([, v]) => v).map(([k]) => k)).toEqual(['printTicket']);
  });

  it('offers 修改 on a completed manual ticket only, as the server decides', async () => {
    const table = rowActionsTable();
    // completed, weighed on the scale (has weighings and a net) / the same typed by hand
    expect(table['completed:00010010']).toMatchObject({ update: false, audit: true });
    expect(table['completed:00010011']).toMatchObject({ update: true, audit: true });
    expect(table['audited:00010011']).toMatchObject({ update: false, unaudit: true });

    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000', price: '10' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('M') });
    // weighed on the scale's readings: a typed weight would make it a manual ticket
    const scale = await wireScale(ctx.app, (await bearerFor(ctx.app, 'admin')).authorization, 'A1');
    await scale.publish('40');
    const first = expectOk(await weigh('first', { registryId, scaleId: 'A1' })).data;
    await scale.publish('15');
    expectOk(await weigh('second', { registryId, scaleId: 'A1' }));
    const weighed = await rowOf(first.ticketNo);
    expect(weighed[ROW_ACTIONS_FIELD]).toMatchObject({ update: false, audit: true });
    expect(rowsAllow([weighed], 'update')).toBe(false);
    const current = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/get/${first.ticketId}`, op)).data;
    expectFailure(await call(ctx.app, 'PUT', '/api/weigh/pu/update', op, { entity: { id: first.ticketId, version: current.version, gross: '50' } }), 400,
      `磅单 ${first.ticketNo} 是过磅生成的，不能修改重量，请用扣重或修改单价`);

    const typed = expectOk(await post('pu/create', { entity: { plateNumber: testPlate('N'), materialId: plant.materialId, gross: '40', tare: '15' } }, op)).data;
    expect((await rowOf(typed.ticketNo))[ROW_ACTIONS_FIELD]).toMatchObject({ update: true, audit: true });
    expectOk(await call(ctx.app, 'PUT', '/api/weigh/pu/update', op, { entity: { id: typed.id, version: typed.version, tare: '16' } }));
    expectOk(await post('pu/audit', { ids: [typed.id] }));
    const audited = await rowOf(typed.ticketNo);
    expect(audited[ROW_ACTIONS_FIELD]).toMatchObject({ update: false, unaudit: true });
    const again = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/get/${typed.id}`, op)).data;
    expectFailure(await call(ctx.app, 'PUT', '/api/weigh/pu/update', op, { entity: { id: typed.id, version: again.version, tare: '17' } }), 400, /已审核，不能修改/);
  });
});
