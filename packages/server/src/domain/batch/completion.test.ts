import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchDetail, TicketCheck, TicketPrintLayout } from '@wb/protocol';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../weighing/test-support';

/**
 * The batch a sales ticket takes by itself at its second weighing (the silo it names, that silo's
 * current batch), a return giving its net back to the batch, and 开仓 of a new batch.
 */
let ctx: TestContext;
let op: string;
let admin: string;
let plant: Plant;
let materialCode: string;
let silo1: string;
let silo2: string;
let request = 0;

const db = () => ctx.database.db;
const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', path, auth, payload);
const detail = async (id: string) => expectOk(await call(ctx.app, 'GET', `/api/masterdata/batch/detail/${id}`, op)).data as BatchDetail;
const ticketRow = (id: string) => db().selectFrom('wb_ticket').select(['batch_id', 'silo_id', 'warnings', 'net', 'state']).where('id', '=', id).executeTakeFirstOrThrow();

/** A sales truck at its first weighing (15 t empty); `load` weighs it out loaded. */
async function salesTruck() {
  const { noticeId, lineId } = await makeNoticeLine(db(), plant, { kind: 'sa', maxLimit: '1000', price: '300' });
  const registryId = await makeRegistry(db(), plant, { kind: 'sa', noticeId, lineId, plate: testPlate('C') });
  const weigh = (which: 'first' | 'second', weight: string) => post(`/api/weigh/sa/${which}`, { registryId, weight, stationId: 'C1', requestId: `c${request++}` });
  const first = expectOk(await weigh('first', '15')).data;
  return { id: first.ticketId as string, no: first.ticketNo as string, load: async (gross: string) => expectOk(await weigh('second', gross)).data, weigh };
}

/** 开仓 of a new batch on a silo: its id. */
async function openNew(batchNo: string, siloId: string, quantity = '100'): Promise<string> {
  return expectOk(await post('/api/masterdata/batch/open', { batchNo, materialId: plant.materialId, quantity, siloId })).data.id as string;
}

const newSilo = async (code: string, name: string) =>
  (await db().insertInto('md_silo').values({ org_id: plant.orgId, warehouse_id: plant.warehouseId, silo_code: code, silo_name: name }).returning('id').executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  admin = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(db());
  materialCode = (await db().updateTable('md_material').set({ batch_managed: true }).where('id', '=', plant.materialId).returning('inv_code').executeTakeFirstOrThrow()).inv_code;
  silo1 = await newSilo('C-S1', '1#水泥库');
  silo2 = await newSilo('C-S2', '2#水泥库');
});

