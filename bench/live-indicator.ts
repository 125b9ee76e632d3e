/**
 * Frame-to-browser latency of the live indicator (issue 13, item 8: p95 150 ms or less): the time
 * from a station agent starting its POST /api/station/readings to the reading arriving on a
 * browser's open stream (GET /api/station/live), on the real app (buildApp) with an embedded
 * PostgreSQL and the demo plant, over real HTTP on the loopback.
 *
 *   npm run bench:live
 *
 * BENCH_SCALES scales (3), each with its own station key and agent posting one reading per frame
 * every BENCH_INTERVAL_MS (50: an indicator's 20 frames a second), each watched by BENCH_WATCHERS
 * streams (2: two weighing screens), for BENCH_FRAMES frames per scale (1,000) after 50 warm-up
 * frames. Every event received counts as one sample. Waits for a quiet machine first
 * (BENCH_QUIET_WAIT, 30 s) and reports how busy the machine was during the run, and the load
 * average. Raw figures: bench/results/live-indicator-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScaleLiveEvent } from '@wb/protocol';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { SseReader } from '../packages/server/src/domain/station/sse-reader';
import { benchPostgres, cleanUp, cleanups, listen, machineTicks, percentile, round, signIn, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  scales: num('BENCH_SCALES', 3), watchers: num('BENCH_WATCHERS', 2), frames: num('BENCH_FRAMES', 1_000),
  intervalMs: num('BENCH_INTERVAL_MS', 50), quietWait: num('BENCH_QUIET_WAIT', 30), warmup: 50,
};

async function main(): Promise<void> {
  const { url } = await benchPostgres();
  const database = openDatabase(url, 5);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off' }), database });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const admin = `Bearer ${await signIn(base, 'admin')}`;
  const operator = `Bearer ${await signIn(base, 'operator')}`;

  const scales = await Promise.all(Array.from({ length: settings.scales }, async (_, i) => {
    const scaleId = `BENCH${i + 1}`;
    const res = await fetch(`${base}/api/station/credential/issue`, {
      method: 'POST', headers: { authorization: admin, 'content-type': 'application/json' }, body: JSON.stringify({ stationName: `${i + 1}#地磅`, scaleId }),
    });
    const body = (await res.json()) as { data: { key: string } };
    if (!res.ok) throw new Error(`issue ${scaleId}: ${JSON.stringify(body)}`);
    return { scaleId, key: body.data.key };
  }));

  // when each frame's POST began, by scale and seq; each stream event is matched to it
  const sentAt = new Map<string, number>();
  const samples: number[] = [];
  let measuring = false;
  const streams: SseReader<ScaleLiveEvent>[] = [];
  for (const s of scales) {
    for (let w = 0; w < settings.watchers; w++) {
      const stream = await SseReader.open<ScaleLiveEvent>(`${base}/api/station/live?scaleId=${s.scaleId}`, operator);
      if (stream.status !== 200) throw new Error(`stream of ${s.scaleId}: ${stream.status}`);
      stream.onEvent = (e, at) => {
        if (e.type !== 'reading') return;
        const t = sentAt.get(`${e.reading.scaleId}:${e.reading.seq}`);
        if (measuring && t !== undefined) samples.push(at - t);
      };
      streams.push(stream);
    }
  }
  cleanups.push(async () => streams.forEach((s) => s.close()));

  const agent = async (s: { scaleId: string; key: string }, from: number, count: number) => {
    for (let seq = from; seq < from + count; seq++) {
      const tick = performance.now();
      sentAt.set(`${s.scaleId}:${seq}`, tick);
      const res = await fetch(`${base}/api/station/readings`, {
        method: 'POST', headers: { authorization: `Station ${s.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ scaleId: s.scaleId, readings: [{ seq, at: new Date().toISOString(), weight: String(30_000 + (seq % 40) * 10), unit: 'kg', stable: seq % 10 > 3 }] }),
      });
      const body = (await res.json()) as { accepted: number };
      if (body.accepted !== 1) throw new Error(`${s.scaleId} seq ${seq}: ${JSON.stringify(body)}`);
      const wait = settings.intervalMs - (performance.now() - tick);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };

  await Promise.all(scales.map((s) => agent(s, 1, settings.warmup)));
  const quiet = await waitQuiet(settings.quietWait);
  console.log(`machine busy ${round(quiet.busyShare * 100, 0)} % of its CPU before measuring (waited ${quiet.waitedS} s)`);
  const ticks0 = machineTicks();
  const cpu0 = process.cpuUsage();
  const load0 = os.loadavg();
  measuring = true;
  const t0 = performance.now();
  await Promise.all(scales.map((s) => agent(s, settings.warmup + 1, settings.frames)));
  await new Promise((r) => setTimeout(r, 500));
  measuring = false;
  const elapsedS = (performance.now() - t0) / 1000;
  const ticks1 = machineTicks();
  const cpu = process.cpuUsage(cpu0);
  samples.sort((a, b) => a - b);
  const expected = settings.scales * settings.watchers * settings.frames;
  const result = {
    settings, date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model,
    machineBusyBefore: round(quiet.busyShare, 3), machineBusyDuring: round((ticks1.busy - ticks0.busy) / Math.max(1, ticks1.total - ticks0.total), 3),
    loadAverageBefore: load0.map((l) => round(l)), loadAverageAfter: os.loadavg().map((l) => round(l)),
    framesPerSecond: round((settings.scales * settings.frames) / elapsedS, 1),
    events: samples.length, expectedEvents: expected,
    latencyMs: { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), p99: round(percentile(samples, 99)), max: round(samples[samples.length - 1] ?? 0) },
    benchProcessCpuMsPerFrame: round((cpu.user + cpu.system) / 1000 / (settings.scales * settings.frames), 3),
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = path.join(here, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `live-indicator-${result.date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), file)}`);
  if (samples.length < expected) throw new Error(`only ${samples.length} of ${expected} events arrived`);
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
});
