import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { lineFigures, makeNoticeLine, makeRegistry, makeVehicle, plantOf, testPlate, type Plant } from './test-support';

let ctx: TestContext;
let op: string;
let plant: Plant;
let request = 0;

const body = (extra: Record<string, unknown>) => ({ stationId: 'S1', requestId: `r${request++}`, stable: true, ...extra });
const weigh = (kind: string, which: 'first' | 'second', payload: Record<string, unknown>, auth = op) => call(ctx.app, 'POST', `/api/weigh/${kind}/${which}`, auth, payload);

async function count(table: 'wb_ticket' | 'wb_weighing') {
  const r = await ctx.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  plant = await plantOf(ctx.database.db);
});

describe('purchase weighing: gross first, tare second', () => {
  it('completes the ticket, moves the pre-load to done and keeps the truck tare', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100', price: '50' });
    const plate = testPlate();
    const vehicleId = await makeVehicle(ctx.database.db, plant, plate, { last: '15.3', hoursAgo: 30 });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate, preQuantity: '30' });

    const first = expectOk(await weigh('pu', 'first', body({ registryId, weight: '49.02' }))).data;
    expect(first).toMatchObject({ state: 'FIRST_WEIGHED', firstIs: 'GROSS', gross: '49.02', tare: null, net: null, replay: false });
    expect(first.ticketNo).toMatch(/^CGBD\d{8}\d{4}$/);
    const registry = await ctx.database.db.selectFrom('wb_registry').select(['trip_state', 'reserved_quantity']).where('id', '=', registryId).executeTakeFirstOrThrow();
    expect(registry).toEqual({ trip_state: 'WEIGHING', reserved_quantity: '0.0000' });

    const second = expectOk(await weigh('pu', 'second', body({ plate, weight: '15.25' }))).data;
    expect(second).toMatchObject({ ticketId: first.ticketId, state: 'COMPLETED', gross: '49.02', tare: '15.25', tareSource: 'WEIGHED', net: '33.77', swapped: false });
    expect(await lineFigures(ctx.database.db, lineId)).toEqual({ done: 33.77, inTransit: 0, doneTrips: 1, inTransitTrips: 0 });
    const ticket = await ctx.database.db.selectFrom('wb_ticket').select(['amount', 'completed_at']).where('id', '=', first.ticketId).executeTakeFirstOrThrow();
    expect(ticket.amount).toBe('1688.5000');
    const v = await ctx.database.db.selectFrom('md_vehicle').select(['last_tare', 'tare_count']).where('id', '=', vehicleId).executeTakeFirstOrThrow();
    expect(v).toEqual({ last_tare: '15.250', tare_count: 4 });
  });

  it('answers a retried call with its first answer and weighs nothing twice', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
    const plate = testPlate();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate, preQuantity: '30' });
    const firstCall = body({ registryId, weight: '40' });
    const a = expectOk(await weigh('pu', 'first', firstCall));
    const tickets = await count('wb_ticket');
    const b = expectOk(await weigh('pu', 'first', firstCall));
    expect(b.data).toMatchObject({ ticketId: a.data.ticketId, replay: true, state: 'FIRST_WEIGHED' });
    expect(b.msg).toBe('该次过磅已记录');
    expect(await count('wb_ticket')).toBe(tickets);

    const secondCall = body({ registryId, weight: '14' });
    expectOk(await weigh('pu', 'second', secondCall));
    const again = expectOk(await weigh('pu', 'second', secondCall)).data;
    expect(again).toMatchObject({ ticketId: a.data.ticketId, state: 'COMPLETED', net: '26', replay: true });
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ done: 26, doneTrips: 1 });
  });

  it('refuses a second weighing of a completed ticket under a new request id', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
    const plate = testPlate();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate });
    const t = expectOk(await weigh('pu', 'first', body({ registryId, weight: '40' }))).data;
    expectOk(await weigh('pu', 'second', body({ ticketId: t.ticketId, weight: '14' })));
    expectFailure(await weigh('pu', 'second', body({ ticketId: t.ticketId, weight: '14.5' })), 400, `磅单 ${t.ticketNo} 已完成，不能重复二次过磅`);
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ done: 26, doneTrips: 1 });
  });

  it('refuses a net past the notice max limit and writes nothing', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '30' });
    const plate = testPlate();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate, preQuantity: '25' });
    const t = expectOk(await weigh('pu', 'first', body({ registryId, weight: '49' }))).data;
    const weighings = await count('wb_weighing');
    expectFailure(await weigh('pu', 'second', body({ registryId, weight: '15' })), 400, '超过通知单可用量：本车净重 34 吨，通知单剩余 30 吨');
    expect(await count('wb_weighing')).toBe(weighings);
    const ticket = await ctx.database.db.selectFrom('wb_ticket').select(['state', 'net']).where('id', '=', t.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toEqual({ state: 'FIRST_WEIGHED', net: null });
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ done: 0, inTransit: 25 });
  });
});

