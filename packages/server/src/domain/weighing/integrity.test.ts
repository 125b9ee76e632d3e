import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, makeVehicle, plantOf, testPlate, type Plant } from './test-support';

/**
 * A figure on a trade scale says where it came from, and an unusual one never passes quietly:
 * the weighing's source decided by the server (station/source-rules.ts) through every path a weight
 * arrives by, and the unusual second weighing (rules/unusual.ts) refused, or confirmed and marked.
 */
const ctx = await createTestApp();
const { app } = ctx;
const { db, pool } = ctx.database;
let admin: string;
let operator: string;
let plant: Plant;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  plant = await plantOf(db);
});

let request = 0;
const body = (station: string, extra: Record<string, unknown>): Record<string, unknown> & { requestId: string } => ({ stationId: station, requestId: `${station}-${request++}`, ...extra });
const confirmOf = (res: { data: unknown }) => (res.data as { confirm?: string[] }).confirm;
const weigh = (which: 'first' | 'second', payload: Record<string, unknown>, auth = operator, kind = 'pu') => call(app, 'POST', `/api/weigh/${kind}/${which}`, auth, payload);

async function truck(o: { kind?: 'pu' | 'sa'; capacity?: string } = {}) {
  const { noticeId, lineId } = await makeNoticeLine(db, plant, { kind: o.kind ?? 'pu', maxLimit: '1000', price: '10' });
  const plate = testPlate('I');
  if (o.capacity) await pool.query('UPDATE md_vehicle SET capacity_tonnage = $2 WHERE id = $1', [await makeVehicle(db, plant, plate), o.capacity]);
  const registryId = await makeRegistry(db, plant, { kind: o.kind ?? 'pu', noticeId, lineId, plate, preQuantity: '20' });
  return { plate, registryId };
}
const ticketOf = async (id: string) => (await pool.query(
  'SELECT state, manual, gross::text, tare::text, net::text, unusual_confirmed FROM wb_ticket WHERE id = $1', [id])).rows[0];
const readingsOf = async (id: string) => (await pool.query('SELECT reading, source, stable FROM wb_weighing WHERE ticket_id = $1 ORDER BY id', [id])).rows;
const logOf = async (requestId: string) => (await pool.query(
  'SELECT outcome, source, stable, status, reason, confirmed FROM wb_weigh_log WHERE request_id = $1 ORDER BY id', [requestId])).rows;
const setParam = async (key: string, value: string) => {
  await pool.query(`INSERT INTO sys_param (org_id, param_key, param_value) VALUES ($1, $2, $3)
    ON CONFLICT (org_id, param_key) DO UPDATE SET param_value = EXCLUDED.param_value`, [plant.orgId, key, value]);
};

/** The operator's role without the manual-weighing right, for the length of `run`. */
async function withoutManualRight(run: () => Promise<void>): Promise<void> {
  const taken = (await pool.query(`DELETE FROM sys_role_menu rm USING sys_menu m, sys_role r
    WHERE rm.menu_id = m.id AND m.permission = 'weigh_manual' AND rm.role_id = r.id AND r.role_code = 'ROLE_OPERATOR' RETURNING rm.role_id, rm.menu_id`)).rows;
  expect(taken.length).toBeGreaterThan(0);
  try {
    await run();
  } finally {
    for (const r of taken) await pool.query('INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)', [r.role_id, r.menu_id]);
  }
}

