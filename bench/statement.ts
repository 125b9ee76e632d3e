/**
 * A customer's statement (对账单) for a whole year of a busy plant: the real call
 * (GET /api/money/statement, JSON) over HTTP against the year bench/plant-year.ts generates, timed
 * from request to parsed answer. The year's money is added to the plant first: every sales
 * ticket consumed from its customer's account at 355 a ton (the ledger row the second weighing
 * writes: ticket number, time, material, net, price, amount) and a receipt per customer and week
 * (what the month's trucks took, paid in four parts).
 *
 *   npm run bench:statement             (npx tsx bench/statement.ts)
 *
 * Uses the plant in PLANT_YEAR_DIR (bench/tmp/plant-year) when there is one (migrating it, since
 * the money tables may be newer than the plant), else generates it first (BENCH_TRUCKS_PER_DAY,
 * BENCH_DAYS as in plant-year.ts). Settings (environment; defaults in brackets):
 *   BENCH_STATEMENT_CALLS   timed calls, after two untimed ones [15]
 *   BENCH_QUIET_WAIT        seconds to wait at most for a quiet machine before measuring [60]
 * The customer is the one with the most sales tickets. Budget: p50 <= 500 ms.
 * Raw figures: bench/results/statement-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { migrate } from '../packages/server/src/platform/db/migrate';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { generatePlantYear, PLANT_YEAR_DIR, plantYearPostgres } from './plant-year';
import { cleanUp, cleanups, listen, percentile, round, signIn, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  calls: num('BENCH_STATEMENT_CALLS', 15),
  quietWait: num('BENCH_QUIET_WAIT', 60),
  trucksPerDay: num('BENCH_TRUCKS_PER_DAY', 2000),
  yearDays: num('BENCH_DAYS', 365),
};
const BUDGET_MS = 500;
const PRICE = 355;

/** The year's money, set-based: a CONSUME row per sales ticket, a RECEIPT per customer and week, the accounts as their sums. */
async function addMoney(pool: import('pg').Pool): Promise<{ ledgerRows: number; seconds: number }> {
  const t = performance.now();
  const client = await pool.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query('TRUNCATE fm_ledger, fm_account, fm_receipt');
    await client.query(`
      INSERT INTO fm_ledger (org_id, customer_id, at, kind, delta, doc_kind, doc_id, doc_no, material_id, net, price)
      SELECT org_id, customer_id, completed_at, 'CONSUME', -round(net * ${PRICE}, 2), 'ticket', id, ticket_no, material_id, net, ${PRICE}
        FROM wb_ticket WHERE kind = 'sa' AND customer_id IS NOT NULL AND net IS NOT NULL ORDER BY completed_at`);
    await client.query(`
      WITH weeks AS (
        SELECT org_id, customer_id, date_trunc('week', at) AS week, -sum(delta) AS taken FROM fm_ledger GROUP BY 1, 2, 3),
      r AS (
        INSERT INTO fm_receipt (org_id, receipt_no, doc_status, customer_id, receipt_date, method, amount, audited_at)
        SELECT org_id, 'SK' || to_char(week, 'YYYYMMDD') || lpad(customer_id::text, 6, '0'), 'AUDITED', customer_id, week::date, 'BANK', ceil(taken), week
          FROM weeks RETURNING id, org_id, customer_id, receipt_no, amount, audited_at)
      INSERT INTO fm_ledger (org_id, customer_id, at, kind, delta, doc_kind, doc_id, doc_no)
      SELECT org_id, customer_id, audited_at, 'RECEIPT', amount, 'receipt', id, receipt_no FROM r`);
    await client.query(`
      INSERT INTO fm_account (org_id, customer_id, received, consumed)
      SELECT org_id, customer_id, sum(delta) FILTER (WHERE kind = 'RECEIPT'), -sum(delta) FILTER (WHERE kind = 'CONSUME') FROM fm_ledger GROUP BY 1, 2`);
    await client.query('VACUUM (ANALYZE) fm_ledger, fm_account, fm_receipt');
    const { rows: [n] } = await client.query('SELECT count(*)::int AS n FROM fm_ledger');
    return { ledgerRows: n.n, seconds: round((performance.now() - t) / 1000, 1) };
  } finally {
    client.release();
  }
}

