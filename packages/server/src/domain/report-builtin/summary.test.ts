import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import type { ReportDataset } from '../../platform/reports/dataset';
import { executeDataset, orderedQuery } from '../../platform/reports/execute';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant, weighPurchase } from '../weighing/test-support';
import { weighDaySummaryCheck } from './consistency-repo';
import { dailyDataset, monthlyDataset, yearlyDataset } from './weighing';

/**
 * The per-day summary the weighing summaries read (rpt_weigh_day, migration 082), kept by the
 * ticket writes through the real routes: after every kind of write it equals the done tickets
 * grouped, the reports read from it give what the tickets give, and writes racing on one day,
 * material and party all count.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;
let request = 0;

const ZONE = process.env.PLANT_TIME_ZONE || 'Asia/Shanghai';
// the same clock as the plant's under another name: the reports read the tickets in it, not the summary
const SAME_CLOCK = ZONE === 'Asia/Shanghai' ? 'Etc/GMT-8' : 'UTC';

const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const weigh = (which: 'first' | 'second', payload: Record<string, unknown>) =>
  post(`pu/${which}`, { stationId: 'Q1', requestId: `q${request++}`, stable: true, ...payload });
const completed = (gross = '40', tare = '15') => weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'Q1', gross, tare });

/** Breaches of 过磅日汇总 = 磅单合计 across every company: none when the summary is whole. */
const breaches = () => weighDaySummaryCheck.find(ctx.database.db, 20);

/** The day row of the test company's purchases of its material from its vendor, today (the month's rows are checked by `breaches`). */
async function todays(): Promise<{ trips: number; net: string; amount: string }> {
  const { rows } = await ctx.database.pool.query(
    `SELECT coalesce(sum(trips), 0)::int AS trips, trim_scale(coalesce(sum(net), 0))::text AS net, trim_scale(coalesce(sum(amount), 0))::text AS amount
       FROM rpt_weigh_day WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3 AND customer_id IS NULL
        AND day = (now() AT TIME ZONE rpt_weigh_day_zone())::date`, [plant.orgId, plant.materialId, plant.vendorId]);
  return rows[0];
}

async function rows(dataset: ReportDataset, params: Record<string, unknown>, timeZone: string) {
  const input = { orgId: plant.orgId, userId: '1', params, timeZone };
  return executeDataset(ctx.database.pool, dataset, async (c) =>
    (await c.query(orderedQuery(dataset, input, dataset.fields.slice(0, 6).map((f) => ({ key: f.key, dir: 'asc' as const }))))).rows);
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
  // trucks here weigh the same on purpose: the same-weight check would only warn
  await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'sameWeightCheck', param_value: 'none' })
    .onConflict((oc) => oc.columns(['org_id', 'param_key']).doUpdateSet({ param_value: 'none' })).execute();
});