describe('sales weighing: tare first, gross second', () => {
  it('takes the stored tare in place of weighing the empty truck', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { kind: 'sa', maxLimit: '100' });
    const plate = testPlate();
    await makeVehicle(ctx.database.db, plant, plate, { last: '15.2', hoursAgo: 2 });
    const registryId = await makeRegistry(ctx.database.db, plant, { kind: 'sa', noticeId, lineId, plate, preQuantity: '30' });
    const first = expectOk(await weigh('sa', 'first', body({ registryId, tare: 'stored' }))).data;
    expect(first).toMatchObject({ firstIs: 'TARE', tare: '15.2', tareSource: 'LAST', gross: null });
    const second = expectOk(await weigh('sa', 'second', body({ registryId, weight: '45.2' }))).data;
    expect(second).toMatchObject({ state: 'COMPLETED', gross: '45.2', tare: '15.2', net: '30', tareSource: 'LAST' });
  });

  it('refuses a "tare" heavier than the gross, and swaps it once confirmed where the plant allows a reversed order', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { kind: 'sa', maxLimit: '100' });
    const plate = testPlate();
    const registryId = await makeRegistry(ctx.database.db, plant, { kind: 'sa', noticeId, lineId, plate });
    expectOk(await weigh('sa', 'first', body({ registryId, weight: '45' })));
    const words = `车辆 ${plate} 毛皮重顺序颠倒：应先称皮重后称毛重，一次过磅 45 吨，二次过磅 15 吨反而更轻`;
    expectFailure(await weigh('sa', 'second', body({ registryId, weight: '15' })), 400, `${words}，不能过磅`);
    await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'reversedOrder', param_value: 'confirm' }).execute();
    try {
      const second = expectOk(await weigh('sa', 'second', body({ registryId, weight: '15', confirm: ['reversedOrder'] }))).data;
      expect(second).toMatchObject({ gross: '45', tare: '15', net: '30', swapped: true });
    } finally {
      await ctx.database.db.deleteFrom('sys_param').where('org_id', '=', plant.orgId).where('param_key', '=', 'reversedOrder').execute();
    }
  });

  it('refuses an expired stored tare and names the validity', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { kind: 'sa', maxLimit: '100' });
    const plate = testPlate();
    await makeVehicle(ctx.database.db, plant, plate, { last: '15.2', hoursAgo: 30 });
    const registryId = await makeRegistry(ctx.database.db, plant, { kind: 'sa', noticeId, lineId, plate });
    const tickets = await count('wb_ticket');
    expectFailure(await weigh('sa', 'first', body({ registryId, tare: 'stored' })), 400, `车辆 ${plate} 没有有效的存储皮重（有效期 24 小时），请回皮`);
    expect(await count('wb_ticket')).toBe(tickets);
  });
});

