import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { StationAgent } from '@wb/station/agent';
import { StationConfig } from '@wb/station/config';
import { buildLanes } from '@wb/station/lanes';
import { ScaleSimulator } from '@wb/station/sim/scale-simulator';
import { REAL_TIMING, timingScaled } from '@wb/station/sim/script';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, type Plant } from '../weighing/test-support';

/**
 * The agent's program starts its lanes from its config (`lanes`): built as main.ts builds them
 * (buildLanes + StationAgent's onReading), on the simulators' ports, against the real server on a
 * real port, one truck is weighed and let off.
 */
const ctx = await createTestApp();
const { app } = ctx;
const { db, pool } = ctx.database;
let admin: string;
let plant: Plant;
let base: string;
let registryId: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  plant = await plantOf(db);
  const pu = await makeNoticeLine(db, plant, { kind: 'pu', maxLimit: '1000', price: '10' });
  const card = await db.insertInto('md_ic_card').values({ org_id: plant.orgId, card_no: 'K1', card_uid: null, created_at: new Date(), updated_at: new Date(), remark: null, created_by: null, updated_by: null, vehicle_id: null, lost_at: null })
    .returning('id').executeTakeFirstOrThrow();
  registryId = await makeRegistry(db, plant, { kind: 'pu', ...pu, plate: '苏A20001', cardId: card.id });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

describe('the station config starts an unattended lane', () => {
  it('refuses a lane on a scale the config does not read', () => {
    const r = StationConfig.safeParse({
      server: 'http://127.0.0.1:1', stationKey: 'k',
      scales: [{ id: 'A', connection: { type: 'tcp', host: '127.0.0.1', port: 1 }, protocol: { name: 'toledo' } }],
      lanes: [{ scaleId: 'B', cardReader: { type: 'tcp', host: '127.0.0.1', port: 2 }, io: { type: 'modbus-tcp', host: '127.0.0.1', port: 3 } }],
    });
    expect(r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lanes.0.scaleId', 'not one of scales[].id']]);
  });

  it('weighs one truck through the lane its config names', async () => {
    const key = expectOk(await call(app, 'POST', '/api/station/credential/issue', admin, { stationName: '2号无人值守磅', scaleId: 'LANE2' })).data.key as string;
    const sim = new ScaleSimulator({ protocol: 'toledo', trucks: [{ plate: '苏A20001', card: 'K1', weight: 30500 }], timing: timingScaled(REAL_TIMING, 3), hz: 50 });
    const ports = await sim.start();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lane-config-'));
    const config = StationConfig.parse({
      server: base, stationKey: key, queueFile: path.join(dir, 'q.jsonl'), statusEveryMs: 0,
      scales: [{ id: 'LANE2', connection: { type: 'tcp', host: '127.0.0.1', port: ports.indicator }, protocol: { name: 'toledo' } }],
      lanes: [{
        scaleId: 'LANE2',
        cardReader: { type: 'tcp', host: '127.0.0.1', port: ports.card },
        io: { type: 'modbus-tcp', host: '127.0.0.1', port: ports.io },
        pollMs: 20, tickMs: 100, answerPollMs: 50, statusEveryMs: 200,
      }],
    });
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    let lanes: ReturnType<typeof buildLanes> | null = null;
    const agent = new StationAgent(config, { log, onReading: (id, r) => lanes?.onReading(id, r) });
    lanes = buildLanes(config, () => agent.status().waiting.readings, log);
    lanes.start();
    agent.start();
    const runner = lanes.lanes[0]!.runner;
    const end = Date.now() + 30_000;
    while (!(sim.io.openings('front') === 1 && runner.phase === 'idle')) {
      if (Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // until the idle lane's status report has reached the server (a state, not a time)
    const reported = Date.now() + 10_000;
    for (;;) {
      const [row] = (await pool.query('SELECT queued, phase FROM wb_lane_contact')).rows as { queued: number; phase: string }[];
      if ((row?.queued === 0 && row.phase === 'idle') || Date.now() > reported) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await lanes.stop();
    await agent.stop();
    await sim.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    app.server.closeAllConnections();

    expect({ rear: sim.io.openings('rear'), front: sim.io.openings('front'), phase: runner.phase }).toEqual({ rear: 1, front: 1, phase: 'idle' });
    expect(lines).toContain('lane LANE2 voice: 称重完成，请下磅');
    const tickets = (await pool.query(`
      SELECT t.state, t.gross::text, t.print_count,
             (SELECT array_agg(w.source || ':' || cardinality(w.snapshot_file_ids)) FROM wb_weighing w WHERE w.ticket_id = t.id) AS weighings
        FROM wb_ticket t WHERE t.registry_id = $1`, [registryId])).rows;
    expect(tickets).toEqual([{ state: 'FIRST_WEIGHED', gross: '30.5000', print_count: 1, weighings: ['STATION:1'] }]);
    const contact = (await pool.query('SELECT queued, phase FROM wb_lane_contact')).rows;
    expect(contact).toEqual([{ queued: 0, phase: 'idle' }]);
  }, 45_000);
});
