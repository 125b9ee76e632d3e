import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { StationAgent } from '@wb/station/agent';
import { StationConfig } from '@wb/station/config';
import type { SimulatedPlateCamera } from '@wb/station/devices/simulators';
import { buildLanes, type Lanes } from '@wb/station/lanes';
import { ScaleSimulator, type SimEvent } from '@wb/station/sim/scale-simulator';
import { REAL_TIMING, timingScaled, type TruckVisit } from '@wb/station/sim/script';
import type { Database } from '../platform/db/pool';

/**
 * The scale floor of the demo plant, on one machine (`npm run demo:floor`): a station key issued
 * for the demo's unattended lane, the simulated indicator, card reader, camera and Modbus IO, and
 * the station agent running the lane against the running platform. One demo truck (a purchase
 * trip of the morning's notice, made now with its IC card, audited and let in) is weighed by the
 * lane by its card; then a truck with no card, whose plate the camera reads and no trip names, is
 * refused and waits in 过磅 → 远程干预; then trucks the lane is not asked about (no card, no plate
 * read) keep the indicator moving until the floor is stopped.
 *
 * Every change goes through the platform's own calls under the demo administrator's session
 * (`authorization`); the database is only read (which notice line, which plate is free).
 */

export const DEMO_SCALE_ID = 'DEMO-LANE';
export const DEMO_STATION_NAME = '3号无人值守磅（演示）';
/** the refused truck: it has no card, and the camera reads a plate no trip names */
export const REFUSED_PLATE = '皖B7Q512';

export interface FloorOptions {
  /** the platform's base URL, e.g. http://localhost:8080 */
  base: string;
  /** `Bearer <token>` of the demo administrator */
  authorization: string;
  db: Database;
  orgId: string;
  /** 1: the trucks at a real pace (about 22 s each); higher is faster */
  speed?: number;
  log?: (line: string) => void;
  /** where the agent keeps its queue file (a temporary directory by default) */
  dir?: string;
}

export interface Floor {
  key: string;
  scaleId: string;
  truck: { plate: string; card: string; registryId: string };
  refused: { plate: string };
  sim: ScaleSimulator;
  agent: StationAgent;
  lanes: Lanes;
  events: SimEvent[];
  stop(): Promise<void>;
}

class FloorCall {
  constructor(private readonly base: string, private readonly authorization: string) {}

  async send<T = Record<string, unknown>>(url: string, payload: unknown): Promise<T> {
    const res = await fetch(`${this.base}${url}`, {
      method: 'POST', headers: { authorization: this.authorization, 'content-type': 'application/json' }, body: JSON.stringify(payload),
    });
    const body = await res.json().catch(() => ({ success: false, msg: `HTTP ${res.status}` })) as { success: boolean; msg: string; data: T };
    if (res.status !== 200 || !body.success) throw new Error(`demo floor: POST ${url} answered ${res.status} ${body.msg}`);
    return body.data;
  }
}

/** The demo purchase notice's line the morning's trucks came on (vendor GYS0001, limestone 0101001), audited. */
async function demoLine(db: Database, orgId: string): Promise<{ id: string; shipped: string }> {
  const { rows } = await sql<{ id: string }>`
    SELECT l.id::text FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id
      JOIN md_vendor v ON v.id = n.vendor_id JOIN md_material m ON m.id = l.material_id
     WHERE n.org_id = ${orgId} AND n.kind = 'pu' AND n.doc_status = 'AUDITED' AND v.vendor_code = 'GYS0001' AND m.inv_code = '0101001'
     ORDER BY n.id LIMIT 1`.execute(db);
  if (!rows[0]) throw new Error('demo floor: the demo plant has no audited purchase notice of GYS0001 for 0101001 (the demo morning is seeded on the first start of a fresh plant)');
  return { id: rows[0].id, shipped: '33.20' };
}

/** The next plate and card of the floor's demo trucks (浙E3F001 with card YS0001, then 002...). */
async function nextTruck(db: Database, orgId: string): Promise<{ plate: string; card: string }> {
  const { rows } = await sql<{ n: number }>`
    SELECT greatest((SELECT count(*) FROM wb_registry WHERE org_id = ${orgId} AND plate_number LIKE '浙E3F%'),
                    (SELECT count(*) FROM md_ic_card WHERE org_id = ${orgId} AND card_no ~ '^YS0[0-9]{3}$'))::int AS n`.execute(db);
  const n = String((rows[0]?.n ?? 0) + 1).padStart(3, '0');
  return { plate: `浙E3F${n}`, card: `YS0${n}` };
}

/** A new key for the demo lane's scale: the one issued by an earlier run is revoked first (a key is shown once). */
async function issueKey(db: Database, call: FloorCall, orgId: string): Promise<string> {
  const live = await db.selectFrom('wb_station_credential').select('id').where('org_id', '=', orgId).where('scale_id', '=', DEMO_SCALE_ID).where('revoked_at', 'is', null).execute();
  if (live.length) await call.send('/api/station/credential/revoke', { ids: live.map((r) => String(r.id)) });
  const issued = await call.send<{ key: string }>('/api/station/credential/issue', { stationName: DEMO_STATION_NAME, scaleId: DEMO_SCALE_ID, remark: 'npm run demo:floor' });
  return issued.key;
}

