/**
 * An unattended lane's own time on the scale (issue 13, item 8: an unattended cycle adds 1 s or
 * less to a truck's time on the scale beyond the settling time). The simulated indicator (TCP,
 * Mettler-Toledo frames), card reader, plate camera and Modbus IO, the station agent, the lane
 * runner with its HTTP client, against the real server (embedded PostgreSQL, the demo plant).
 *
 *   npm run bench:lane
 *
 * Per truck: `ready` is the later of the reading turning stable (the indicator's motion bit off,
 * as the agent reports it) and the truck wholly on the platform (both beams clear, as the IO
 * module reports them); `added` is from `ready` to the exit barrier's open command. It holds the
 * beam poll (200 ms, the runner's default), the weighing call, the watermarked snapshot's upload,
 * the print record, the LED and the voice prompt.
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_TRUCKS   trucks through the lane [8]
 *   BENCH_SPEED    the simulated trucks' speed-up over real driving [2.5]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { StationAgent } from '../packages/station/src/agent';
import { StationConfig } from '../packages/station/src/config';
import { TcpLineCardReader } from '../packages/station/src/devices/card-reader-tcp';
import { ModbusLaneIo } from '../packages/station/src/devices/modbus-io';
import { SimulatedLed, SimulatedSpeaker } from '../packages/station/src/devices/simulators';
import { HttpLaneServer } from '../packages/station/src/lane/http-lane-server';
import { LaneRunner } from '../packages/station/src/lane/runner';
import { ScaleSimulator } from '../packages/station/src/sim/scale-simulator';
import { REAL_TIMING, timingScaled } from '../packages/station/src/sim/script';
import { benchPostgres, cleanUp, cleanups, listen, percentile, round, signIn, waitQuiet } from './support/setup';

const trucks = Number(process.env.BENCH_TRUCKS) || 8;
const speed = Number(process.env.BENCH_SPEED) || 2.5;

/** Purchase trucks through the gate, each on its own registry and card, on one notice line. */
async function plantTrucks(db: ReturnType<typeof openDatabase>['db']) {
  const org = await db.selectFrom('sys_org').select('id').where('org_code', '=', 'HDSN').executeTakeFirstOrThrow();
  const vendor = await db.selectFrom('md_vendor_alloc').select('archive_id').where('org_id', '=', org.id).orderBy('archive_id').executeTakeFirstOrThrow();
  const warehouse = await db.selectFrom('md_warehouse').select('id').where('org_id', '=', org.id).orderBy('id').executeTakeFirstOrThrow();
  const material = await db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id').select('m.id').where('a.org_id', '=', org.id)
    .where('m.scene_confirm', '=', false).where('m.hidden_deduct', '=', '0').where('m.overload', '=', false).where('m.pnmary', 'is', null).orderBy('m.id')
    .executeTakeFirstOrThrow();
  const notice = await db.insertInto('wb_notice').values({
    org_id: org.id, kind: 'pu', notice_no: 'BENCHLANE1', doc_status: 'AUDITED', vendor_id: vendor.archive_id, customer_id: null, ctrl_mode: 'QUANTITY',
    start_time: new Date(Date.now() - 86_400_000), end_time: new Date(Date.now() + 86_400_000),
  }).returning('id').executeTakeFirstOrThrow();
  const line = await db.insertInto('wb_notice_line').values({
    org_id: org.id, notice_id: notice.id, seq: 1, material_id: material.id, warehouse_id: warehouse.id, quantity: '100000', max_limit: '100000', price: '10', quantity_control: true,
  }).returning('id').executeTakeFirstOrThrow();
  const out = [];
  for (let i = 0; i < trucks; i++) {
    const plate = `苏B${String(20000 + i)}`;
    const cardNo = `BL${i}`;
    const card = await db.insertInto('md_ic_card').values({ org_id: org.id, card_no: cardNo, card_uid: null, created_at: new Date(), updated_at: new Date(), remark: null, created_by: null, updated_by: null, vehicle_id: null, lost_at: null })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('wb_registry').values({
      org_id: org.id, kind: 'pu', registry_no: `BENCHDJ${i}`, doc_status: 'AUDITED', trip_state: 'ENTERED', entered_at: new Date(), notice_id: notice.id, notice_line_id: line.id,
      material_id: material.id, plate_number: plate, pre_quantity: '0', reserved_quantity: '0', shipped_quantity: '30', ic_card_id: card.id,
    }).execute();
    out.push({ plate, card: cardNo, weight: 30000 + 20 * i * 37 });
  }
  return out;
}

