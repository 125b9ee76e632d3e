import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchDetail, TicketCheck, TicketPrintLayout } from '@wb/protocol';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../weighing/test-support';

/** Batch numbers (批次号) on sales tickets, and the batch archive's silo, remaining quantity and close. */
let ctx: TestContext;
let op: string;
let plant: Plant;
let materialCode: string;
let siloId: string;
let request = 0;

const db = () => ctx.database.db;
const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', path, auth, payload);
const detail = async (id: string) => expectOk(await call(ctx.app, 'GET', `/api/masterdata/batch/detail/${id}`, op)).data as BatchDetail;
const logs = (docNo: string, action: string) => db().selectFrom('sys_log').select('detail').where('doc_no', '=', docNo).where('action', '=', action).execute();

/** A sales truck at its first weighing (the empty truck, 15 t); `load` weighs it out loaded. */
async function salesTruck() {
  const { noticeId, lineId } = await makeNoticeLine(db(), plant, { kind: 'sa', maxLimit: '1000', price: '300' });
  const registryId = await makeRegistry(db(), plant, { kind: 'sa', noticeId, lineId, plate: testPlate('B') });
  const weigh = (which: 'first' | 'second', weight: string) => post(`/api/weigh/sa/${which}`, { registryId, weight, stationId: 'B1', requestId: `b${request++}` });
  const first = expectOk(await weigh('first', '15')).data;
  return { id: first.ticketId as string, no: first.ticketNo as string, load: async (gross: string) => expectOk(await weigh('second', gross)) };
}

async function makeBatch(batchNo: string, quantity: string): Promise<string> {
  return expectOk(await post('/api/masterdata/batch/create', { entity: { batchNo, materialCode, quantity, producedOn: '2026-11-27' } })).data.id as string;
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  plant = await plantOf(db());
  const m = await db().updateTable('md_material').set({ batch_managed: true }).where('id', '=', plant.materialId).returning('inv_code').executeTakeFirstOrThrow();
  materialCode = m.inv_code;
  siloId = (await db().insertInto('md_silo').values({ org_id: plant.orgId, warehouse_id: plant.warehouseId, silo_code: 'T-S1', silo_name: '试验1#库' })
    .returning('id').executeTakeFirstOrThrow()).id;
});

describe('a sales ticket\'s batch', () => {
  it('takes the silo\'s current batch or a chosen one; the batch has its quantity less its counted nets left, a voided ticket giving back', async () => {
    const batchId = await makeBatch('PC-T1', '100');
    expectOk(await post('/api/masterdata/batch/open', { id: batchId, siloId }));
    expect((await db().selectFrom('md_silo').select('current_batch_id').where('id', '=', siloId).executeTakeFirstOrThrow()).current_batch_id).toBe(batchId);

    const t1 = await salesTruck();
    expect(expectOk(await post('/api/weigh/sa/batchNo', { id: t1.id, siloId })).data).toMatchObject({ batchId, batchNo: 'PC-T1' });
    await t1.load('40');
    const t2 = await salesTruck();
    expectOk(await post('/api/weigh/sa/batchNo', { id: t2.id, batchId }));
    await t2.load('45.5');
    const t3 = await salesTruck();
    expectOk(await post('/api/weigh/sa/batchNo', { id: t3.id, batchId }));
    await t3.load('27.25');
    // 25 + 30.5 + 12.25 = 67.75 of 100
    expect(await detail(batchId)).toMatchObject({ batchNo: 'PC-T1', siloName: '试验1#库', quantity: '100.0000', shipped: '67.75', remaining: '32.25' });
    expectOk(await post('/api/weigh/sa/obsolete', { ids: [t3.id] }));
    const after = await detail(batchId);
    expect(after).toMatchObject({ shipped: '55.5', remaining: '44.5' });
    expect(after.tickets.map((t) => t.ticketNo)).toEqual([t3.no, t2.no, t1.no]);
    const listed = expectOk(await post('/api/masterdata/batch/v2/list', { search: [{ key: 'batchNo', op: 'eq', val: 'PC-T1' }], limit: { pn: 1, ps: 10 } })).data.list[0];
    expect(listed).toMatchObject({ shipped: '55.5', remaining: '44.5', siloName: '试验1#库' });
    expect((await logs(t1.no, 'batchNo'))[0].detail).toBe('批次号 空 -> PC-T1（按筒仓当前批次）');

    // the ticket's print and its public check show the batch
    const layout = expectOk(await call(ctx.app, 'GET', `/api/weigh/sa/print/${t1.id}`, op)).data as TicketPrintLayout;
    expect(layout.fields).toContainEqual(expect.objectContaining({ key: 'batchNo', value: 'PC-T1' }));
    const printed = expectOk(await post(`/api/weigh/sa/print/${t1.id}`, {})).data as TicketPrintLayout;
    const check = expectOk(await call(ctx.app, 'GET', `/api/public/ticket-check/${printed.check!.url.split('/check/')[1]}`)).data as TicketCheck;
    expect(check.batchNo).toBe('PC-T1');
  });

  it('refuses what a ticket cannot take, with 400 and no change', async () => {
    const batchId = await makeBatch('PC-T2', '50');
    const t = await salesTruck();
    expectFailure(await post('/api/weigh/sa/batchNo', { id: t.id, siloId: (await db().insertInto('md_silo').values({ org_id: plant.orgId, warehouse_id: plant.warehouseId, silo_code: 'T-S2', silo_name: '空库' }).returning('id').executeTakeFirstOrThrow()).id }), 400, /空库 没有当前批次/);
    expectFailure(await post('/api/weigh/sa/batchNo', { id: t.id }), 400, /二者只填其一/);
    expectFailure(await post('/api/weigh/sa/batchNo', { id: t.id, batchId, siloId }), 400, /二者只填其一/);
    expectFailure(await post('/api/weigh/sa/batchNo', { id: t.id, batchId: '999999' }), 400, /批次不存在/);
    expectFailure(await post('/api/weigh/sa/batchNo', { id: t.id, batchId: 'x' }), 400);
    const other = expectOk(await post('/api/masterdata/batch/create', { entity: { batchNo: 'PC-OTHER', materialCode: 'NOPE' } })).data.id as string;
    expectFailure(await post('/api/weigh/sa/batchNo', { id: t.id, batchId: other }), 400, /物料编码是 NOPE/);
    await db().updateTable('md_material').set({ batch_managed: false }).where('id', '=', plant.materialId).execute();
    try {
      expectFailure(await post('/api/weigh/sa/batchNo', { id: t.id, batchId }), 400, /不是批次管理物料/);
    } finally {
      await db().updateTable('md_material').set({ batch_managed: true }).where('id', '=', plant.materialId).execute();
    }
    expect((await db().selectFrom('wb_ticket').select('batch_id').where('id', '=', t.id).executeTakeFirstOrThrow()).batch_id).toBeNull();
    expect(await logs(t.no, 'batchNo')).toHaveLength(0);
  });
});

