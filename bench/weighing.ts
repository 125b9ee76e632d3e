/**
 * The second weighing with its notice update (issue 4, item 8: p50 10 ms or less, 300 weighings/s
 * or more sustained on this 2-core machine): trucks first weighed on purchase registries spread over
 * notice lines, completed through the real call (POST /api/weigh/pu/second: the ticket locked, the
 * checks, the net, the reading, the notice line's done under its row lock, the vehicle's tares).
 *
 *   npm run bench:weigh
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_TRUCKS       trucks waiting for their second weighing [20000]
 *   BENCH_LINES        notice lines they are spread over [50]
 *   BENCH_SAMPLES      sequential calls for the latency figures [500]
 *   BENCH_CONNECTIONS  stations weighing at once in the throughput run [16]
 *   BENCH_DURATION     seconds of the throughput run [20]
 *   BENCH_POOL         database pool of the server [10]
 *   BENCH_QUIET_WAIT   seconds to wait at most for a quiet machine before each measurement [120]
 *   BENCH_KIND         pu (purchase trucks, gross first) or sa (sales trucks, tare first) [pu]
 *   BENCH_COMMERCIAL   sa only: on (price list, money control with freezes, grants) or off [off]
 *                      (support/sales-trucks.ts says what each puts to work)
 *   BENCH_WEBHOOKS     subscriptions to 'ticket completed' (platform/events) for the side-by-side
 *                      run: 0 measures as before; N > 0 skips the sequential run and alternates
 *                      sustained runs with the N subscriptions switched off and on [0]
 *   BENCH_WEBHOOK_ROUNDS  off/on pairs of that run [2]; the run vacuums and analyses the plant first and
 *                      starts each round after a checkpoint, and reports each round's CPU, WAL and cleanup per weighing
 *   BENCH_JOBS         on: this server also runs the job library's workers, delivering the
 *                      webhooks (to a receiver in this process) while it weighs [off]
 *   BENCH_ALERTS       1: the 预警中心's per-weighing rules side by side: skips the sequential run and
 *                      alternates sustained runs with the rules off and on, on meaning the scan poller
 *                      running in this server's process as production runs it (domain/alert/jobs.ts:
 *                      scanPending every second over the tickets the completions marked) [0]
 *   BENCH_ALERT_ROUNDS off/on pairs of that run [2]; the run vacuums and analyses the plant first, starts each
 *                      round after a checkpoint, and after an off round marks its tickets scanned (no backlog)
 *   BENCH_ALERT_HISTORY past completed tickets given to each bench truck's plate before that run [0]: N
 *                      purchases of the same material made and completed on N earlier days, tares weighed
 *                      across the bench's own range of tares (a clean history), so the scan reads real histories
 *
 * Latency is the station's (the client process's round trip) and the server's (Fastify's
 * reply.elapsedTime of the call). Raw figures go to bench/results/weighing-<time>.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { ALERT_SCAN_EVERY_MS } from '../packages/server/src/domain/alert/jobs';
import { scanPending } from '../packages/server/src/domain/alert/scan';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { generatePurchaseTrucks } from './support/purchase-trucks';
import { generateSalesTrucks } from './support/sales-trucks';
import { benchPostgres, cleanUp, cleanups, listen, percentile, postgresCpuMs, round, signIn, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  trucks: num('BENCH_TRUCKS', 20_000),
  lines: num('BENCH_LINES', 50),
  samples: num('BENCH_SAMPLES', 500),
  connections: num('BENCH_CONNECTIONS', 16),
  duration: num('BENCH_DURATION', 20),
  pool: num('BENCH_POOL', 10),
  quietWait: num('BENCH_QUIET_WAIT', 120),
  kind: process.env.BENCH_KIND === 'sa' ? 'sa' : 'pu',
  commercial: process.env.BENCH_COMMERCIAL === 'on' ? 'on' : 'off',
  webhooks: num('BENCH_WEBHOOKS', 0),
  webhookRounds: num('BENCH_WEBHOOK_ROUNDS', 2),
  jobs: process.env.BENCH_JOBS === 'on' ? 'on' : 'off',
  alerts: num('BENCH_ALERTS', 0),
  alertRounds: num('BENCH_ALERT_ROUNDS', 2),
  alertHistory: num('BENCH_ALERT_HISTORY', 0),
} as const;

/**
 * The plant before the run, set-based: notice lines with room for every truck, and per truck an
 * audited registry at the scale, its first-weighed ticket and that reading (purchase: 40 t gross;
 * sales: 15 t tare, support/sales-trucks.ts).
 */