async function main() {
  const postgres = await benchPostgres();
  const database = openDatabase(postgres.url, 10);
  cleanups.push(() => database.close());
  const visits = await plantTrucks(database.db);
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off', LOG_LEVEL: 'warn' }), database });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const admin = await signIn(base, 'admin');
  const issued = await fetch(`${base}/api/station/credential/issue`, {
    method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ stationName: '压测磅', scaleId: 'BENCH1' }),
  }).then((r) => r.json() as Promise<{ data: { key: string } }>);
  const key = issued.data.key;

  const quiet = await waitQuiet(60);
  const load = os.loadavg();
  const sim = new ScaleSimulator({ protocol: 'toledo', trucks: visits, timing: timingScaled(REAL_TIMING, speed), hz: 20 });
  const ports = await sim.start();
  cleanups.push(() => sim.stop());
  const io = new ModbusLaneIo({ host: '127.0.0.1', port: ports.io });
  const cardReader = new TcpLineCardReader({ host: '127.0.0.1', port: ports.card });
  cleanups.push(() => io.close());
  cleanups.push(() => cardReader.close());

  // the moments of each truck: wholly on (beams clear with weight on), stable, the exit barrier's open
  let heavy = false;
  // a truck's moments count once the one before it has left the platform
  let emptied = true;
  let current: { positioned?: number; stable?: number; open?: number; weighMs?: number } = {};
  const cycles: (typeof current)[] = [];
  const timedIo = {
    readSensors: async () => {
      const s = await io.readSensors();
      if (emptied && heavy && !s.front && !s.rear && current.positioned === undefined) current.positioned = performance.now();
      return s;
    },
    setBarrier: async (end: 'front' | 'rear', open: boolean) => {
      if (end === 'front' && open) {
        current.open = performance.now();
        emptied = false;
        cycles.push(current);
        current = {};
      }
      return io.setBarrier(end, open);
    },
    setLight: io.setLight.bind(io),
    close: io.close.bind(io),
  };
  let runner: LaneRunner | null = null;
  const server = new HttpLaneServer({ server: base, stationKey: key, onDecision: (d) => runner!.operator(d), log: (l) => console.log(l) });
  const weigh = server.weigh.bind(server);
  server.weigh = async (c) => {
    const t0 = performance.now();
    const a = await weigh(c);
    current.weighMs = performance.now() - t0;
    if (!a.ok) console.log('refused', a.refusal);
    return a;
  };
  runner = new LaneRunner({ cardReader, camera: sim.camera, io: timedIo as never, led: new SimulatedLed(), speaker: new SimulatedSpeaker() }, server, { log: (l) => console.log(l) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-lane-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const agent = new StationAgent(
    StationConfig.parse({
      server: base, stationKey: key, queueFile: path.join(dir, 'q.jsonl'), statusEveryMs: 0,
      scales: [{ id: 'BENCH1', connection: { type: 'tcp', host: '127.0.0.1', port: ports.indicator }, protocol: { name: 'toledo' } }],
    }),
    {
      log: () => {},
      onReading: (_id, r) => {
        heavy = Number(r.weight) >= 500;
        if (!heavy) emptied = true;
        if (emptied && heavy && r.stable && current.stable === undefined) current.stable = performance.now();
        runner!.reading(r);
      },
    },
  );
  cleanups.push(() => agent.stop());
  runner.start();
  agent.start();
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  while (cycles.length < visits.length && Date.now() - t0 < visits.length * 30_000) await new Promise((r) => setTimeout(r, 100));
  const cpu = process.cpuUsage(cpu0);
  runner.stop();
  server.stop();

  const added = cycles.filter((c) => c.stable !== undefined && c.positioned !== undefined).map((c) => c.open! - Math.max(c.stable!, c.positioned!)).sort((a, b) => a - b);
  const weighMs = cycles.map((c) => c.weighMs ?? NaN).filter(Number.isFinite).sort((a, b) => a - b);
  const result = {
    at: new Date().toISOString(), trucks: visits.length, weighed: cycles.length, speed, machine: { cpus: os.cpus().length, loadavgAtStart: load.map((l) => round(l)), quiet },
    addedMs: { p50: round(percentile(added, 50)), p95: round(percentile(added, 95)), max: round(added.at(-1) ?? NaN), all: added.map((a) => round(a)) },
    weighCallMs: { p50: round(percentile(weighMs, 50)), max: round(weighMs.at(-1) ?? NaN) },
    processCpuS: round((cpu.user + cpu.system) / 1e6),
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'results', `lane-${result.at.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
}).then(() => process.exit(0));