describe('closing a batch', () => {
  it('waits for trucks loading from it, then takes no ticket', async () => {
    const batchId = await makeBatch('PC-T3', '80');
    expectOk(await post('/api/masterdata/batch/open', { id: batchId, siloId }));
    const loading = await salesTruck();
    expectOk(await post('/api/weigh/sa/batchNo', { id: loading.id, batchId }));
    expectFailure(await post('/api/masterdata/batch/close', { ids: [batchId] }), 400, `批次 PC-T3 仍有装车中的磅单 ${loading.no}，不能关闭`);
    await loading.load('40');
    expectOk(await post('/api/masterdata/batch/close', { ids: [batchId] }));
    expect((await logs('PC-T3', 'close'))).toHaveLength(1);
    // the silo no longer names it, and no ticket joins it
    expect((await db().selectFrom('md_silo').select('current_batch_id').where('id', '=', siloId).executeTakeFirstOrThrow()).current_batch_id).toBeNull();
    const late = await salesTruck();
    expectFailure(await post('/api/weigh/sa/batchNo', { id: late.id, batchId }), 400, '批次 PC-T3 已关闭，不能再装车');
    expectFailure(await post('/api/masterdata/batch/close', { ids: [batchId] }), 400, '批次 PC-T3 已关闭');
    expectFailure(await post('/api/masterdata/batch/open', { id: batchId, siloId }), 400, /已关闭，不能开仓/);
    expect((await detail(batchId)).closedAt).not.toBeNull();
  });

  it('races a ticket taking the batch against its close: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const batchId = await makeBatch(`PC-RACE${round}`, '80');
      const t = await salesTruck();
      const [taken, closed] = await Promise.all([
        post('/api/weigh/sa/batchNo', { id: t.id, batchId }),
        post('/api/masterdata/batch/close', { ids: [batchId] }),
      ]);
      expect([taken.statusCode, closed.statusCode].sort()).toEqual([200, 400]);
      const row = await db().selectFrom('wb_ticket').select('batch_id').where('id', '=', t.id).executeTakeFirstOrThrow();
      const batch = await db().selectFrom('md_batch').select('closed_at').where('id', '=', batchId).executeTakeFirstOrThrow();
      // the ticket took the batch and it stays open, or the batch closed and the ticket has none
      expect(row.batch_id === batchId).toBe(batch.closed_at === null);
    }
  });

  it('keeps the batch\'s own test values where no quality report covers it', async () => {
    const batchId = await makeBatch('PC-T4', '80');
    // the lab's button (检验值: quality and sampler)
    const lab = (await bearerFor(ctx.app, 'quality')).authorization;
    expectOk(await post('/api/masterdata/batch/tests', { id: batchId, values: [{ item: '3天抗压强度', value: '28.6', unit: 'MPa' }, { item: '细度', value: '1.8', unit: '%' }] }, lab));
    expect((await detail(batchId)).testValues).toEqual([{ item: '3天抗压强度', value: '28.6', unit: 'MPa' }, { item: '细度', value: '1.8', unit: '%' }]);
    expectFailure(await post('/api/masterdata/batch/tests', { id: batchId, values: [{ item: '', value: '1' }] }, lab), 400, /检验项目不能为空/);
  });
});
