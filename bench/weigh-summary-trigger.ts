/**
 * What keeping the weighing summaries (migration 082: rpt_weigh_day and rpt_weigh_month, kept by
 * statement-level triggers on wb_ticket) adds to a ticket write, side by side on the plant-year
 * data: one completed ticket's UPDATE with the summary's update trigger on and off (off: disabled
 * inside the transaction), each in a transaction rolled back, the sides alternating ticket by
 * ticket; the PostgreSQL execution time of the statement (EXPLAIN ANALYZE) and the trigger's own
 * time. Two writes: one that changes a counted figure (the amount: the day's and the month's row
 * take the delta, as on a completion, void or price change) and one that changes none (the print
 * count: the trigger finds no delta and writes nothing). Then the time of rebuilding both summaries
 * from every ticket (what the migration's back-fill does), rolled back.
 *
 *   npx tsx bench/weigh-summary-trigger.ts
 *
 * Uses the plant in PLANT_YEAR_DIR (bench/tmp/plant-year: `npx tsx bench/plant-year.ts` first).
 * Settings: BENCH_TICKETS tickets sampled [400]. Raw figures: bench/results/weigh-summary-trigger-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../packages/server/src/platform/db/migrate';
import { openDatabase } from '../packages/server/src/platform/db/pool';
import { PLANT_YEAR_DIR, plantYearPostgres } from './plant-year';
import { cleanUp, percentile, round } from './support/setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const tickets = Number(process.env.BENCH_TICKETS) || 400;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(PLANT_YEAR_DIR, 'data', 'PG_VERSION'))) throw new Error(`no plant in ${PLANT_YEAR_DIR}: npx tsx bench/plant-year.ts first`);
  const url = await plantYearPostgres(false);
  const setup = openDatabase(url, 2);
  await migrate(setup.pool);
  await setup.close();
  const c = new pg.Client({ connectionString: url, options: `-c TimeZone=${process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai'}` });
  await c.connect();
  try {
    const { rows: ids } = await c.query(`SELECT id FROM wb_ticket WHERE state IN ('COMPLETED', 'AUDITED', 'POSTED') ORDER BY random() LIMIT $1`, [tickets]);
    const load = os.loadavg().map((l) => round(l, 2));
    const out: Record<string, { exec: number[]; trigger: number[] }> = {};
    const writes: [string, string][] = [['a counted figure (amount)', 'amount = amount + 1'], ['no counted figure (print count)', 'print_count = print_count + 1']];
    for (let i = 0; i < ids.length; i++) {
      for (const side of i % 2 ? ['on', 'off'] : ['off', 'on']) {
        for (const [what, set] of writes) {
          await c.query('BEGIN');
          if (side === 'off') await c.query('ALTER TABLE wb_ticket DISABLE TRIGGER wb_ticket_day_update');
          const { rows } = await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) UPDATE wb_ticket SET ${set} WHERE id = $1`, [ids[i].id]);
          await c.query('ROLLBACK');
          const plan = rows[0]['QUERY PLAN'][0];
          const trigger = (plan.Triggers ?? []).filter((t: Record<string, unknown>) => t['Trigger Name'] === 'wb_ticket_day_update')
            .reduce((a: number, t: Record<string, number>) => a + t.Time, 0);
          const k = `${what}, trigger ${side}`;
          (out[k] ??= { exec: [], trigger: [] }).exec.push(plan['Execution Time']);
          out[k].trigger.push(trigger);
        }
      }
    }
    const figures = Object.fromEntries(Object.entries(out).map(([k, v]) => {
      const e = v.exec.sort((a, b) => a - b);
      const t = v.trigger.sort((a, b) => a - b);
      return [k, { updates: e.length, executionP50: round(percentile(e, 50), 3), executionP90: round(percentile(e, 90), 3), triggerP50: round(percentile(t, 50), 3) }];
    }));
    for (const [k, f] of Object.entries(figures)) console.log(`${k}: ${f.updates} updates, execution p50 ${f.executionP50} ms (p90 ${f.executionP90}), the summary trigger p50 ${f.triggerP50} ms`);
    await c.query('BEGIN');
    const t0 = performance.now();
    const { rows: [rebuilt] } = await c.query('SELECT rpt_weigh_day_rebuild() AS days, (SELECT count(*) FROM wb_ticket)::int AS tickets');
    const rebuildS = round((performance.now() - t0) / 1000, 1);
    const { rows: [months] } = await c.query('SELECT count(*)::int AS n FROM rpt_weigh_month');
    await c.query('ROLLBACK');
    console.log(`rebuilding both summaries from ${rebuilt.tickets.toLocaleString('en')} tickets: ${rebuildS} s (${rebuilt.days} day rows, ${months.n} month rows)`);
    const loadAfter = os.loadavg().map((l) => round(l, 2));
    console.log(`load average before ${load.join(' ')}, after ${loadAfter.join(' ')}`);
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    const file = path.join(here, 'results', `weigh-summary-trigger-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({ tickets: ids.length, load, loadAfter, figures, rebuild: { seconds: rebuildS, dayRows: rebuilt.days, monthRows: months.n } }, null, 2));
    console.log(`figures: ${path.relative(process.cwd(), file)}`);
  } finally {
    await c.end();
  }
}

main().then(cleanUp, async (err) => {
  console.error(err);
  await cleanUp();
  process.exitCode = 1;
});
