// Frames parsed per second on one core, per protocol (issue 13: >= 10,000 frames/s; an indicator
// sends 10 to 50 a second). Run: npm run bench:station (BENCH_FRAMES, BENCH_ROUNDS, BENCH_CHUNK).
// The frames are made by the scale simulator's encoders, weights varying as a truck drives on, and
// are fed to the parser in chunks of BENCH_CHUNK bytes (a serial read or a TCP segment), through
// the same path the agent takes: parser, then the port's stability judge.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFrame, type SimProtocol } from '../packages/station/src/parse/encode.js';
import { createParser, protocolFromText } from '../packages/station/src/parse/protocols.js';
import { StabilityJudge } from '../packages/station/src/stability.js';

const FRAMES = Number(process.env.BENCH_FRAMES ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 64);

const REGEX = 'regex:^(?:(?<stable>ST)|US),GS,(?<weight>[-+\\d.]+)(?<unit>kg|t)$';
const PROTOCOLS: { name: string; protocol: string; encode: (w: number, motion: boolean) => Buffer }[] = [
  ...(['toledo', 'toledo-checksum', 'xk3190-a9', 'xk3190-a12', 'reversed'] as SimProtocol[]).map((p) => ({
    name: p,
    protocol: p,
    encode: (w: number, motion: boolean) => encodeFrame(p, { weight: w, decimals: 0, motion }),
  })),
  {
    name: 'regex',
    protocol: REGEX,
    encode: (w: number, motion: boolean) => Buffer.from(`${motion ? 'US' : 'ST'},GS,+${String(w).padStart(7, '0')}kg\r\n`),
  },
];

function stream(encode: (w: number, motion: boolean) => Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < FRAMES; i++) {
    const w = Math.min(i % 400, 300) * 80; // a truck driving on, then holding
    parts.push(encode(w, i % 400 < 300));
  }
  return Buffer.concat(parts);
}

function chunks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) out.push(bytes.subarray(at, at + CHUNK));
  return out;
}

function round(protocol: string, input: Buffer[]): { frames: number; ms: number; cpuMs: number } {
  const judge = new StabilityJudge({ count: 5, tolerance: 20, minWeight: 500 }, { zeroBand: 20, max: 100_000 });
  let frames = 0;
  let stable = 0;
  const parser = createParser(protocolFromText(protocol), {
    frame: (f) => {
      frames++;
      if (judge.judge(f).stable) stable++;
    },
    bad: () => {
      throw new Error('the bench frames must all parse');
    },
  });
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (const c of input) parser.push(c);
  parser.end();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  if (frames !== FRAMES || stable === 0) throw new Error(`${protocol}: ${frames} frames, ${stable} stable`);
  return { frames, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function main(): void {
  const loadBefore = os.loadavg();
  const rows: { protocol: string; bytesPerFrame: number; bestFramesPerSec: number; medianFramesPerSec: number; rounds: number[] }[] = [];
  for (const p of PROTOCOLS) {
    const bytes = stream(p.encode);
    const input = chunks(bytes);
    round(p.protocol, input); // warm-up
    const rates: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const { frames, ms } = round(p.protocol, input);
      rates.push(Math.round(frames / (ms / 1000)));
    }
    const sorted = [...rates].sort((a, b) => a - b);
    rows.push({
      protocol: p.name,
      bytesPerFrame: bytes.length / FRAMES,
      bestFramesPerSec: sorted[sorted.length - 1],
      medianFramesPerSec: sorted[Math.floor(sorted.length / 2)],
      rounds: rates,
    });
  }
  const loadAfter = os.loadavg();
  const result = {
    at: new Date().toISOString(),
    command: 'npm run bench:station',
    settings: { frames: FRAMES, rounds: ROUNDS, chunkBytes: CHUNK },
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavgBefore: loadBefore, loadavgAfter: loadAfter },
    rows,
  };
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `station-parse-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`| protocol | bytes/frame | median frames/s | best frames/s | >= 10,000 |`);
  console.log(`|---|---|---|---|---|`);
  for (const r of rows) {
    console.log(`| ${r.protocol} | ${r.bytesPerFrame} | ${r.medianFramesPerSec.toLocaleString('en')} | ${r.bestFramesPerSec.toLocaleString('en')} | ${r.medianFramesPerSec >= 10_000 ? 'yes' : 'NO'} |`);
  }
  console.log(`load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}; ${path.relative(process.cwd(), file)}`);
}

main();
