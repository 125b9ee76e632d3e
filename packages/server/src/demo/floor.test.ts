import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../test/harness';
import { call, expectOk } from '../../test/api';
import { seedDemoDay } from '../seed/demo-day';
import { demoAdminSession, seedDemoRecords } from '../seed/demo-records';
import { DEMO_SCALE_ID, type Floor, REFUSED_PLATE, startDemoFloor } from './floor';

/**
 * `npm run demo:floor` end to end: the demo plant as a fresh start leaves it (its morning and its
 * records), served on a real port; the floor issues its own station key, runs the simulators and
 * the agent's lane; the lane weighs the demo truck, the refused truck waits in 远程干预, and the
 * indicator's readings reach the platform and keep moving.
 */
const ctx = await createTestApp();
const { app, config } = ctx;
const { db, pool } = ctx.database;
let base: string;
let operator: string;
let session: Awaited<ReturnType<typeof demoAdminSession>>;
const floors: Floor[] = [];
const lines: string[] = [];

beforeAll(async () => {
  await seedDemoDay(app, db, config);
  await seedDemoRecords(app, db, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  operator = (await bearerFor(app, 'operator')).authorization;
  session = await demoAdminSession(db, config, 'demo-floor');
}, 120_000);

afterAll(async () => {
  for (const f of floors) await f.stop();
  await session.close();
  app.server.closeAllConnections();
});

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > end) throw new Error(`demo floor: still waiting for ${what}\n${lines.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const start = async () => {
  const f = await startDemoFloor({ base, authorization: `Bearer ${session.token}`, db, orgId: session.orgId, speed: 4, log: (l) => lines.push(l) });
  floors.push(f);
  return f;
};

describe('npm run demo:floor', () => {
  it('weighs the demo truck through the unattended lane, leaves the refused truck in 远程干预, and keeps the indicator moving', async () => {
    const floor = await start();
    expect(floor.truck.plate).toBe('浙E3F001');

    const ticket = await until('the lane\'s ticket', async () => (await pool.query(`
      SELECT t.state, t.gross::text, w.source, w.station FROM wb_ticket t JOIN wb_weighing w ON w.ticket_id = t.id WHERE t.registry_id = $1`, [floor.truck.registryId])).rows[0]);
    expect(ticket).toEqual({ state: 'FIRST_WEIGHED', gross: '49.3600', source: 'STATION', station: DEMO_SCALE_ID });

    const waiting = await until('the refused truck in 远程干预', async () => {
      const res = expectOk(await call(app, 'POST', '/api/lane/intervention/v2/list', operator, { search: [{ key: 'state', op: 'eq', val: 'WAITING' }], limit: { pn: 1, ps: 20 } }));
      return (res.data.list as { plateNumber: string | null; reason: string; message: string; stationName: string }[]).find((r) => r.plateNumber === REFUSED_PLATE);
    });
    expect({ reason: waiting.reason, message: waiting.message, stationName: waiting.stationName })
      .toEqual({ reason: 'no-registry', message: `车辆 ${REFUSED_PLATE} 无有效登记`, stationName: '3号无人值守磅（演示）' });

    // after the two trucks, cardless trucks keep the indicator's published reading changing
    const seen = new Set<string>();
    await until('the live indicator moving', async () => {
      const scales = expectOk(await call(app, 'GET', '/api/station/scales', operator)).data as { scaleId: string; latest: { weight: string } | null }[];
      const w = scales.find((s) => s.scaleId === DEMO_SCALE_ID)?.latest?.weight;
      if (w !== undefined && floor.events.some((e) => e.event === 'phase' && e.truck === '' && e.phase === 'driveOn')) seen.add(w);
      return seen.size >= 3;
    });
    expect(lines).toContain(`lane ${DEMO_SCALE_ID} voice: 称重完成，请下磅`);
    // the one waiting request is the refused truck's: the trucks after it asked nothing
    expect((await pool.query(`SELECT plate_number, card_no, state FROM wb_lane_intervention`)).rows).toEqual([{ plate_number: REFUSED_PLATE, card_no: null, state: 'WAITING' }]);
  }, 120_000);

  it('issues a new key and a new demo truck when run again, the earlier key revoked', async () => {
    await floors.pop()!.stop();
    const again = await start();
    expect(again.truck.plate).toBe('浙E3F002');
    const keys = (await pool.query(`SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS live, count(*)::int AS all FROM wb_station_credential WHERE scale_id = $1`, [DEMO_SCALE_ID])).rows[0];
    expect(keys).toEqual({ live: 1, all: 2 });
    // the earlier run's refusal is answered, so 远程干预 waits only on this run's
    expect((await pool.query(`SELECT state, remark, answered_by_name FROM wb_lane_intervention`)).rows).toEqual([{ state: 'FORBIDDEN', remark: '演示重新开始', answered_by_name: 'admin' }]);
    // the session opened for the floor does not outlive it
    await session.close();
    expect((await pool.query(`SELECT count(*)::int AS n FROM auth_session WHERE device_id = 'demo-floor' AND revoked_at IS NULL`)).rows[0].n).toBe(0);
  }, 60_000);
});