describe('refusals', () => {
  it('refuses a station program\'s unstable reading with the check message and writes nothing', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
    const plate = testPlate();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate });
    const tickets = await count('wb_ticket');
    // the unstable check judges a reading whose program says whether it settled (a typed weight is neither)
    const admin = (await bearerFor(ctx.app, 'admin')).authorization;
    const { key } = expectOk(await call(ctx.app, 'POST', '/api/station/credential/issue', admin, { stationName: 'U号磅', scaleId: 'U1' })).data;
    const res = expectOk(await call(ctx.app, 'POST', '/api/lane/weigh', `Station ${key}`, { requestId: 'u1', plate, registryId, weight: 40000, unit: 'kg', stable: false })).data;
    expect(res).toEqual({ ok: false, refusal: { reason: 'unstable', message: `车辆 ${plate} 的读数 40 吨 不稳定，请待仪表稳定后再称` } });
    expect(await count('wb_ticket')).toBe(tickets);
    const r = await ctx.database.db.selectFrom('wb_registry').select('trip_state').where('id', '=', registryId).executeTakeFirstOrThrow();
    expect(r.trip_state).toBe('ENTERED');
  });

  it('names the field of a bad body', async () => {
    expectFailure(await weigh('pu', 'first', { requestId: 'x', plate: '苏E00001', weight: 1 }), 400, /^参数 stationId 错误/);
    expectFailure(await weigh('pu', 'first', body({ plate: '苏E00001', weight: -1 })), 400, '参数 weight 错误: 重量不能小于0');
    expectFailure(await weigh('pu', 'first', body({ weight: 10 })), 400, '参数 plate 错误: 请提供登记单、IC卡或车牌号');
    expectFailure(await weigh('pu', 'first', body({ plate: '苏E00001' })), 400, '参数 weight 错误: 重量不能为空');
  });

  it('refuses a purchase truck with no registry, and a registry not audited', async () => {
    expectFailure(await weigh('pu', 'first', body({ plate: '苏E99999', weight: 40 })), 400, '车辆 苏E99999 没有可过磅的采购登记单');
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate() });
    await ctx.database.db.updateTable('wb_registry').set({ doc_status: 'FREE', trip_state: 'PLANNED' }).where('id', '=', registryId).execute();
    expectFailure(await weigh('pu', 'first', body({ registryId, weight: 40 })), 400, /未审核，不能过磅$/);
  });

  it('refuses a second trip while the truck has a ticket open', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
    const plate = testPlate();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate });
    const t = expectOk(await weigh('pu', 'first', body({ registryId, weight: '40' }))).data;
    expectFailure(await weigh('pu', 'first', body({ registryId, weight: '41' })), 400, `车辆 ${plate} 有未完成的磅单 ${t.ticketNo}，请先完成二次过磅或作废该磅单`);
  });

  it('weighs a registry of the caller company only, and needs the weighing right', async () => {
    const other = await ctx.database.db.selectFrom('sys_org').select('id').where('org_code', '=', 'HDJC').executeTakeFirstOrThrow();
    const foreign = await ctx.database.db.insertInto('wb_registry').values({
      org_id: other.id, kind: 'st', registry_no: 'HDJC-DJ-1', doc_status: 'AUDITED', trip_state: 'ENTERED', entered_at: new Date(), plate_number: testPlate(),
    }).returning('id').executeTakeFirstOrThrow();
    expectFailure(await weigh('pt', 'first', body({ registryId: foreign.id, weight: 40 })), 404, '登记单不存在');
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate() });
    const quality = (await bearerFor(ctx.app, 'quality')).authorization;
    expectFailure(await weigh('pu', 'first', body({ registryId, weight: 40 }), quality), 403);
  });
});

describe('production and other weighings without a registry', () => {
  it('weighs by plate and material, the side the material names first', async () => {
    await ctx.database.db.updateTable('md_material').set({ pnmary: 'TARE_FIRST' }).where('id', '=', plant.materialId).execute();
    const plate = testPlate();
    const first = expectOk(await weigh('pr', 'first', body({ plate, materialId: plant.materialId, weight: '15' }))).data;
    expect(first).toMatchObject({ firstIs: 'TARE', tare: '15' });
    const second = expectOk(await weigh('pr', 'second', body({ plate, weight: '35.5' }))).data;
    expect(second).toMatchObject({ state: 'COMPLETED', net: '20.5' });
    await ctx.database.db.updateTable('md_material').set({ pnmary: null }).where('id', '=', plant.materialId).execute();
  });
});

