/**
 * The built-in reports of 报表中心 at the size of a year of a busy plant: 过磅日报 (one day against
 * the day before and the same day last month) and the yearly summary (a year, month by month),
 * each timed per call from the dataset's SELECT to its rows, through the report centre's executor
 * (platform/reports/execute.ts: a READ ONLY transaction on the app's pool), over the year
 * bench/plant-year.ts generates. The monthly summary, the operator report and the others are timed
 * beside them.
 *
 *   npx tsx bench/report-builtin.ts            (BENCH_EXPLAIN=1: print each report's plan instead)
 *
 * Uses the plant in PLANT_YEAR_DIR (bench/tmp/plant-year) when there is one, else generates it
 * first; migrates it to this release (the report indexes of 075, the weighing summary of 082) and
 * seals the summary up to the plant's today less two as the nightly job does (plant-year already
 * has). Beside the reports as they read (sealed days from the summary), 过磅日报 (3 days) and the
 * yearly summary are timed with every day read from the tickets, side by side in the same run.
 * Settings (environment; defaults in brackets):
 *   BENCH_REPORT_DAYS     days of the year sampled for the daily report, evenly spread [10]
 *   BENCH_REPORT_CALLS    timed calls per day or report, after two untimed ones [15]
 *   BENCH_QUIET_WAIT      seconds to wait at most for a quiet machine before measuring [60]
 *   BENCH_COMPARE=1       instead: the covering index of 075 against the completion index it replaced
 *                         (011), side by side in alternating rounds (BENCH_ROUNDS [2]); the 011 side
 *                         swaps the index back inside a transaction that is rolled back
 * Budgets: 过磅日报 p50 <= 50 ms; a year's month-by-month summary p50 <= 300 ms.
 * Raw figures: bench/results/report-builtin-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../packages/server/src/platform/db/migrate';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import type { ReportDataset } from '../packages/server/src/platform/reports/dataset';
import { executeDataset, orderedQuery } from '../packages/server/src/platform/reports/execute';
import { reportBuiltinModule } from '../packages/server/src/domain/report-builtin/module';
import { sealAll } from '../packages/server/src/domain/report-builtin/seal-repo';
import { generatePlantYear, PLANT_YEAR_DIR, plantYearPostgres } from './plant-year';
import { cleanUp, cleanups, percentile, round, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  days: num('BENCH_REPORT_DAYS', 10),
  calls: num('BENCH_REPORT_CALLS', 15),
  quietWait: num('BENCH_QUIET_WAIT', 60),
  explain: process.env.BENCH_EXPLAIN === '1',
  compare: process.env.BENCH_COMPARE === '1',
  rounds: num('BENCH_ROUNDS', 2),
};
const TIME_ZONE = process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';
/** The same clock as Asia/Shanghai's (no summer time) under a name the summary was not cut in: the reports read the tickets only. */
const TICKETS_ONLY = TIME_ZONE === 'Asia/Shanghai' ? 'Etc/GMT-8' : TIME_ZONE;
const dataset = (key: string): ReportDataset => {
  const d = reportBuiltinModule.datasets?.find((x) => x.key === key);
  if (!d) throw new Error(key);
  return d;
};