describe('a typed weight is always a typed weight', () => {
  // the company has no station agent publishing (no station key): the screen says 未接入仪表
  it('marks a weight typed where no agent publishes as manual on the ticket and in the weigh log, the stable switch meaning nothing', async () => {
    const t = await truck();
    const sent = body('T1', { registryId: t.registryId, weight: '40', stable: false });
    const first = expectOk(await weigh('first', sent)).data;
    expect(first).toMatchObject({ gross: '40', state: 'FIRST_WEIGHED' });
    expect(await ticketOf(first.ticketId)).toMatchObject({ manual: true });
    expect(await readingsOf(first.ticketId)).toEqual([{ reading: 'FIRST', source: 'MANUAL', stable: null }]);
    expect(await logOf(sent.requestId)).toEqual([{ outcome: 'ACCEPTED', source: 'MANUAL', stable: null, status: null, reason: null, confirmed: null }]);
    // a flag the client sends names no source: the old `manual` flag is no field of the call
    expectFailure(await weigh('second', body('T1', { plate: t.plate, weight: '15', manual: false })), 400);
    const second = body('T1', { plate: t.plate, weight: '15' });
    expect(expectOk(await weigh('second', second)).data).toMatchObject({ net: '25', state: 'COMPLETED' });
    expect(await readingsOf(first.ticketId)).toEqual([{ reading: 'FIRST', source: 'MANUAL', stable: null }, { reading: 'SECOND', source: 'MANUAL', stable: null }]);
  });

  it('refuses a typed weight from whom lacks the manual right, writing nothing but the refusal', async () => {
    const t = await truck();
    await withoutManualRight(async () => {
      const sent = body('T1', { registryId: t.registryId, weight: '40' });
      expectFailure(await weigh('first', sent), 403, '手工录入重量需要手工过磅权限');
      expect(await logOf(sent.requestId)).toEqual([{ outcome: 'REFUSED', source: 'MANUAL', stable: null, status: 403, reason: '手工录入重量需要手工过磅权限', confirmed: null }]);
    });
    expect(Number((await pool.query('SELECT count(*) FROM wb_ticket WHERE plate_number = $1', [t.plate])).rows[0].count)).toBe(0);
  });

  it('answers a replayed typed weighing with its first answer, as typed, whether or not the caller may type now', async () => {
    const t = await truck();
    const sent = body('T1', { registryId: t.registryId, weight: '40' });
    const first = expectOk(await weigh('first', sent)).data;
    await withoutManualRight(async () => {
      const again = expectOk(await weigh('first', { ...sent, weight: '41' })).data;
      expect(again).toMatchObject({ ticketId: first.ticketId, gross: '40', replay: true });
    });
    expect((await logOf(sent.requestId)).map((r) => `${r.outcome}:${r.source}`)).toEqual(['ACCEPTED:MANUAL', 'REPLAY:MANUAL']);
  });

  describe('with a station agent publishing', () => {
    let key: string;
    let seq = 1;
    const publish = (weight: string) => call(app, 'POST', '/api/station/readings', `Station ${key}`, {
      scaleId: 'IW', readings: [{ seq: seq++, at: new Date().toISOString(), weight, unit: 'kg', stable: true }],
    });
    beforeAll(async () => {
      key = expectOk(await call(app, 'POST', '/api/station/credential/issue', admin, { stationName: 'I号磅', scaleId: 'IW' })).data.key;
    });

    it('takes the agent\'s reading as the indicator\'s: not manual, and a replay sending a typed weight stays the indicator\'s', async () => {
      const t = await truck();
      await publish('41260');
      const sent = body('IW', { registryId: t.registryId, scaleId: 'IW' });
      const first = expectOk(await weigh('first', sent)).data;
      expect(first.gross).toBe('41.26');
      expect(await ticketOf(first.ticketId)).toMatchObject({ manual: false });
      expect(await readingsOf(first.ticketId)).toEqual([{ reading: 'FIRST', source: 'INDICATOR', stable: true }]);
      // the same request id sent again with a number in place of the scale: the first answer, never a typed weight
      const { scaleId: _, ...typed } = sent;
      const again = expectOk(await weigh('first', { ...typed, weight: '50' })).data;
      expect(again).toMatchObject({ ticketId: first.ticketId, gross: '41.26', replay: true });
      expect(await ticketOf(first.ticketId)).toMatchObject({ manual: false });
      expect((await logOf(sent.requestId)).map((r) => `${r.outcome}:${r.source}`)).toEqual(['ACCEPTED:INDICATOR', 'REPLAY:INDICATOR']);
    });

    it('takes a station program\'s weight under its station key as the station\'s, with its stable flag, and its replay likewise', async () => {
      const t = await truck();
      const sent = { requestId: `lane-${request++}`, plate: t.plate, registryId: t.registryId, weight: 30000, unit: 'kg', stable: true };
      const lane = () => call(app, 'POST', '/api/lane/weigh', `Station ${key}`, sent);
      const first = expectOk(await lane()).data;
      expect(first).toMatchObject({ ok: true, kind: 'first', replay: false });
      expect(expectOk(await lane()).data).toMatchObject({ ok: true, replay: true, ticketId: first.ticketId });
      expect(await ticketOf(first.ticketId)).toMatchObject({ manual: false, gross: '30.0000' });
      expect(await readingsOf(first.ticketId)).toEqual([{ reading: 'FIRST', source: 'STATION', stable: true }]);
      expect((await logOf(sent.requestId)).map((r) => `${r.outcome}:${r.source}:${r.stable}`)).toEqual(['ACCEPTED:STATION:true', 'REPLAY:STATION:true']);
    });

    it('still marks a typed weight manual where the scale is wired', async () => {
      const t = await truck();
      const first = expectOk(await weigh('first', body('IW', { registryId: t.registryId, weight: '40' }))).data;
      expect(await ticketOf(first.ticketId)).toMatchObject({ manual: true });
    });
  });
});