describe('the repeated-reading check (default forbid)', () => {
  /** The truck's purchase trip through the gate, weighed loaded and then empty. */
  async function unloadPurchase(plate: string, gross: string, tare: string) {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate });
    expectOk(await weigh('pu', 'first', body({ registryId, weight: gross })));
    expectOk(await weigh('pu', 'second', body({ registryId, weight: tare })));
    // its trip ends at the gate's release (the registries' own action)
    await ctx.database.db.updateTable('wb_registry').set({ trip_state: 'RELEASED', released_at: new Date(), release_kind: 'NORMAL' }).where('id', '=', registryId).execute();
  }

  async function saleRegistry(plate: string) {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { kind: 'sa', maxLimit: '1000' });
    return makeRegistry(ctx.database.db, plant, { kind: 'sa', noticeId, lineId, plate });
  }

  it('lets a truck unload a purchase and load a sale on one visit, weighing the same tare twice', async () => {
    const plate = testPlate('V');
    await unloadPurchase(plate, '40', '15.2');
    const registryId = await saleRegistry(plate);
    const first = expectOk(await weigh('sa', 'first', body({ registryId, weight: '15.2' }))).data;
    expect(first).toMatchObject({ state: 'FIRST_WEIGHED', firstIs: 'TARE', tare: '15.2' });
    expect(first.warnings.map((w: { check: string }) => w.check)).not.toContain('repeatedReading');
    expectOk(await weigh('sa', 'second', body({ registryId, weight: '44.6' })));
  });

  it('refuses a truck that left loaded and is back loaded within the window, and writes nothing', async () => {
    const plate = testPlate('V');
    const sale = await saleRegistry(plate);
    expectOk(await weigh('sa', 'first', body({ registryId: sale, weight: '15.2' })));
    expectOk(await weigh('sa', 'second', body({ registryId: sale, weight: '44.6' })));
    await ctx.database.db.updateTable('wb_registry').set({ trip_state: 'RELEASED', released_at: new Date(), release_kind: 'NORMAL' }).where('id', '=', sale).execute();
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const purchase = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate });
    const tickets = await count('wb_ticket');
    expectFailure(await weigh('pu', 'first', body({ registryId: purchase, weight: '44.5' })), 400, /^车辆 苏V\d+ 连续两次称毛重：上次毛重 44\.6 吨（\d\d:\d\d），本次 44\.5 吨$/);
    expect(await count('wb_ticket')).toBe(tickets);
  });

  it('refuses a second weighing that reads what the first did: the truck never unloaded', async () => {
    const plate = testPlate('V');
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate });
    expectOk(await weigh('pu', 'first', body({ registryId, weight: '40' })));
    expectFailure(await weigh('pu', 'second', body({ registryId, weight: '39.98' })), 400, /^车辆 苏V\d+ 连续两次称毛重：上次毛重 40 吨（\d\d:\d\d），本次 39\.98 吨$/);
    expectOk(await weigh('pu', 'second', body({ registryId, weight: '15.1' })));
  });
});

describe('the weighing screen\'s look at the truck before it weighs', () => {
  it('names the trip, notice, material and party, then the first weighing once there is one; an unknown plate is said', async () => {
    const db = ctx.database.db;
    const { noticeId, lineId } = await makeNoticeLine(db, plant, { maxLimit: '100', price: '50' });
    const plate = testPlate('T');
    const registryId = await makeRegistry(db, plant, { noticeId, lineId, plate, preQuantity: '30' });
    const names = async () => ({
      noticeNo: (await db.selectFrom('wb_notice').select('notice_no').where('id', '=', noticeId).executeTakeFirstOrThrow()).notice_no,
      registryNo: (await db.selectFrom('wb_registry').select('registry_no').where('id', '=', registryId).executeTakeFirstOrThrow()).registry_no,
      materialName: (await db.selectFrom('md_material').select('inv_name').where('id', '=', plant.materialId).executeTakeFirstOrThrow()).inv_name,
      partyName: (await db.selectFrom('md_vendor').select('vendor_name').where('id', '=', plant.vendorId).executeTakeFirstOrThrow()).vendor_name,
    });
    const look = (query: string) => call(ctx.app, 'GET', `/api/weigh/pu/truck?${query}`, op);
    const before = expectOk(await look(`plate=${encodeURIComponent(plate)}`)).data;
    expect(before).toEqual({ found: true, truck: { ...(await names()), plate, first: null } });
    const first = expectOk(await weigh('pu', 'first', body({ registryId, weight: '41.5' }))).data;
    const after = expectOk(await look(`plate=${encodeURIComponent(plate)}`)).data;
    expect(after.truck.first).toMatchObject({ ticketNo: first.ticketNo, side: 'GROSS', weight: '41.5' });
    expect(new Date(after.truck.first.time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(expectOk(await look(`plate=${encodeURIComponent('苏Z99999')}`)).data).toEqual({ found: false, message: '车辆 苏Z99999 没有已入厂的采购登记单' });
    expect(expectFailure(await look(''), 400).data).toMatchObject({ field: 'plate' });
  });
});
