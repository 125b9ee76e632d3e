/**
 * A year of a busy plant: 2,000 trucks a day for 365 days (about 730,000 trips), each with its
 * registry, weigh ticket and weighings, against the month's notice line of its counterparty and
 * material; the lines' done quantities and trips are the sums of their tickets.
 *
 *   npm run bench:plant-year            (npx tsx bench/plant-year.ts)
 *
 * Settings (environment; defaults in brackets):
 *   BENCH_TRUCKS_PER_DAY   trips a day [2000]
 *   BENCH_DAYS             days, ending yesterday [365]
 *   PLANT_YEAR_DIR         where the embedded PostgreSQL keeps the plant [bench/tmp/plant-year];
 *                          an existing plant there is replaced. bench/daily-report.ts reads it.
 *
 * How it is made fast enough (<= 10 minutes on 2 cores): set-based SQL, not calls. Each table is
 * filled by one INSERT ... SELECT from a table of generated trips, ids chosen up front so the
 * registry, ticket and weighing rows join without lookups. The load runs with
 * session_replication_role = replica, which skips triggers: the foreign-key checks (the generator
 * only names rows it made or read) and the live-vehicle NOTIFY (700,000 notifications nobody
 * listens to). CHECK constraints and unique indexes still hold every row.
 *
 * What a real year looks like, as far as the reports care: purchase 42 % and sales 42 % of trips,
 * allot 6 %, transfer 5 %, production 5 %; a few big customers and many small ones; trucks by the
 * hour of the day (busy mornings and afternoons, a quiet night), rows written in time order as a
 * plant writes them; purchase trucks weigh gross first,
 * the others tare first, and a fifth of sales trucks use their stored tare (one weighing); tickets
 * older than three days are audited, 1 % carry a weighing warning. After the load the days before
 * today less two are sealed into the weighing summary (rpt_weigh_day, migration 082), as the
 * nightly job leaves a plant.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../packages/server/src/platform/db/embedded';
import { migrate } from '../packages/server/src/platform/db/migrate';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { ensureDatabase } from '../packages/server/src/platform/db/start';
import { seedTemplates } from '../packages/server/src/platform/templates/seed';
import { ALL_TEMPLATES } from '../packages/server/src/domain/templates';
import { seedDemoPlant } from '../packages/server/src/seed/demo';
import { sealDays } from '../packages/server/src/domain/report-builtin/seal-repo';
import { cleanUp, cleanups, freePort, round } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};

export const PLANT_YEAR_DIR = path.resolve(process.env.PLANT_YEAR_DIR ?? path.join(here, 'tmp', 'plant-year'));
const PLANT_TIME_ZONE = process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai';

/** Relative traffic per hour of the day (0-23): quiet nights, busy mornings and afternoons. */
const HOURLY_WEIGHT = [1, 1, 1, 1, 1, 2, 3, 5, 8, 9, 9, 8, 5, 6, 9, 9, 8, 6, 5, 4, 3, 2, 2, 1];

/** Lower bounds of each hour's share of the cumulative distribution, for width_bucket. */
function hourThresholds(): number[] {
  const total = HOURLY_WEIGHT.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let acc = 0;
  for (const w of HOURLY_WEIGHT) {
    out.push(acc / total);
    acc += w;
  }
  return out;
}

/**
 * The embedded PostgreSQL holding the plant, in a directory that outlives this process so the
 * report benchmark can read the same year; fresh (migrated, demo plant seeded) when `fresh`.
 */
export async function plantYearPostgres(fresh: boolean): Promise<string> {
  if (fresh) fs.rmSync(PLANT_YEAR_DIR, { recursive: true, force: true });
  fs.mkdirSync(PLANT_YEAR_DIR, { recursive: true });
  fs.chmodSync(PLANT_YEAR_DIR, 0o777);
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir: path.join(PLANT_YEAR_DIR, 'data'), port, persistent: true });
  cleanups.push(async () => {
    await new Promise((r) => setTimeout(r, 300));
    await server.stop();
  });
  await ensureDatabase(server.url('postgres'), 'weighbridge');
  const url = server.url('weighbridge');
  if (fresh) {
    const setup = openDatabase(url, 2);
    await migrate(setup.pool);
    await seedDemoPlant(setup.db);
    await seedTemplates(setup.db, ALL_TEMPLATES);
    await setup.close();
  }
  return url;
}

