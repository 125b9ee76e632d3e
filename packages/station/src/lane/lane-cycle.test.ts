import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StationAgent } from '../agent.js';
import { StationConfig } from '../config.js';
import { TcpLineCardReader } from '../devices/card-reader-tcp.js';
import { ModbusLaneIo } from '../devices/modbus-io.js';
import { SimulatedLed, SimulatedSpeaker } from '../devices/simulators.js';
import { ScaleSimulator } from '../sim/scale-simulator.js';
import { REAL_TIMING, timingScaled } from '../sim/script.js';
import { type LaneServer, LaneRunner } from './runner.js';
import type { LaneCommand, Truck } from './types.js';

const TRUCKS = [
  { plate: '苏A10001', card: 'C1', weight: 31720 },
  { plate: '苏A10002', card: 'C2', weight: 15480 },
  { plate: '苏A10003', card: 'C3', weight: 20000 },
];

/**
 * The server's side of the lane as this test plays it (the server's lane routes are not built
 * here): the registry knows the three trucks; the second is refused for tare deviation and released
 * by the operator; the third is refused and forbidden.
 */
class PlantDesk implements LaneServer {
  weighs: Extract<LaneCommand, { type: 'weigh' }>[] = [];
  interventions: Extract<LaneCommand, { type: 'intervention' }>[] = [];
  snapshots: string[] = [];
  prints: string[] = [];
  alarms: string[] = [];
  constructor(private readonly answer: (decision: 'approve' | 'forbid') => void) {}
  async lookup(id: { by: 'card' | 'plate'; value: string }) {
    const t = TRUCKS.find((x) => (id.by === 'card' ? x.card : x.plate) === id.value);
    return t ? { ok: true as const, truck: { plate: t.plate, card: t.card, registryId: `reg-${t.card}` } satisfies Truck } : { ok: false as const, refusal: { reason: 'no-registry' as const, message: '无有效登记' } };
  }
  async weigh(c: Extract<LaneCommand, { type: 'weigh' }>) {
    this.weighs.push(c);
    if (c.truck.plate === '苏A10002' && !c.approvedByOperator) return { ok: false as const, refusal: { reason: 'tare-deviation' as const, message: '皮重偏差超出允许范围' } };
    if (c.truck.plate === '苏A10003') return { ok: false as const, refusal: { reason: 'business' as const, message: '超出通知单余量' } };
    return { ok: true as const, ticketNo: `T-${c.truck.card}`, kind: 'first' as const, led: [c.truck.plate, `${c.weight} kg`], voice: '称重完成，请下磅' };
  }
  async requestIntervention(c: Extract<LaneCommand, { type: 'intervention' }>) {
    this.interventions.push(c);
    setTimeout(() => this.answer(c.refusal.reason === 'tare-deviation' ? 'approve' : 'forbid'), 30);
  }
  async keepSnapshot(ticketNo: string, picture: Buffer) {
    this.snapshots.push(`${ticketNo}:${picture.length > 0}`);
  }
  async print(ticketNo: string) {
    this.prints.push(ticketNo);
  }
  async alarm(message: string) {
    this.alarms.push(message);
  }
}

describe('one unattended lane on the simulated scale', () => {
  it('weighs a truck, releases one refused for tare deviation, and backs off one forbidden', async () => {
    const sim = new ScaleSimulator({ protocol: 'toledo', trucks: TRUCKS, timing: timingScaled(REAL_TIMING, 8), hz: 50 });
    const ports = await sim.start();
    const led = new SimulatedLed();
    const speaker = new SimulatedSpeaker();
    const io = new ModbusLaneIo({ host: '127.0.0.1', port: ports.io });
    const cardReader = new TcpLineCardReader({ host: '127.0.0.1', port: ports.card });
    let runner: LaneRunner | null = null;
    const desk = new PlantDesk((d) => runner!.operator(d));
    runner = new LaneRunner({ cardReader, camera: sim.camera, io, led, speaker }, desk, { pollMs: 20, tickMs: 100 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lane-'));
    const agent = new StationAgent(
      StationConfig.parse({
        server: 'http://127.0.0.1:9',
        stationKey: 'k',
        queueFile: path.join(dir, 'q.jsonl'),
        statusEveryMs: 0,
        scales: [{ id: 'lane-1', connection: { type: 'tcp', host: '127.0.0.1', port: ports.indicator }, protocol: { name: 'toledo' } }],
      }),
      { log: () => {}, onReading: (_id, r) => runner!.reading(r) },
    );
    runner.start();
    agent.start();
    const end = Date.now() + 15_000;
    while (!(desk.interventions.length === 2 && runner.phase === 'idle' && sim.io.openings('rear') === 4)) {
      if (Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    runner.stop();
    await runner.settled();
    await agent.stop();
    await cardReader.close();
    await io.close();
    await sim.stop();
    fs.rmSync(dir, { recursive: true, force: true });

    expect(desk.weighs.map((w) => [w.truck.plate, w.weight, w.approvedByOperator])).toEqual([
      ['苏A10001', 31720, false],
      ['苏A10002', 15480, false],
      ['苏A10002', 15480, true],
      ['苏A10003', 20000, false],
    ]);
    expect(desk.interventions.map((i) => [i.truck?.plate, i.refusal.reason, i.weight])).toEqual([
      ['苏A10002', 'tare-deviation', 15480],
      ['苏A10003', 'business', 20000],
    ]);
    expect(desk.prints).toEqual(['T-C1', 'T-C2']);
    expect(desk.snapshots).toEqual(['T-C1:true', 'T-C2:true']);
    // three entries and one reversing off through the rear barrier; two trucks out through the front
    expect(sim.io.openings('rear')).toBe(4);
    expect(sim.io.openings('front')).toBe(2);
    expect(speaker.said).toContain('请倒车下磅');
    expect(speaker.said.filter((s) => s === '称重完成，请下磅')).toHaveLength(2);
    expect(runner.phase).toBe('idle');
    expect(desk.alarms).toEqual([]);
  }, 30_000);
});
