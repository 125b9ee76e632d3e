/**
 * Price resolution among 10,000 price rules (issue 10, item 9: 1 ms or less per resolution): the
 * real resolvePrice (domain/price/resolve.ts: the notice line source, then one probe per key pattern
 * the truck can match through index wb_price_rule_probe, picked by rules.ts) on an embedded
 * PostgreSQL with the demo plant, timed call by call from the bench process.
 *
 *   npm run bench:price
 *
 * Two plants of 10,000 audited sales rules each (BENCH_RULES): "spread", the rules over the
 * company's materials, 200 customers, 20 routes, the transport modes and packings, with effective
 * windows across two years; and "one material", all of them on the one material every lookup
 * asks for (the worst a plant could do). Each lookup is a random customer, route, packing and
 * completion time (BENCH_LOOKUPS, 2,000), after 200 warm-up lookups; a truck with a notice line
 * (no price on it) asks the notice line first, as the second weighing does when it has not read
 * the line already. Waits for a quiet machine first (BENCH_QUIET_WAIT, 60 s) and reports how busy
 * the machine was during each measurement. Raw figures: bench/results/price-resolution-<time>.json.
 *
 * BENCH_QUERY=new|old|both (both): "old" measures, on the same plant, the reading resolution made
 * before the pattern probes (every candidate rule of the material begun by then, best first, one
 * row sent: candidateRules with its index wb_price_rule_pick, made again here for that measurement
 * and dropped after it), so before and after are side by side in one run: each lookup asks both,
 * in alternating order, and counts where their answers differ. BENCH_EXPLAIN=1 prints the plan of each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { sql } from 'kysely';
import {
  candidateRules, patternRulesSql, PRICE_SOURCES, resolvePrice, type PriceQuery, type PriceSource,
} from '../packages/server/src/domain/price/resolve';
import { pickRule } from '../packages/server/src/domain/price/rules';
import { benchPostgres, cleanUp, machineTicks, percentile, round, waitQuiet } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  rules: num('BENCH_RULES', 10_000), lookups: num('BENCH_LOOKUPS', 2_000), quietWait: num('BENCH_QUIET_WAIT', 60),
  queries: (process.env.BENCH_QUERY === 'old' || process.env.BENCH_QUERY === 'new' ? [process.env.BENCH_QUERY] : ['old', 'new']) as ('old' | 'new')[],
};

/** The rule source as it was before the pattern probes: the best of every candidate, one row sent. */
const oldRuleSource: PriceSource = {
  source: 'PRICE_RULE',
  async find(tx, q) {
    const truck = { partyId: q.partyId, routeId: q.routeId ?? null, transport: q.transport ?? null, packing: q.packing ?? null };
    const rule = pickRule(await candidateRules(tx, q, 1), truck, q.at);
    return rule ? { price: rule.price, source: 'PRICE_RULE', ref: rule.id, label: `价格规则 ${rule.ruleNo}` } : null;
  },
};
const CHAINS = { new: PRICE_SOURCES, old: [...PRICE_SOURCES.slice(0, -1), oldRuleSource] };
// the index the old reading had (migrations/038_price.sql), dropped by 043_price_pick.sql
const OLD_INDEX = `CREATE INDEX wb_price_rule_pick ON wb_price_rule (org_id, kind, material_id, effective_from)
  INCLUDE (effective_to, party_id, route_id, transport, packing, rule_no, price, tax_rate, id) WHERE doc_status = 'AUDITED'`;

interface Plant { org: string; materials: string[]; routes: string[]; lineId: string }