async function main(): Promise<void> {
  const existing = fs.existsSync(path.join(PLANT_YEAR_DIR, 'data', 'PG_VERSION'));
  const url = await plantYearPostgres(!existing);
  if (!existing) await generatePlantYear(url, 2000, 365);
  // the year's plant to this release (migrate takes a connection of its own besides the pool's work)
  const setup = openDatabase(url, 3);
  const t0 = performance.now();
  const applied = await migrate(setup.pool);
  if (applied.length) await setup.pool.query('VACUUM (ANALYZE) wb_ticket');
  console.log(`migrated (${applied.join(', ') || 'nothing new'}) in ${round((performance.now() - t0) / 1000, 1)} s`);
  // the weighing summary sealed up to today less two, as the nightly job (or plant-year) leaves it
  const s0 = performance.now();
  const sealed = (await sealAll(setup.pool, TIME_ZONE)).filter((r) => r.from !== r.through || r.rebuilt);
  if (sealed.length) await setup.pool.query('VACUUM (ANALYZE) rpt_weigh_day');
  console.log(`sealed ${sealed.map((r) => `company ${r.orgId} ${r.from ?? 'from the start'} -> ${r.through} (${r.rows} rows)`).join(', ') || 'nothing new'} in ${round((performance.now() - s0) / 1000, 1)} s`);
  await setup.close();
  // one connection: the calls are sequential
  const database = openDatabase(url, 1);
  cleanups.push(() => database.close());
  const { pool } = database;

  const { rows: [org] } = await pool.query(`SELECT id::text FROM sys_org WHERE org_code = 'HDSN'`);
  const { rows: [size] } = await pool.query(
    `SELECT count(*)::int AS tickets, min(completed_at AT TIME ZONE $1)::date::text AS first, max(completed_at AT TIME ZONE $1)::date::text AS last FROM wb_ticket`, [TIME_ZONE]);
  const { rows: [user] } = await pool.query(`SELECT id::text FROM sys_user WHERE username = 'admin'`);
  console.log(`plant: ${size.tickets.toLocaleString('en')} tickets, ${size.first} to ${size.last}`);
  const lastYear = Number(size.last.slice(0, 4));
  const { rows: [busiest] } = await pool.query(
    `SELECT date_part('year', completed_at AT TIME ZONE $1)::int AS year, count(*)::int AS n FROM wb_ticket GROUP BY 1 ORDER BY 2 DESC LIMIT 1`, [TIME_ZONE]);

  // TICKETS_ONLY: the plant's clock under another name, which the summary was not cut in: every day from the tickets
  const run = async (key: string, params: Record<string, unknown>, timeZone = TIME_ZONE) => {
    const d = dataset(key);
    const input = { orgId: org.id, userId: user.id, params, timeZone };
    return executeDataset(pool, d, async (c) => (await c.query(orderedQuery(d, input))).rows);
  };
  const explain = async (key: string, params: Record<string, unknown>) => {
    const d = dataset(key);
    const q = d.query({ orgId: org.id, userId: user.id, params, timeZone: TIME_ZONE });
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
    console.log(`\n== ${key} ${JSON.stringify(params)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  };

  const last = Date.parse(`${size.last}T00:00:00Z`) - 86_400_000;
  const span = Date.parse(`${size.last}T00:00:00Z`) - Date.parse(`${size.first}T00:00:00Z`) - 31 * 86_400_000;
  const days = Array.from({ length: settings.days }, (_, k) => new Date(last - Math.floor((k * span) / settings.days)).toISOString().slice(0, 10));
  const month = size.last.slice(0, 7);
  const period = { periodFrom: `${size.last.slice(0, 7)}-01`, periodTo: size.last };
  const others: [string, string, Record<string, unknown>][] = [
    ['monthly', 'weighing.monthly', { month }],
    ['yearly (a year before)', 'weighing.yearly', { year: lastYear - 1 }],
    ['stock, the month', 'stock.period', period],
    ['sales money, the month', 'money.party', { kind: 'sa', ...period }],
    ['sales money, the year', 'money.party', { kind: 'sa', periodFrom: size.first, periodTo: size.last }],
    ['freight, the month', 'freight.carrier', period],
    ['operators, the month', 'weighing.operator', period],
  ];

  if (settings.explain) {
    await explain('weighing.daily', { day: days[0] });
    await explain('weighing.yearly', { year: busiest.year });
    for (const [, key, params] of others) await explain(key, params);
    return;
  }

  if (settings.compare) {
    await compareIndexes(url, org.id, user.id, days, busiest.year);
    return;
  }

  const timed = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  // the CPU a call costs in PostgreSQL (the pool's one backend, from /proc, 10 ms clock ticks summed
  // over the calls): what a call takes of a core whatever else the shared machine is doing
  // (read after the untimed calls: the pool may have replaced an idle connection meanwhile)
  const cpuMs = (pid: number) => {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  };
  const cpu: Record<string, number> = {};
  const sample = async (fn: () => Promise<unknown>, name?: string) => {
    await fn();
    await fn();
    const { rows: [backend] } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const c0 = cpuMs(backend.pid);
    const s: number[] = [];
    for (let i = 0; i < settings.calls; i++) s.push(await timed(fn));
    if (name) cpu[name] = round((cpuMs(backend.pid) - c0) / settings.calls, 1);
    return s.sort((a, b) => a - b);
  };

  const quiet = await waitQuiet(settings.quietWait);
  const load = os.loadavg().map((l) => round(l, 2));
  console.log(`machine busy ${round(quiet.busyShare * 100, 0)} % of its CPU before measuring (waited ${quiet.waitedS} s), load average ${load.join(' ')}`);

  const daily: number[] = [];
  const perDay: { day: string; rows: number; trips: number; p50: number }[] = [];
  for (const day of days) {
    const answer = await run('weighing.daily', { day });
    const s = await sample(() => run('weighing.daily', { day }), `daily ${day}`);
    daily.push(...s);
    perDay.push({ day, rows: answer.length, trips: answer.reduce((n, r) => n + Number(r.trips), 0), p50: round(percentile(s, 50)) });
  }
  daily.sort((a, b) => a - b);
  const yearAnswer = await run('weighing.yearly', { year: busiest.year });
  const yearly = await sample(() => run('weighing.yearly', { year: busiest.year }), 'yearly');
  // side by side, the same calls with every day read from the tickets (the summary not used)
  const dailyTickets: number[] = [];
  for (const day of days.slice(0, 3)) dailyTickets.push(...(await sample(() => run('weighing.daily', { day }, TICKETS_ONLY))));
  dailyTickets.sort((a, b) => a - b);
  const dailySummary = perDay.slice(0, 3).map((d) => d.p50);
  const yearlyTickets = await sample(() => run('weighing.yearly', { year: busiest.year }, TICKETS_ONLY), 'yearly from the tickets');
  const other: { report: string; rows: number; p50: number }[] = [];
  for (const [name, key, params] of others) {
    const answer = await run(key, params);
    const s = await sample(() => run(key, params), name);
    other.push({ report: name, rows: answer.length, p50: round(percentile(s, 50)) });
  }
  const loadAfter = os.loadavg().map((l) => round(l, 2));

  console.log('\nday          rows  trips  p50 ms');
  for (const d of perDay) console.log(`${d.day}  ${String(d.rows).padStart(4)}  ${String(d.trips).padStart(5)}  ${String(d.p50).padStart(6)}`);
  const dailyP50 = round(percentile(daily, 50));
  const yearlyP50 = round(percentile(yearly, 50));
  const yearTrips = yearAnswer.reduce((n, r) => n + Number(r.trips), 0);
  console.log(`\n过磅日报: p50 ${dailyP50} ms, p90 ${round(percentile(daily, 90))} ms over ${daily.length} calls (budget 50 ms): ${dailyP50 <= 50 ? 'within' : 'OVER'}`);
  console.log(`yearly summary of ${busiest.year} (${yearTrips.toLocaleString('en')} trips, ${yearAnswer.length} rows): p50 ${yearlyP50} ms, max ${round(yearly[yearly.length - 1])} ms `
    + `(budget 300 ms): ${yearlyP50 <= 300 ? 'within' : 'OVER'}`);
  for (const o of other) console.log(`${o.report}: ${o.rows} rows, p50 ${o.p50} ms, PostgreSQL CPU ${cpu[o.report]} ms a call`);
  const dailyCpu = round(Object.entries(cpu).filter(([k]) => k.startsWith('daily')).reduce((a, [, v]) => a + v, 0) / days.length, 1);
  console.log(`PostgreSQL CPU a call: 过磅日报 ${dailyCpu} ms, yearly summary ${cpu.yearly} ms`);
  const sideBySide = {
    yearlyTicketsP50: round(percentile(yearlyTickets, 50)),
    yearlyRatio: round(yearlyP50 / percentile(yearlyTickets, 50), 3),
    dailyTicketsP50: round(percentile(dailyTickets, 50)),
    dailySummaryP50: round(dailySummary.sort((a, b) => a - b)[1]),
  };
  console.log(`side by side, every day from the tickets: yearly p50 ${sideBySide.yearlyTicketsP50} ms (the summary's ${yearlyP50} ms: ${sideBySide.yearlyRatio} of it, `
    + `PostgreSQL CPU ${cpu['yearly from the tickets']} ms a call); 过磅日报 p50 ${sideBySide.dailyTicketsP50} ms over the first 3 days (the summary's ${sideBySide.dailySummaryP50} ms)`);
  console.log(`load average after: ${loadAfter.join(' ')}`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `report-builtin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ settings, tickets: size.tickets, quiet, load, loadAfter, dailyP50, yearlyP50, sideBySide, cpu, perDay, yearly: { year: busiest.year, trips: yearTrips }, other }, null, 2));
  console.log(`figures: ${path.relative(process.cwd(), file)}`);
  if (dailyP50 > 50 || yearlyP50 > 300) process.exitCode = 1;
}

/**
 * 过磅日报 and the yearly summary on the 075 index and on 011's, side by side: each round times
 * both sides on one connection, the 011 side inside a transaction that swaps the index back and is
 * rolled back, so the plant keeps its index. Which side goes first alternates by round.
 */
async function compareIndexes(url: string, orgId: string, userId: string, days: string[], year: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c TimeZone=${TIME_ZONE}` });
  await client.connect();
  cleanups.push(() => client.end());
  const input = (params: Record<string, unknown>) => ({ orgId, userId, params, timeZone: TIME_ZONE });
  const call = async (key: string, params: Record<string, unknown>) => {
    const q = dataset(key).query(input(params));
    const t = performance.now();
    await client.query(q.text, q.values);
    return performance.now() - t;
  };
  const side = async () => {
    const daily: number[] = [];
    for (const day of days) {
      await call('weighing.daily', { day });
      for (let i = 0; i < settings.calls; i++) daily.push(await call('weighing.daily', { day }));
    }
    await call('weighing.yearly', { year });
    const yearly: number[] = [];
    for (let i = 0; i < Math.max(3, Math.round(settings.calls / 3)); i++) yearly.push(await call('weighing.yearly', { year }));
    daily.sort((a, b) => a - b);
    yearly.sort((a, b) => a - b);
    return { daily: round(percentile(daily, 50)), yearly: round(percentile(yearly, 50)) };
  };
  const with011 = async () => {
    await client.query('BEGIN');
    try {
      await client.query('CREATE INDEX wb_ticket_completed_idx ON wb_ticket (org_id, completed_at) WHERE completed_at IS NOT NULL');
      await client.query('DROP INDEX wb_ticket_completed_cover_idx');
      await client.query('ANALYZE wb_ticket');
      return await side();
    } finally {
      await client.query('ROLLBACK');
    }
  };
  const quiet = await waitQuiet(settings.quietWait);
  const load = os.loadavg().map((l) => round(l, 2));
  console.log(`machine busy ${round(quiet.busyShare * 100, 0)} % before measuring, load average ${load.join(' ')}`);
  const rounds: { round: number; with075: { daily: number; yearly: number }; with011: { daily: number; yearly: number } }[] = [];
  for (let r = 1; r <= settings.rounds; r++) {
    const first011 = r % 2 === 1;
    const a = first011 ? await with011() : await side();
    const b = first011 ? await side() : await with011();
    const [w075, w011] = first011 ? [b, a] : [a, b];
    rounds.push({ round: r, with075: w075, with011: w011 });
    console.log(`round ${r} (${first011 ? '011' : '075'} first): 过磅日报 p50 ${w075.daily} ms (075) / ${w011.daily} ms (011); yearly p50 ${w075.yearly} ms / ${w011.yearly} ms`);
  }
  const mean = (f: (x: (typeof rounds)[number]) => number) => round(rounds.reduce((acc, x) => acc + f(x), 0) / rounds.length, 3);
  console.log(`ratio 075/011: 过磅日报 ${mean((x) => x.with075.daily / x.with011.daily)}, yearly ${mean((x) => x.with075.yearly / x.with011.yearly)}`);
  const loadAfter = os.loadavg().map((l) => round(l, 2));
  console.log(`load average after: ${loadAfter.join(' ')}`);
  const file = path.join(here, 'results', `report-builtin-compare-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ settings, days, year, quiet, load, loadAfter, rounds }, null, 2));
  console.log(`figures: ${path.relative(process.cwd(), file)}`);
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
});