async function generateTrucks(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const t0 = performance.now();
    const org = (await c.query(`SELECT id FROM sys_org WHERE org_code = 'HDSN'`)).rows[0].id as string;
    const vendor = (await c.query('SELECT archive_id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [org])).rows[0].archive_id;
    const material = (await c.query(`SELECT m.id FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1
      WHERE NOT m.scene_confirm AND m.hidden_deduct = 0 ORDER BY m.id LIMIT 1`, [org])).rows[0].id;
    const warehouse = (await c.query('SELECT id FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [org])).rows[0].id;
    await c.query('BEGIN');
    if (settings.kind === 'sa') await generateSalesTrucks(c, settings, org, material, warehouse);
    else await generatePurchaseTrucks(c, settings, org, vendor, material, warehouse);
    await c.query('COMMIT');
    await c.query('ANALYZE');
    const ids = (await c.query(`SELECT id FROM wb_registry WHERE registry_no LIKE 'BENCHDJ%' ORDER BY random()`)).rows.map((r) => r.id as string);
    console.log(`${ids.length} ${settings.kind} trucks (commercial ${settings.commercial}) on ${settings.lines} notice lines ready in ${round((performance.now() - t0) / 1000, 1)} s`);
    return ids;
  } finally {
    await c.end();
  }
}

interface ClientResult { count: number; failures: number; firstFailures: string[]; wallMs: number; cpuMs: number; latencies: number[] }

function runClient(opts: { url: string; token: string; idsFile: string; offset: number; calls: number; seconds: number; connections: number; weightBase: number }): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'weigh-client.mjs'), JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() as string)) : reject(new Error(`weigh client exited with ${code}`))));
  });
}

const figures = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p90: round(percentile(s, 90)), p99: round(percentile(s, 99)), max: round(s[s.length - 1] ?? Number.NaN) };
};