async function preparePlant(url: string): Promise<Plant> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const org = (await c.query(`SELECT id FROM sys_org WHERE org_code = 'HDSN'`)).rows[0].id as string;
    const materials = (await c.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id', [org])).rows.map((r) => r.archive_id as string);
    const routes = (await c.query(`INSERT INTO md_line (org_id, line_code, line_name, direction)
      SELECT $1, 'BENCHXL' || g, '线路' || g, 'SHIP' FROM generate_series(1, 20) g RETURNING id`, [org])).rows.map((r) => r.id as string);
    const customer = (await c.query('SELECT archive_id FROM md_customer_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [org])).rows[0].archive_id;
    const notice = (await c.query(`INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, customer_id, start_time, end_time)
      VALUES ($1, 'sa', 'BENCHPRICE', 'AUDITED', $2, now() - interval '1 day', now() + interval '30 days') RETURNING id`, [org, customer])).rows[0].id;
    const line = (await c.query(`INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit)
      VALUES ($1, $2, 1, $3, 1000, 1000) RETURNING id`, [org, notice, materials[0]])).rows[0].id as string;
    return { org, materials, routes, lineId: line };
  } finally {
    await c.end();
  }
}

/** The rules, set-based: keys set with probabilities that give every specificity from 0 to 4. */
async function generateRules(url: string, p: Plant, oneMaterial: boolean): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const t0 = performance.now();
    await c.query('BEGIN');
    await c.query(`DELETE FROM wb_price_rule WHERE rule_no LIKE 'BENCHJG%'`);
    await c.query(`INSERT INTO wb_price_rule (org_id, kind, rule_no, doc_status, material_id, party_id, route_id, transport, packing, price, tax_rate, effective_from, effective_to)
      SELECT $1, 'sa', 'BENCHJG' || lpad(g::text, 6, '0'), 'AUDITED',
             ($2::bigint[])[CASE WHEN $4 THEN 1 ELSE 1 + g % array_length($2::bigint[], 1) END],
             CASE WHEN random() < 0.6 THEN 1000000 + (random() * 199)::int END,
             CASE WHEN random() < 0.4 THEN ($3::bigint[])[1 + (random() * 19)::int] END,
             CASE WHEN random() < 0.3 THEN (ARRAY['ROAD', 'RAIL', 'WATER'])[1 + (random() * 2)::int] END,
             CASE WHEN random() < 0.3 THEN (ARRAY['BULK', 'BAG'])[1 + (random())::int] END,
             round((50 + random() * 500)::numeric, 2), 13,
             f.f, CASE WHEN random() < 0.5 THEN f.f + interval '90 days' END
        FROM generate_series(1, $5) g
        CROSS JOIN LATERAL (SELECT now() - interval '730 days' + random() * interval '730 days' + g * interval '0 s' AS f) f`,
      [p.org, p.materials, p.routes, oneMaterial, settings.rules]);
    await c.query('COMMIT');
    await c.query('VACUUM ANALYZE wb_price_rule');
    return round(performance.now() - t0, 0);
  } finally {
    await c.end();
  }
}

