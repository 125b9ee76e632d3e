import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, makeVehicle, plantOf, testPlate, type Plant } from '../weighing/test-support';
import { reasonOfRefusal } from './reasons';

/** The lane's calls under its station credential, and the remote operator's answers, one rule each. */
const ctx = await createTestApp();
const { app } = ctx;
const { db, pool } = ctx.database;
let admin: string;
let operator: string;
let plant: Plant;
let station: string;

const logCount = async (action: string) => Number((await pool.query('SELECT count(*) FROM sys_log WHERE action = $1', [action])).rows[0].count);
const lane = (path: string, body: unknown, auth = station) => call(app, 'POST', `/api/lane/${path}`, auth, body);
let req = 0;
const rid = () => `r${req++}`;

async function truck(o: { kind?: 'pu' | 'sa'; lastTare?: string; card?: string } = {}) {
  const line = await makeNoticeLine(db, plant, { kind: o.kind ?? 'pu', maxLimit: '1000', price: '10' });
  const plate = testPlate('L');
  if (o.lastTare) await makeVehicle(db, plant, plate, { last: o.lastTare });
  const cardId = o.card
    ? (await db.insertInto('md_ic_card').values({ org_id: plant.orgId, card_no: o.card, card_uid: null, created_at: new Date(), updated_at: new Date(), remark: null, created_by: null, updated_by: null, vehicle_id: null, lost_at: null })
      .returning('id').executeTakeFirstOrThrow()).id
    : undefined;
  const registryId = await makeRegistry(db, plant, { kind: o.kind ?? 'pu', ...line, plate, cardId });
  return { plate, registryId };
}
const weigh = (t: { plate: string; registryId: string }, weight: number, extra: Record<string, unknown> = {}) =>
  lane('weigh', { requestId: rid(), plate: t.plate, registryId: t.registryId, weight, unit: 'kg', stable: true, ...extra });

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  plant = await plantOf(db);
  const key = expectOk(await call(app, 'POST', '/api/station/credential/issue', admin, { stationName: '2号磅', scaleId: 'L2' })).data.key;
  station = `Station ${key}`;
});

