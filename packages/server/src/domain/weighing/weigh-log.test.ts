import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { identificationOf } from './weigh-log';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from './test-support';

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
      plate_number: plate, weight: '49.0200', unit: 't', stable: true, tare_choice: 'weigh', ticket_id: first.ticketId, ticket_no: first.ticketNo, status: null, reason: null,
    })]);

    const secondCall = body({ plate, weight: '15.25', stable: false });
    // an unstable reading is refused by default: the company lets this one through with a warning
    await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'unstableCheck', param_value: 'warn' })
      .onConflict((oc) => oc.columns(['org_id', 'param_key']).doUpdateSet({ param_value: 'warn' })).execute();
    const second = expectOk(await weigh('pu', 'second', secondCall)).data;
    await ctx.database.db.deleteFrom('sys_param').where('org_id', '=', plant.orgId).where('param_key', '=', 'unstableCheck').execute();
    expect(second).toMatchObject({ ticketId: first.ticketId, state: 'COMPLETED' });
    expect(await logRows('L1', secondCall.requestId)).toEqual([expect.objectContaining({
      reading: 'SECOND', outcome: 'ACCEPTED', identified_by: 'PLATE', identified_value: plate, plate_number: plate, weight: '15.2500', unit: 't', stable: false,
      ticket_id: first.ticketId, ticket_no: first.ticketNo,
    })]);
  });

  it('keeps the weight as the station sent it, in the company unit of the time', async () => {
    await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'weightUnit', param_value: 'kg' }).execute();
    try {
      const { registryId } = await truck();
      const c = body({ registryId, weight: '40120' });
      expect(expectOk(await weigh('pu', 'first', c)).data).toMatchObject({ gross: '40.12' });
      expect(await logRows('L1', c.requestId)).toEqual([expect.objectContaining({ outcome: 'ACCEPTED', weight: '40120.0000', unit: 'kg' })]);
      const refused = body({ cardUid: 'ABCDEF01', weight: '40120' });
      expectFailure(await weigh('pu', 'first', refused), 400);
      expect(await logRows('L1', refused.requestId)).toEqual([expect.objectContaining({ outcome: 'REFUSED', weight: '40120.0000', unit: 'kg' })]);
    } finally {
      await ctx.database.db.deleteFrom('sys_param').where('org_id', '=', plant.orgId).where('param_key', '=', 'weightUnit').execute();
    }
  });

  it('leaves no accepted row when the weighing fails after its writes and is rolled back', async () => {
    const { registryId } = await truck();
    // the database refuses the registry's move to the scale, the weighing's last write after the reading and its log row
    await sql.raw(`CREATE FUNCTION test_refuse_registry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${Number(registryId)} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_refuse_registry BEFORE UPDATE ON wb_registry FOR EACH ROW EXECUTE FUNCTION test_refuse_registry()`).execute(ctx.database.db);
    try {
      const c = body({ registryId, weight: '40' });
      expectFailure(await weigh('pu', 'first', c), 500);
      expect(await logRows('L1', c.requestId)).toEqual([]);
      expect(await ctx.database.db.selectFrom('wb_ticket').select('id').where('registry_id', '=', registryId).execute()).toEqual([]);
    } finally {
      await sql.raw('DROP TRIGGER test_refuse_registry ON wb_registry; DROP FUNCTION test_refuse_registry()').execute(ctx.database.db);
    }
  });
});

describe('refused weighings', () => {
  it('writes a refused row with the message when the net would pass the notice max limit, and the ticket stays as it was', async () => {
    const { registryId, lineId } = await truck({ maxLimit: '30', preQuantity: '25' });
    const t = expectOk(await weigh('pu', 'first', body({ registryId, weight: '49' }))).data;
    const before = await ctx.database.db.selectFrom('wb_ticket').selectAll().where('id', '=', t.ticketId).executeTakeFirstOrThrow();
    const c = body({ registryId, weight: '15' });
    expectFailure(await weigh('pu', 'second', c), 400, '超过通知单可用量：本车净重 34 吨，通知单剩余 30 吨');
    expect(await logRows('L1', c.requestId)).toEqual([expect.objectContaining({
      reading: 'SECOND', outcome: 'REFUSED', status: 400, reason: '超过通知单可用量：本车净重 34 吨，通知单剩余 30 吨', weight: '15.0000', unit: 't',
      identified_by: 'REGISTRY', ticket_id: t.ticketId, ticket_no: t.ticketNo,
    })]);
    expect(await ctx.database.db.selectFrom('wb_ticket').selectAll().where('id', '=', t.ticketId).executeTakeFirstOrThrow()).toEqual(before);
    expect(await ctx.database.db.selectFrom('wb_weighing').select('reading').where('ticket_id', '=', t.ticketId).execute()).toEqual([{ reading: 'FIRST' }]);
    expect((await ctx.database.db.selectFrom('wb_notice_line').select('done_quantity').where('id', '=', lineId).executeTakeFirstOrThrow()).done_quantity).toBe('0.0000');
  });

  it('writes a refused row for an unknown card, with no ticket', async () => {
    const tickets = await ctx.database.db.selectFrom('wb_ticket').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const c = body({ cardUid: 'deadbeef', weight: 40 });
    expectFailure(await weigh('pu', 'first', c), 400, 'IC卡 DEADBEEF 没有绑定在途的登记单');
    expect(await logRows('L1', c.requestId)).toEqual([expect.objectContaining({
      reading: 'FIRST', outcome: 'REFUSED', status: 400, reason: 'IC卡 DEADBEEF 没有绑定在途的登记单', identified_by: 'CARD', identified_value: 'DEADBEEF',
      weight: '40.0000', unit: 't', ticket_id: null, ticket_no: null,
    })]);
    expect(await ctx.database.db.selectFrom('wb_ticket').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(tickets);
  });

  it('keeps every message of a check that refuses for several reasons', async () => {
    const { registryId, plate } = await truck();
    // a zero and an unstable reading: both checks forbid by default
    const c = body({ registryId, weight: '0', stable: false });
    const res = expectFailure(await weigh('pu', 'first', c), 400);
    const messages = (res.data as { errors: { message: string }[] }).errors.map((e) => e.message);
    expect(messages.length).toBeGreaterThan(1);
    expect(await logRows('L1', c.requestId)).toEqual([expect.objectContaining({ outcome: 'REFUSED', plate_number: plate, stable: false, reason: messages.join('；') })]);
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