describe('the second weighing reads the batch of the silo the ticket names', () => {
  it('a ticket completed on silo 2 carries silo 2\'s open batch, and the batch counts its net', async () => {
    const b1 = await openNew('PC-S1-01', silo1);
    const b2 = await openNew('PC-S2-01', silo2, '200');
    const t = await salesTruck();
    expect(expectOk(await post('/api/weigh/sa/silo', { id: t.id, siloId: silo2 })).data).toMatchObject({ siloId: silo2, siloName: '2#水泥库' });
    expect(await ticketRow(t.id)).toMatchObject({ batch_id: null, silo_id: silo2 });
    const done = await t.load('47.5');
    expect(done.warnings).toEqual([]);
    expect(await ticketRow(t.id)).toMatchObject({ batch_id: b2, silo_id: silo2, state: 'COMPLETED' });
    // 47.5 - 15 = 32.5 of 200; silo 1's batch took nothing
    expect(await detail(b2)).toMatchObject({ shipped: '32.5', remaining: '167.5' });
    expect(await detail(b1)).toMatchObject({ shipped: '0', remaining: '100' });
    const log = await db().selectFrom('sys_log').select('detail').where('doc_no', '=', t.no).where('action', '=', 'secondWeigh').executeTakeFirstOrThrow();
    expect(log.detail).toMatch(/批次号 PC-S2-01（按筒仓当前批次）$/);
    // the ticket's print and its public check show the batch it took
    const printed = expectOk(await post(`/api/weigh/sa/print/${t.id}`, {})).data as TicketPrintLayout;
    expect(printed.fields).toContainEqual(expect.objectContaining({ key: 'batchNo', value: 'PC-S2-01' }));
    const check = expectOk(await call(ctx.app, 'GET', `/api/public/ticket-check/${printed.check!.url.split('/check/')[1]}`)).data as TicketCheck;
    expect(check.batchNo).toBe('PC-S2-01');
  });

  it('a chosen batch stays: the silo is not read', async () => {
    const chosen = await openNew('PC-CHOSEN', await newSilo('C-S3', '3#水泥库'));
    await openNew('PC-S2-02', silo2);
    const t = await salesTruck();
    expectOk(await post('/api/weigh/sa/silo', { id: t.id, siloId: silo2 }));
    expectOk(await post('/api/weigh/sa/batchNo', { id: t.id, batchId: chosen }));
    await t.load('40');
    expect((await ticketRow(t.id)).batch_id).toBe(chosen);
  });

  it('a closed batch is not taken: the ticket completes without a batch and carries a warning saying why', async () => {
    const b = await openNew('PC-S2-CLOSED', silo2);
    const t = await salesTruck();
    expectOk(await post('/api/weigh/sa/silo', { id: t.id, siloId: silo2 }));
    // the truck has no batch yet, so the close does not wait for it; the silo then has no current batch
    expectOk(await post('/api/masterdata/batch/close', { ids: [b] }));
    const done = await t.load('41.5');
    expect(done.warnings).toEqual([{ check: 'batch', message: '筒仓 2#水泥库 没有当前批次，磅单未记录批次号' }]);
    const row = await ticketRow(t.id);
    expect(row).toMatchObject({ batch_id: null, state: 'COMPLETED' });
    // the ticket keeps the flag among its warnings (its first weighing's, if any, before it)
    expect((row.warnings as { check: string }[]).filter((w) => w.check === 'batch')).toEqual([{ check: 'batch', message: '筒仓 2#水泥库 没有当前批次，磅单未记录批次号' }]);
    expect(await detail(b)).toMatchObject({ shipped: '0' });

    // a silo still naming a disabled batch: not taken either
    const off = await openNew('PC-S2-OFF', silo2);
    await db().updateTable('md_batch').set({ enabled: false }).where('id', '=', off).execute();
    const t2 = await salesTruck();
    expectOk(await post('/api/weigh/sa/silo', { id: t2.id, siloId: silo2 }));
    expect((await t2.load('42.5')).warnings).toEqual([{ check: 'batch', message: '筒仓 2#水泥库 的当前批次未记录：批次 PC-S2-OFF 已停用' }]);
    expect((await ticketRow(t2.id)).batch_id).toBeNull();

    // no silo and no batch: flagged as well
    const t3 = await salesTruck();
    expect((await t3.load('43.5')).warnings).toEqual([{ check: 'batch', message: '批次管理物料未记录批次号：磅单未指定装车筒仓，也未选择批次' }]);
  });

  it('races the completion against the close of the silo\'s batch: the ticket has the batch and the batch counts it, or neither', async () => {
    for (let round = 0; round < 3; round++) {
      const b = await openNew(`PC-RACE-${round}`, silo2);
      const t = await salesTruck();
      expectOk(await post('/api/weigh/sa/silo', { id: t.id, siloId: silo2 }));
      const [weighed, closed] = await Promise.all([t.weigh('second', '40'), post('/api/masterdata/batch/close', { ids: [b] })]);
      expect([weighed.statusCode, closed.statusCode]).toEqual([200, 200]);
      const row = await ticketRow(t.id);
      const took = row.batch_id === b;
      expect((row.warnings as { check: string }[]).some((w) => w.check === 'batch')).toBe(!took);
      expect(await detail(b)).toMatchObject({ shipped: took ? '25' : '0', remaining: took ? '75' : '100' });
      expect((await detail(b)).closedAt).not.toBeNull();
    }
  });

  it('adds no statement to the weighing: a batch-managed sale on a silo sends as many as a sale of another material', async () => {
    const count = async (setup: (id: string) => Promise<void>) => {
      const t = await salesTruck();
      await setup(t.id);
      const sent: string[] = [];
      const query = pg.Client.prototype.query;
      try {
        pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
          const a = args[0] as string | { text?: string };
          sent.push(typeof a === 'string' ? a : (a.text ?? ''));
          return (query as (...x: unknown[]) => unknown).apply(this, args);
        } as typeof query;
        await t.load('40');
      } finally {
        pg.Client.prototype.query = query;
      }
      return { sent, row: await ticketRow(t.id) };
    };
    const b = await openNew('PC-COUNT', silo1);
    // warm: the weighing parameters the process remembers (facts-repo.ts sameWeightGuess) are the same for each
    await count(async () => {});
    const managed = await count(async (id) => void expectOk(await post('/api/weigh/sa/silo', { id, siloId: silo1 })));
    expect(managed.row.batch_id).toBe(b);
    await db().updateTable('md_material').set({ batch_managed: false }).where('id', '=', plant.materialId).execute();
    try {
      const plain = await count(async () => {});
      const plainOnSilo = await count(async (id) => void expectOk(await post('/api/weigh/sa/silo', { id, siloId: silo1 })));
      expect(plain.row.batch_id).toBeNull();
      expect(plainOnSilo.row.batch_id).toBeNull();
      expect(managed.sent.length).toBe(plain.sent.length);
      expect(plainOnSilo.sent.length).toBe(plain.sent.length);
      // the silo's batch rides in the facts statement, and nowhere else
      expect(managed.sent.filter((s) => /md_batch/.test(s))).toHaveLength(1);
      expect(managed.sent.filter((s) => /md_batch/.test(s))[0]).toMatch(/FOR SHARE OF b/);
      expect(plain.sent.filter((s) => /md_batch|md_silo/.test(s))).toEqual([]);
    } finally {
      await db().updateTable('md_material').set({ batch_managed: true }).where('id', '=', plant.materialId).execute();
    }
  });

  it('refuses a silo a ticket cannot name, with 400 and no change', async () => {
    const t = await salesTruck();
    expectFailure(await post('/api/weigh/sa/silo', { id: t.id, siloId: '999999' }), 400, /筒仓不存在/);
    expectFailure(await post('/api/weigh/sa/silo', { id: t.id }), 400);
    expectFailure(await post('/api/weigh/sa/silo', { id: t.id, siloId: 'x' }), 400);
    const other = (await db().selectFrom('md_material').select('id').where('id', '<>', plant.materialId).executeTakeFirstOrThrow()).id;
    const holding = await db().insertInto('md_silo').values({ org_id: plant.orgId, warehouse_id: plant.warehouseId, silo_code: 'C-OTHER', silo_name: '矿粉库', material_id: other })
      .returning('id').executeTakeFirstOrThrow();
    expectFailure(await post('/api/weigh/sa/silo', { id: t.id, siloId: holding.id }), 400, `筒仓 矿粉库 存放的不是磅单 ${t.no} 的物料`);
    await t.load('40');
    expectFailure(await post('/api/weigh/sa/silo', { id: t.id, siloId: silo1 }), 400, /已完成过磅，不能更改装车筒仓/);
    expect((await ticketRow(t.id)).silo_id).toBeNull();
    expect(await db().selectFrom('sys_log').select('id').where('doc_no', '=', t.no).where('action', '=', 'silo').execute()).toHaveLength(0);
  });
});