export interface PlantYear {
  trucksPerDay: number;
  days: number;
  firstDay: string;
  lastDay: string;
  rows: Record<string, number>;
  steps: { step: string; seconds: number }[];
  seconds: number;
}

/** Generates the year into the plant's first company (HDSN). */
export async function generatePlantYear(url: string, trucksPerDay: number, days: number): Promise<PlantYear> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const steps: PlantYear['steps'] = [];
  const t0 = performance.now();
  const step = async (name: string, sql: string, values: unknown[] = []) => {
    const t = performance.now();
    const r = await client.query(sql, values);
    steps.push({ step: name, seconds: round((performance.now() - t) / 1000, 1) });
    console.log(`  ${name}: ${round((performance.now() - t) / 1000, 1)} s${r.rowCount ? ` (${r.rowCount.toLocaleString('en')} rows)` : ''}`);
    return r;
  };
  try {
    await client.query(`SET TimeZone = '${PLANT_TIME_ZONE}'`);
    await client.query("SET session_replication_role = replica");
    await client.query('SET synchronous_commit = off');
    await client.query("SET work_mem = '128MB'");
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query('SELECT setseed(0.2026)');
    const { rows: [org] } = await client.query(`SELECT o.id, o.group_id, (SELECT id FROM sys_org WHERE org_code = 'HDJC') AS peer FROM sys_org o WHERE org_code = 'HDSN'`);
    const { rows: [span] } = await client.query(`SELECT (current_date - $1::int)::text AS first, (current_date - 1)::text AS last`, [days]);

    await step('more vendors and customers', `
      WITH v AS (
        INSERT INTO md_vendor (group_id, org_id, vendor_code, vendor_name, short_name)
        SELECT $1, $2, 'BV' || lpad(n::text, 4, '0'), '模拟矿业供应商' || n || '号有限公司', '模拟供应' || n FROM generate_series(1, 28) n
        RETURNING id),
      va AS (INSERT INTO md_vendor_alloc (group_id, archive_id, org_id) SELECT $1, id, $2 FROM v),
      c AS (
        INSERT INTO md_customer (group_id, org_id, customer_code, customer_name, short_name)
        SELECT $1, $2, 'BC' || lpad(n::text, 4, '0'), '模拟建材客户' || n || '号有限公司', '模拟客户' || n FROM generate_series(1, 112) n
        RETURNING id)
      INSERT INTO md_customer_alloc (group_id, archive_id, org_id) SELECT $1, id, $2 FROM c`, [org.group_id, org.id]);

    await step('counterparties, materials and warehouses', `
      CREATE TEMP TABLE g_vendor AS SELECT (row_number() OVER (ORDER BY archive_id) - 1)::int AS n, archive_id AS id FROM md_vendor_alloc WHERE org_id = $1;
      CREATE TEMP TABLE g_customer AS SELECT (row_number() OVER (ORDER BY archive_id) - 1)::int AS n, archive_id AS id FROM md_customer_alloc WHERE org_id = $1;
      CREATE TEMP TABLE g_pu_mat AS SELECT (row_number() OVER (ORDER BY m.id) - 1)::int AS n, m.id FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1 WHERE m.is_pu AND NOT m.is_pack;
      CREATE TEMP TABLE g_sa_mat AS SELECT (row_number() OVER (ORDER BY m.id) - 1)::int AS n, m.id FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1 WHERE m.is_sa;
      CREATE TEMP TABLE g_wh AS SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, id FROM md_warehouse WHERE org_id = $1`.replaceAll('$1', String(Number(org.id))));
    const { rows: [count] } = await client.query(`SELECT (SELECT count(*) FROM g_vendor)::int AS v, (SELECT count(*) FROM g_customer)::int AS c,
      (SELECT count(*) FROM g_pu_mat)::int AS pm, (SELECT count(*) FROM g_sa_mat)::int AS sm, (SELECT count(*) FROM g_wh)::int AS wh`);
    const months = Math.ceil(days / 30) + 1;

    // One notice a month per counterparty, with one line of its main material; one allot notice
    // to the sister company and one transfer notice a month. Ids are taken up front.
    await step('notices and lines', `
      CREATE TEMP TABLE g_notice AS
      SELECT (SELECT coalesce(max(id), 0) FROM wb_notice) + row_number() OVER (ORDER BY kind, month, cp) AS id, x.*
        FROM (
          SELECT 'pu'::text AS kind, mo AS month, v.n AS cp, m.id AS material_id, w.id AS warehouse_id, NULL::bigint AS to_warehouse_id,
                 v.id AS vendor_id, NULL::bigint AS customer_id, NULL::bigint AS peer_org_id
            FROM generate_series(0, ${months - 1}) mo CROSS JOIN g_vendor v
            JOIN g_pu_mat m ON m.n = v.n % ${count.pm} JOIN g_wh w ON w.n = v.n % ${count.wh}
          UNION ALL
          SELECT 'sa', mo, c.n, m.id, w.id, NULL, NULL, c.id, NULL
            FROM generate_series(0, ${months - 1}) mo CROSS JOIN g_customer c
            JOIN g_sa_mat m ON m.n = c.n % ${count.sm} JOIN g_wh w ON w.n = c.n % ${count.wh}
          UNION ALL
          SELECT 'al', mo, 0, (SELECT id FROM g_sa_mat WHERE n = 0), (SELECT id FROM g_wh WHERE n = 0), NULL, NULL, NULL, ${Number(org.peer)}
            FROM generate_series(0, ${months - 1}) mo
          UNION ALL
          SELECT 'tr', mo, 0, (SELECT id FROM g_pu_mat WHERE n = 0), (SELECT id FROM g_wh WHERE n = 0), (SELECT id FROM g_wh WHERE n = 1 % ${count.wh}), NULL, NULL, NULL
            FROM generate_series(0, ${months - 1}) mo) x;
      INSERT INTO wb_notice (id, org_id, kind, notice_no, doc_status, vendor_id, customer_id, peer_org_id, start_time, end_time, audited_at, created_at, updated_at)
      SELECT id, ${Number(org.id)}, kind,
             CASE kind WHEN 'pu' THEN 'CGTZ' WHEN 'sa' THEN 'XSTZ' WHEN 'al' THEN 'DBTZ' ELSE 'YKTZ' END
               || to_char(('${span.first}'::date + month * 30), 'YYYYMMDD') || lpad(cp::text, 4, '0'),
             'AUDITED', vendor_id, customer_id, peer_org_id,
             ('${span.first}'::date + month * 30)::timestamptz, ('${span.first}'::date + month * 30 + 31)::timestamptz,
             ('${span.first}'::date + month * 30)::timestamptz - interval '1 day',
             ('${span.first}'::date + month * 30)::timestamptz - interval '2 days', ('${span.first}'::date + month * 30)::timestamptz - interval '1 day'
        FROM g_notice;
      INSERT INTO wb_notice_line (id, org_id, notice_id, seq, material_id, warehouse_id, to_warehouse_id, quantity, max_limit, created_at, updated_at)
      SELECT id, ${Number(org.id)}, id, 1, material_id, warehouse_id, to_warehouse_id, 1, 1,
             ('${span.first}'::date + month * 30)::timestamptz - interval '2 days', ('${span.first}'::date + month * 30)::timestamptz - interval '2 days'
        FROM g_notice`);

    // Every trip of the year, with its times and weights decided once.
    await step('trips', `
      CREATE UNLOGGED TABLE g_trip AS
      WITH s AS (
        SELECT i, i / ${trucksPerDay} AS d, i % ${trucksPerDay} AS k, random() AS r_kind, random() AS r_cp, random() AS r_hour, random() AS r_min,
               random() AS r_a, random() AS r_b, random() AS r_c, random() AS r_d, random() AS r_e, random() AS r_f
          FROM generate_series(0, ${trucksPerDay * days - 1}) i),
      k AS (
        SELECT s.*, CASE WHEN r_kind < 0.42 THEN 'pu' WHEN r_kind < 0.84 THEN 'sa' WHEN r_kind < 0.90 THEN 'al' WHEN r_kind < 0.95 THEN 'tr' ELSE 'pr' END AS kind,
               width_bucket(r_hour, '{${hourThresholds().join(',')}}'::float8[]) - 1 AS hour
          FROM s),
      t AS (
        SELECT k.*,
               CASE kind WHEN 'pu' THEN floor(${count.v} * r_cp * r_cp)::int WHEN 'sa' THEN floor(${count.c} * r_cp * r_cp)::int ELSE 0 END AS cp,
               ('${span.first}'::date + d)::timestamp + make_interval(hours => hour, secs => floor(r_min * 3600)) AS entered_local
          FROM k)
      SELECT t.i, t.d, t.k, t.kind, t.r_f,
             n.id AS notice_id, coalesce(n.material_id, (SELECT id FROM g_sa_mat WHERE n = (t.i % ${count.sm}))) AS material_id,
             n.warehouse_id, n.to_warehouse_id, n.vendor_id, n.customer_id,
             '浙E' || chr(65 + (floor(t.r_a * 2500)::int % 20)) || lpad((floor(t.r_a * 2500)::int)::text, 4, '0') AS plate,
             (ARRAY['王建国','李卫东','张志强','刘海涛','陈永明','杨国华','赵立新','黄伟','周军','吴斌'])[1 + (t.i % 10)] AS driver,
             t.entered_local::timestamptz AS entered_at,
             t.entered_local::timestamptz + make_interval(secs => 300 + floor(t.r_b * 900)) AS first_at,
             t.entered_local::timestamptz + make_interval(secs => 300 + floor(t.r_b * 900) + 1200 + floor(t.r_c * 4200)) AS second_at,
             t.entered_local::timestamptz + make_interval(secs => 300 + floor(t.r_b * 900) + 1200 + floor(t.r_c * 4200) + 180 + floor(t.r_d * 420)) AS released_at,
             round((12 + t.r_e * 6)::numeric, 2) AS tare,
             round((CASE t.kind WHEN 'pu' THEN 18 + t.r_d * 25 ELSE 25 + t.r_d * 15 END)::numeric, 2) AS load,
             t.kind = 'sa' AND t.r_f < 0.2 AS stored_tare,
             t.d < ${days - 3} AS audited
        FROM t LEFT JOIN g_notice n ON n.kind = t.kind AND n.month = t.d / 30 AND n.cp = t.cp
       ORDER BY t.i`);

    const { rows: [base] } = await client.query(`SELECT coalesce((SELECT max(id) FROM wb_registry), 0) AS registry, coalesce((SELECT max(id) FROM wb_ticket), 0) AS ticket`);
    const reg = Number(base.registry);
    const tic = Number(base.ticket);

    await step('registries', `
      INSERT INTO wb_registry (id, org_id, kind, registry_no, doc_status, trip_state, notice_id, notice_line_id, material_id, plate_number,
                               driver_name, pre_quantity, shipped_quantity, entered_at, released_at, release_kind, audited_at, created_at, updated_at)
      SELECT ${reg} + i + 1, ${Number(org.id)}, kind, 'DJ' || to_char(entered_at, 'YYYYMMDD') || lpad(k::text, 5, '0'), 'AUDITED', 'RELEASED',
             notice_id, notice_id, material_id, plate, driver, round(load), CASE WHEN kind = 'pu' THEN load + 0.1 END,
             entered_at, released_at, 'NORMAL', entered_at - interval '2 hours', entered_at - interval '3 hours', released_at
        FROM g_trip ORDER BY i`);

    await step('weigh tickets', `
      INSERT INTO wb_ticket (id, org_id, kind, ticket_no, state, side, registry_id, notice_id, notice_line_id, material_id, warehouse_id, to_warehouse_id,
                             vendor_id, customer_id, plate_number, driver_name, first_is, gross, gross_time, tare, tare_time, tare_source, net,
                             shipped_quantity, reserved_quantity, completed_at, audited_at, warnings, created_at, updated_at)
      SELECT ${tic} + i + 1, ${Number(org.id)}, kind, 'BD' || to_char(entered_at, 'YYYYMMDD') || lpad(k::text, 5, '0'),
             CASE WHEN audited THEN 'AUDITED' ELSE 'COMPLETED' END, CASE WHEN kind IN ('al', 'tr') THEN 'DISPATCH' END,
             ${reg} + i + 1, notice_id, notice_id, material_id, warehouse_id, to_warehouse_id, vendor_id, customer_id, plate, driver,
             CASE WHEN kind = 'pu' THEN 'GROSS' ELSE 'TARE' END,
             tare + load, CASE WHEN kind = 'pu' THEN first_at ELSE second_at END,
             tare, CASE WHEN stored_tare THEN entered_at - interval '2 days' WHEN kind = 'pu' THEN second_at ELSE first_at END,
             CASE WHEN stored_tare THEN 'LAST' ELSE 'WEIGHED' END, load,
             CASE WHEN kind = 'pu' THEN load + 0.1 END, 0, second_at, CASE WHEN audited THEN second_at + interval '1 day' END,
             CASE WHEN r_f > 0.99 THEN '[{"check":"TARE_ALARM","message":"皮重与上次皮重相差超过阈值"}]'::jsonb ELSE '[]'::jsonb END,
             first_at, second_at
        FROM g_trip ORDER BY i`);

    await step('weighings', `
      INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by, created_at)
      SELECT ${Number(org.id)}, ${tic} + i + 1, w.reading, w.weight, true, w.at, 'SCALE' || (1 + i % 2), 'gen-' || i || '-' || w.reading,
             CASE WHEN i % 3 = 0 THEN 'CARD' ELSE 'REGISTRY' END, w.at
        FROM g_trip CROSS JOIN LATERAL (VALUES
          ('FIRST', CASE WHEN stored_tare OR kind = 'pu' THEN tare + load ELSE tare END, CASE WHEN stored_tare THEN second_at ELSE first_at END),
          ('SECOND', CASE WHEN kind = 'pu' THEN tare ELSE tare + load END, second_at)) AS w(reading, weight, at)
       WHERE NOT (stored_tare AND w.reading = 'SECOND')
       ORDER BY i, w.reading`);

    await step('notice lines done', `
      UPDATE wb_notice_line l
         SET done_quantity = s.q, done_trips = s.n, quantity = ceil(s.q) + 500, max_limit = ceil(s.q) + 1000
        FROM (SELECT notice_id, sum(load) AS q, count(*)::int AS n FROM g_trip WHERE notice_id IS NOT NULL GROUP BY notice_id) s
       WHERE l.id = s.notice_id`);

    await step('sequences', `
      SELECT setval(pg_get_serial_sequence('wb_notice', 'id'), (SELECT max(id) FROM wb_notice)),
             setval(pg_get_serial_sequence('wb_notice_line', 'id'), (SELECT max(id) FROM wb_notice_line)),
             setval(pg_get_serial_sequence('wb_registry', 'id'), (SELECT max(id) FROM wb_registry)),
             setval(pg_get_serial_sequence('wb_ticket', 'id'), (SELECT max(id) FROM wb_ticket))`);
    await step('drop the trip table', 'DROP TABLE g_trip');
    // as autovacuum would leave a year-old table: statistics, and the visibility map that lets a
    // report read a day from its index alone
    await step('vacuum and analyze', 'VACUUM (ANALYZE) wb_notice, wb_notice_line, wb_registry, wb_ticket, wb_weighing, md_vendor, md_customer');
    // the days before today less two summed into the weighing summary, as the nightly job leaves them
    // (the load skipped the triggers; the sealing reads the tickets)
    const s0 = performance.now();
    await client.query('BEGIN');
    const sealed = await sealDays(client, String(org.id), PLANT_TIME_ZONE);
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE) rpt_weigh_day');
    steps.push({ step: 'seal the weighing summary', seconds: round((performance.now() - s0) / 1000, 1) });
    console.log(`  seal the weighing summary through ${sealed.through}: ${round((performance.now() - s0) / 1000, 1)} s (${sealed.rows.toLocaleString('en')} rows)`);

    const { rows: [n] } = await client.query(`SELECT (SELECT count(*) FROM wb_notice)::int AS notices, (SELECT count(*) FROM wb_notice_line)::int AS lines,
      (SELECT count(*) FROM wb_registry)::int AS registries, (SELECT count(*) FROM wb_ticket)::int AS tickets, (SELECT count(*) FROM wb_weighing)::int AS weighings`);
    return { trucksPerDay, days, firstDay: span.first, lastDay: span.last, rows: n, steps, seconds: round((performance.now() - t0) / 1000, 1) };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const trucksPerDay = num('BENCH_TRUCKS_PER_DAY', 2000);
  const days = num('BENCH_DAYS', 365);
  console.log(`a plant of ${trucksPerDay} trucks a day for ${days} days, into ${PLANT_YEAR_DIR}`);
  const url = await plantYearPostgres(true);
  const year = await generatePlantYear(url, trucksPerDay, days);
  console.log(`\n${year.rows.tickets.toLocaleString('en')} tickets (${year.firstDay} to ${year.lastDay}), ${year.rows.registries.toLocaleString('en')} registries, `
    + `${year.rows.weighings.toLocaleString('en')} weighings, ${year.rows.notices.toLocaleString('en')} notices with ${year.rows.lines.toLocaleString('en')} lines: ${year.seconds} s`);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  const file = path.join(here, 'results', `plant-year-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(year, null, 2));
  console.log(`figures: ${path.relative(process.cwd(), file)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(cleanUp, async (err) => {
    console.error(err);
    await cleanUp();
    process.exitCode = 1;
  });
}
