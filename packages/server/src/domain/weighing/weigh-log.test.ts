import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { identificationOf } from './weigh-log';
import { makeNoticeLine, makeRegistry, makeVehicle, plantOf, testPlate, type Plant } from './test-support';

/**
 * The weigh log (称重日志): every call to the first and second weighing leaves one row, taken,
 * refused or replayed, through the real routes on a real database; the list reads the caller's
 * company only, with its own permission.
 */
let ctx: TestContext;
let op: string;
let plant: Plant;
let request = 0;

const body = (extra: Record<string, unknown>) => ({ stationId: 'L1', requestId: `log-${request++}`, stable: true, ...extra });
const weigh = (kind: string, which: 'first' | 'second', payload: Record<string, unknown>, auth = op) => call(ctx.app, 'POST', `/api/weigh/${kind}/${which}`, auth, payload);

const logRows = (station: string, requestId: string) =>
  ctx.database.db.selectFrom('wb_weigh_log').selectAll().where('station', '=', station).where('request_id', '=', requestId).orderBy('id').execute();
const listLog = (auth: string, search: unknown[] = []) => call(ctx.app, 'POST', '/api/weigh/log/v2/list', auth, { search, limit: { pn: 1, ps: 100 } });

async function truck(o: { maxLimit?: string; preQuantity?: string } = {}) {
  const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: o.maxLimit ?? '100' });
  const plate = testPlate('L');
  const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate, preQuantity: o.preQuantity });
  return { plate, registryId, lineId };
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  plant = await plantOf(ctx.database.db);
});

