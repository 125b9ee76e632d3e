/**
 * One plant day's team report at the size of a year of a busy plant: the real report call
 * (POST /api/report/team, one day, every team) over HTTP against the year bench/plant-year.ts
 * generates, timed per call from request to parsed answer.
 *
 *   npm run bench:daily-report          (npx tsx bench/daily-report.ts)
 *
 * Uses the plant in PLANT_YEAR_DIR (bench/tmp/plant-year) when there is one, else generates it
 * first (BENCH_TRUCKS_PER_DAY, BENCH_DAYS as in plant-year.ts). Settings (environment; defaults
 * in brackets):
 *   BENCH_REPORT_DAYS     days of the year sampled, evenly spread [10]
 *   BENCH_REPORT_CALLS    timed calls per day, after two untimed ones [15]
 *   BENCH_QUIET_WAIT      seconds to wait at most for a quiet machine before measuring [60]
 * Budget: p50 over all calls <= 50 ms. The home counts and today's gate chart are timed beside
 * it. The CPU time a call costs (this process, and the PostgreSQL backend of the app's one
 * connection, read from /proc; clock ticks of 10 ms summed over all calls) is printed too: on a
 * busy shared machine the wall-clock figures mostly measure the wait for a core.
 * Raw figures: bench/results/daily-report-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { generatePlantYear, PLANT_YEAR_DIR, plantYearPostgres } from './plant-year';
import { cleanUp, cleanups, listen, percentile, round, signIn, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  days: num('BENCH_REPORT_DAYS', 10),
  calls: num('BENCH_REPORT_CALLS', 15),
  quietWait: num('BENCH_QUIET_WAIT', 60),
  trucksPerDay: num('BENCH_TRUCKS_PER_DAY', 2000),
  yearDays: num('BENCH_DAYS', 365),
};
const BUDGET_MS = 50;

/** The PostgreSQL backend serving the app's one connection. */
async function backendPid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`);
    if (rows.length !== 1) throw new Error(`expected the app's one backend, found ${rows.length}`);
    return rows[0].pid;
  } finally {
    await client.end();
  }
}

/** CPU time a process has used (user + system), from /proc, in ms. */
function backendCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main(): Promise<void> {
  const existing = fs.existsSync(path.join(PLANT_YEAR_DIR, 'data', 'PG_VERSION'));
  const url = await plantYearPostgres(!existing);
  if (!existing) {
    console.log(`no plant in ${PLANT_YEAR_DIR}: generating ${settings.trucksPerDay} trucks a day for ${settings.yearDays} days first`);
    await generatePlantYear(url, settings.trucksPerDay, settings.yearDays);
  }
  // one connection: the calls are sequential, and its backend's CPU time can be read from /proc
  const database = openDatabase(url, 1);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off' }), database });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const token = await signIn(base, 'operator');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const { rows: [size] } = await database.pool.query(
    `SELECT count(*)::int AS tickets, min(completed_at)::date::text AS first, max(completed_at)::date::text AS last FROM wb_ticket`);
  console.log(`plant: ${size.tickets.toLocaleString('en')} tickets, ${size.first} to ${size.last}`);
  const last = Date.parse(`${size.last}T00:00:00Z`) - 86_400_000;
  const span = Date.parse(`${size.last}T00:00:00Z`) - Date.parse(`${size.first}T00:00:00Z`);
  const days = Array.from({ length: settings.days }, (_, k) => new Date(last - Math.floor((k * span) / settings.days)).toISOString().slice(0, 10));

  const report = async (day: string) => {
    const res = await fetch(`${base}/api/report/team`, { method: 'POST', headers, body: JSON.stringify({ from: day, to: day }) });
    const body = (await res.json()) as { success: boolean; data: { total: { trips: number; net: string } } };
    if (!body.success) throw new Error(`report of ${day} failed: ${JSON.stringify(body)}`);
    return body.data;
  };
  const get = async (p: string) => {
    const res = await fetch(`${base}${p}`, { headers });
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    return res.json();
  };

  await report(days[0]);
  const backend = await backendPid(url);
  const quiet = await waitQuiet(settings.quietWait);
  const cpu0 = { node: process.cpuUsage(), pg: backendCpuMs(backend) };
  console.log(`machine busy ${round(quiet.busyShare * 100, 0)} % of its CPU before measuring (waited ${quiet.waitedS} s)`);
  const perDay: { day: string; trips: number; net: string; p50: number; max: number }[] = [];
  const all: number[] = [];
  for (const day of days) {
    const answer = await report(day);
    await report(day);
    const samples: number[] = [];
    for (let i = 0; i < settings.calls; i++) samples.push(await timed(() => report(day)));
    samples.sort((a, b) => a - b);
    all.push(...samples);
    perDay.push({ day, trips: answer.total.trips, net: answer.total.net, p50: round(percentile(samples, 50)), max: round(samples[samples.length - 1]) });
  }
  all.sort((a, b) => a - b);
  const nodeCpu = process.cpuUsage(cpu0.node);
  const cpuPerCall = {
    nodeMs: round((nodeCpu.user + nodeCpu.system) / 1000 / (days.length * (settings.calls + 2))),
    postgresMs: round((backendCpuMs(backend) - cpu0.pg) / (days.length * (settings.calls + 2))),
  };
  const home: Record<string, number> = {};
  for (const p of ['/api/home/count', '/api/home/vehicle-table']) {
    await get(p);
    const samples: number[] = [];
    for (let i = 0; i < settings.calls; i++) samples.push(await timed(() => get(p)));
    samples.sort((a, b) => a - b);
    home[p] = round(percentile(samples, 50));
  }

  console.log('\nday          trips   net (t)        p50 ms  max ms');
  for (const d of perDay) console.log(`${d.day}  ${String(d.trips).padStart(5)}  ${d.net.padStart(12)}  ${String(d.p50).padStart(6)}  ${String(d.max).padStart(6)}`);
  const p50 = round(percentile(all, 50));
  const p90 = round(percentile(all, 90));
  console.log(`\none day's team report: p50 ${p50} ms, p90 ${p90} ms over ${all.length} calls (budget ${BUDGET_MS} ms): ${p50 <= BUDGET_MS ? 'within' : 'OVER'}`);
  console.log(`CPU per report call: ${cpuPerCall.nodeMs} ms in this process (server and client), ${cpuPerCall.postgresMs} ms in PostgreSQL: `
    + 'what a call costs whatever else the machine is doing');
  console.log(`home counts p50 ${home['/api/home/count']} ms, gate chart p50 ${home['/api/home/vehicle-table']} ms`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `daily-report-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ settings, tickets: size.tickets, quiet, p50, p90, cpuPerCall, perDay, home }, null, 2));
  console.log(`figures: ${path.relative(process.cwd(), file)}`);
  if (p50 > BUDGET_MS) process.exitCode = 1;
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
});
