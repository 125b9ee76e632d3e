import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, weighPurchase, type Plant } from '../test-support';

/** 检尺: the measured load of a ticket, its volume and tons, and a price per m3. */
let ctx: TestContext;
let op: string;
let admin: string;
let plant: Plant;
let request = 0;

const db = () => ctx.database.db;
const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const gaugeRow = (ticketId: string) => db().selectFrom('wb_ticket_gauge').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
const ticketRow = (id: string) => db().selectFrom('wb_ticket').select(['net', 'amount', 'price', 'price_basis', 'gauge_volume', 'gauge_tons']).where('id', '=', id).executeTakeFirstOrThrow();
const logsOf = (ticketNo: string) => db().selectFrom('sys_log').select(['action', 'detail']).where('doc_no', '=', ticketNo).where('action', '=', 'gauge').execute();

/** A purchase truck on a line without a price: the price rules price it at completion. */
async function unpricedTruck() {
  const { noticeId, lineId } = await makeNoticeLine(db(), plant, { maxLimit: '1000' });
  const registryId = await makeRegistry(db(), plant, { noticeId, lineId, plate: testPlate('G') });
  const weigh = (which: 'first' | 'second', weight: string) => post(`pu/${which}`, { registryId, weight, stationId: 'G1', requestId: `g${request++}` });
  const first = expectOk(await weigh('first', '40')).data;
  return { id: first.ticketId as string, no: first.ticketNo as string, second: () => weigh('second', '15') };
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  admin = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(db());
  // sand bought by volume: 1.65 t/m3, its volume turned into tons
  await db().updateTable('md_material').set({ gauged: true, density: '1.65', gauge_to_tons: true }).where('id', '=', plant.materialId).execute();
});

describe('gauging a ticket', () => {
  it('turns the measured load into m3 to three decimals and tons by the density, and logs it once', async () => {
    const t = await weighPurchase(ctx.app, db(), plant, op, { station: 'G2', gross: '40', tare: null });
    const reply = expectOk(await post('pu/gauge', { id: t.id, method: 'LOAD', length: '6.25', width: '2.35', height: '1.18', gaugerName: '张检尺', gaugedAt: '2026-11-28 09:30:00' })).data;
    // 6.25 x 2.35 x 1.18 = 17.33125 -> 17.331 m3; x 1.65 = 28.59615 -> 28.596 t
    expect(reply).toMatchObject({ ticketId: t.id, volume: '17.331', tons: '28.596', priceBasis: 'NET' });
    expect(await ticketRow(t.id)).toMatchObject({ gauge_volume: '17.331', gauge_tons: '28.5960' });
    const g = await gaugeRow(t.id);
    expect(g).toMatchObject({ method: 'LOAD', volume: '17.331', gauger_name: '张检尺' });
    // the time typed is the plant's wall clock (Asia/Shanghai, UTC+8)
    expect(new Date(g!.gauged_at).toISOString()).toBe('2026-11-28T01:30:00.000Z');
    expect(await logsOf(t.no)).toHaveLength(1);

    // gauged again: the bed less the gap replaces the figures, the log keeps the earlier volume
    const again = expectOk(await post('pu/gauge', { id: t.id, method: 'BED', length: '5.6', width: '2.3', height: '1.5', gap: '0.35' })).data;
    expect(again).toMatchObject({ volume: '14.812', tons: '24.44' });
    expect((await logsOf(t.no)).map((l) => l.detail)).toContainEqual(expect.stringContaining('原 17.331m³'));
    const view = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/gauge/${t.id}`, op)).data;
    expect(view).toMatchObject({ gauged: true, density: '1.6500', gaugeToTons: true, gauge: { method: 'BED', gap: '0.350', volume: '14.812' } });
  });

  it('refuses bad figures with 400 naming the field, and changes nothing', async () => {
    const t = await weighPurchase(ctx.app, db(), plant, op, { station: 'G3', gross: '40', tare: null });
    const body = { id: t.id, method: 'BED', length: '5', width: '2.3', height: '1.2' };
    expectFailure(await post('pu/gauge', { ...body, length: '-5' }), 400, /长度应大于0/);
    expectFailure(await post('pu/gauge', { ...body, width: 'wide' }), 400, /宽度应为数字/);
    expectFailure(await post('pu/gauge', { ...body, gap: '-0.1' }), 400, /高差不能小于0/);
    expectFailure(await post('pu/gauge', { ...body, gap: '1.2' }), 400, /高差 1\.2 米应小于车厢高度 1\.2 米/);
    expectFailure(await post('pu/gauge', { ...body, gap: '1.5' }), 400, /应小于车厢高度/);
    expectFailure(await post('pu/gauge', { ...body, method: 'HEAP' }), 400, /检尺方式/);
    expectFailure(await post('pu/gauge', { ...body, photoFileIds: ['999999'] }), 400, /检尺照片不存在/);
    expectFailure(await post('pu/gauge', { ...body, id: t.id }, (await bearerFor(ctx.app, 'accountant')).authorization), 403);
    expect(await gaugeRow(t.id)).toBeUndefined();
    expect((await ticketRow(t.id)).gauge_volume).toBeNull();
    expect(await logsOf(t.no)).toHaveLength(0);
  });

  it('refuses a material not bought by volume, and an audited ticket', async () => {
    const t = await weighPurchase(ctx.app, db(), plant, op, { station: 'G4', gross: '40', tare: '15' });
    expectOk(await post('pu/audit', { ids: [t.id] }));
    expectFailure(await post('pu/gauge', { id: t.id, method: 'LOAD', length: '5', width: '2', height: '1' }), 400, /已审核，不能检尺/);
    await db().updateTable('md_material').set({ gauged: false }).where('id', '=', plant.materialId).execute();
    try {
      const u = await weighPurchase(ctx.app, db(), plant, op, { station: 'G5', gross: '40', tare: null });
      expectFailure(await post('pu/gauge', { id: u.id, method: 'LOAD', length: '5', width: '2', height: '1' }), 400, /不按方计量/);
    } finally {
      await db().updateTable('md_material').set({ gauged: true }).where('id', '=', plant.materialId).execute();
    }
  });
});

describe('the gauger\'s photos', () => {
  it('keeps the photos with the gauging: the ticket\'s pictures show them, its print counts them', async () => {
    const t = await weighPurchase(ctx.app, db(), plant, op, { station: 'G7', gross: '40', tare: '15' });
    const photo = async (name: string) => (await db().insertInto('sys_file').values({
      org_id: plant.orgId, original_name: name, content_type: 'image/jpeg', size_bytes: '10', sha256: 'a'.repeat(64), storage_key: `org/${plant.orgId}/2026/11/${name}-${t.id}.jpg`,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const ids = [await photo('load-front'), await photo('load-side')];
    expectOk(await post('pu/gauge', { id: t.id, ...{ method: 'LOAD', length: '6.25', width: '2.35', height: '1.18' }, photoFileIds: ids }));
    expect((await gaugeRow(t.id))!.photo_file_ids.map(String)).toEqual(ids.map(String));
    const view = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/gauge/${t.id}`, op)).data;
    expect(view.gauge.photoFileIds).toEqual(ids.map(String));
    const pictures = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/pictures/${t.id}`, op)).data as { fileId: string; reading: string }[];
    expect(pictures.filter((p) => p.reading === 'GAUGE').map((p) => p.fileId)).toEqual(ids.map(String));
    const printed = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/print/${t.id}`, op)).data;
    expect(JSON.stringify(printed)).toContain('"key":"gaugePhotos","label":"检尺照片","labelEn":"Gauging photos","value":"2 张"');
  });
});