async function main() {
  console.log('settings', settings);
  const postgres = await benchPostgres();
  const { url } = postgres;
  const dataDir = path.join(postgres.dir, 'data');
  const ids = await generateTrucks(url);
  const idsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-weigh-')), 'registries.txt');
  fs.writeFileSync(idsFile, ids.join('\n'));
  cleanups.push(async () => fs.rmSync(path.dirname(idsFile), { recursive: true, force: true }));

  const database = openDatabase(url, settings.pool);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'warn', JOBS: settings.jobs }), database });
  const serverMs: number[] = [];
  const callPath = `/api/weigh/${settings.kind}/second`;
  // the second reading: a tare of 14-16 t after a purchase truck's gross, a gross of 44-46 t after a sales truck's tare
  const weightBase = settings.kind === 'sa' ? 44 : 14;
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === callPath) serverMs.push(reply.elapsedTime);
  });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const token = await signIn(base, 'operator');
  const callUrl = `${base}${callPath}`;

  // warm-up: JIT, the pool's connections, the plans
  await runClient({ url: callUrl, token, idsFile, weightBase, offset: 0, calls: 200, seconds: 60, connections: 4 });
  let offset = 200;
  if (settings.webhooks > 0) {
    await webhooksSideBySide({ url, database, callUrl, token, idsFile, weightBase, offset, serverMs, dataDir });
    return;
  }
  if (settings.alerts > 0) {
    await alertsSideBySide({ url, database, callUrl, token, idsFile, weightBase, offset, serverMs, dataDir });
    return;
  }

  const quiet1 = await waitQuiet(settings.quietWait);
  serverMs.length = 0;
  const sequential = await runClient({ url: callUrl, token, idsFile, weightBase, offset, calls: settings.samples, seconds: 120, connections: 1 });
  offset += sequential.count;
  const sequentialServer = figures(serverMs);

  const quiet2 = await waitQuiet(settings.quietWait);
  serverMs.length = 0;
  const cpuBefore = { server: process.cpuUsage(), postgres: postgresCpuMs(dataDir) };
  const sustained = await runClient({ url: callUrl, token, idsFile, weightBase, offset, calls: ids.length - offset, seconds: settings.duration, connections: settings.connections });
  const serverCpu = process.cpuUsage(cpuBefore.server);
  const sustainedServer = figures(serverMs);
  // CPU per weighing of each party: with two cores, 300/s leaves 6.7 ms for all three together
  const perCall = (ms: number) => round(ms / Math.max(1, sustained.count), 3);
  const cpuPerWeighing = {
    serverMs: perCall((serverCpu.user + serverCpu.system) / 1000),
    postgresMs: perCall(postgresCpuMs(dataDir) - cpuBefore.postgres),
    stationsMs: perCall(sustained.cpuMs),
  };

  // every completed truck counted once on its line, and the ceiling held
  const check = await database.pool.query(`SELECT
      (SELECT count(*) FROM wb_ticket WHERE state = 'COMPLETED' AND ticket_no LIKE 'BENCHBD%')::int AS completed,
      (SELECT json_object_agg(coalesce(price_source, 'none'), n) FROM (SELECT price_source, count(*) AS n FROM wb_ticket
        WHERE state = 'COMPLETED' AND ticket_no LIKE 'BENCHBD%' GROUP BY 1) p) AS "priceSources",
      (SELECT sum(amount) FROM wb_ticket WHERE state = 'COMPLETED' AND ticket_no LIKE 'BENCHBD%')::text AS amount,
      (SELECT sum(net) FROM wb_ticket WHERE state = 'COMPLETED' AND ticket_no LIKE 'BENCHBD%')::text AS net,
      (SELECT sum(consumed) FROM fm_account)::text AS consumed,
      (SELECT sum(drawn_quantity) FROM mgp_grant_line)::text AS drawn,
      (SELECT -sum(frozen_delta) FROM fm_ledger WHERE kind = 'RELEASE')::text AS released,
      (SELECT sum(done_trips) FROM wb_notice_line l JOIN wb_notice n ON n.id = l.notice_id WHERE n.notice_no LIKE 'BENCHTZ%')::int AS trips`);

  const result = {
    when: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model }, settings,
    quiet: { beforeSequential: quiet1, beforeSustained: quiet2 },
    sequential: { calls: sequential.count, failures: sequential.failures, client: figures(sequential.latencies), server: sequentialServer },
    sustained: {
      calls: sustained.count, failures: sustained.failures, firstFailures: sustained.firstFailures, seconds: round(sustained.wallMs / 1000),
      perSecond: round(sustained.count / (sustained.wallMs / 1000), 1), client: figures(sustained.latencies), server: sustainedServer,
      cpuPerWeighing,
    },
    check: check.rows[0],
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = path.join(here, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `weighing-${settings.kind === 'sa' ? `sa-${settings.commercial}-` : ''}${result.when.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
}

/**
 * The second weighing with N webhook subscriptions to 'ticket completed' against none, in one run on
 * one database: sustained runs alternate off, on, off, on..., so both sides see the same machine.
 * On, every weighing's completion statement also writes its event and the one job of the job library
 * that fans it out to the N subscriptions after the commit; off, it writes no event at all (platform/events eventCtes).
 */
async function webhooksSideBySide(o: {
  url: string; database: ReturnType<typeof openDatabase>; callUrl: string; token: string; idsFile: string; weightBase: number; offset: number; serverMs: number[];
  dataDir: string;
}): Promise<void> {
  const { database, serverMs } = o;
  let offset = o.offset;
  const receiver = http.createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(204).end()); });
  const port = await new Promise<number>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as { port: number }).port)));
  cleanups.push(() => new Promise<void>((resolve) => { receiver.closeAllConnections(); receiver.close(() => resolve()); }));
  const org = (await database.pool.query(`SELECT id FROM sys_org WHERE org_code = 'HDSN'`)).rows[0].id as string;
  for (let i = 0; i < settings.webhooks; i++) {
    await database.pool.query(`INSERT INTO sys_subscription (org_id, name, events, url, secret, enabled) VALUES ($1, $2, 'ticket.completed', $3, $4, false)`,
      [org, `bench hook ${i + 1}`, `http://127.0.0.1:${port}/hook/${i + 1}`, `whsec_bench_${i + 1}_0123456789abcdef`]);
  }
  // the bulk load's cleanup done now, not by the autovacuum in the middle of whichever round is running
  await database.pool.query('VACUUM ANALYZE');
  const phases: { subscribed: boolean; calls: number; failures: number; perSecond: number; client: ReturnType<typeof figures>; server: ReturnType<typeof figures>; quiet: unknown; load: unknown }[] = [];
  for (let r = 0; r < settings.webhookRounds; r++) {
    for (const subscribed of [false, true]) {
      await database.pool.query('UPDATE sys_subscription SET enabled = $1', [subscribed]);
      // every round starts after a checkpoint, so each pays its first writes of a page in full (WAL full-page images) alike,
      // instead of the round a timed checkpoint happens to fall in
      await database.pool.query('CHECKPOINT');
      const quiet = await waitQuiet(settings.quietWait);
      const loadBefore = os.loadavg().map((x) => round(x, 2));
      serverMs.length = 0;
      const statsBefore = await postgresStats(database);
      const cpuBefore = { server: process.cpuUsage(), postgres: postgresCpuMs(o.dataDir) };
      const run = await runClient({ url: o.callUrl, token: o.token, idsFile: o.idsFile, weightBase: o.weightBase, offset, calls: 1_000_000, seconds: settings.duration, connections: settings.connections });
      const serverCpu = process.cpuUsage(cpuBefore.server);
      const postgresMs = postgresCpuMs(o.dataDir) - cpuBefore.postgres;
      offset += run.count;
      const load = { before: loadBefore, after: os.loadavg().map((x) => round(x, 2)) };
      // what PostgreSQL did per weighing in this run (WAL, full-page images, multixacts, the cleaner's passes): figures the machine's load does not change
      const stats = perWeighing(statsBefore, await postgresStats(database), run.count);
      const cpu = { serverMs: round((serverCpu.user + serverCpu.system) / 1000 / Math.max(1, run.count), 3), postgresMs: round(postgresMs / Math.max(1, run.count), 3) };
      const phase = { subscribed, calls: run.count, failures: run.failures, perSecond: round(run.count / (run.wallMs / 1000), 1), client: figures(run.latencies), server: figures(serverMs), quiet, load, cpu, stats };
      phases.push(phase);
      console.log(`round ${r + 1} webhooks ${subscribed ? 'on ' : 'off'}: ${phase.perSecond} weighings/s, p50 ${phase.client.p50} ms at the station, ${run.failures} failures, load average ${load.before.join(' ')} -> ${load.after.join(' ')}`);
      console.log(`  CPU per weighing: server ${cpu.serverMs} ms, PostgreSQL ${cpu.postgresMs} ms; per weighing ${JSON.stringify(stats)}`);
    }
  }
  const mean = (on: boolean) => { const xs = phases.filter((p) => p.subscribed === on).map((p) => p.perSecond); return round(xs.reduce((a, b) => a + b, 0) / xs.length, 1); };
  const check = (await database.pool.query(`SELECT
      (SELECT count(*) FROM sys_event WHERE type = 'ticket.completed')::int AS events,
      (SELECT count(*) FROM sys_delivery)::int AS deliveries,
      (SELECT count(*) FROM sys_delivery WHERE state = 'SENT')::int AS sent,
      (SELECT count(*) FROM sys_event WHERE type = 'ticket.completed' AND fanned_out_at IS NULL)::int AS "awaitingFanOut"`)).rows[0];
  const result = {
    when: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: os.loadavg().map((x) => round(x, 2)) }, settings,
    webhooks: { subscriptions: settings.webhooks, offPerSecond: mean(false), onPerSecond: mean(true), ratio: round(mean(true) / mean(false), 3), phases, check },
  };
  console.log(JSON.stringify({ ...result, webhooks: { ...result.webhooks, phases: undefined } }, null, 2));
  const dir = path.join(here, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `weighing-webhooks-${result.when.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
}

/**
 * The second weighing with the 预警中心's per-weighing rules on against off, in one run on one
 * database: sustained runs alternate off, on, off, on... Every completion writes its ticket's scan
 * marker either way (one row, in the completion's statement: domain/weighing/repo.ts); on, the scan
 * poller runs in this process beside the server as on every production instance running jobs
 * (scanPending every second, domain/alert/jobs.ts), reading each ticket's history and raising its
 * alerts while the stations weigh; off, nothing scans, and the round's markers are marked scanned
 * after it so the next "on" round starts without a backlog. The cost of the marker itself is the
 * comparison with a commit before the 预警中心 (bench/compare-weighing.sh).
 */
async function alertsSideBySide(o: {
  url: string; database: ReturnType<typeof openDatabase>; callUrl: string; token: string; idsFile: string; weightBase: number; offset: number; serverMs: number[]; dataDir: string;
}): Promise<void> {
  const { database, serverMs } = o;
  let offset = o.offset;
  if (settings.alertHistory > 0) await giveHistories(o.url, settings.alertHistory);
  else await database.pool.query('VACUUM ANALYZE');
  const phases: { scanning: boolean; calls: number; failures: number; perSecond: number; client: ReturnType<typeof figures>; server: ReturnType<typeof figures>; quiet: unknown; load: unknown; scanned: number; raised: number; cpu: unknown }[] = [];
  for (let r = 0; r < settings.alertRounds; r++) {
    for (const scanning of [false, true]) {
      await database.pool.query('CHECKPOINT');
      const quiet = await waitQuiet(settings.quietWait);
      const loadBefore = os.loadavg().map((x) => round(x, 2));
      serverMs.length = 0;
      const cpuBefore = { server: process.cpuUsage(), postgres: postgresCpuMs(o.dataDir) };
      const scanBefore = (await database.pool.query(`SELECT count(*) FILTER (WHERE scanned_at IS NOT NULL)::int AS n FROM wb_alert_scan`)).rows[0].n as number;
      let polling = scanning;
      let raised = 0;
      // the poller as production runs it: a pass over the waiting tickets, then a second's rest
      const poller = (async () => {
        while (polling) {
          raised += await scanPending(database.db, { onError: (id, err) => console.error(`scan of ticket ${id} failed:`, err) });
          await new Promise((resolve) => setTimeout(resolve, ALERT_SCAN_EVERY_MS));
        }
      })();
      const run = await runClient({ url: o.callUrl, token: o.token, idsFile: o.idsFile, weightBase: o.weightBase, offset, calls: 1_000_000, seconds: settings.duration, connections: settings.connections });
      polling = false;
      await poller;
      const serverCpu = process.cpuUsage(cpuBefore.server);
      const postgresMs = postgresCpuMs(o.dataDir) - cpuBefore.postgres;
      offset += run.count;
      const scanned = (await database.pool.query(`SELECT count(*) FILTER (WHERE scanned_at IS NOT NULL)::int AS n FROM wb_alert_scan`)).rows[0].n - scanBefore;
      // an off round's markers: as if scanned, so the next on round scans only its own weighings
      if (!scanning) await database.pool.query('UPDATE wb_alert_scan SET scanned_at = now() WHERE scanned_at IS NULL');
      const load = { before: loadBefore, after: os.loadavg().map((x) => round(x, 2)) };
      const cpu = { serverMs: round((serverCpu.user + serverCpu.system) / 1000 / Math.max(1, run.count), 3), postgresMs: round(postgresMs / Math.max(1, run.count), 3) };
      const phase = { scanning, calls: run.count, failures: run.failures, perSecond: round(run.count / (run.wallMs / 1000), 1), client: figures(run.latencies), server: figures(serverMs), quiet, load, scanned, raised, cpu };
      phases.push(phase);
      console.log(`round ${r + 1} alert rules ${scanning ? 'on ' : 'off'}: ${phase.perSecond} weighings/s, p50 ${phase.client.p50} ms at the station, ${run.failures} failures, ${scanned} tickets scanned (${raised} alerts), load average ${load.before.join(' ')} -> ${load.after.join(' ')}`);
      console.log(`  CPU per weighing: server ${cpu.serverMs} ms (the scan's included when on), PostgreSQL ${cpu.postgresMs} ms`);
    }
  }
  const mean = (on: boolean) => { const xs = phases.filter((p) => p.scanning === on).map((p) => p.perSecond); return round(xs.reduce((a, b) => a + b, 0) / xs.length, 1); };
  const waiting = (await database.pool.query(`SELECT count(*)::int AS n FROM wb_alert_scan WHERE scanned_at IS NULL`)).rows[0].n;
  const result = {
    when: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg: os.loadavg().map((x) => round(x, 2)) }, settings,
    alerts: { offPerSecond: mean(false), onPerSecond: mean(true), ratio: round(mean(true) / mean(false), 3), phases, waitingAtEnd: waiting },
  };
  console.log(JSON.stringify({ ...result, alerts: { ...result.alerts, phases: undefined } }, null, 2));
  console.log(`per-weighing rules on / off: ${result.alerts.ratio} (required >= 0.95)`);
  const dir = path.join(here, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `weighing-alerts-${result.when.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
}

/**
 * Each waiting bench truck's plate given `n` past completed tickets in one statement: the truck's purchase
 * of the same material from the same vendor, made at 07:00-19:00 on each of the n days before and completed
 * 40 minutes later, 40 t gross, its tare weighed at 14-16 t as the bench weighs it now (weigh-client.mjs) and
 * the net the rest: a clean history, whose robust spread covers the tares and nets weighed in the rounds.
 */
async function giveHistories(url: string, n: number): Promise<void> {
  const t0 = performance.now();
  // its own connection: the bulk insert and the vacuum after it take longer than the server's statement timeout
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rowCount } = await c.query(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, notice_id, notice_line_id, material_id, warehouse_id, vendor_id,
        plate_number, first_is, gross, gross_time, tare, tare_time, tare_source, net, price, completed_at, created_at, updated_at)
      SELECT x.org_id, x.kind, 'BENCHHS' || x.id || '-' || x.k, 'COMPLETED', x.notice_id, x.notice_line_id, x.material_id, x.warehouse_id, x.vendor_id,
             x.plate_number, 'GROSS', 40, x.made, x.past_tare, x.made + interval '40 minutes', 'WEIGHED', 40 - x.past_tare, x.price,
             x.made + interval '40 minutes', x.made, x.made + interval '40 minutes'
        FROM (SELECT t.*, k, date_trunc('day', now()) - k * interval '1 day' + interval '7 hours' + (random() * 720)::int * interval '1 minute' AS made,
                     round((14 + random() * 2)::numeric, 2) AS past_tare
                FROM wb_ticket t, generate_series(1, $1::int) k
               WHERE t.ticket_no LIKE 'BENCHBD%' AND t.state = 'FIRST_WEIGHED') x`, [n]);
    await c.query('VACUUM ANALYZE');
    console.log(`${rowCount} past tickets (${n} a truck) given and the plant vacuumed in ${round((performance.now() - t0) / 1000, 1)} s`);
  } finally {
    await c.end();
  }
}