/**
 * What an earlier run left waiting in 远程干预 on the demo lane (its key is revoked, its lane gone)
 * is answered 禁止, logged as the administrator's, so the queue shows this run's refusal.
 */
async function forbidEarlierRequests(db: Database, call: FloorCall, orgId: string): Promise<void> {
  const waiting = await db.selectFrom('wb_lane_intervention').select('id').where('org_id', '=', orgId).where('scale_id', '=', DEMO_SCALE_ID).where('state', '=', 'WAITING')
    .orderBy('id').limit(100).execute();
  if (waiting.length) await call.send('/api/lane/intervention/forbid', { ids: waiting.map((r) => String(r.id)), remark: '演示重新开始' });
}

/** The demo truck's trip: its IC card, the registry on the demo notice bound to it, audited and let in. */
async function demoTrip(db: Database, call: FloorCall, orgId: string): Promise<{ plate: string; card: string; registryId: string }> {
  const line = await demoLine(db, orgId);
  const { plate, card } = await nextTruck(db, orgId);
  const madeCard = await call.send<{ id: string }>('/api/masterdata/ic-card/create', { entity: { cardNo: card, remark: '演示：无人值守过磅' } });
  const registry = await call.send<{ id: string }>('/api/registry/pu/create', {
    entity: { plateNumber: plate, noticeLineId: line.id, preQuantity: '32', driverName: '演示司机', shippedQuantity: line.shipped, icCardId: String(madeCard.id) },
  });
  const registryId = String(registry.id);
  await call.send('/api/registry/pu/audit', { ids: [registryId] });
  await call.send('/api/registry/pu/letin', { ids: [registryId] });
  return { plate, card, registryId };
}

export async function startDemoFloor(o: FloorOptions): Promise<Floor> {
  const log = o.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const call = new FloorCall(o.base.replace(/\/$/, ''), o.authorization);
  await forbidEarlierRequests(o.db, call, o.orgId);
  const key = await issueKey(o.db, call, o.orgId);
  log(`station key issued for ${DEMO_SCALE_ID} (系统管理 → 磅点凭证: ${DEMO_STATION_NAME})`);
  const truck = await demoTrip(o.db, call, o.orgId);
  log(`demo truck ${truck.plate}, card ${truck.card}: registry audited and let in`);

  const trucks: TruckVisit[] = [
    { plate: truck.plate, card: truck.card, weight: 49360 },
    { plate: REFUSED_PLATE, card: '', weight: 31280 },
    // trucks the lane is not asked about: the indicator keeps moving
    { plate: '', card: '', weight: 18460 },
    { plate: '', card: '', weight: 42780 },
  ];
  let lanes: Lanes | null = null;
  const events: SimEvent[] = [];
  const sim = new ScaleSimulator({
    protocol: 'toledo', trucks, timing: timingScaled(REAL_TIMING, o.speed ?? 1), hz: 10, loop: true, loopFrom: 2,
    onEvent: (e) => {
      events.push(e);
      if (e.event === 'card') log(`card reader: ${e.card}`);
      // the lane's camera reads the plate of a truck that has no card (the simulated camera is the lane's own)
      const carded = trucks.some((t) => t.plate === (e.event === 'plate' ? e.plate : null) && t.card);
      if (e.event === 'plate' && e.plate && !carded) {
        log(`camera: ${e.plate}`);
        (lanes?.lanes[0]?.devices.camera as SimulatedPlateCamera | undefined)?.recognise(e.plate);
      }
      if (e.event === 'phase' && e.truck) log(`scale: ${e.phase} ${e.truck} ${e.weight} kg`);
      else if (e.event === 'phase' && e.phase === 'hold') log(`scale: a truck the lane is not asked about, ${e.weight} kg`);
    },
  });
  const ports = await sim.start();
  const dir = o.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wb-demo-floor-'));
  const config = StationConfig.parse({
    server: o.base, stationKey: key, queueFile: path.join(dir, 'station-queue.jsonl'), statusEveryMs: 0,
    scales: [{
      id: DEMO_SCALE_ID, connection: { type: 'tcp', host: '127.0.0.1', port: ports.indicator }, protocol: { name: 'toledo' },
      stability: { count: 5, tolerance: 20, minWeight: 500 }, limits: { zeroBand: 20, max: 100000 },
    }],
    lanes: [{
      scaleId: DEMO_SCALE_ID,
      cardReader: { type: 'tcp', host: '127.0.0.1', port: ports.card },
      io: { type: 'modbus-tcp', host: '127.0.0.1', port: ports.io },
      statusEveryMs: 5000,
    }],
  });
  const agent = new StationAgent(config, { log, onReading: (id, r) => lanes?.onReading(id, r) });
  lanes = buildLanes(config, () => agent.status().waiting.readings, log);
  lanes.start();
  agent.start();
  const built = lanes;
  let stopped = false;
  return {
    key, scaleId: DEMO_SCALE_ID, truck, refused: { plate: REFUSED_PLATE }, sim, agent, lanes: built, events,
    async stop() {
      if (stopped) return;
      stopped = true;
      await built.stop();
      await agent.stop();
      await sim.stop();
      if (!o.dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
