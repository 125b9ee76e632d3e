import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { StationAgent } from '@wb/station/agent';
import { StationConfig } from '@wb/station/config';
import { TcpLineCardReader } from '@wb/station/devices/card-reader-tcp';
import { ModbusLaneIo } from '@wb/station/devices/modbus-io';
import { SimulatedLed, SimulatedSpeaker } from '@wb/station/devices/simulators';
import { HttpLaneServer } from '@wb/station/lane/http-lane-server';
import { LaneRunner } from '@wb/station/lane/runner';
import { ScaleSimulator } from '@wb/station/sim/scale-simulator';
import { REAL_TIMING, timingScaled } from '@wb/station/sim/script';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, makeVehicle, plantOf, type Plant } from '../weighing/test-support';

/**
 * Issue 13 part 5: one unattended lane, the simulators (the indicator on TCP, the card reader, the
 * plate camera, the Modbus IO) and the station agent, against the real server on a real port.
 * Three trucks: a purchase truck in (its first weighing), a sales truck out (its second weighing),
 * and a purchase truck refused for tare deviation and released by the remote operator through the
 * HTTP answer.
 */
const ctx = await createTestApp();
const { app } = ctx;
const { db, pool } = ctx.database;
let admin: string;
let operator: string;
let plant: Plant;
let base: string;

const TRUCKS = [
  { plate: '苏A10001', card: 'C1', weight: 31720 },
  { plate: '苏A10002', card: 'C2', weight: 35480 },
  { plate: '苏A10003', card: 'C3', weight: 15480 },
];
const registries: Record<string, string> = {};