describe('a return of a batch ticket', () => {
  it('inherits the batch and gives its net back to the batch\'s remaining; voiding the return takes it again', async () => {
    const b = await openNew('PC-RET', silo1, '100');
    const t = await salesTruck();
    expectOk(await post('/api/weigh/sa/batchNo', { id: t.id, siloId: silo1 }));
    await t.load('40.25');
    expect(await detail(b)).toMatchObject({ shipped: '25.25', remaining: '74.75' });
    const back = expectOk(await post(`/api/weigh/sa/returnGoods/${t.id}`, {}, admin)).data as { id: string; ticketNo: string };
    expect(await ticketRow(back.id)).toMatchObject({ batch_id: b, silo_id: silo1, net: '25.2500' });
    expect(await detail(b)).toMatchObject({ shipped: '0', remaining: '100' });
    const listed = expectOk(await post('/api/masterdata/batch/v2/list', { search: [{ key: 'batchNo', op: 'eq', val: 'PC-RET' }], limit: { pn: 1, ps: 10 } })).data.list[0];
    expect(listed).toMatchObject({ shipped: '0', remaining: '100' });
    // the return's batch is its original's: not chosen apart
    expectFailure(await post('/api/weigh/sa/batchNo', { id: back.id, batchId: null }), 400, `磅单 ${back.ticketNo} 是退货磅单，批次随原磅单`);
    expectOk(await post('/api/weigh/sa/obsolete', { ids: [back.id] }, admin));
    expect(await detail(b)).toMatchObject({ shipped: '25.25', remaining: '74.75' });
  });
});