/** The PostgreSQL backend of the app's one connection (the statement call's). */
async function backendPid(pool: import('pg').Pool): Promise<number> {
  const { rows } = await pool.query('SELECT pg_backend_pid() AS pid');
  return rows[0].pid;
}

/** CPU time a process has used (user + system), from /proc, in ms. */
function backendCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
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
  const setup = openDatabase(url, 2);
  await migrate(setup.pool);
  const money = await addMoney(setup.pool);
  await setup.close();
  console.log(`money: ${money.ledgerRows.toLocaleString('en')} ledger rows in ${money.seconds} s`);
  // one connection: the calls are sequential, and its backend's CPU time can be read from /proc
  const database = openDatabase(url, 1);
  cleanups.push(() => database.close());

  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', JOBS: 'off' }), database });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const token = await signIn(base, 'accountant');
  const headers = { authorization: `Bearer ${token}` };

  const { rows: [who] } = await database.pool.query(`
    SELECT l.customer_id::text AS id, count(*)::int AS rows, min(l.at)::date::text AS first, max(l.at)::date::text AS last
      FROM fm_ledger l JOIN sys_org o ON o.id = l.org_id AND o.org_code = 'HDSN' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
  const query = `customerId=${who.id}&from=${who.first}&to=${who.last}`;
  const statement = async () => {
    const res = await fetch(`${base}/api/money/statement?${query}`, { headers });
    const body = (await res.json()) as { success: boolean; data: { lines: unknown[]; opening: string; receipts: string; consumed: string; closing: string } };
    if (!body.success) throw new Error(`statement failed: ${JSON.stringify(body).slice(0, 300)}`);
    return body.data;
  };
  const answer = await statement();
  await statement();
  console.log(`customer ${who.id}: ${who.rows.toLocaleString('en')} movements from ${who.first} to ${who.last}; statement of ${answer.lines.length.toLocaleString('en')} lines, `
    + `opening ${answer.opening} + receipts ${answer.receipts} - consumed ${answer.consumed} = closing ${answer.closing}`);
  const quiet = await waitQuiet(settings.quietWait);
  console.log(`machine busy ${round(quiet.busyShare * 100, 0)} % of its CPU before measuring (waited ${quiet.waitedS} s)`);
  const backend = await backendPid(database.pool);
  const cpu0 = { node: process.cpuUsage(), pg: backendCpuMs(backend) };
  const samples: number[] = [];
  for (let i = 0; i < settings.calls; i++) samples.push(await timed(statement));
  const nodeCpu = process.cpuUsage(cpu0.node);
  // CPU a call costs: on a busy shared machine the wall clock mostly measures the wait for a core
  const cpuPerCall = {
    nodeMs: round((nodeCpu.user + nodeCpu.system) / 1000 / settings.calls),
    postgresMs: round((backendCpuMs(backend) - cpu0.pg) / settings.calls),
  };
  samples.sort((a, b) => a - b);
  const p50 = round(percentile(samples, 50));
  const result = {
    at: new Date().toISOString(), settings, ledgerRows: money.ledgerRows, customer: who, lines: answer.lines.length,
    figures: { opening: answer.opening, receipts: answer.receipts, consumed: answer.consumed, closing: answer.closing },
    p50, p90: round(percentile(samples, 90)), max: round(samples[samples.length - 1]), budgetMs: BUDGET_MS, quiet, cpuPerCall,
  };
  console.log(`CPU per call: node (server and this client) ${cpuPerCall.nodeMs} ms, PostgreSQL ${cpuPerCall.postgresMs} ms`);
  console.log(`statement of a year: p50 ${p50} ms, p90 ${result.p90} ms, max ${result.max} ms (budget ${BUDGET_MS} ms): ${p50 <= BUDGET_MS ? 'within' : 'OVER'}`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `statement-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`figures: ${path.relative(process.cwd(), file)}`);
  if (p50 > BUDGET_MS) process.exitCode = 1;
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
});