async function card(no: string): Promise<string> {
  const row = await db.insertInto('md_ic_card').values({ org_id: plant.orgId, card_no: no, card_uid: null, created_at: new Date(), updated_at: new Date(), remark: null, created_by: null, updated_by: null, vehicle_id: null, lost_at: null })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  plant = await plantOf(db);
  const pu = await makeNoticeLine(db, plant, { kind: 'pu', maxLimit: '1000', price: '10' });
  const sa = await makeNoticeLine(db, plant, { kind: 'sa', maxLimit: '1000', price: '20' });
  registries.T1 = await makeRegistry(db, plant, { kind: 'pu', ...pu, plate: TRUCKS[0]!.plate, cardId: await card('C1') });
  registries.T2 = await makeRegistry(db, plant, { kind: 'sa', ...sa, plate: TRUCKS[1]!.plate, cardId: await card('C2') });
  await makeVehicle(db, plant, TRUCKS[2]!.plate, { last: '12' });
  registries.T3 = await makeRegistry(db, plant, { kind: 'pu', ...pu, plate: TRUCKS[2]!.plate, cardId: await card('C3') });
  // earlier today, at the weighing screen: the sales truck's tare in, the third truck's gross in
  expectOk(await call(app, 'POST', '/api/weigh/sa/first', admin, { registryId: registries.T2, weight: '15.2', stationId: 'DESK', requestId: 'desk-1' }));
  expectOk(await call(app, 'POST', '/api/weigh/pu/first', admin, { registryId: registries.T3, weight: '40', stationId: 'DESK', requestId: 'desk-2' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

/** The remote operator: watches the queue over HTTP and approves what waits (as the 远程干预 screen's 放行 does). */
function remoteOperator(): { stop: () => Promise<void>; answered: string[] } {
  const answered: string[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      try {
      const list = await fetch(`${base}/api/lane/intervention/v2/list`, {
        method: 'POST', headers: { authorization: operator, 'content-type': 'application/json' },
        body: JSON.stringify({ search: [{ key: 'state', op: 'eq', val: 'WAITING' }], limit: { pn: 1, ps: 20 } }),
      }).then((r) => r.json() as Promise<{ msg: string; data: { list?: { id: string; state: string }[] } | null }>);
      if (!list.data?.list) throw new Error(`the queue's list: ${list.msg}`);
      const rows = list.data.list.filter((r) => r.state === 'WAITING');
      if (rows.length > 0) {
        const res = await fetch(`${base}/api/lane/intervention/approve`, {
          method: 'POST', headers: { authorization: operator, 'content-type': 'application/json' },
          body: JSON.stringify({ ids: rows.map((r) => r.id), remark: '司机换了轮胎，皮重属实' }),
        });
        if (res.status !== 200) throw new Error(`approve: ${await res.text()}`);
        answered.push(...rows.map((r) => r.id));
      }
      } catch (e) {
        answered.push(`error: ${(e as Error).message}`);
        on = false;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  // stopped once its last call has answered: the connections are closed after it, never under it
  return { stop: () => { on = false; return loop; }, answered };
}

describe('three trucks through one unattended lane, against the real server', () => {
  it('weighs a purchase truck in, a sales truck out, and one released by the remote operator after a tare deviation', async () => {
    const key = expectOk(await call(app, 'POST', '/api/station/credential/issue', admin, { stationName: '1号无人值守磅', scaleId: 'LANE1' })).data.key as string;
    const sim = new ScaleSimulator({ protocol: 'toledo', trucks: TRUCKS, timing: timingScaled(REAL_TIMING, 3), hz: 50 });
    const ports = await sim.start();
    const led = new SimulatedLed();
    const speaker = new SimulatedSpeaker();
    const io = new ModbusLaneIo({ host: '127.0.0.1', port: ports.io });
    const cardReader = new TcpLineCardReader({ host: '127.0.0.1', port: ports.card });
    let runner: LaneRunner | null = null;
    const lines: string[] = [];
    const server = new HttpLaneServer({ server: base, stationKey: key, onDecision: (d) => runner!.operator(d), pollMs: 50, log: (l) => lines.push(l) });
    runner = new LaneRunner({ cardReader, camera: sim.camera, io, led, speaker }, server, { pollMs: 20, tickMs: 100, log: (l) => lines.push(l) });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lane-'));
    const agent = new StationAgent(
      StationConfig.parse({
        server: base, stationKey: key, queueFile: path.join(dir, 'q.jsonl'), statusEveryMs: 0,
        scales: [{ id: 'LANE1', connection: { type: 'tcp', host: '127.0.0.1', port: ports.indicator }, protocol: { name: 'toledo' } }],
      }),
      { log: (l) => lines.push(l), onReading: (_id, r) => runner!.reading(r) },
    );
    const desk = remoteOperator();
    runner.start();
    agent.start();
    const end = Date.now() + 45_000;
    while (!(sim.io.openings('front') === 3 && runner.phase === 'idle')) {
      if (Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await server.reportStatus(0, runner.phase);
    await desk.stop();
    runner.stop();
    server.stop();
    await runner.settled();
    await agent.stop();
    await cardReader.close();
    await io.close();
    await sim.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    // the agent's and the operator's kept-alive connections: the app's close at the end of the file need not wait for them
    app.server.closeAllConnections();

    expect(desk.answered.filter((a) => a.startsWith('error'))).toEqual([]);
    // the barriers: each truck on over the rear end, off over the front; none backed off
    expect({ rear: sim.io.openings('rear'), front: sim.io.openings('front'), phase: runner.phase, lines }).toEqual({ rear: 3, front: 3, phase: 'idle', lines: [] });
    expect(speaker.said.filter((s) => s === '称重完成，请下磅')).toHaveLength(3);

    // the tickets
    const tickets = (await pool.query(`
      SELECT t.registry_id::text, t.kind, t.state, t.gross::text, t.tare::text, t.net::text, t.lane_approved_by, t.print_count,
             (SELECT array_agg(w.source || ':' || cardinality(w.snapshot_file_ids) ORDER BY w.id) FROM wb_weighing w WHERE w.ticket_id = t.id) AS weighings
        FROM wb_ticket t WHERE t.registry_id = ANY($1::bigint[]) ORDER BY t.registry_id`, [[registries.T1, registries.T2, registries.T3]])).rows;
    const of = (r: string) => tickets.find((t) => t.registry_id === r);
    expect(of(registries.T1!)).toMatchObject({ kind: 'pu', state: 'FIRST_WEIGHED', gross: '31.7200', tare: null, lane_approved_by: null, print_count: 1, weighings: ['STATION:1'] });
    expect(of(registries.T2!)).toMatchObject({ kind: 'sa', state: 'COMPLETED', gross: '35.4800', tare: '15.2000', net: '20.2800', lane_approved_by: null, print_count: 1, weighings: ['MANUAL:0', 'STATION:1'] });
    expect(of(registries.T3!)).toMatchObject({ kind: 'pu', state: 'COMPLETED', gross: '40.0000', tare: '15.4800', net: '24.5200', lane_approved_by: 'operator', print_count: 1, weighings: ['MANUAL:0', 'STATION:1'] });

    // the weigh log of the lane's scale: the refusal, then the weighing the operator let through
    const log = (await pool.query(`SELECT plate_number, reading, outcome, approved_by, source FROM wb_weigh_log WHERE station = 'LANE1' ORDER BY id`)).rows;
    expect(log).toEqual([
      { plate_number: '苏A10001', reading: 'FIRST', outcome: 'ACCEPTED', approved_by: null, source: 'STATION' },
      { plate_number: '苏A10002', reading: 'SECOND', outcome: 'ACCEPTED', approved_by: null, source: 'STATION' },
      { plate_number: '苏A10003', reading: 'SECOND', outcome: 'REFUSED', approved_by: null, source: 'STATION' },
      { plate_number: '苏A10003', reading: 'SECOND', outcome: 'ACCEPTED', approved_by: 'operator', source: 'STATION' },
    ]);
    const queue = (await pool.query(`SELECT plate_number, reason, state, answered_by_name, remark FROM wb_lane_intervention ORDER BY id`)).rows;
    expect(queue).toEqual([{ plate_number: '苏A10003', reason: 'tare-deviation', state: 'USED', answered_by_name: 'operator', remark: '司机换了轮胎，皮重属实' }]);
    expect(desk.answered).toEqual([expect.stringMatching(/^\d+$/)]);
    // the remote operator saw the refused truck: the camera's picture kept with its request
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_lane_intervention WHERE snapshot_file_id IS NOT NULL')).rows[0].n).toBe(1);
    const actions = (await pool.query(`SELECT action, count(*)::int AS n FROM sys_log WHERE action LIKE 'lane%' GROUP BY action ORDER BY action`)).rows;
    expect(actions).toEqual([{ action: 'laneApprove', n: 1 }, { action: 'laneIntervention', n: 1 }, { action: 'laneSnapshot', n: 3 }]);
    const contact = (await pool.query('SELECT queued, phase FROM wb_lane_contact')).rows;
    expect(contact).toEqual([{ queued: 0, phase: 'idle' }]);
  }, 60_000);
});
