/**
 * The 预警中心's recall on a plant's year (issue 23): frauds of every rule injected by the seeded
 * generator (support/fraud.ts) into the year bench/plant-year.ts makes, the engine run as production
 * runs it (the per-weighing scan of the waiting tickets, scanPending, and the nightly job for each
 * plant day, runNightly), then per rule the share of injected cases an alert caught (>= 0.9) and
 * the clean trucks an alert names as a share of the clean trucks (<= 1 %).
 *
 *   npm run bench:alerts                 (npx tsx bench/alert-recall.ts)
 *
 * Uses the plant in PLANT_YEAR_DIR (bench/tmp/plant-year) when there is one, else generates it first
 * (BENCH_TRUCKS_PER_DAY, BENCH_DAYS as in plant-year.ts), and works on a copy of its database
 * (CREATE DATABASE ... TEMPLATE), dropped at the end: the year stays as the other benches read it.
 * Settings (environment; defaults in brackets):
 *   BENCH_SEED            the generator's seed [2026]
 *   BENCH_ALERT_TRUCKS    clean trucks of the generated fleet [400]
 *   BENCH_ALERT_CASES     injected cases per rule [20]
 *   BENCH_ALERT_DAYS      days of the fleet's history, ending yesterday [60]
 * The frauds fall in the history's last third; the per-weighing scan runs over that window (its
 * tickets wait for the scan, the earlier ones were scanned as they completed: the plant-year's
 * 730,000 tickets are the trucks' and operators' history and the nightly rules' company, not scanned
 * one by one). The year's own trucks (a tare and a load drawn afresh for each trip, weights to 10 kg)
 * are not a clean history a rule can be held to; the alerts naming them are counted apart.
 * Raw figures: bench/results/alert-recall-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { scanPending } from '../packages/server/src/domain/alert/scan';
import { runNightly } from '../packages/server/src/domain/alert/nightly';
import { migrate } from '../packages/server/src/platform/db/migrate';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { generatePlantYear, PLANT_YEAR_DIR, plantYearPostgres } from './plant-year';
import {
  GENERATED_SETTINGS, generateFraudHistory, injectedFromDay, measureRecall, writeAlertSettings, writeFraudHistory, writeTargetFor, type RaisedAlert,
} from './support/fraud';
import { cleanUp, cleanups, round } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  seed: num('BENCH_SEED', 2026),
  cleanTrucks: num('BENCH_ALERT_TRUCKS', 400),
  casesPerRule: num('BENCH_ALERT_CASES', 20),
  days: num('BENCH_ALERT_DAYS', 60),
  yearTrucksPerDay: num('BENCH_TRUCKS_PER_DAY', 2000),
  yearDays: num('BENCH_DAYS', 365),
};
const PLANT_TIME_ZONE = process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';
const REQUIRED = { recall: 0.9, cleanShare: 0.01 };

async function main(): Promise<void> {
  console.log('settings', settings, 'uptime', os.loadavg().map((x) => round(x, 2)).join(' '));
  const existing = fs.existsSync(path.join(PLANT_YEAR_DIR, 'data', 'PG_VERSION'));
  const yearUrl = await plantYearPostgres(!existing);
  if (!existing) {
    console.log(`no plant in ${PLANT_YEAR_DIR}: generating ${settings.yearTrucksPerDay} trucks a day for ${settings.yearDays} days first`);
    await generatePlantYear(yearUrl, settings.yearTrucksPerDay, settings.yearDays);
  }
  // a copy of the year to inject into, dropped at the end
  const copy = `alert_recall_${process.pid}`;
  const admin = new pg.Client({ connectionString: yearUrl.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  // a copy an interrupted run left
  for (const { datname } of (await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'alert_recall_%'`)).rows) await admin.query(`DROP DATABASE ${datname} WITH (FORCE)`);
  const t0 = performance.now();
  await admin.query(`CREATE DATABASE ${copy} TEMPLATE weighbridge`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    await admin.end();
  });
  console.log(`copied the year in ${round((performance.now() - t0) / 1000, 1)} s`);
  const url = yearUrl.replace(/\/[^/]*$/, `/${copy}`);
  // a year made before the 预警中心's tables: the copy brought up to this checkout's migrations
  const setup = openDatabase(url, 2);
  await migrate(setup.pool);
  await setup.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  cleanups.push(() => c.end());
  await c.query(`SET TimeZone = '${PLANT_TIME_ZONE}'`);

  const { rows: [{ today, yearTickets }] } = await c.query(`SELECT to_char(current_date, 'YYYY-MM-DD') AS today, (SELECT count(*) FROM wb_ticket)::int AS "yearTickets"`);
  const h = generateFraudHistory({ seed: settings.seed, cleanTrucks: settings.cleanTrucks, casesPerRule: settings.casesPerRule, days: settings.days, endDay: today });
  const scanFromDay = injectedFromDay(settings.days);
  const { rows: [{ from: scanFrom, first: firstScanDay }] } = await c.query(
    `SELECT ($1::date - $2::int)::timestamptz AS from, to_char($1::date - $2::int, 'YYYY-MM-DD') AS first`, [today, settings.days - scanFromDay]);
  const target = await writeTargetFor(c, 'HDSN');
  const tw = performance.now();
  await c.query('BEGIN');
  const written = await writeFraudHistory(c, h, target, { waitingFrom: (scanFrom as Date).getTime() });
  await writeAlertSettings(c, target.orgId, GENERATED_SETTINGS);
  await c.query('COMMIT');
  await c.query('VACUUM ANALYZE wb_ticket, wb_weighing, wb_alert_scan, wb_lane_intervention, wb_ticket_deduction, sys_log, md_vehicle');
  const waiting = h.tickets.filter((t) => t.completedAt >= (scanFrom as Date).getTime()).length;
  console.log(`${h.tickets.length.toLocaleString('en')} generated tickets of ${h.trucks.length} trucks (${h.truth.cleanPlates.length} clean) written into a year of ${Number(yearTickets).toLocaleString('en')} in ${round((performance.now() - tw) / 1000, 1)} s; ${waiting.toLocaleString('en')} wait for the scan (from ${firstScanDay})`);

  const database = openDatabase(url, 2);
  cleanups.push(() => database.close());
  const ts = performance.now();
  const raisedByScan = await scanPending(database.db, { batch: 200, onError: (id, err) => console.error(`scan of ticket ${id} failed:`, err) });
  const scanSeconds = (performance.now() - ts) / 1000;
  console.log(`per-weighing scan: ${waiting.toLocaleString('en')} tickets in ${round(scanSeconds, 1)} s (${round((scanSeconds * 1000) / Math.max(1, waiting), 2)} ms a ticket), ${raisedByScan} alerts`);

  const tn = performance.now();
  let raisedByNightly = 0;
  const days: string[] = (await c.query(`SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date - 1, interval '1 day') d`, [firstScanDay, today])).rows.map((r) => r.day);
  for (const day of days) raisedByNightly += await runNightly(database.db, target.orgId, day);
  const nightlySeconds = (performance.now() - tn) / 1000;
  console.log(`nightly job: ${days.length} plant days in ${round(nightlySeconds, 1)} s (${round(nightlySeconds / days.length, 2)} s a day), ${raisedByNightly} alerts`);

  const { rows: alerts } = await c.query<RaisedAlert & { source: string }>(
    `SELECT rule, source, ticket_id::text, plate, operator_id::text, evidence FROM wb_alert WHERE org_id = $1`, [target.orgId]);
  const recall = measureRecall(h, written, alerts);
  // the year's own trucks: the plates of its tickets in the scanned window, and those an alert names
  const generated = new Set(h.trucks.map((t) => t.plate));
  const { rows: [{ yearPlates }] } = await c.query(
    `SELECT count(DISTINCT plate_number)::int AS "yearPlates" FROM wb_ticket WHERE org_id = $1 AND completed_at >= $2 AND ticket_no NOT LIKE 'GENBD%'`, [target.orgId, scanFrom]);
  const yearAlerted = new Map<string, Set<string>>();
  for (const a of alerts) {
    const plates = [a.plate, ...(((a.evidence ?? {}).plates ?? []) as string[])].filter((p): p is string => !!p && !generated.has(p));
    for (const p of plates) yearAlerted.set(a.rule, (yearAlerted.get(a.rule) ?? new Set()).add(p));
  }

  console.log('\nrule                recall   (caught/cases)   clean trucks alerted by the rule');
  for (const [rule, r] of Object.entries(recall.perRule)) {
    console.log(`${rule.padEnd(18)}  ${r.recall.toFixed(3)}    (${r.caught}/${r.cases})${r.recall < REQUIRED.recall ? '  BELOW 0.9' : ''}${' '.repeat(8)}${recall.cleanByRule[rule] ?? 0}${r.missed.length ? `   missed: ${r.missed.slice(0, 5).join(', ')}` : ''}`);
  }
  console.log(`\nclean trucks alerted: ${recall.cleanAlerted.length} of ${recall.cleanTrucks} = ${(recall.cleanShare * 100).toFixed(2)} % (required <= 1 %)${recall.cleanShare > REQUIRED.cleanShare ? '  ABOVE 1 %' : ''}`);
  console.log(`the year's own trucks (random per trip, not a clean history) named by alerts: ${[...yearAlerted].map(([rule, s]) => `${rule} ${s.size}`).join(', ') || 'none'} of ${yearPlates} plates in the window`);

  const result = {
    when: new Date().toISOString(), machine: { cpus: os.cpus().length, loadavg: os.loadavg().map((x) => round(x, 2)) }, settings,
    year: { tickets: yearTickets, platesInWindow: yearPlates, alertedByRule: Object.fromEntries([...yearAlerted].map(([rule, s]) => [rule, s.size])) },
    generated: { tickets: h.tickets.length, trucks: h.trucks.length, cleanTrucks: h.truth.cleanPlates.length, scanFrom: firstScanDay, waiting },
    engine: { scanSeconds: round(scanSeconds, 1), scanMsPerTicket: round((scanSeconds * 1000) / Math.max(1, waiting), 2), raisedByScan, nightlyDays: days.length, nightlySeconds: round(nightlySeconds, 1), raisedByNightly },
    recall: recall.perRule, clean: { trucks: recall.cleanTrucks, alerted: recall.cleanAlerted, share: recall.cleanShare, byRule: recall.cleanByRule },
    pass: Object.values(recall.perRule).every((r) => r.recall >= REQUIRED.recall) && recall.cleanShare <= REQUIRED.cleanShare,
  };
  const dir = path.join(here, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `alert-recall-${result.when.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`\n${result.pass ? 'PASS' : 'FAIL'}: figures in ${path.relative(process.cwd(), file)}`);
  if (!result.pass) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanUp);
