/**
 * 集团驾驶舱 over a group of 20 plants, each with the plant-year's tickets (about 15M tickets),
 * read from a streaming replica through the server (issue 22, item 4 and its benchmark line).
 *
 *   npm run bench:group-cockpit          (npx tsx bench/group-cockpit.ts)
 *
 * What it does:
 *  1. the plant of bench/plant-year.ts (730,000 tickets of HDSN) in GROUP_COCKPIT_DIR, made when
 *     absent; migrated to this release;
 *  2. the group made 20 plants (HDJC and new companies GC01..), each given a copy of HDSN's tickets
 *     by INSERT ... SELECT with new ids and its own org_id (not generated again), and a copy of
 *     HDSN's sealed summaries (rpt_weigh_*, rpt_unsettled_day) as the nightly job leaves them, and
 *     stock balances over HDSN's warehouses and materials. The copy runs with the tickets' indexes
 *     other than their keys dropped and made again after (the definitions are kept in the table
 *     bench_saved_index until then, so an interrupted copy is mended by the next run). The
 *     registries and weighings are not copied: the cockpit reads no weighing, and registries only
 *     through the partial index of the trips still open (none in the year);
 *  3. a streaming replica of it: a base backup (test/standby.ts, as replica.test.ts makes one)
 *     under bench/tmp, waited for until its replay is at the primary's WAL position;
 *  4. the server (buildApp) with DATABASE_REPLICA_URL set to the replica, signed in as the
 *     general manager (集团 scope), GET /api/group/cockpit: BENCH_WARMUP untimed, BENCH_SAMPLES
 *     timed one after another; p50/p95; each statement EXPLAIN ANALYZEd on the replica.
 *
 * Settings (environment; defaults in brackets):
 *   GROUP_COCKPIT_DIR   the primary's data [bench/tmp/group-cockpit]; kept for the next run.
 *                       Drop it with: rm -rf bench/tmp/group-cockpit
 *   BENCH_PLANTS        plants of the group with the year's tickets [20]
 *   BENCH_SAMPLES       timed readings [30]; BENCH_WARMUP [3]
 *
 * Budget: p50 <= 500 ms (issue 22).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { GROUP_COCKPIT_PATH } from '@wb/protocol';
import { sql } from 'kysely';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIR = path.resolve(process.env.GROUP_COCKPIT_DIR ?? path.join(here, 'tmp', 'group-cockpit'));
process.env.PLANT_YEAR_DIR = DIR;
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = { plants: num('BENCH_PLANTS', 20), samples: num('BENCH_SAMPLES', 30), warmup: num('BENCH_WARMUP', 3) };
const ZONE = process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';
/** a copy's ids: its source's plus this times its number */
const ID_STRIDE = 10_000_000;

const sh = (cmd: string) => execSync(cmd, { encoding: 'utf8' }).trim();
const diskFree = () => sh(`df -h ${JSON.stringify(path.dirname(DIR))} | tail -1`);
const duOf = (dir: string) => (fs.existsSync(dir) ? sh(`du -sh ${JSON.stringify(dir)} | cut -f1`) : '0');

