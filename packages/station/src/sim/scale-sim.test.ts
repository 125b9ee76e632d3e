import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { StationAgent } from '../agent.js';
import { StationConfig } from '../config.js';
import { TcpLineCardReader } from '../devices/card-reader-tcp.js';
import { ModbusLaneIo } from '../devices/modbus-io.js';
import type { PositionSensors } from '../devices/types.js';
import { ScaleSimulator } from './scale-simulator.js';
import { REAL_TIMING, timingScaled } from './script.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Posted {
  scaleId: string;
  readings: { seq: number; weight: string; stable: boolean; unit: string }[];
}

async function recordingServer() {
  const posted: Posted[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const b = JSON.parse(body) as Posted;
      posted.push(b);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: b.readings.length }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { posted, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function agentConfig(server: string, port: number, protocol: StationConfig['scales'][number]['protocol']): StationConfig {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'station-sim-'));
  return StationConfig.parse({
    server,
    stationKey: 'sim-key',
    queueFile: path.join(dir, 'queue.jsonl'),
    publish: { batchMs: 50, heartbeatMs: 500 },
    statusEveryMs: 0,
    scales: [
      {
        id: 'scale-1',
        connection: { type: 'tcp', host: '127.0.0.1', port },
        protocol,
        // the readings in a row span more than half the simulated platform's swing (a period of
        // about 380 ms, sent at 50 Hz): five (80 ms) can sit within 20 kg at a trough of the swing
        // and be judged stable 40 kg short, as a real indicator's would at that rate
        stability: { count: 12, tolerance: 20, minWeight: 500 },
        limits: { zeroBand: 20, max: 100_000 },
      },
    ],
  });
}

function stableWeights(posted: Posted[]): number[] {
  return posted.flatMap((p) => p.readings.filter((r) => r.stable).map((r) => Number(r.weight)));
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) {
    try {
      if (c.pid) process.kill(-c.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

describe('npm run scale-sim with the agent', () => {
  it('an A9 indicator (no motion bit): the agent judges two trucks stable at their weights, with card and beams', async () => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'scale-sim', '--', '--protocol', 'xk3190-a9', '--port', '0', '--speed', '10', '--hz', '50', '--trucks', '苏A12345:C001:31720,苏B67890:C002:15480'],
      { cwd: root, detached: true },
    );
    children.push(child);
    const events: Record<string, unknown>[] = [];
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const l of lines) events.push(JSON.parse(l));
    });
    const until = async (check: () => boolean, ms = 20_000) => {
      const end = Date.now() + ms;
      while (!check()) {
        if (Date.now() > end) throw new Error(`timed out; events ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await until(() => events.some((e) => e.event === 'listening'));
    const ports = events.find((e) => e.event === 'listening') as { indicator: number; card: number; io: number };

    const srv = await recordingServer();
    const agent = new StationAgent(agentConfig(srv.url, ports.indicator, { name: 'xk3190-a9', unit: 'kg' }), { log: () => {} });
    const cards = new TcpLineCardReader({ host: '127.0.0.1', port: ports.card });
    const seenCards: string[] = [];
    cards.onCard((c) => seenCards.push(c));
    const io = new ModbusLaneIo({ host: '127.0.0.1', port: ports.io });
    const beams: PositionSensors[] = [];
    agent.start();
    let polling = true;
    const poll = (async () => {
      while (polling) {
        beams.push(await io.readSensors());
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    await until(() => events.some((e) => e.event === 'phase' && e.phase === 'done'));
    await new Promise((r) => setTimeout(r, 300));
    polling = false;
    await poll;
    await agent.stop();
    await cards.close();
    await io.close();
    process.kill(-child.pid!, 'SIGTERM');
    await srv.close();

    const stable = stableWeights(srv.posted);
    expect(stable).toContain(31720);
    expect(stable).toContain(15480);
    // a stable reading is the truck's weight within one division, never a reading on the way on or off
    expect(stable.filter((w) => Math.abs(w - 31720) > 20 && Math.abs(w - 15480) > 20)).toEqual([]);
    const seqs = srv.posted.flatMap((p) => p.readings.map((r) => r.seq));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    // the sim started before the card reader connected, so the first card may be missed
    expect(seenCards).toContain('C002');
    expect(beams.some((b) => b.front)).toBe(true);
    expect(beams.some((b) => b.rear)).toBe(true);
  }, 30_000);
});

describe('the scale simulator in Toledo', () => {
  it("the agent takes the indicator's motion bit, and the truck's weight in tons", async () => {
    const sim = new ScaleSimulator({
      protocol: 'toledo-checksum',
      trucks: [{ plate: '苏A1', card: 'C1', weight: 31720 }],
      timing: timingScaled(REAL_TIMING, 10),
      hz: 50,
      unit: 't',
      decimals: 2,
    });
    const ports = await sim.start();
    const srv = await recordingServer();
    const config = agentConfig(srv.url, ports.indicator, { name: 'toledo', checksum: true, unit: 't' });
    config.scales[0].stability.minWeight = 0.5;
    const agent = new StationAgent(config, { log: () => {} });
    agent.start();
    await new Promise((r) => setTimeout(r, 2300));
    const status = agent.status();
    await agent.stop();
    await sim.stop();
    await srv.close();
    const readings = srv.posted.flatMap((p) => p.readings);
    expect(readings.every((r) => r.unit === 't')).toBe(true);
    // stable exactly while the indicator holds, so only ever at the truck's weight (or the empty scale)
    expect(new Set(readings.filter((r) => r.stable).map((r) => r.weight))).toEqual(new Set(['0.00', '31.72']));
    expect(status.scales['scale-1']).toMatchObject({ state: 'streaming', unparsed: 0 });
    expect(status.waiting.batches).toBe(0);
  }, 20_000);
});