describe('the per-day weighing summary', () => {
  it('is built in the plant\'s zone from the tickets there before it', async () => {
    const { rows: [z] } = await ctx.database.pool.query('SELECT rpt_weigh_day_zone() AS zone');
    expect(z.zone).toBe(ZONE);
    expect(await breaches()).toEqual([]);
  });

  it('follows completion, deduction, price change, audit, merge, split, void and delete, each to the kg and the cent', async () => {
    const start = await todays();
    const plus = (trips: number, net: number, amount: number) => ({
      trips: start.trips + trips, net: String(Number(start.net) + net), amount: String(Number(start.amount) + amount),
    });
    // completed: 25 t at 10 a ton
    const a = await completed();
    expect(await todays()).toEqual(plus(1, 25, 250));
    // 0.5 t of impurity off the net, the amount with it
    expectOk(await post('pu/deduct', { id: a.id, deductions: [{ kind: 'impurity', amount: '0.5' }] }));
    expect(await todays()).toEqual(plus(1, 24.5, 245));
    // a new unit price
    expectOk(await post('pu/modifyPrice', { ids: [a.id], price: '12.5', reason: '按合同调整' }, ac));
    expect(await todays()).toEqual(plus(1, 24.5, 306.25));
    // audited: counted the same
    expectOk(await post('pu/audit', { ids: [a.id] }, ac));
    expectOk(await post('pu/unaudit', { ids: [a.id] }, ac));
    expect(await todays()).toEqual(plus(1, 24.5, 306.25));
    // a second truck on a's line, merged into a: one trip of 24.5 + 16
    const line = await ctx.database.db.selectFrom('wb_notice_line').select('notice_id').where('id', '=', a.lineId).executeTakeFirstOrThrow();
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId: line.notice_id, lineId: a.lineId, plate: testPlate('Q') });
    const b = expectOk(await weigh('first', { registryId, weight: '30' })).data;
    expectOk(await weigh('second', { registryId, weight: '14' }));
    expect((await todays()).trips).toBe(start.trips + 2);
    expectOk(await post('pu/merge', { ids: [a.id, b.ticketId] }, ac));
    const merged = await ctx.database.db.selectFrom('wb_ticket').select(['net', 'amount']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(await todays()).toEqual(plus(1, Number(merged.net), Number(merged.amount)));
    // split into two trips adding up to the same net
    const parts = expectOk(await post('pu/split', { id: a.id, parts: ['30', String(Number(merged.net) - 30)] }, ac)).data;
    expect(parts.ids).toHaveLength(1);
    const split = await ctx.database.pool.query(`SELECT sum(net)::numeric AS net, sum(amount)::numeric AS amount FROM wb_ticket WHERE id = ANY($1::bigint[])`, [[a.id, ...parts.ids]]);
    expect(await todays()).toEqual(plus(2, Number(split.rows[0].net), Number(split.rows[0].amount)));
    // voided, then deleted: the part's trip goes, then nothing moves
    expectOk(await post('pu/obsolete', { ids: [parts.ids[0]] }));
    const left = await ctx.database.db.selectFrom('wb_ticket').select(['net', 'amount']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(await todays()).toEqual(plus(1, Number(left.net), Number(left.amount)));
    expectOk(await call(ctx.app, 'DELETE', '/api/weigh/pu/delList', op, { ids: [parts.ids[0]] }));
    expect(await todays()).toEqual(plus(1, Number(left.net), Number(left.amount)));
    expect(await breaches()).toEqual([]);
  });

  it('gives the daily, monthly and yearly reports the figures the tickets give', async () => {
    await completed('38.125', '14.002');
    const { rows: [today] } = await ctx.database.pool.query(`SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM-DD') AS day`, [ZONE]);
    const cases: [ReportDataset, Record<string, unknown>][] = [
      [dailyDataset, { day: today.day }],
      [monthlyDataset, { month: today.day.slice(0, 7) }],
      [yearlyDataset, { year: today.day.slice(0, 4) }],
      [yearlyDataset, { year: today.day.slice(0, 4), kind: 'pu', materialId: plant.materialId }],
    ];
    for (const [dataset, params] of cases) {
      const fromSummary = await rows(dataset, params, ZONE);
      expect(fromSummary.length).toBeGreaterThan(0);
      expect(fromSummary).toEqual(await rows(dataset, params, SAME_CLOCK));
    }
    // which is which: the plant's zone reads the summary only, another zone the tickets only
    const plan = async (timeZone: string) => {
      const q = yearlyDataset.query({ orgId: plant.orgId, userId: '1', params: { year: today.day.slice(0, 4) }, timeZone });
      return (await ctx.database.pool.query(`EXPLAIN ${q.text}`, q.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const own = await plan(ZONE);
    expect(own).toMatch(/on rpt_weigh_month/);
    expect(own).not.toMatch(/on wb_ticket/);
    expect(await plan(SAME_CLOCK)).not.toMatch(/rpt_weigh_/);
  });

  it('counts both of two trucks completed at once on the same day, material and party', async () => {
    const trucks = [];
    for (let i = 0; i < 2; i++) {
      // each on a notice line of its own: nothing but the summary row is shared
      const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000', price: '10' });
      const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('Q') });
      expectOk(await weigh('first', { registryId, weight: '40' }));
      trucks.push(registryId);
    }
    const before = await todays();
    const answers = await Promise.all(trucks.map((registryId, i) => weigh('second', { registryId, weight: i === 0 ? '15' : '17.5' })));
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    expect(await todays()).toEqual({ trips: before.trips + 2, net: String(Number(before.net) + 47.5), amount: String(Number(before.amount) + 475) });
    expect(await breaches()).toEqual([]);
  });

  it('keeps a completion racing a void of the same day, material and party', async () => {
    const done = await completed();
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000', price: '10' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('Q') });
    expectOk(await weigh('first', { registryId, weight: '40' }));
    const before = await todays();
    const [second, voided] = await Promise.all([weigh('second', { registryId, weight: '20' }), post('pu/obsolete', { ids: [done.id] })]);
    expect(second.statusCode, second.body).toBe(200);
    expect(voided.statusCode, voided.body).toBe(200);
    // +20 t and 200 in, 25 t and 250 out
    expect(await todays()).toEqual({ trips: before.trips, net: String(Number(before.net) - 5), amount: String(Number(before.amount) - 50) });
    expect(await breaches()).toEqual([]);
  });

  it('names a day or month row that drifted from its tickets, and is rebuilt whole from them', async () => {
    await ctx.database.pool.query(`UPDATE rpt_weigh_day SET net = net + 1.5 WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3
      AND day = (now() AT TIME ZONE rpt_weigh_day_zone())::date`, [plant.orgId, plant.materialId, plant.vendorId]);
    await ctx.database.pool.query(`UPDATE rpt_weigh_month SET trips = trips - 1 WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3
      AND month = date_trunc('month', now() AT TIME ZONE rpt_weigh_day_zone())::date`, [plant.orgId, plant.materialId, plant.vendorId]);
    const found = await breaches();
    expect(found).toEqual([
      expect.objectContaining({ orgId: plant.orgId, figure: 'net', ref: expect.stringMatching(/^日 \d{4}-\d{2}-\d{2} \/ 采购 \/ /) }),
      expect.objectContaining({ orgId: plant.orgId, figure: 'trips', ref: expect.stringMatching(/^月 \d{4}-\d{2} \/ 采购 \/ /) }),
    ]);
    expect(Number(found[0].held) - Number(found[0].expected)).toBe(1.5);
    expect(Number(found[1].held) - Number(found[1].expected)).toBe(-1);
    await ctx.database.pool.query('SELECT rpt_weigh_day_rebuild()');
    expect(await breaches()).toEqual([]);
  });
});