async function main(): Promise<void> {
  const { generatePlantYear, plantYearPostgres } = await import('./plant-year');
  const { migrate } = await import('../packages/server/src/platform/db/migrate');
  const { openDatabase } = await import('../packages/server/src/platform/db/pool');
  const { sealAll } = await import('../packages/server/src/domain/report-builtin/seal-repo');
  const { startStandby } = await import('../packages/server/test/standby');
  const { buildApp } = await import('../packages/server/src/app');
  const { loadConfig } = await import('../packages/server/src/config');
  const { cleanUp, cleanups, listen, percentile, round, signIn } = await import('./support/setup');
  const cockpitRepo = await import('../packages/server/src/domain/group-cockpit/repo');
  const { inPlantCounts } = await import('../packages/server/src/domain/live/repo');
  const { tonsByKind, waitingInterventionCounts } = await import('../packages/server/src/domain/plant-board/repo');
  const { monthStartOf, plantDay } = await import('../packages/server/src/domain/group-cockpit/rules');

  const out: Record<string, unknown> = { settings, date: new Date().toISOString(), uptimeBefore: os.loadavg(), diskBefore: diskFree() };
  console.log(`disk before: ${out.diskBefore}`);
  try {
    const existing = fs.existsSync(path.join(DIR, 'data', 'PG_VERSION'));
    const url = await plantYearPostgres(!existing);
    if (!existing) {
      const year = await generatePlantYear(url, 2000, 365);
      out.plantYear = { seconds: year.seconds, rows: year.rows };
    }
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await admin.query(text, values)).rows as T[];
    const timed = async (what: string, text: string, values: unknown[] = []) => {
      const t = performance.now();
      const r = await admin.query(text, values);
      const s = round((performance.now() - t) / 1000, 1);
      console.log(`  ${what}: ${s} s${r.rowCount ? ` (${r.rowCount.toLocaleString('en')} rows)` : ''}`);
      return s;
    };

    // the saved definitions of an interrupted copy's dropped indexes, made again
    await q('CREATE TABLE IF NOT EXISTS bench_saved_index (name text PRIMARY KEY, def text NOT NULL)');
    const restoreIndexes = async () => {
      let seconds = 0;
      for (const { name, def } of await q<{ name: string; def: string }>('SELECT name, def FROM bench_saved_index ORDER BY name')) {
        seconds += await timed(`index ${name}`, def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
        await q('DELETE FROM bench_saved_index WHERE name = $1', [name]);
      }
      return round(seconds, 1);
    };
    await restoreIndexes();

    const m0 = performance.now();
    const setup = openDatabase(url, 3);
    const applied = await migrate(setup.pool);
    await setup.close();
    console.log(`migrated (${applied.join(', ') || 'nothing new'}) in ${round((performance.now() - m0) / 1000, 1)} s`);

    // the group: 20 plants with the year's tickets
    const [hdsn] = await q<{ id: string; group_id: string }>(`SELECT id::text, group_id::text FROM sys_org WHERE org_code = 'HDSN'`);
    const group = async () => q<{ id: string; org_code: string; tickets: boolean }>(`
      SELECT o.id::text, o.org_code, EXISTS (SELECT 1 FROM wb_ticket t WHERE t.org_id = o.id) AS tickets
        FROM sys_org o WHERE o.group_id = $1 AND o.enabled ORDER BY o.id`, [hdsn.group_id]);
    let plants = await group();
    for (let n = 1; plants.length < settings.plants; n++) {
      const code = `GC${String(n).padStart(2, '0')}`;
      await q(`INSERT INTO sys_org (group_id, org_code, org_name, org_name_en) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [hdsn.group_id, code, `模拟工厂${n}号`, `Plant ${n}`]);
      plants = await group();
    }
    plants = plants.slice(0, settings.plants);
    const targets = plants.filter((p) => !p.tickets);
    if (targets.length) {
      console.log(`copying HDSN's tickets to ${targets.map((p) => p.org_code).join(', ')}`);
      const c0 = performance.now();
      await q("SET session_replication_role = replica");
      await q("SET maintenance_work_mem = '512MB'");
      await q('SET synchronous_commit = off');
      // every index of the tickets but their keys' (a constraint's index stays: the copy keeps them)
      await q(`INSERT INTO bench_saved_index (name, def)
               SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i
                WHERE i.indrelid = 'wb_ticket'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
               ON CONFLICT DO NOTHING`);
      for (const { name } of await q<{ name: string }>('SELECT name FROM bench_saved_index')) await q(`DROP INDEX IF EXISTS ${name}`);
      const columns = (await q<{ column_name: string }>(`
        SELECT column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = 'wb_ticket' AND is_generated = 'NEVER' ORDER BY ordinal_position`)).map((c) => c.column_name);
      const shifted: Record<string, string> = {
        id: 'id + $2::bigint', org_id: '$1::bigint', registry_id: 'registry_id + $2::bigint', source_ticket_id: 'source_ticket_id + $2::bigint',
      };
      const list = columns.map((c) => `"${c}"`).join(', ');
      const select = columns.map((c) => shifted[c] ?? `"${c}"`).join(', ');
      const copySteps: { org: string; seconds: number }[] = [];
      for (const p of targets) {
        const k = plants.indexOf(p) + 1;
        await q('BEGIN');
        const seconds = await timed(`${p.org_code} tickets`, `INSERT INTO wb_ticket (${list}) SELECT ${select} FROM wb_ticket WHERE org_id = $3 ORDER BY id`,
          [p.id, k * ID_STRIDE, hdsn.id]);
        for (const table of ['rpt_weigh_day', 'rpt_weigh_month', 'rpt_unsettled_day', 'rpt_weigh_seal', 'wb_stock_balance']) await q(`DELETE FROM ${table} WHERE org_id = $1`, [p.id]);
        await q(`INSERT INTO rpt_weigh_seal (org_id, time_zone, sealed_through, sealed_at) SELECT $1, time_zone, sealed_through, sealed_at FROM rpt_weigh_seal WHERE org_id = $2`, [p.id, hdsn.id]);
        for (const table of ['rpt_weigh_day', 'rpt_weigh_month', 'rpt_unsettled_day']) {
          const cols = (await q<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`, [table]))
            .map((c) => c.column_name);
          await q(`INSERT INTO ${table} (${cols.join(', ')}) SELECT ${cols.map((c) => (c === 'org_id' ? '$1::bigint' : c)).join(', ')} FROM ${table} WHERE org_id = $2`, [p.id, hdsn.id]);
        }
        await q('COMMIT');
        copySteps.push({ org: p.org_code, seconds });
      }
      // stock over HDSN's warehouses and materials, in every plant (the year leaves none)
      await q(`INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity)
               SELECT o.id, w.id, a.archive_id, round((100 + random() * 5000)::numeric, 3)
                 FROM sys_org o CROSS JOIN md_warehouse w JOIN md_material_alloc a ON a.org_id = w.org_id
                WHERE o.id = ANY($1::bigint[]) AND w.org_id = $2
               ON CONFLICT DO NOTHING`, [plants.map((p) => p.id), hdsn.id]);
      await q(`SELECT setval(pg_get_serial_sequence('wb_ticket', 'id'), (SELECT max(id) FROM wb_ticket))`);
      const indexSeconds = await restoreIndexes();
      const vacuumSeconds = await timed('vacuum and analyze', 'VACUUM (ANALYZE) wb_ticket, rpt_weigh_day, rpt_weigh_month, rpt_unsettled_day, wb_stock_balance');
      await q('SET session_replication_role = origin');
      out.copy = { plants: targets.length, steps: copySteps, indexSeconds, vacuumSeconds, seconds: round((performance.now() - c0) / 1000, 1) };
      console.log(`copied in ${(out.copy as { seconds: number }).seconds} s`);
    }
    // the nightly seal brought to today less two (a day may have passed since the year was made)
    const s0 = performance.now();
    const sealPool = openDatabase(url, 2);
    await sealAll(sealPool.pool, ZONE);
    await sealPool.close();
    console.log(`sealed in ${round((performance.now() - s0) / 1000, 1)} s`);
    const [size] = await q<{ tickets: string; db: string; n: string }>(`SELECT pg_size_pretty(pg_total_relation_size('wb_ticket')) AS tickets,
      pg_size_pretty(pg_database_size(current_database())) AS db, (SELECT count(*) FROM wb_ticket)::text AS n`);
    out.data = { tickets: Number(size.n), ticketTable: size.tickets, database: size.db, dataDir: duOf(DIR), diskAfterLoad: diskFree() };
    console.log(`${Number(size.n).toLocaleString('en')} tickets, wb_ticket ${size.tickets}, database ${size.db}, data dir ${duOf(DIR)}; ${diskFree()}`);

    // the replica: a base backup under bench/tmp, streaming; caught up before anything is timed
    const r0 = performance.now();
    const adminUrl = (() => { const u = new URL(url); u.pathname = '/postgres'; return u.toString(); })();
    const standby = await startStandby(adminUrl, path.dirname(DIR));
    cleanups.push(() => standby.stop());
    const replicaUrl = standby.url(url);
    const replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();
    cleanups.push(() => replica.end());
    const lag = async () => {
      const [{ replayed }] = (await replica.query<{ replayed: string }>('SELECT pg_last_wal_replay_lsn()::text AS replayed')).rows;
      const [{ behind }] = await q<{ behind: number }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 AS behind', [replayed]);
      return behind;
    };
    for (let behind = await lag(); behind > 0; behind = await lag()) await new Promise((r) => setTimeout(r, 200));
    out.replica = { madeAndCaughtUpSeconds: round((performance.now() - r0) / 1000, 1), dir: duOf(path.join(path.dirname(DIR))), diskWithReplica: diskFree() };
    console.log(`replica streaming and caught up in ${(out.replica as { madeAndCaughtUpSeconds: number }).madeAndCaughtUpSeconds} s; ${diskFree()}`);

    // the server, reading the reports (and the cockpit) from the replica
    const database = openDatabase(url, 10);
    cleanups.push(() => database.close());
    const app = await buildApp({
      config: loadConfig({ CAPTCHA: 'off', JOBS: 'off', DATABASE_REPLICA_URL: replicaUrl, REPLICA_MAX_LAG_SECONDS: '30' }),
      database, logger: { level: 'warn' },
    });
    cleanups.push(() => app.close());
    const base = `http://127.0.0.1:${await listen(app)}`;
    const adminToken = await signIn(base, 'admin');
    const replicaStatus = await (await fetch(`${base}/api/sys-info/replica`, { headers: { authorization: `Bearer ${adminToken}` } })).json() as { data: { readsFrom: string; lagBytes: number } };
    console.log(`the server reads from: ${replicaStatus.data.readsFrom} (lag ${replicaStatus.data.lagBytes} bytes)`);
    out.readsFrom = replicaStatus.data.readsFrom;
    const token = await signIn(base, 'general_manager');
    const get = async () => {
      const t = performance.now();
      const res = await fetch(`${base}${GROUP_COCKPIT_PATH}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.json() as { data: { plants: { unsettledCents: number; month: Record<string, string> }[] } };
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - t, plants: body.data.plants.length };
    };
    for (let i = 0; i < settings.warmup; i++) await get();
    const ms: number[] = [];
    let shown = 0;
    for (let i = 0; i < settings.samples; i++) {
      const r = await get();
      shown = r.plants;
      ms.push(r.ms);
    }
    ms.sort((a, b) => a - b);
    const timing = { plants: shown, samples: ms.length, p50: round(percentile(ms, 50), 1), p95: round(percentile(ms, 95), 1), min: round(ms[0], 1), max: round(ms[ms.length - 1], 1) };
    out.cockpit = timing;
    console.log(`GET ${GROUP_COCKPIT_PATH} over ${shown} plants: p50 ${timing.p50} ms, p95 ${timing.p95} ms (min ${timing.min}, max ${timing.max}; ${ms.length} samples); budget p50 <= 500 ms`);

    // each statement of the page, EXPLAIN ANALYZEd on the replica
    const ids = plants.map((p) => p.id);
    const day = plantDay(Date.now(), ZONE);
    const { db } = database;
    const statements = {
      inPlant: inPlantCounts(ids), today: cockpitRepo.dayTons(ids, day, ZONE), month: cockpitRepo.monthTons(ids, monthStartOf(day), day, ZONE),
      stock: cockpitRepo.stockTons(ids), stockByClass: cockpitRepo.stockTonsByClass(ids), accounts: cockpitRepo.accountCents(ids),
      unsettled: cockpitRepo.unsettledCents(ids), interventions: waitingInterventionCounts(ids), approvals: cockpitRepo.openApprovals(ids),
      // what the page read before migration 107: the month's tons from the tickets (the wall board's statement), the unsettled over every ticket
      beforeMonthFromTickets: tonsByKind(ids, monthStartOf(day), day, ZONE),
      beforeUnsettledFromTickets: sql<{ orgId: string; cents: string }>`
        SELECT t.org_id::text AS "orgId", round(coalesce(sum(t.amount), 0) * 100)::bigint::text AS cents
          FROM wb_ticket t
         WHERE t.org_id = ANY(${ids}::bigint[]) AND t.kind IN ('sa', 'pu') AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED')
           AND NOT EXISTS (
             SELECT 1 FROM wb_settlement_row r JOIN wb_settlement s ON s.org_id = r.org_id AND s.id = r.settlement_id AND s.state <> 'DRAFT'
              WHERE r.org_id = t.org_id AND r.scope = 'GOODS' AND r.ticket_id = t.id)
         GROUP BY t.org_id`,
    };
    const explained: Record<string, number> = {};
    for (const [name, statement] of Object.entries(statements)) {
      const compiled = statement.compile(db);
      // run once before it is timed, as the page's readings have warmed its own statements
      await replica.query({ text: compiled.sql, values: [...compiled.parameters] });
      const { rows } = await replica.query({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${compiled.sql}`, values: [...compiled.parameters] });
      const plan = rows[0]['QUERY PLAN'][0] as { 'Execution Time': number };
      explained[name] = round(plan['Execution Time'], 1);
      if (process.env.BENCH_EXPLAIN === '1') {
        const text = await replica.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, values: [...compiled.parameters] });
        console.log(`--- ${name}\n${text.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    out.statementsMs = explained;
    console.log(`statements on the replica (EXPLAIN ANALYZE, ms): ${JSON.stringify(explained)}`);
  } finally {
    out.uptimeAfter = os.loadavg();
    out.uptime = sh('uptime');
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    const file = path.join(here, 'results', `group-cockpit-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify(out, null, 2));
    console.log(`load: ${out.uptime}\nfigures: ${path.relative(process.cwd(), file)}`);
    await cleanUp();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