describe('批次质量报告', () => {
  it('lists each batch with its test values, its counted tickets and what remains, for the lab', async () => {
    const silo = await newSilo('C-RPT', '6#水泥库');
    const b = await openNew('PC-RPT-1', silo, '100');
    const lab = (await bearerFor(ctx.app, 'quality')).authorization;
    // the lab enters the test values (检验值 is the quality role's button)
    expectOk(await post('/api/masterdata/batch/tests', { id: b, values: [{ item: '3天抗压强度', value: '28.6', unit: 'MPa' }, { item: '细度', value: '1.8', unit: '%' }] }, lab));
    const t1 = await salesTruck();
    expectOk(await post('/api/weigh/sa/silo', { id: t1.id, siloId: silo }));
    await t1.load('40.5');
    const t2 = await salesTruck();
    expectOk(await post('/api/weigh/sa/silo', { id: t2.id, siloId: silo }));
    await t2.load('45.25');
    // a truck still loading takes nothing yet
    await salesTruck();
    const body = expectOk(await call(ctx.app, 'POST', '/api/report/easy/data/batchQuality', lab, { params: { batchNo: 'PC-RPT' }, page: { pn: 1, ps: 100 } })).data;
    const rows = (body.list as Record<string, unknown>[]).filter((r) => !r.__group);
    expect(rows.map((r) => [r.batchNo, r.siloName, r.quantity, r.shipped, r.remaining, r.testValues, r.ticketNo, r.net])).toEqual([
      ['PC-RPT-1', '6#水泥库', '100.0000', '55.7500', '44.2500', '3天抗压强度 28.6MPa；细度 1.8%', t1.no, '25.5000'],
      ['PC-RPT-1', '6#水泥库', '100.0000', '55.7500', '44.2500', '3天抗压强度 28.6MPa；细度 1.8%', t2.no, '30.2500'],
    ]);
    expect((body.totals as Record<string, unknown>).net).toBe('55.7500');
    expectFailure(await call(ctx.app, 'POST', '/api/report/easy/data/batchQuality', lab, { params: { openedOnFrom: '28/11/2026' } }), 400, /开仓日期/);
  });
});

describe('开仓', () => {
  it('opens a new batch on a silo with its product, declared quantity and time; a number is taken once', async () => {
    const silo = await newSilo('C-OPEN', '5#水泥库');
    const [a, b] = await Promise.all([
      post('/api/masterdata/batch/open', { batchNo: 'PC-NEW-1', materialId: plant.materialId, quantity: '320.5', openedAt: '2026-11-28 08:30:00', siloId: silo }),
      post('/api/masterdata/batch/open', { batchNo: 'PC-NEW-1', materialId: plant.materialId, quantity: '320.5', openedAt: '2026-11-28 08:30:00', siloId: silo }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expectFailure(a.statusCode === 400 ? a : b, 400, '批次号 PC-NEW-1 已存在');
    const id = (a.statusCode === 200 ? a : b).json().data.id as string;
    const d = await detail(id);
    expect(d).toMatchObject({ batchNo: 'PC-NEW-1', materialCode, quantity: '320.5000', siloName: '5#水泥库', remaining: '320.5', openedAt: '2026-11-28T00:30:00.000Z' });
    expect((await db().selectFrom('md_silo').select('current_batch_id').where('id', '=', silo).executeTakeFirstOrThrow()).current_batch_id).toBe(id);
    expect(await db().selectFrom('md_batch').select('id').where('batch_no', '=', 'PC-NEW-1').execute()).toHaveLength(1);
    const log = await db().selectFrom('sys_log').select('detail').where('doc_no', '=', 'PC-NEW-1').where('action', '=', 'open').execute();
    expect(log.map((l) => l.detail)).toEqual([`新批次；开仓：5#水泥库；申报数量 320.5吨；物料 ${materialCode}`]);
  });

  it('refuses what cannot open, with 400 and nothing made', async () => {
    expectFailure(await post('/api/masterdata/batch/open', { batchNo: 'PC-BAD', siloId: '999999' }), 400, /筒仓不存在/);
    expectFailure(await post('/api/masterdata/batch/open', { siloId: silo1 }), 400, /二者只填其一/);
    expectFailure(await post('/api/masterdata/batch/open', { batchNo: 'PC-BAD', siloId: silo1, quantity: '-1' }), 400, /申报数量不能小于0/);
    expectFailure(await post('/api/masterdata/batch/open', { batchNo: 'PC-BAD', siloId: silo1, openedAt: 'yesterday' }), 400, /开仓时间/);
    expectFailure(await post('/api/masterdata/batch/open', { batchNo: 'PC-BAD', siloId: silo1, materialId: '999999' }), 400, /物料不存在/);
    await db().updateTable('md_material').set({ batch_managed: false }).where('id', '=', plant.materialId).execute();
    try {
      expectFailure(await post('/api/masterdata/batch/open', { batchNo: 'PC-BAD', siloId: silo1, materialId: plant.materialId }), 400, /不是批次管理物料/);
    } finally {
      await db().updateTable('md_material').set({ batch_managed: true }).where('id', '=', plant.materialId).execute();
    }
    expect(await db().selectFrom('md_batch').select('id').where('batch_no', '=', 'PC-BAD').execute()).toEqual([]);
  });
});