describe('the lane calls', () => {
  it('answer only a live station key', async () => {
    expectFailure(await lane('lookup', { by: 'plate', value: '苏A1' }, 'Station nope'), 401);
    expectFailure(await lane('lookup', { by: 'plate', value: '苏A1' }, operator), 401);
  });

  it('refuse bad input with a 400 naming the field, changing nothing', async () => {
    expect(expectFailure(await lane('lookup', { by: 'face', value: 'x' }), 400).data).toMatchObject({ field: 'by' });
    expect(expectFailure(await lane('weigh', { requestId: 'x', plate: '苏A1', weight: -1, unit: 'kg', stable: true }), 400).data).toMatchObject({ field: 'weight' });
    expect(expectFailure(await lane('weigh', { requestId: 'x', plate: '苏A1', weight: 1e9, unit: 'kg', stable: true }), 400).data).toMatchObject({ field: 'weight' });
    expect(expectFailure(await lane('intervention', { requestId: 'x', reason: 'tired', message: 'm' }), 400).data).toMatchObject({ field: 'reason' });
    expect(expectFailure(await lane('status', { queued: -1 }), 400).data).toMatchObject({ field: 'queued' });
    expect(expectFailure(await lane('snapshot', { ticketNo: 'X', image: 'not base64!' }), 400).data).toMatchObject({ field: 'image' });
  });

  it('name a truck by card or plate through its registry, and an unknown one as no-registry', async () => {
    const t = await truck({ card: 'LC1' });
    expect(expectOk(await lane('lookup', { by: 'card', value: 'lc1' })).data).toEqual({ ok: true, truck: { plate: t.plate, card: 'LC1', registryId: t.registryId } });
    expect(expectOk(await lane('lookup', { by: 'plate', value: t.plate.toLowerCase() })).data.truck.registryId).toBe(t.registryId);
    expect(expectOk(await lane('lookup', { by: 'card', value: 'NOPE' })).data).toEqual({ ok: false, refusal: { reason: 'no-registry', message: 'IC卡 NOPE 无有效登记' } });
  });

  it('weigh first then second as the station does, in the company unit, and answer a replayed request with its first answer', async () => {
    const t = await truck();
    const body = { requestId: 'same-1', plate: t.plate, registryId: t.registryId, weight: 30000, unit: 'kg', stable: true };
    const first = expectOk(await lane('weigh', body)).data;
    expect(first).toMatchObject({ ok: true, kind: 'first', replay: false });
    const again = expectOk(await lane('weigh', body)).data;
    expect(again).toMatchObject({ ok: true, ticketNo: first.ticketNo, replay: true });
    expect(expectOk(await weigh(t, 12000)).data).toMatchObject({ ok: true, kind: 'second', ticketNo: first.ticketNo });
    const row = (await pool.query('SELECT gross::text, tare::text, net::text FROM wb_ticket WHERE ticket_no = $1', [first.ticketNo])).rows[0];
    expect(row).toEqual({ gross: '30.0000', tare: '12.0000', net: '18.0000' });
    const outcomes = (await pool.query("SELECT outcome FROM wb_weigh_log WHERE station = 'L2' AND ticket_no = $1 ORDER BY id", [first.ticketNo])).rows.map((r) => r.outcome);
    expect(outcomes).toEqual(['ACCEPTED', 'REPLAY', 'ACCEPTED']);
  });

  it('refuses a tare deviation as the lane understands it, writing no ticket change; the operator approves once and the weighing says who', async () => {
    const t = await truck({ lastTare: '12' });
    const gross = expectOk(await weigh(t, 40000)).data;
    const refused = expectOk(await weigh(t, 15480)).data;
    expect(refused).toMatchObject({ ok: false, refusal: { reason: 'tare-deviation' } });
    expect(refused.refusal.message).toMatch(/^皮重报警/);
    expect((await pool.query('SELECT state, tare FROM wb_ticket WHERE ticket_no = $1', [gross.ticketNo])).rows[0]).toEqual({ state: 'FIRST_WEIGHED', tare: null });
    // no approval yet: the lane's claim is not enough
    expect(expectOk(await weigh(t, 15480, { approvedByOperator: true })).data).toMatchObject({ ok: false, refusal: { reason: 'business' } });

    const before = await logCount('laneIntervention');
    const ask = { requestId: 'ask-1', reason: 'tare-deviation', message: refused.refusal.message, plate: t.plate, registryId: t.registryId, weight: 15480, unit: 'kg' };
    const { id } = expectOk(await lane('intervention', ask)).data;
    expect(expectOk(await lane('intervention', ask)).data.id).toBe(id);
    expect(await logCount('laneIntervention')).toBe(before + 1);
    expect(expectOk(await call(app, 'GET', `/api/lane/intervention/${id}`, station)).data).toMatchObject({ state: 'WAITING', decision: null });

    const approvals = await logCount('laneApprove');
    expectOk(await call(app, 'POST', '/api/lane/intervention/approve', operator, { ids: [id], remark: '换胎' }));
    expect(await logCount('laneApprove')).toBe(approvals + 1);
    expectFailure(await call(app, 'POST', '/api/lane/intervention/forbid', operator, { ids: [id] }), 400);
    expect(expectOk(await call(app, 'GET', `/api/lane/intervention/${id}`, station)).data).toMatchObject({ decision: 'approve', answeredBy: 'operator' });

    const done = expectOk(await weigh(t, 15480, { approvedByOperator: true })).data;
    expect(done).toMatchObject({ ok: true, kind: 'second', ticketNo: gross.ticketNo });
    expect((await pool.query('SELECT lane_approved_by, net::text FROM wb_ticket WHERE ticket_no = $1', [gross.ticketNo])).rows[0]).toEqual({ lane_approved_by: 'operator', net: '24.5200' });
    const log = (await pool.query("SELECT outcome, approved_by FROM wb_weigh_log WHERE station = 'L2' AND plate_number = $1 ORDER BY id", [t.plate])).rows;
    expect(log).toEqual([
      { outcome: 'ACCEPTED', approved_by: null }, { outcome: 'REFUSED', approved_by: null }, { outcome: 'REFUSED', approved_by: null }, { outcome: 'ACCEPTED', approved_by: 'operator' },
    ]);
    expect((await pool.query('SELECT state FROM wb_lane_intervention WHERE id = $1', [id])).rows[0].state).toBe('USED');
  });

  it('lets one of two operators answering at once win; the other is told it was answered', async () => {
    const { id } = expectOk(await lane('intervention', { requestId: 'race-1', reason: 'unstable', message: '读数不稳定', plate: '苏L99999' })).data;
    const [a, b] = await Promise.all([
      call(app, 'POST', '/api/lane/intervention/approve', operator, { ids: [id] }),
      call(app, 'POST', '/api/lane/intervention/forbid', operator, { ids: [id] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const state = (await pool.query('SELECT state FROM wb_lane_intervention WHERE id = $1', [id])).rows[0].state;
    expect(state).toBe(a.statusCode === 200 ? 'APPROVED' : 'FORBIDDEN');
  });

  it('forbids only with the right', async () => {
    const { id } = expectOk(await lane('intervention', { requestId: 'right-1', reason: 'business', message: '超出通知单余量' })).data;
    expectFailure(await call(app, 'POST', '/api/lane/intervention/forbid', `Bearer nope`, { ids: [id] }), 401);
    expectOk(await call(app, 'POST', '/api/lane/intervention/forbid', operator, { ids: [id] }));
    expect(expectOk(await call(app, 'GET', `/api/lane/intervention/${id}`, station)).data.decision).toBe('forbid');
  });

  it('keeps the snapshot watermarked with the ticket, and records the print, one log entry each', async () => {
    const t = await truck();
    const w = expectOk(await weigh(t, 31720)).data;
    const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#777' } }).png().toBuffer();
    const snaps = await logCount('laneSnapshot');
    const { fileId } = expectOk(await lane('snapshot', { ticketNo: w.ticketNo, image: picture.toString('base64') })).data;
    expect(await logCount('laneSnapshot')).toBe(snaps + 1);
    const held = (await pool.query('SELECT snapshot_file_ids::text[] AS ids FROM wb_weighing WHERE ticket_id = $1', [w.ticketId ?? (await pool.query('SELECT id FROM wb_ticket WHERE ticket_no = $1', [w.ticketNo])).rows[0].id])).rows[0].ids;
    expect(held).toEqual([fileId]);
    // the ticket's 抓拍图片 dialog lists it
    const ticketId = (await pool.query('SELECT id::text FROM wb_ticket WHERE ticket_no = $1', [w.ticketNo])).rows[0].id;
    expect(expectOk(await call(app, 'GET', `/api/weigh/pu/pictures/${ticketId}`, operator)).data).toEqual([expect.objectContaining({ fileId, reading: 'FIRST' })]);
    expectFailure(await call(app, 'GET', `/api/weigh/sa/pictures/${ticketId}`, operator), 404);
    const file = await app.inject({ method: 'GET', url: `/api/sys-file-type/img/${fileId}`, headers: { authorization: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // the band at the foot is dark where the picture was an even grey
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(at(5, 5)).toBeGreaterThan(100);
    expect(at(300, info.height - 3)).toBeLessThan(80);
    expect(expectFailure(await lane('snapshot', { ticketNo: w.ticketNo, image: Buffer.from('no picture').toString('base64') }), 400).data).toMatchObject({ field: 'image' });
    expectFailure(await lane('snapshot', { ticketNo: 'NONE', image: picture.toString('base64') }), 404);

    const prints = await logCount('print');
    expectOk(await lane('print', { ticketNo: w.ticketNo }));
    expect(await logCount('print')).toBe(prints + 1);
    expect((await pool.query('SELECT print_count FROM wb_ticket WHERE ticket_no = $1', [w.ticketNo])).rows[0].print_count).toBe(1);
  });

  it('keeps the refused truck\'s picture watermarked with its intervention request, once per request id, and one log entry', async () => {
    const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#777' } }).png().toBuffer();
    const asks = await logCount('laneIntervention');
    const files = Number((await pool.query('SELECT count(*) FROM sys_file')).rows[0].count);
    const ask = { requestId: 'pic-1', reason: 'unstable', message: '读数不稳定', plate: '苏L40001', weight: 30120, unit: 'kg', image: picture.toString('base64') };
    const { id, fileId } = expectOk(await lane('intervention', ask)).data;
    expect(expectOk(await lane('intervention', ask)).data).toEqual({ id, fileId: null });
    expect(await logCount('laneIntervention')).toBe(asks + 1);
    expect(Number((await pool.query('SELECT count(*) FROM sys_file')).rows[0].count)).toBe(files + 1);
    expect((await pool.query('SELECT snapshot_file_id::text FROM wb_lane_intervention WHERE id = $1', [id])).rows[0].snapshot_file_id).toBe(fileId);
    // the queue's list carries it, and the operator opens it
    const list = expectOk(await call(app, 'POST', '/api/lane/intervention/v2/list', operator, { search: [{ key: 'plateNumber', op: 'eq', val: '苏L40001' }], limit: { pn: 1, ps: 10 } })).data.list;
    expect(list).toEqual([expect.objectContaining({ id, snapshotFileId: fileId })]);
    const file = await app.inject({ method: 'GET', url: `/api/sys-file-type/img/${fileId}`, headers: { authorization: operator } });
    expect(file.statusCode).toBe(200);
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[(info.height - 3) * info.width * info.channels + 300 * info.channels]!).toBeLessThan(80);
    // a picture that is none: 400 on image, no request
    expect(expectFailure(await lane('intervention', { ...ask, requestId: 'pic-2', image: Buffer.from('no picture').toString('base64') }), 400).data).toMatchObject({ field: 'image' });
    expect((await pool.query("SELECT count(*)::int AS n FROM wb_lane_intervention WHERE request_id = 'pic-2'")).rows[0].n).toBe(0);
  });

  it("keeps the station's last contact and what it still holds", async () => {
    expectOk(await lane('status', { queued: 7, phase: 'idle' }));
    expectOk(await lane('status', { queued: 2, phase: 'weighing' }));
    expect((await pool.query('SELECT queued, phase FROM wb_lane_contact')).rows).toEqual([{ queued: 2, phase: 'weighing' }]);
    // the operator sees it beside the station's requests
    const list = expectOk(await call(app, 'POST', '/api/lane/intervention/v2/list', operator, { search: [], limit: { pn: 1, ps: 100 } })).data.list as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => Number(r.stationQueued) === 2 && r.stationContactAt)).toBe(true);
  });
});

describe('the refusal reasons', () => {
  it('reads the weighing refusals as the lane reasons', () => {
    expect(reasonOfRefusal('车辆 苏A1 的读数 30.00 不稳定，请待仪表稳定后再称', 'weight')).toBe('unstable');
    expect(reasonOfRefusal('车辆 苏A1 的毛重读数为0', 'weight')).toBe('out-of-range');
    expect(reasonOfRefusal('IC卡 AB 没有绑定在途的登记单', 'cardUid')).toBe('no-registry');
    expect(reasonOfRefusal('超过通知单可用量：本车净重 1', 'weight')).toBe('business');
  });
});