describe('no silent swap of gross and tare', () => {
  const REVERSED = (plate: string) => `车辆 ${plate} 毛皮重顺序颠倒：应先称毛重后称皮重，一次过磅 45.62 吨，二次过磅 60 吨反而更重`;

  it('refuses a purchase weighed 45.62 t then 60 t, naming both readings, and completes nothing', async () => {
    const t = await truck();
    const first = expectOk(await weigh('first', body('R1', { registryId: t.registryId, weight: '45.62' }))).data;
    const sent = body('R1', { plate: t.plate, weight: '60' });
    const refused = expectFailure(await weigh('second', sent), 400, `${REVERSED(t.plate)}，不能过磅`);
    expect(refused.data).toMatchObject({ field: 'weight' });
    expect(confirmOf(refused)).toBeUndefined();
    // a confirmation the plant does not allow changes nothing
    expectFailure(await weigh('second', body('R1', { plate: t.plate, weight: '60', confirm: ['reversedOrder'] })), 400, `${REVERSED(t.plate)}，不能过磅`);
    expect(await ticketOf(first.ticketId)).toMatchObject({ state: 'FIRST_WEIGHED', tare: null, net: null });
    expect(await logOf(sent.requestId)).toMatchObject([{ outcome: 'REFUSED', status: 400, reason: `${REVERSED(t.plate)}，不能过磅` }]);
  });

  it('lets it through, where the plant allows, only once confirmed, and marks the ticket and the weigh log', async () => {
    await setParam('reversedOrder', 'confirm');
    try {
      const t = await truck();
      const first = expectOk(await weigh('first', body('R2', { registryId: t.registryId, weight: '45.62' }))).data;
      const refused = expectFailure(await weigh('second', body('R2', { plate: t.plate, weight: '60' })), 400, `${REVERSED(t.plate)}，请核实后确认过磅`);
      expect(confirmOf(refused)).toEqual(['reversedOrder']);
      expect((await ticketOf(first.ticketId)).state).toBe('FIRST_WEIGHED');
      const sent = body('R2', { plate: t.plate, weight: '60', confirm: ['reversedOrder'] });
      const done = expectOk(await weigh('second', sent)).data;
      expect(done).toMatchObject({ state: 'COMPLETED', gross: '60', tare: '45.62', net: '14.38', swapped: true });
      expect(await ticketOf(first.ticketId)).toMatchObject({ unusual_confirmed: REVERSED(t.plate) });
      expect(await logOf(sent.requestId)).toMatchObject([{ outcome: 'ACCEPTED', confirmed: REVERSED(t.plate) }]);
      // the ticket list shows it
      const list = expectOk(await call(app, 'POST', '/api/weigh/pu/v2/list', operator, { search: [{ key: 'ticketNo', op: 'eq', val: first.ticketNo }], limit: { pn: 1, ps: 10 } }));
      expect(JSON.stringify(list.data)).toContain('毛皮重顺序颠倒');
    } finally {
      await setParam('reversedOrder', 'forbid');
    }
  });

  it('takes the usual order without a word', async () => {
    const t = await truck({ capacity: '30' });
    const first = expectOk(await weigh('first', body('R3', { registryId: t.registryId, weight: '45.62' }))).data;
    expect(expectOk(await weigh('second', body('R3', { plate: t.plate, weight: '15.62' }))).data).toMatchObject({ net: '30', swapped: false });
    expect((await ticketOf(first.ticketId)).unusual_confirmed).toBeNull();
  });

  it('refuses a load above the vehicle\'s rated load, and a net below the material\'s minimum, naming the figures', async () => {
    const t = await truck({ capacity: '20' });
    expectOk(await weigh('first', body('R4', { registryId: t.registryId, weight: '40' })));
    expectFailure(await weigh('second', body('R4', { plate: t.plate, weight: '15' })), 400,
      `车辆 ${t.plate} 载重 25 吨（毛重 40 吨 - 皮重 15 吨）超过核定载质量 20 吨，不能过磅`);
    await pool.query('UPDATE md_material SET min_net = 30 WHERE id = $1', [plant.materialId]);
    await setParam('netOutOfRange', 'confirm');
    try {
      const u = await truck();
      const first = expectOk(await weigh('first', body('R4', { registryId: u.registryId, weight: '40' }))).data;
      const words = `车辆 ${u.plate} 净重 25 吨 低于物料最小净重 30 吨`;
      expect(confirmOf(expectFailure(await weigh('second', body('R4', { plate: u.plate, weight: '15' })), 400, `${words}，请核实后确认过磅`))).toEqual(['netOutOfRange']);
      expectOk(await weigh('second', body('R4', { plate: u.plate, weight: '15', confirm: ['netOutOfRange'] })));
      expect(await ticketOf(first.ticketId)).toMatchObject({ state: 'COMPLETED', unusual_confirmed: words });
    } finally {
      await pool.query('UPDATE md_material SET min_net = NULL WHERE id = $1', [plant.materialId]);
      await setParam('netOutOfRange', 'forbid');
    }
  });

  it('refuses a reversed order on an unattended lane until the remote operator approves it, where the plant allows', async () => {
    const key = expectOk(await call(app, 'POST', '/api/station/credential/issue', admin, { stationName: 'R号磅', scaleId: 'RL' })).data.key;
    const lane = (path: string, payload: unknown) => call(app, 'POST', `/api/lane/${path}`, `Station ${key}`, payload);
    const t = await truck();
    const sent = (weight: number, extra: Record<string, unknown> = {}) => ({ requestId: `rl-${request++}`, plate: t.plate, registryId: t.registryId, weight, unit: 'kg', stable: true, ...extra });
    const first = expectOk(await lane('weigh', sent(45620))).data;
    // forbidden by the plant: a refusal for the remote operator, and an approval does not lift it
    const refused = expectOk(await lane('weigh', sent(60000))).data;
    expect(refused).toEqual({ ok: false, refusal: { reason: 'business', message: `${REVERSED(t.plate)}，不能过磅` } });
    await setParam('reversedOrder', 'confirm');
    try {
      const waiting = expectOk(await lane('weigh', sent(60000))).data;
      expect(waiting).toEqual({ ok: false, refusal: { reason: 'business', message: `${REVERSED(t.plate)}，请核实后确认过磅` } });
      const { id } = expectOk(await lane('intervention', { requestId: `ask-${request++}`, reason: 'business', message: waiting.refusal.message, plate: t.plate, registryId: t.registryId, weight: 60000, unit: 'kg' })).data;
      expect((await pool.query('SELECT state FROM wb_lane_intervention WHERE id = $1', [id])).rows[0].state).toBe('WAITING');
      expectOk(await call(app, 'POST', '/api/lane/intervention/approve', operator, { ids: [id] }));
      const approved = sent(60000, { approvedByOperator: true });
      expect(expectOk(await lane('weigh', approved)).data).toMatchObject({ ok: true, kind: 'second', ticketNo: first.ticketNo });
      expect(await ticketOf(first.ticketId)).toMatchObject({ state: 'COMPLETED', gross: '60.0000', tare: '45.6200', unusual_confirmed: REVERSED(t.plate) });
      expect(await logOf(approved.requestId)).toMatchObject([{ outcome: 'ACCEPTED', source: 'STATION', confirmed: REVERSED(t.plate) }]);
    } finally {
      await setParam('reversedOrder', 'forbid');
    }
  });
});

describe('the same-weight check, its readings read with the facts', () => {
  it('finds the reading of the same weight as the parameters in force record it, also right after they changed', async () => {
    const [a, b, c] = [await truck(), await truck(), await truck()];
    expectOk(await weigh('first', body('SW', { registryId: a.registryId, weight: '33' })));
    await setParam('weightPrecision', '0');
    try {
      // the process last read two decimals, so the readings that rode with the facts are those of 33.4; whole tons record it as 33
      const second = expectOk(await weigh('first', body('SW', { registryId: b.registryId, weight: '33.4' }))).data;
      expect(JSON.stringify(second.warnings)).toContain(`与车辆 ${a.plate} `);
      // and now that it knows whole tons, the readings it carries are the right ones
      const third = expectOk(await weigh('first', body('SW', { registryId: c.registryId, weight: '32.6' }))).data;
      expect(JSON.stringify(third.warnings)).toMatch(new RegExp(`与车辆 (${a.plate}|${b.plate}) `));
    } finally {
      await setParam('weightPrecision', '2');
    }
  });
});