/** Both readings asked the same trucks, alternately, so that they meet the same machine. */
async function measure(url: string, p: Plant, label: string) {
  const db = openDatabase(url, 2);
  const readings = settings.queries;
  if (readings.includes('old')) {
    await db.pool.query(OLD_INDEX);
    await db.pool.query('VACUUM ANALYZE wb_price_rule');
  }
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
  const query = (): PriceQuery => ({
    orgId: p.org, kind: 'sa', noticeLineId: Math.random() < 0.5 ? p.lineId : null, materialId: p.materials[0],
    partyId: String(1000000 + Math.floor(Math.random() * 200)), at: new Date(Date.now() - Math.random() * 730 * 86_400_000),
    routeId: Math.random() < 0.7 ? pick(p.routes) : null, transport: 'ROAD', packing: pick(['BULK', 'BAG'] as const),
  });
  try {
    for (let i = 0; i < 200; i++) for (const r of readings) await resolvePrice(db.db, query(), CHAINS[r]);
    if (process.env.BENCH_EXPLAIN) {
      for (const reading of readings) {
        const q = query();
        const statement = reading === 'new' ? patternRulesSql(q)
          : sql`SELECT id FROM wb_price_rule WHERE org_id = ${q.orgId} AND kind = 'sa' AND material_id = ${q.materialId}::bigint AND doc_status = 'AUDITED'
          AND effective_from <= ${q.at} AND (effective_to IS NULL OR effective_to > ${q.at}) AND (party_id IS NULL OR party_id = ${q.partyId}::bigint)
          AND (route_id IS NULL OR route_id = ${q.routeId}::bigint) AND (transport IS NULL OR transport = 'ROAD') AND (packing IS NULL OR packing = ${q.packing})
          ORDER BY num_nonnulls(party_id, route_id, transport, packing) DESC, effective_from DESC, length(rule_no) DESC, rule_no COLLATE "C" DESC LIMIT 1`;
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${statement}`.execute(db.db);
        console.log(`${label}, ${reading} reading:\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    const quiet = await waitQuiet(settings.quietWait);
    const ticks0 = machineTicks();
    const load0 = os.loadavg()[0];
    const times = new Map(readings.map((r) => [r, [] as number[]]));
    const priced = new Map(readings.map((r) => [r, 0]));
    let disagreements = 0;
    let candidates = 0;
    for (let i = 0; i < settings.lookups; i++) {
      const q = query();
      const refs = new Set<string | null>();
      for (const reading of i % 2 ? [...readings].reverse() : readings) {
        const t0 = performance.now();
        const found = await resolvePrice(db.db, q, CHAINS[reading]);
        (times.get(reading) as number[]).push(performance.now() - t0);
        if (found) priced.set(reading, (priced.get(reading) as number) + 1);
        refs.add(found?.ref ?? null);
      }
      if (refs.size > 1) disagreements++;
      if (i % 50 === 0) {
        const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM wb_price_rule WHERE org_id = $1 AND kind = 'sa' AND material_id = $2
          AND doc_status = 'AUDITED' AND effective_from <= $3 AND (effective_to IS NULL OR effective_to > $3)`, [p.org, q.materialId, q.at]);
        candidates += rows[0].n;
      }
    }
    const ticks1 = machineTicks();
    const machine = {
      rulesInForceForTheMaterial: Math.round(candidates / Math.ceil(settings.lookups / 50)), disagreements,
      machineBusyDuring: round((ticks1.busy - ticks0.busy) / Math.max(1, ticks1.total - ticks0.total), 3),
      busyBefore: round(quiet.busyShare, 3), waitedS: quiet.waitedS, load1: round(load0, 2),
    };
    return readings.map((reading) => {
      const ts = times.get(reading) as number[];
      const sorted = [...ts].sort((a, b) => a - b);
      const result = {
        plant: label, reading, lookups: ts.length, priced: priced.get(reading),
        p50: round(percentile(sorted, 50), 3), p95: round(percentile(sorted, 95), 3), p99: round(percentile(sorted, 99), 3),
        mean: round(ts.reduce((a, b) => a + b, 0) / ts.length, 3), max: round(sorted[sorted.length - 1], 3), ...machine,
      };
      console.log(JSON.stringify(result));
      return result;
    });
  } finally {
    if (readings.includes('old')) await db.pool.query('DROP INDEX wb_price_rule_pick');
    await db.close();
  }
}

async function main() {
  const { url } = await benchPostgres();
  const plant = await preparePlant(url);
  const results = [];
  for (const oneMaterial of [false, true]) {
    const label = oneMaterial ? 'one material' : 'spread';
    const ms = await generateRules(url, plant, oneMaterial);
    console.log(`${settings.rules} rules (${label}) written in ${ms} ms`);
    results.push(...(await measure(url, plant, label)));
  }
  const out = path.join(here, 'results', `price-resolution-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ settings, cpus: os.cpus().length, results }, null, 2));
  console.log(`raw figures: ${path.relative(process.cwd(), out)}`);
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
});
