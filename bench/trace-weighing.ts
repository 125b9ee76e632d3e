/**
 * Every statement of the purchase second weighing, with its time: a small plant of purchase trucks
 * (as bench/weighing.ts makes them), a warm-up, then BENCH_TRACE_CALLS (200) sequential
 * `POST /api/weigh/pu/second` calls through the real app on one connection, each statement the pg
 * driver sends timed from its send to its answer (the round trip, as the weighing pays it). Prints
 * one row per statement shape (its first words): how many a weighing sends and their mean time.
 *
 *   npx tsx bench/trace-weighing.ts
 *
 * BENCH_TRACE_CPU=N also runs each statement of the last weighing N times under its generic plan and
 * prints the backend's CPU time a run (from /proc/<pid>/schedstat) beyond a trivial statement's.
 *
 * The script uses only the app's public start (buildApp) and the pg driver, so it runs unchanged in
 * an older tree (copy it there) for a side-by-side list of statements. Raw figures:
 * results/trace-weighing-<time>.json.
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// the driver's own conversion of a parameter to its text (dates, arrays, objects)
import { prepareValue } from 'pg/lib/utils.js';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { benchPostgres, cleanUp, cleanups, listen, signIn } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const calls = Number(process.env.BENCH_TRACE_CALLS ?? 200);
const backlog = Number(process.env.BENCH_TRACE_BACKLOG ?? 0);
const trucks = backlog > 0 ? 2 * calls + 800 : calls + 300;

async function generate(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const org = (await c.query(`SELECT id FROM sys_org WHERE org_code = 'HDSN'`)).rows[0].id as string;
  const vendor = (await c.query('SELECT archive_id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [org])).rows[0].archive_id;
  const material = (await c.query(`SELECT m.id FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1
    WHERE NOT m.scene_confirm AND m.hidden_deduct = 0 ORDER BY m.id LIMIT 1`, [org])).rows[0].id;
  const warehouse = (await c.query('SELECT id FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [org])).rows[0].id;
  await c.query(`INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, vendor_id, start_time, end_time)
    SELECT $1, 'pu', 'BENCHTZ' || g, 'AUDITED', $2, now() - interval '1 day', now() + interval '30 days' FROM generate_series(1, 50) g`, [org, vendor]);
  await c.query(`INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, warehouse_id, quantity, max_limit, price)
    SELECT $1, n.id, 1, $2, $3, 1000000, 1000000, 50 FROM wb_notice n WHERE n.notice_no LIKE 'BENCHTZ%'`, [org, material, warehouse]);
  const plates = `'苏' || chr(65 + (g / 100000) % 20) || lpad((g % 100000)::text, 5, '0')`;
  await c.query(`INSERT INTO wb_registry (org_id, kind, registry_no, doc_status, trip_state, entered_at, notice_id, notice_line_id, material_id, plate_number, pre_quantity, shipped_quantity)
    SELECT $1, 'pu', 'BENCHDJ' || g, 'AUDITED', 'WEIGHING', now() - interval '2 hours', l.notice_id, l.id, $2, ${plates}, 0, 30
      FROM generate_series(1, $3) g
      JOIN (SELECT id, notice_id, row_number() OVER (ORDER BY id) - 1 AS k FROM wb_notice_line WHERE org_id = $1) l ON l.k = g % 50`, [org, material, trucks]);
  await c.query(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, notice_id, notice_line_id, material_id, warehouse_id, vendor_id, plate_number, first_is, gross, gross_time, price)
    SELECT r.org_id, 'pu', 'BENCHBD' || r.id, 'FIRST_WEIGHED', r.id, r.notice_id, r.notice_line_id, r.material_id, $1, $2, r.plate_number, 'GROSS', 40, now() - interval '1 hour', 50
      FROM wb_registry r WHERE r.registry_no LIKE 'BENCHDJ%'`, [warehouse, vendor]);
  await c.query(`INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by)
    SELECT t.org_id, t.id, 'FIRST', 40, true, t.gross_time, 'BENCH', 'first-' || t.id, 'REGISTRY' FROM wb_ticket t WHERE t.ticket_no LIKE 'BENCHBD%'`);
  if (process.env.BENCH_WEBHOOKS) {
    for (let i = 0; i < Number(process.env.BENCH_WEBHOOKS); i++) {
      await c.query(`INSERT INTO sys_subscription (org_id, name, events, url, secret, enabled) VALUES ($1, $2, 'ticket.completed', 'http://127.0.0.1:9/hook', 'whsec_bench_0123456789abcdef', true)`, [org, `bench hook ${i}`]);
    }
  }
  await c.query('ANALYZE');
  const ids = (await c.query(`SELECT id FROM wb_registry WHERE registry_no LIKE 'BENCHDJ%' ORDER BY id`)).rows.map((r) => r.id as string);
  await c.end();
  return ids;
}

interface Timed { text: string; ms: number; values?: unknown[] }
let recording: Timed[] | null = null;
// every statement of the driver, timed from its send to its answer
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const out = query.apply(this, args);
  if (recording && out && typeof (out as Promise<unknown>).then === 'function') {
    const a = args[0] as string | { text?: string; name?: string };
    const text = typeof a === 'string' ? a : (a.text ?? a.name ?? '?');
    const t0 = performance.now();
    const list = recording;
    const values = (Array.isArray(args[1]) ? args[1] : (a as { values?: unknown[] }).values) as unknown[] | undefined;
    (out as Promise<unknown>).then(() => list.push({ text, ms: performance.now() - t0, values }), () => list.push({ text: `(failed) ${text}`, ms: performance.now() - t0 }));
  }
  return out;
};

const shape = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 110);

// BENCH_TRACE_CPU=N: each statement of the last weighing run N times more, in transactions rolled back, timed by the backend's CPU
const cpuRuns = Number(process.env.BENCH_TRACE_CPU ?? 0);
const schedNs = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
async function backendCpuUs(c: pg.Client, run: string): Promise<number> {
  const pid = (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
  await c.query('PREPARE trivial AS SELECT $1::int');
  const timed = async (text: string) => {
    for (let k = 0; k < 20; k++) { await c.query('BEGIN'); await c.query(text); await c.query('ROLLBACK'); }
    const before = schedNs(pid);
    for (let k = 0; k < cpuRuns; k++) { await c.query('BEGIN'); await c.query(text); await c.query('ROLLBACK'); }
    return (schedNs(pid) - before) / cpuRuns / 1000;
  };
  // alternated halves, so both see the same machine
  let statement = 0;
  let trivial = 0;
  for (let half = 0; half < 2; half++) { statement += await timed(run); trivial += await timed('EXECUTE trivial(1)'); }
  await c.query('DEALLOCATE trivial');
  return +((statement - trivial) / 2).toFixed(1);
}

async function main() {
  const postgres = await benchPostgres();
  const ids = await generate(postgres.url);
  const database = openDatabase(postgres.url, 2);
  cleanups.push(() => database.close());
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'warn', JOBS: 'off' }), database });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${await listen(app)}`;
  const token = await signIn(base, 'operator');
  const weigh = async (i: number) => {
    const res = await fetch(`${base}/api/weigh/pu/second`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ registryId: ids[i], weight: (14 + ((i * 7919) % 2000) / 1000).toFixed(3), stable: true, stationId: `BENCH${i % 4}`, requestId: `trace-${i}` }),
    });
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  };
  const pass = async (from: number) => {
    recording = [];
    // BENCH_TRACE_PROFILE=<file>: a V8 profile of this process (server and client) over the timed calls only (bench/profile-summary.mjs reads it)
    const profiler = process.env.BENCH_TRACE_PROFILE ? new inspector.Session() : null;
    if (profiler) { profiler.connect(); await profiler.post('Profiler.enable'); await profiler.post('Profiler.start'); }
    const t0 = performance.now();
    for (let i = from; i < from + calls; i++) await weigh(i);
    const wall = performance.now() - t0;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.writeFileSync(process.env.BENCH_TRACE_PROFILE as string, JSON.stringify(profile));
      profiler.disconnect();
    }
    await new Promise((r) => setTimeout(r, 50));
    const byShape = new Map<string, { n: number; ms: number }>();
    for (const t of recording) {
      const s = byShape.get(shape(t.text)) ?? { n: 0, ms: 0 };
      s.n += 1; s.ms += t.ms;
      byShape.set(shape(t.text), s);
    }
    const full = new Map<string, string>();
    for (const t of recording) if (!full.has(shape(t.text))) full.set(shape(t.text), t.text);
    const rows = [...byShape.entries()].map(([text, s]) => ({ full: full.get(text), perWeighing: +(s.n / calls).toFixed(2), meanMs: +(s.ms / s.n).toFixed(3), msPerWeighing: +(s.ms / calls).toFixed(3), text }));
    const total = { statementsPerWeighing: +(recording.length / calls).toFixed(2), dbMsPerWeighing: +(recording.reduce((a, t) => a + t.ms, 0) / calls).toFixed(3), wallMsPerWeighing: +(wall / calls).toFixed(3) };
    for (const r of rows) console.log(`${r.perWeighing.toFixed(2).padStart(5)} x ${r.meanMs.toFixed(3).padStart(7)} ms  ${r.text}`);
    console.log(total);
    // how PostgreSQL's plan cache runs the app's prepared statements on one of its connections: a
    // statement planned afresh at each call (custom plans) pays its planning every time
    const plans = (await database.pool.query(`SELECT generic_plans, custom_plans, left(regexp_replace(statement, '\\s+', ' ', 'g'), 90) AS text
      FROM pg_prepared_statements ORDER BY generic_plans + custom_plans DESC LIMIT 12`)).rows;
    for (const p of plans) console.log(`plans: generic ${p.generic_plans}, custom ${p.custom_plans}  ${p.text}`);
    // each statement of the last weighing again, on a truck not weighed yet, under EXPLAIN ANALYZE in a
    // transaction rolled back: PostgreSQL's own time for it (planning and execution, triggers
    // included), without the round trip and the commit
    const last = recording.slice(recording.map((t) => t.text).lastIndexOf('begin') + 1).filter((t) => t.text !== 'commit');
    const c = new pg.Client({ connectionString: postgres.url });
    await c.connect();
    const was = (await c.query(`SELECT t.id::text AS ticket, t.registry_id::text AS registry, t.plate_number AS plate FROM wb_ticket t WHERE t.registry_id = $1`, [ids[from + calls - 1]])).rows[0];
    const spare = (await c.query(`SELECT t.id::text AS ticket, t.registry_id::text AS registry, t.plate_number AS plate FROM wb_ticket t WHERE t.registry_id = $1`, [ids[ids.length - 1]])).rows[0];
    const swap = (v: unknown) => (typeof v === 'string' && v.startsWith('trace-') ? `${v}-again` : v === was.ticket ? spare.ticket : v === was.registry ? spare.registry : v === was.plate ? spare.plate : v);
    const explained: { text: string; ms: number; planningMs: number; genericMs?: number }[] = [];
    for (const t of last) {
      let ms = 0;
      let planning = 0;
      const rounds = 40;
      for (let k = 0; k < rounds; k++) {
        await c.query('BEGIN');
        const plan = (await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${t.text}`, (t.values ?? []).map(swap))).rows[0]['QUERY PLAN'][0];
        await c.query('ROLLBACK');
        ms += plan['Planning Time'] + plan['Execution Time'];
        planning += plan['Planning Time'];
      }
      if (process.env.BENCH_TRACE_PLANS) {
        await c.query('BEGIN');
        console.log((await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${t.text}`, (t.values ?? []).map(swap))).rows.map((r) => r['QUERY PLAN']).join('\n'));
        await c.query('ROLLBACK');
      }
      explained.push({ text: shape(t.text), ms: +(ms / rounds).toFixed(3), planningMs: +(planning / rounds).toFixed(3) });
      console.log(`PostgreSQL ${(ms / rounds).toFixed(3).padStart(7)} ms (planning ${(planning / rounds).toFixed(3)})  ${shape(t.text)}`);
      if (process.env.BENCH_TRACE_GENERIC) {
        // the same under the plan the app runs: its statements are named, and PostgreSQL keeps a
        // generic plan after five calls (pg_prepared_statements above)
        const literals = (t.values ?? []).map(swap).map((v) => (v === null || v === undefined ? 'NULL' : c.escapeLiteral(String(prepareValue(v)))));
        let generic = 0;
        let timed = 0;
        for (let k = 0; k < rounds; k++) {
          await c.query('BEGIN');
          await c.query("SET LOCAL plan_cache_mode = 'force_generic_plan'");
          await c.query(`PREPARE traced AS ${t.text}`);
          const run = `EXECUTE traced${literals.length ? `(${literals.join(', ')})` : ''}`;
          const plan = k === 0 && process.env.BENCH_TRACE_PLANS ? null : (await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${run}`)).rows[0]['QUERY PLAN'][0];
          if (!plan) console.log((await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${run}`)).rows.map((r) => r['QUERY PLAN']).join('\n'));
          await c.query('ROLLBACK');
          await c.query('DEALLOCATE traced');
          if (plan) { generic += plan['Execution Time']; timed += 1; }
        }
        (explained.at(-1) as { genericMs?: number }).genericMs = +(generic / timed).toFixed(3);
        console.log(`PostgreSQL ${(generic / timed).toFixed(3).padStart(7)} ms under the generic plan  ${shape(t.text)}`);
      }
      if (cpuRuns > 0) {
        // the CPU time the backend spends on the statement under its generic plan (its schedstat, in ns: what it costs
        // PostgreSQL, less disturbed by a busy machine than any clock), less that of a trivial prepared statement run alike
        const literals = (t.values ?? []).map(swap).map((v) => (v === null || v === undefined ? 'NULL' : c.escapeLiteral(String(prepareValue(v)))));
        await c.query("SET plan_cache_mode = 'force_generic_plan'");
        await c.query(`PREPARE costed AS ${t.text}`);
        const cost = await backendCpuUs(c, `EXECUTE costed${literals.length ? `(${literals.join(', ')})` : ''}`);
        await c.query('DEALLOCATE costed');
        await c.query('RESET plan_cache_mode');
        (explained.at(-1) as { cpuUs?: number }).cpuUs = cost;
        console.log(`PostgreSQL ${cost.toFixed(1).padStart(7)} us of backend CPU a run under the generic plan, beyond a trivial statement  ${shape(t.text)}`);
      }
    }
    await c.end();
    return { total, rows, explained, plans };
  };
  for (let i = 0; i < 200; i++) await weigh(i);
  const first = await pass(200);
  const report: Record<string, unknown> = { calls, ...first };
  if (backlog > 0) {
    // what a run with no poller leaves behind: events waiting for their fan-out (platform/events eventCtes, sweep.ts fanOutPending)
    const c = new pg.Client({ connectionString: postgres.url });
    await c.connect();
    const t0 = performance.now();
    await c.query(`INSERT INTO sys_event (org_id, type, event_key, payload)
        SELECT o.id, 'ticket.completed', 'BACKLOG' || g, '{"ticketNo": "BACKLOG"}'::jsonb FROM sys_org o, generate_series(1, $1) g WHERE o.org_code = 'HDSN'`, [backlog]);
    const counts = (await c.query(`SELECT (SELECT count(*) FROM sys_event)::int AS events, (SELECT count(*) FROM sys_event WHERE fanned_out_at IS NULL)::int AS waiting`)).rows[0];
    console.log('backlog written in', Math.round(performance.now() - t0), 'ms:', counts);
    if (process.env.BENCH_TRACE_ANALYZE) await c.query('ANALYZE');
    await c.end();
    for (let i = 200 + calls; i < 400 + calls; i++) await weigh(i);
    report.backlog = { rows: counts, ...(await pass(400 + calls)) };
  }
  const dir = path.join(here, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `trace-weighing-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(report, null, 2));
}

main().catch((err) => { console.error(err); process.exitCode = 1; }).finally(cleanUp);