describe('accepted weighings', () => {
  it('writes one row per weighing with the reading, the station, the request id and the ticket', async () => {
    const { plate, registryId } = await truck();
    const firstCall = body({ registryId, weight: '49.02' });
    const first = expectOk(await weigh('pu', 'first', firstCall)).data;
    expect(await logRows('L1', firstCall.requestId)).toEqual([expect.objectContaining({
      org_id: plant.orgId, kind: 'pu', reading: 'FIRST', outcome: 'ACCEPTED', username: 'operator', identified_by: 'REGISTRY', identified_value: registryId,
      plate_number: plate, weight: '49.0200', unit: 't', stable: null, source: 'MANUAL', tare_choice: 'weigh', ticket_id: first.ticketId, ticket_no: first.ticketNo, status: null, reason: null,
    })]);

    // a typed weight is neither stable nor unstable: the flag sent is not kept, and no unstable check judges it
    const secondCall = body({ plate, weight: '15.25', stable: false });
    const second = expectOk(await weigh('pu', 'second', secondCall)).data;
    expect(second).toMatchObject({ ticketId: first.ticketId, state: 'COMPLETED' });
    expect(await logRows('L1', secondCall.requestId)).toEqual([expect.objectContaining({
      reading: 'SECOND', outcome: 'ACCEPTED', identified_by: 'PLATE', identified_value: plate, plate_number: plate, weight: '15.2500', unit: 't', stable: null,
      source: 'MANUAL', ticket_id: first.ticketId, ticket_no: first.ticketNo,
    })]);
  });

  it('keeps every message of a check that refuses for several reasons', async () => {
    const { registryId, plate } = await truck();
    // a zero reading of a truck whose last tare is next to nothing: the zero check and, where the plant forbids it, the empty-gross check
    await makeVehicle(ctx.database.db, plant, plate, { last: '0.01' });
    await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'emptyGrossCheck', param_value: 'forbid' }).execute();
    const c = body({ registryId, weight: '0' });
    const res = expectFailure(await weigh('pu', 'first', c), 400);
    await ctx.database.db.deleteFrom('sys_param').where('org_id', '=', plant.orgId).where('param_key', '=', 'emptyGrossCheck').execute();
    const messages = (res.data as { errors: { message: string }[] }).errors.map((e) => e.message);
    expect(messages.length).toBeGreaterThan(1);
    expect(await logRows('L1', c.requestId)).toEqual([expect.objectContaining({ outcome: 'REFUSED', plate_number: plate, stable: null, reason: messages.join('；') })]);
  });

  it('logs a body the schema refuses when it names a station, and not when it names none', async () => {
    const c = body({ plate: '苏E00001', weight: -1 });
    expectFailure(await weigh('pu', 'first', c), 400, '参数 weight 错误: 重量不能小于0');
    expect(await logRows('L1', c.requestId)).toEqual([expect.objectContaining({
      reading: 'FIRST', outcome: 'REFUSED', status: 400, reason: '参数 weight 错误: 重量不能小于0', weight: null, identified_by: null, ticket_id: null,
    })]);
    const before = await ctx.database.db.selectFrom('wb_weigh_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expectFailure(await weigh('pu', 'second', { requestId: 'no-station', plate: '苏E00001', weight: 1 }), 400, /^参数 stationId 错误/);
    expectFailure(await weigh('pu', 'second', 'not an object' as never), 400);
    expect(await ctx.database.db.selectFrom('wb_weigh_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('replayed weighings', () => {
  it('writes a replay row for a retried call and weighs nothing twice', async () => {
    const { registryId } = await truck();
    const firstCall = body({ registryId, weight: '40' });
    const t = expectOk(await weigh('pu', 'first', firstCall)).data;
    expect(expectOk(await weigh('pu', 'first', firstCall)).data).toMatchObject({ ticketId: t.ticketId, replay: true });
    const secondCall = body({ registryId, weight: '14' });
    expectOk(await weigh('pu', 'second', secondCall));
    expect(expectOk(await weigh('pu', 'second', secondCall)).data).toMatchObject({ ticketId: t.ticketId, replay: true });

    expect((await logRows('L1', firstCall.requestId)).map((r) => [r.outcome, r.ticket_no])).toEqual([['ACCEPTED', t.ticketNo], ['REPLAY', t.ticketNo]]);
    expect((await logRows('L1', secondCall.requestId)).map((r) => [r.outcome, r.ticket_no, r.weight, r.unit])).toEqual([
      ['ACCEPTED', t.ticketNo, '14.0000', 't'], ['REPLAY', t.ticketNo, '14.0000', 't'],
    ]);
    expect(await ctx.database.db.selectFrom('wb_ticket').select('id').where('registry_id', '=', registryId).execute()).toHaveLength(1);
    expect(await ctx.database.db.selectFrom('wb_weighing').select('reading').where('ticket_id', '=', t.ticketId).orderBy('reading').execute()).toHaveLength(2);
  });
});

describe('the weigh log list', () => {
  it('shows the company its own calls only, searched by station, outcome and time', async () => {
    const admin = (await bearerFor(ctx.app, 'admin')).authorization;
    const other = await ctx.database.db.selectFrom('sys_org').select('id').where('org_code', '=', 'HDJC').executeTakeFirstOrThrow();
    expectOk(await call(ctx.app, 'POST', `/api/sys-user-org/switchOrg/${other.id}`, admin));
    // the administrator's next call is in the other company: a refused weighing there
    expectFailure(await weigh('pt', 'first', { stationId: 'JC1', requestId: 'jc-1', cardUid: 'CAFEBABE', weight: 30 }, admin), 400);
    expect(await logRows('JC1', 'jc-1')).toEqual([expect.objectContaining({ org_id: other.id, outcome: 'REFUSED' })]);
    const mine = expectOk(await listLog(admin, [{ key: 'station', op: 'eq', val: 'JC1' }])).data;
    expect(mine.list.map((r: { requestId: string }) => r.requestId)).toEqual(['jc-1']);

    const seen = expectOk(await listLog(op, [{ key: 'station', op: 'eq', val: 'JC1' }])).data;
    expect(seen).toMatchObject({ list: [], total: 0 });
    const all = expectOk(await listLog(op)).data;
    expect(all.list.length).toBeGreaterThan(0);
    expect(all.list.every((r: { station: string }) => r.station === 'L1')).toBe(true);

    const refused = expectOk(await listLog(op, [
      { key: 'outcome', op: 'eq', val: 'REFUSED' }, { key: 'loggedAt', op: 'ge', val: new Date(Date.now() - 3_600_000).toISOString() },
    ])).data;
    expect(refused.list.length).toBeGreaterThan(0);
    expect(refused.list.every((r: { outcome: string; reason: string }) => r.outcome === 'REFUSED' && r.reason)).toBe(true);
    const times = all.list.map((r: { loggedAt: string }) => new Date(r.loggedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('finds a truck by plate or ticket number', async () => {
    const { registryId, plate } = await truck();
    const t = expectOk(await weigh('pu', 'first', body({ registryId, weight: '40' }))).data;
    const byPlate = expectOk(await listLog(op, [{ key: 'plateNumber', op: 'eq', val: plate }])).data;
    expect(byPlate.list.map((r: { ticketNo: string; outcome: string }) => [r.ticketNo, r.outcome])).toEqual([[t.ticketNo, 'ACCEPTED']]);
    const byTicket = expectOk(await listLog(op, [{ key: 'ticketNo', op: 'like', val: t.ticketNo }])).data;
    expect(byTicket.total).toBe(1);
  });

  it('needs the weigh log permission', async () => {
    const quality = (await bearerFor(ctx.app, 'quality')).authorization;
    expectFailure(await listLog(quality), 403);
    const accountant = (await bearerFor(ctx.app, 'accountant')).authorization;
    expectFailure(await listLog(accountant), 403);
    expectOk(await listLog(op));
  });
});

describe('how a call named its truck', () => {
  it('a second weighing names its ticket first, a first weighing its registry, card, then plate', () => {
    const all = { ticketId: '7', registryId: '8', cardUid: 'ABCDEF01', plate: '苏E12345' };
    expect(identificationOf('SECOND', all)).toEqual({ by: 'TICKET', value: '7' });
    expect(identificationOf('FIRST', all)).toEqual({ by: 'REGISTRY', value: '8' });
    expect(identificationOf('FIRST', { cardUid: 'ABCDEF01', plate: '苏E12345' })).toEqual({ by: 'CARD', value: 'ABCDEF01' });
    expect(identificationOf('SECOND', { plate: '苏E12345' })).toEqual({ by: 'PLATE', value: '苏E12345' });
    expect(identificationOf('FIRST', {})).toBeNull();
  });
});
