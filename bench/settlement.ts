/**
 * A vendor's month of purchase tickets settled through the real calls, over HTTP, on the plant
 * bench/plant-year.ts generates: the candidates listed (POST /api/settlement/pu/weightLists), the
 * settlement created with its totals (create + confirmPounds of every candidate: the tickets
 * claimed, one row each, the fd sub-settlements and the totals) and examined. Then the ticket list
 * (POST /api/weigh/pu/v2/list, a page of 20 of the vendor's month with its total) with and without
 * its 结算单号 column, side by side.
 *
 *   npm run bench:settlement            (npx tsx bench/settlement.ts)
 *
 * Uses the plant in PLANT_YEAR_DIR (bench/tmp/plant-year) when there is one (migrating it), else
 * generates one first: BENCH_TRUCKS_PER_DAY [5000] for BENCH_DAYS [35], so the biggest vendor
 * (purchase is 42 % of trips, the first vendor about a fifth of them) has about 10,000 tickets in
 * a month. The vendor's month: the 30 days with the most of its audited tickets. Before measuring,
 * its tickets are priced (120 a ton, set-based) and every tenth carries a QUALITY deduction of 0.2 t
 * and a price change of -1.5, as the lab's results would leave them; nothing else is changed.
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_ROUNDS       timed rounds of each measure, after one untimed [5]
 *   BENCH_LIST_ROUNDS  interleaved rounds of the list with and without the column [20]
 *   BENCH_QUIET_WAIT   seconds to wait at most for a quiet machine before measuring [60]
 * Budgets: candidates p50 <= 300 ms, created with totals p50 <= 1 s, examined p50 <= 1 s, the list's
 * settled column <= 10 % (p50 with / p50 without). Raw figures: bench/results/settlement-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { migrate } from '../packages/server/src/platform/db/migrate';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { seedTemplates } from '../packages/server/src/platform/templates/seed';
import { ALL_TEMPLATES } from '../packages/server/src/domain/templates';
import { generatePlantYear, PLANT_YEAR_DIR, plantYearPostgres } from './plant-year';
import { cleanUp, cleanups, listen, percentile, round, signIn, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  rounds: num('BENCH_ROUNDS', 5),
  listRounds: num('BENCH_LIST_ROUNDS', 20),
  quietWait: num('BENCH_QUIET_WAIT', 60),
  trucksPerDay: num('BENCH_TRUCKS_PER_DAY', 5000),
  days: num('BENCH_DAYS', 35),
};
const BUDGET = { candidatesMs: 300, createMs: 1000, examineMs: 1000, columnRatio: 1.1 };

/** CPU time a process has used (user + system), from /proc, in ms. */
function backendCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function main(): Promise<void> {
  const existing = fs.existsSync(path.join(PLANT_YEAR_DIR, 'data', 'PG_VERSION'));
  const url = await plantYearPostgres(!existing);
  if (!existing) {
    console.log(`no plant in ${PLANT_YEAR_DIR}: generating ${settings.trucksPerDay} trucks a day for ${settings.days} days first`);
    await generatePlantYear(url, settings.trucksPerDay, settings.days);
  }
  const setup = openDatabase(url, 2);
  await migrate(setup.pool);
  await seedTemplates(setup.db, ALL_TEMPLATES);
  // the vendor and the 30 days with the most audited purchase tickets, none settled yet
  await setup.pool.query('DELETE FROM wb_settlement');
  const { rows: [month] } = await setup.pool.query(`
    WITH d AS (SELECT vendor_id, completed_at::date AS day, count(*) AS n FROM wb_ticket
                WHERE kind = 'pu' AND state IN ('AUDITED', 'POSTED') AND net IS NOT NULL GROUP BY 1, 2)
    SELECT a.vendor_id::text AS vendor, a.day::text AS first, (a.day + 30)::text AS last, (SELECT sum(n) FROM d b WHERE b.vendor_id = a.vendor_id AND b.day >= a.day AND b.day < a.day + 30)::int AS tickets
      FROM d a ORDER BY tickets DESC LIMIT 1`);
  // the period as the plant's screens send it: local times of the plant (the session's zone)
  const periodFrom = `${month.first} 00:00:00`;
  const periodTo = `${month.last} 00:00:00`;
  const { rows: [span] } = await setup.pool.query('SELECT $1::timestamptz AS "from", $2::timestamptz AS "to"', [periodFrom, periodTo]);
  const from = span.from as Date;
  const to = span.to as Date;
  await setup.pool.query(`
    UPDATE wb_ticket SET price = 120, quality_price_adjust = CASE WHEN id % 10 = 0 THEN -1.5 ELSE 0 END
     WHERE kind = 'pu' AND vendor_id = $1 AND completed_at >= $2 AND completed_at < $3`, [month.vendor, from, to]);
  await setup.pool.query(`DELETE FROM wb_ticket_deduction WHERE kind = 'QUALITY'`);
  await setup.pool.query(`
    WITH q AS (
      INSERT INTO wb_ticket_deduction (org_id, ticket_id, kind, mode, value, amount)
      SELECT org_id, id, 'QUALITY', 'AMOUNT', 0.2, 0.2 FROM wb_ticket
       WHERE kind = 'pu' AND vendor_id = $1 AND completed_at >= $2 AND completed_at < $3 AND id % 10 = 0 RETURNING ticket_id)
    UPDATE wb_ticket t SET net = t.gross - t.tare - 0.2, deduct_total = 0.2 FROM q WHERE t.id = q.ticket_id`, [month.vendor, from, to]);
  await setup.pool.query('VACUUM (ANALYZE) wb_ticket, wb_ticket_deduction');
  await setup.close();
  console.log(`vendor ${month.vendor}: ${month.tickets.toLocaleString('en')} audited tickets from ${month.first} for 30 days`);

  // one connection: the calls are sequential, and its backend's CPU time can be read from /proc
  const database = openDatabase(url, 1);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off' }), database });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const headers = { authorization: `Bearer ${await signIn(base, 'accountant')}`, 'content-type': 'application/json' };
  const adminHeaders = { authorization: `Bearer ${await signIn(base, 'admin')}`, 'content-type': 'application/json' };
  const post = async (p: string, body: unknown, h = headers) => {
    const res = await fetch(`${base}${p}`, { method: 'POST', headers: h, body: JSON.stringify(body) });
    const answer = (await res.json()) as { success: boolean; data: Record<string, unknown>; msg: string };
    if (!answer.success) throw new Error(`${p}: ${answer.msg}`);
    return answer.data;
  };
  // CPU a call costs (this process: server and client; PostgreSQL: the app's backend): on a busy
  // shared machine the wall clock mostly measures the wait for a core
  const cpu = { node: 0, pg: 0 };
  const timed = async <T>(fn: () => Promise<T>): Promise<[number, T]> => {
    // asked each time: the pool may have opened a new connection after an idle wait
    const backend = (await database.pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    const node0 = process.cpuUsage();
    const pg0 = backendCpuMs(backend);
    const t = performance.now();
    const v = await fn();
    const wall = performance.now() - t;
    const node = process.cpuUsage(node0);
    cpu.node = (node.user + node.system) / 1000;
    cpu.pg = backendCpuMs(backend) - pg0;
    return [wall, v];
  };
  const cpuNow = () => round(cpu.node + cpu.pg);

  const quiet = await waitQuiet(settings.quietWait);
  console.log(`machine busy ${round(quiet.busyShare * 100, 0)} % of its CPU before measuring (waited ${quiet.waitedS} s)`);
  const samples = { candidates: [] as number[], create: [] as number[], examine: [] as number[] };
  const cpuSamples = { candidates: [] as number[], create: [] as number[], examine: [] as number[] };
  let figures: Record<string, unknown> = {};
  for (let i = 0; i <= settings.rounds; i++) {
    const [createHeader, made] = await timed(() => post('/api/settlement/pu/create', { entity: { vendorId: month.vendor, periodFrom, periodTo } }));
    const createCpu = cpuNow();
    const id = String(made.id);
    const [listMs, listed] = await timed(() => post('/api/settlement/pu/weightLists', { settlementId: id }));
    const listCpu = cpuNow();
    const [confirmMs, confirmed] = await timed(() => post(`/api/settlement/pu/confirmPounds/${id}`, {}));
    const confirmCpu = cpuNow();
    const [examineMs] = await timed(() => post(`/api/settlement/pu/examine/${id}`, {}));
    const examineCpu = cpuNow();
    figures = { candidates: (listed.rows as unknown[]).length, ...confirmed };
    // back to where it was, untimed: the tickets freed, the settlement gone
    await post(`/api/settlement/pu/unexamine/${id}`, {});
    await post(`/api/settlement/pu/delete/${id}`, {});
    if (i === 0) continue;
    samples.candidates.push(listMs);
    samples.create.push(createHeader + confirmMs);
    samples.examine.push(examineMs);
    cpuSamples.candidates.push(listCpu);
    cpuSamples.create.push(round(createCpu + confirmCpu));
    cpuSamples.examine.push(examineCpu);
    console.log(`round ${i}: candidates ${round(listMs)} ms (CPU ${listCpu}), created with totals ${round(createHeader + confirmMs)} ms (create ${round(createHeader)} + confirmPounds ${round(confirmMs)}; `
      + `CPU ${round(createCpu + confirmCpu)}), examined ${round(examineMs)} ms (CPU ${examineCpu})`);
  }
  // the list with and without the column: one settlement holds the month, the template's field removed and put back between calls
  const held = await post('/api/settlement/pu/create', { entity: { vendorId: month.vendor, periodFrom, periodTo } });
  await post(`/api/settlement/pu/confirmPounds/${String(held.id)}`, {});
  const { rows: [field] } = await database.pool.query(`SELECT f.id FROM cg_format_field f JOIN cg_format c ON c.id = f.format_id WHERE c.format_code = 'weigh.pu.list' AND f.field_name = 'settledByNo'`);
  if (!field) throw new Error('the ticket list has no settledByNo field');
  await database.pool.query('DROP TABLE IF EXISTS bench_settled_field');
  await database.pool.query('CREATE TABLE bench_settled_field AS SELECT * FROM cg_format_field WHERE id = $1', [field.id]);
  // a run stopped between the two leaves the field back in place
  cleanups.push(async () => {
    await database.pool.query('INSERT INTO cg_format_field SELECT * FROM bench_settled_field s WHERE NOT EXISTS (SELECT 1 FROM cg_format_field f WHERE f.id = s.id)');
    await database.pool.query('DROP TABLE bench_settled_field');
  });
  const putBack = () => database.pool.query('INSERT INTO cg_format_field SELECT * FROM bench_settled_field');
  const takeOut = () => database.pool.query('DELETE FROM cg_format_field WHERE id = $1', [field.id]);
  const listBody = { search: [{ key: 'completedAt', op: 'ge', val: periodFrom }, { key: 'completedAt', op: 'lt', val: periodTo }], limit: { pn: 1, ps: 20 } };
  const listCall = () => post('/api/weigh/pu/v2/list', listBody, adminHeaders);
  const sample = (await listCall()) as { list: Record<string, unknown>[]; total: number };
  console.log(`ticket list: ${sample.total} purchase tickets in the period, ${sample.list.filter((r) => r.settledByNo).length} of the first 20 settled`);
  const list = { on: [] as number[], off: [] as number[] };
  for (let i = 0; i < settings.listRounds; i++) {
    for (const side of (i % 2 === 0 ? ['on', 'off'] : ['off', 'on']) as ('on' | 'off')[]) {
      if (side === 'off') await takeOut();
      await listCall();
      const [ms] = await timed(listCall);
      list[side].push(ms);
      if (side === 'off') await putBack();
    }
  }
  await post(`/api/settlement/pu/delete/${String(held.id)}`, {});

  const p50 = (xs: number[]) => round(percentile([...xs].sort((a, b) => a - b), 50));
  const result = {
    at: new Date().toISOString(), settings, vendor: month, figures, quiet,
    candidatesMs: { p50: p50(samples.candidates), samples: samples.candidates.map((x) => round(x)) },
    createWithTotalsMs: { p50: p50(samples.create), samples: samples.create.map((x) => round(x)) },
    examineMs: { p50: p50(samples.examine), samples: samples.examine.map((x) => round(x)) },
    cpuMsP50: { candidates: p50(cpuSamples.candidates), createWithTotals: p50(cpuSamples.create), examine: p50(cpuSamples.examine) },
    loadAverage: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    ticketList: { onP50: p50(list.on), offP50: p50(list.off), ratio: round(p50(list.on) / p50(list.off), 3), on: list.on.map((x) => round(x)), off: list.off.map((x) => round(x)) },
    budget: BUDGET,
  };
  const within = result.candidatesMs.p50 <= BUDGET.candidatesMs && result.createWithTotalsMs.p50 <= BUDGET.createMs && result.examineMs.p50 <= BUDGET.examineMs
    && result.ticketList.ratio <= BUDGET.columnRatio;
  console.log(`candidates p50 ${result.candidatesMs.p50} ms (<= ${BUDGET.candidatesMs}); created with totals p50 ${result.createWithTotalsMs.p50} ms (<= ${BUDGET.createMs}); `
    + `examined p50 ${result.examineMs.p50} ms (<= ${BUDGET.examineMs}); ticket list with the settled column ${result.ticketList.onP50} ms, without ${result.ticketList.offP50} ms, `
    + `ratio ${result.ticketList.ratio} (<= ${BUDGET.columnRatio}): ${within ? 'within' : 'OVER'}`);
  console.log(`CPU per call p50 (server + PostgreSQL): candidates ${result.cpuMsP50.candidates} ms, created with totals ${result.cpuMsP50.createWithTotals} ms, `
    + `examined ${result.cpuMsP50.examine} ms; load average ${result.loadAverage}`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `settlement-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`figures: ${path.relative(process.cwd(), file)}`);
  if (!within) process.exitCode = 1;
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
});