describe('a price per m3', () => {
  it('prices a ticket on its gauged volume: amount = volume x price per m3, in cents', async () => {
    const rule = expectOk(await call(ctx.app, 'POST', '/api/price/pu/create', admin, {
      entity: { materialId: plant.materialId, price: '45.5', priceBasis: 'VOLUME', effectiveFrom: '2026-01-01 00:00:00' },
    })).data;
    expectOk(await call(ctx.app, 'POST', '/api/price/pu/audit', admin, { ids: [rule.id] }));

    // gauged before its second weighing: 5.6 x 2.3 x (1.5 - 0.35) = 14.812 m3; 14.812 x 45.5 = 673.946 -> 673.95
    const gaugedFirst = await unpricedTruck();
    expectOk(await post('pu/gauge', { id: gaugedFirst.id, method: 'BED', length: '5.6', width: '2.3', height: '1.5', gap: '0.35' }));
    expectOk(await gaugedFirst.second());
    expect(await ticketRow(gaugedFirst.id)).toMatchObject({ net: '25.0000', price: '45.5000', price_basis: 'VOLUME', amount: '673.9500' });

    // completed first: no amount until gauged; then 6.25 x 2.35 x 1.18 = 17.331 m3 x 45.5 = 788.5605 -> 788.56
    const completedFirst = await unpricedTruck();
    expectOk(await completedFirst.second());
    expect(await ticketRow(completedFirst.id)).toMatchObject({ price_basis: 'VOLUME', amount: null });
    const reply = expectOk(await post('pu/gauge', { id: completedFirst.id, method: 'LOAD', length: '6.25', width: '2.35', height: '1.18' })).data;
    expect(reply).toMatchObject({ priceBasis: 'VOLUME', amount: '788.56' });
    expect((await ticketRow(completedFirst.id)).amount).toBe('788.5600');
    expect((await logsOf(completedFirst.no))[0].detail).toContain('金额 空 -> 788.56');

    // a deduction changes the net, not the volume the price is on
    expectOk(await post('pu/deduct', { id: completedFirst.id, deductions: [{ kind: 'water', amount: '1' }] }));
    expect(await ticketRow(completedFirst.id)).toMatchObject({ net: '24.0000', amount: '788.5600' });
    // its volume is one load's: neither split nor merged
    expectFailure(await post('pu/split', { id: completedFirst.id, parts: ['12', '12'] }), 400, /按检尺方量计价，不能拆分/);
    expectFailure(await post('pu/merge', { ids: [gaugedFirst.id, completedFirst.id] }), 400, /按检尺方量计价，不能合并/);
  });

  it('keeps a price per ton on the net, gauged or not', async () => {
    const t = await weighPurchase(ctx.app, db(), plant, op, { station: 'G6', gross: '40', tare: '15', price: '10' });
    expectOk(await post('pu/gauge', { id: t.id, method: 'LOAD', length: '6.25', width: '2.35', height: '1.18' }));
    expect(await ticketRow(t.id)).toMatchObject({ price_basis: 'NET', amount: '250.0000', gauge_volume: '17.331' });
  });
});