/** PostgreSQL's own counters: WAL written, checkpoints, multixact pages, the cleaner's passes (pg_stat_* views of PostgreSQL 17). */
async function postgresStats(database: ReturnType<typeof openDatabase>): Promise<Record<string, number>> {
  const { rows: [row] } = await database.pool.query(`SELECT
      (SELECT wal_records FROM pg_stat_wal)::float8 AS "walRecords", (SELECT wal_fpi FROM pg_stat_wal)::float8 AS "walFpi",
      (SELECT wal_bytes FROM pg_stat_wal)::float8 AS "walBytes",
      (SELECT num_timed + num_requested FROM pg_stat_checkpointer)::float8 AS checkpoints,
      (SELECT sum(blks_zeroed) FROM pg_stat_slru WHERE name LIKE 'Multi%')::float8 AS "multixactPages",
      (SELECT sum(blks_read) FROM pg_stat_slru WHERE name LIKE 'Multi%')::float8 AS "multixactReads",
      (SELECT sum(autovacuum_count + autoanalyze_count) FROM pg_stat_all_tables)::float8 AS autovacuums,
      (SELECT sum(xact_commit) FROM pg_stat_database)::float8 AS commits,
      (SELECT sum(blks_read) FROM pg_stat_database)::float8 AS "blocksRead"`);
  return row as Record<string, number>;
}

function perWeighing(before: Record<string, number>, after: Record<string, number>, weighings: number): Record<string, number> {
  const n = Math.max(1, weighings);
  return {
    walBytes: round((after.walBytes - before.walBytes) / n, 0), walRecords: round((after.walRecords - before.walRecords) / n, 2), walFpi: round((after.walFpi - before.walFpi) / n, 3),
    multixactPages: after.multixactPages - before.multixactPages, multixactReads: after.multixactReads - before.multixactReads,
    checkpoints: after.checkpoints - before.checkpoints, autovacuums: after.autovacuums - before.autovacuums, blocksRead: round((after.blocksRead - before.blocksRead) / n, 3),
  };
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanUp);
