import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import type { ReportDataset } from '../../platform/reports/dataset';
import { executeDataset, orderedQuery } from '../../platform/reports/execute';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant, weighPurchase } from '../weighing/test-support';
import { weighDaySummaryCheck } from './consistency-repo';
import { sealAll, sealDays } from './seal-repo';
import { dailyDataset, monthlyDataset, yearlyDataset } from './weighing';

/**
 * The weighing summary of the sealed days (rpt_weigh_day, migrations 082 and 093): the sealing job
 * sums the days before the plant's today less two; a later change of a ticket (or a wagon) of a
 * sealed day is added by the row triggers; a weighing of now touches neither. After every kind of
 * write through the real routes the summary equals the grouped tickets and the reports read from
 * it give what the tickets give; a change racing the sealing is counted once, in either order.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;
let request = 0;

const ZONE = process.env.PLANT_TIME_ZONE || 'Asia/Shanghai';
// the same clock as the plant's under another name: the reports read the tickets in it, not the summary
const SAME_CLOCK = ZONE === 'Asia/Shanghai' ? 'Etc/GMT-8' : 'UTC';
/** The plant day `n` days before today, and its noon as an instant. */
let dayAgo: (n: number) => string;
const noonOf = (day: string) => `${day} 12:00`;

const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const weigh = (which: 'first' | 'second', payload: Record<string, unknown>) =>
  post(`pu/${which}`, { stationId: 'Q1', requestId: `q${request++}`, stable: true, ...payload });

/** A purchase truck weighed through the routes now, then moved to noon of `day` (as an offline station replaying it would). */
async function completedOn(day: string, gross = '40', tare = '15') {
  const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'Q1', gross, tare });
  await ctx.database.pool.query(`UPDATE wb_ticket SET completed_at = ($2::timestamp AT TIME ZONE $3) WHERE id = $1`, [t.id, noonOf(day), ZONE]);
  return t;
}

const breaches = () => weighDaySummaryCheck.find(ctx.database.db, 20);

/** The summary's row of the test company's purchases of its material from its vendor on `day`. */
async function dayRow(day: string): Promise<{ trips: number; net: string; amount: string }> {
  const { rows } = await ctx.database.pool.query(
    `SELECT coalesce(sum(trips), 0)::int AS trips, trim_scale(coalesce(sum(net), 0))::text AS net, trim_scale(coalesce(sum(amount), 0))::text AS amount
       FROM rpt_weigh_day WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3 AND customer_id IS NULL AND day = $4::date`,
    [plant.orgId, plant.materialId, plant.vendorId, day]);
  return rows[0];
}

async function sealedThrough(): Promise<string | null> {
  const { rows } = await ctx.database.pool.query(`SELECT sealed_through::text AS d FROM rpt_weigh_seal WHERE org_id = $1`, [plant.orgId]);
  return rows[0]?.d ?? null;
}

/** Moves the company's seal back to `day` (its later summary rows dropped): a state the job left `day` ago. */
async function unsealAfter(day: string) {
  await ctx.database.pool.query(`
    WITH gone AS (DELETE FROM rpt_weigh_day WHERE org_id = $1 AND day > $2::date RETURNING *),
    m AS (SELECT org_id, date_trunc('month', day)::date AS month, kind, material_id, vendor_id, customer_id, al_notice_id,
                 sum(trips)::int AS trips, sum(net) AS net, sum(amount) AS amount FROM gone GROUP BY 1, 2, 3, 4, 5, 6, 7)
    UPDATE rpt_weigh_month r SET trips = r.trips - m.trips, net = r.net - m.net, amount = r.amount - m.amount
      FROM m WHERE r.org_id = m.org_id AND r.month = m.month AND r.kind = m.kind AND r.material_id IS NOT DISTINCT FROM m.material_id
       AND r.vendor_id IS NOT DISTINCT FROM m.vendor_id AND r.customer_id IS NOT DISTINCT FROM m.customer_id AND r.al_notice_id IS NOT DISTINCT FROM m.al_notice_id`,
  [plant.orgId, day]);
  // the unsettled money of the days unsealed (migration 107) goes with them
  await ctx.database.pool.query('DELETE FROM rpt_unsettled_day WHERE org_id = $1 AND day > $2::date', [plant.orgId, day]);
  await ctx.database.pool.query(`UPDATE rpt_weigh_seal SET sealed_through = $2::date WHERE org_id = $1`, [plant.orgId, day]);
  expect(await breaches()).toEqual([]);
}

/** Waits until some session of the test database waits for a lock (a row lock of the seal row). */
async function untilWaitingForLock() {
  for (let i = 0; i < 500; i++) {
    const { rows } = await ctx.database.pool.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows[0].n > 0) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('no session came to wait for the seal row');
}

async function rows(dataset: ReportDataset, params: Record<string, unknown>, timeZone: string) {
  const input = { orgId: plant.orgId, userId: '1', params, timeZone };
  return executeDataset(ctx.database.pool, dataset, async (c) =>
    (await c.query(orderedQuery(dataset, input, dataset.fields.slice(0, 6).map((f) => ({ key: f.key, dir: 'asc' as const }))))).rows);
}

/** Every weighing report around `day` reads the same from the summary (plant zone) as from the tickets (the same clock by another name). */
async function reportsAgree(day: string) {
  const cases: [ReportDataset, Record<string, unknown>][] = [
    [dailyDataset, { day }],
    [dailyDataset, { day: dayAgo(0) }],
    [monthlyDataset, { month: day.slice(0, 7) }],
    [yearlyDataset, { year: day.slice(0, 4) }],
    [yearlyDataset, { year: day.slice(0, 4), kind: 'pu', materialId: plant.materialId }],
  ];
  for (const [dataset, params] of cases) {
    const fromSummary = await rows(dataset, params, ZONE);
    expect(fromSummary).toEqual(await rows(dataset, params, SAME_CLOCK));
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
  await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'sameWeightCheck', param_value: 'none' })
    .onConflict((oc) => oc.columns(['org_id', 'param_key']).doUpdateSet({ param_value: 'none' })).execute();
  const { rows: [today] } = await ctx.database.pool.query(`SELECT (now() AT TIME ZONE $1)::date::text AS d`, [ZONE]);
  dayAgo = (n: number) => new Date(Date.parse(`${today.d}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
});

describe('the sealing job', () => {
  it('sums the days before today less two, once, and leaves the last days to the tickets', async () => {
    const old = await completedOn(dayAgo(5));
    await completedOn(dayAgo(1), '41', '15');
    const [first] = (await sealAll(ctx.database.pool, ZONE)).filter((r) => r.orgId === plant.orgId);
    expect(first).toMatchObject({ from: null, through: dayAgo(2), rebuilt: false });
    expect(await dayRow(dayAgo(5))).toEqual({ trips: 1, net: '25', amount: '250' });
    expect(await dayRow(dayAgo(1))).toEqual({ trips: 0, net: '0', amount: '0' });
    // again: nothing new to seal, nothing written twice
    const [again] = (await sealAll(ctx.database.pool, ZONE)).filter((r) => r.orgId === plant.orgId);
    expect(again).toMatchObject({ from: dayAgo(2), through: dayAgo(2), rows: 0 });
    expect(await dayRow(dayAgo(5))).toEqual({ trips: 1, net: '25', amount: '250' });
    expect(await breaches()).toEqual([]);
    await reportsAgree(dayAgo(5));
    expect(old.id).toBeTruthy();
  });

  it('is a job of the job library (定时任务), on by default', async () => {
    const job = await ctx.database.db.selectFrom('sys_job').select(['job_key', 'enabled']).where('job_key', '=', 'report.weigh_seal').executeTakeFirst();
    expect(job).toEqual({ job_key: 'report.weigh_seal', enabled: true });
  });

  it('makes the summary again in another zone, and the reports in the plant\'s zone then read the tickets', async () => {
    const [other] = (await sealAll(ctx.database.pool, 'UTC')).filter((r) => r.orgId === plant.orgId);
    expect(other.rebuilt).toBe(true);
    expect(await breaches()).toEqual([]);
    await reportsAgree(dayAgo(5));
    const [back] = (await sealAll(ctx.database.pool, ZONE)).filter((r) => r.orgId === plant.orgId);
    expect(back).toMatchObject({ rebuilt: true, through: dayAgo(2) });
    expect(await breaches()).toEqual([]);
  });
});

describe('a change of a sealed day', () => {
  it('follows completion, deduction, price change, audit, merge, split and void, each to the kg and the cent', async () => {
    const day = dayAgo(6);
    const start = await dayRow(day);
    const plus = (trips: number, net: number, amount: number) => ({
      trips: start.trips + trips, net: String(Number(start.net) + net), amount: String(Number(start.amount) + amount),
    });
    // a truck completed on the sealed day (its readings replayed with their times): 25 t at 10 a ton
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000', price: '10' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('Q') });
    const a = expectOk(await weigh('first', { registryId, weight: '40', weighedAt: new Date(Date.parse(`${day}T03:00:00Z`)).toISOString() })).data;
    expectOk(await weigh('second', { registryId, weight: '15', weighedAt: new Date(Date.parse(`${day}T03:30:00Z`)).toISOString() }));
    const { rows: [done] } = await ctx.database.pool.query(`SELECT (completed_at AT TIME ZONE $2)::date::text AS day FROM wb_ticket WHERE id = $1`, [a.ticketId, ZONE]);
    expect(done.day).toBe(day);
    expect(await dayRow(day)).toEqual(plus(1, 25, 250));
    // 0.5 t of impurity off the net, the amount with it
    expectOk(await post('pu/deduct', { id: a.ticketId, deductions: [{ kind: 'impurity', amount: '0.5' }] }));
    expect(await dayRow(day)).toEqual(plus(1, 24.5, 245));
    // a new unit price
    expectOk(await post('pu/modifyPrice', { ids: [a.ticketId], price: '12.5', reason: '按合同调整' }, ac));
    expect(await dayRow(day)).toEqual(plus(1, 24.5, 306.25));
    // audited and back: counted the same
    expectOk(await post('pu/audit', { ids: [a.ticketId] }, ac));
    expectOk(await post('pu/unaudit', { ids: [a.ticketId] }, ac));
    expect(await dayRow(day)).toEqual(plus(1, 24.5, 306.25));
    // a second truck of that day on a's line, merged into a: one trip
    const r2 = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('Q') });
    const b = expectOk(await weigh('first', { registryId: r2, weight: '30', weighedAt: new Date(Date.parse(`${day}T04:00:00Z`)).toISOString() })).data;
    expectOk(await weigh('second', { registryId: r2, weight: '14', weighedAt: new Date(Date.parse(`${day}T04:30:00Z`)).toISOString() }));
    expect((await dayRow(day)).trips).toBe(start.trips + 2);
    expectOk(await post('pu/merge', { ids: [a.ticketId, b.ticketId] }, ac));
    const merged = await ctx.database.db.selectFrom('wb_ticket').select(['net', 'amount']).where('id', '=', a.ticketId).executeTakeFirstOrThrow();
    expect(await dayRow(day)).toEqual(plus(1, Number(merged.net), Number(merged.amount)));
    // split into two trips adding up to the same net
    const parts = expectOk(await post('pu/split', { id: a.ticketId, parts: ['30', String(Number(merged.net) - 30)] }, ac)).data as { ids: string[] };
    const split = await ctx.database.pool.query(`SELECT sum(net)::numeric AS net, sum(amount)::numeric AS amount FROM wb_ticket WHERE id = ANY($1::bigint[])`, [[a.ticketId, ...parts.ids]]);
    expect(await dayRow(day)).toEqual(plus(2, Number(split.rows[0].net), Number(split.rows[0].amount)));
    // the part voided: its trip goes
    expectOk(await post('pu/obsolete', { ids: [parts.ids[0]] }));
    const left = await ctx.database.db.selectFrom('wb_ticket').select(['net', 'amount']).where('id', '=', a.ticketId).executeTakeFirstOrThrow();
    expect(await dayRow(day)).toEqual(plus(1, Number(left.net), Number(left.amount)));
    expect(await breaches()).toEqual([]);
    await reportsAgree(day);
  });

  it('follows a ticket moved into, out of and deleted from a sealed day', async () => {
    const t = await completedOn(dayAgo(0));
    // moved back into a sealed day, then to another, then deleted straight from the table
    await ctx.database.pool.query(`UPDATE wb_ticket SET completed_at = completed_at - interval '7 days' WHERE id = $1`, [t.id]);
    expect(await breaches()).toEqual([]);
    await ctx.database.pool.query(`UPDATE wb_ticket SET completed_at = completed_at + interval '6 days' WHERE id = $1`, [t.id]);
    expect(await breaches()).toEqual([]);
    await ctx.database.pool.query(`UPDATE wb_ticket SET completed_at = completed_at - interval '3 days', kind = kind WHERE id = $1`, [t.id]);
    expect(await breaches()).toEqual([]);
    // deleted with what refers to it (as a purge would): its trip leaves the sealed day
    const before = await dayRow(dayAgo(4));
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: refs } = await client.query(`SELECT conrelid::regclass::text AS t, a.attname AS c FROM pg_constraint k
        JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[array_length(k.conkey, 1)]
       WHERE k.contype = 'f' AND k.confrelid = 'wb_ticket'::regclass AND k.conrelid <> 'wb_ticket'::regclass`);
      for (const r of refs) await client.query(`DELETE FROM ${r.t} WHERE ${r.c} = $1`, [t.id]);
      await client.query(`DELETE FROM wb_ticket WHERE id = $1`, [t.id]);
      await client.query('COMMIT');
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
    expect(await dayRow(dayAgo(4))).toEqual({ trips: before.trips - 1, net: String(Number(before.net) - 25), amount: String(Number(before.amount) - 250) });
    expect(await breaches()).toEqual([]);
  });

  it('follows an audited train\'s wagons: audit, a wagon reweighed, a wagon added, the audit taken back, the train deleted', async () => {
    const { pool } = ctx.database;
    const day = dayAgo(4);
    const { rows: [train] } = await pool.query(
      `INSERT INTO wb_train (org_id, train_no, kind, arrived_at, vendor_id, material_id, warehouse_id)
       VALUES ($1, $2, 'pu', ($3::timestamp AT TIME ZONE $4), $5, $6, $7) RETURNING id::text`,
      [plant.orgId, `CC${Date.now()}`, noonOf(day), ZONE, plant.vendorId, plant.materialId, plant.warehouseId]);
    await pool.query(`INSERT INTO wb_wagon (org_id, train_id, seq, wagon_no, gross, tare) VALUES ($1, $2, 1, 'W1', 80, 20), ($1, $2, 2, 'W2', 81.5, 21)`, [plant.orgId, train.id]);
    const start = await dayRow(day);
    await pool.query(`UPDATE wb_train SET doc_status = 'AUDITED' WHERE id = $1`, [train.id]);
    expect(await dayRow(day)).toEqual({ trips: start.trips + 2, net: String(Number(start.net) + 120.5), amount: start.amount });
    await pool.query(`UPDATE wb_wagon SET gross = 82 WHERE train_id = $1 AND wagon_no = 'W1'`, [train.id]);
    await pool.query(`INSERT INTO wb_wagon (org_id, train_id, seq, wagon_no, gross, tare) VALUES ($1, $2, 3, 'W3', 70, 20)`, [plant.orgId, train.id]);
    expect(await dayRow(day)).toEqual({ trips: start.trips + 3, net: String(Number(start.net) + 172.5), amount: start.amount });
    expect(await breaches()).toEqual([]);
    await reportsAgree(day);
    await pool.query(`UPDATE wb_train SET doc_status = 'FREE' WHERE id = $1`, [train.id]);
    expect(await dayRow(day)).toEqual(start);
    await pool.query(`UPDATE wb_train SET doc_status = 'AUDITED' WHERE id = $1`, [train.id]);
    await pool.query(`DELETE FROM wb_train WHERE id = $1`, [train.id]);
    expect(await dayRow(day)).toEqual(start);
    expect(await breaches()).toEqual([]);
  });
});

describe('the sealing racing a change of an old ticket', () => {
  it('counts a change committed while the job waits for it: by the job, once', async () => {
    const day = dayAgo(8);
    const t = await completedOn(day);
    await unsealAfter(dayAgo(10));
    const writer = await ctx.database.pool.connect();
    try {
      await writer.query('BEGIN');
      // the trigger takes the seal row FOR SHARE: the day is not sealed yet, nothing is added
      await writer.query(`UPDATE wb_ticket SET gross = gross + 1.25, net = net + 1.25, amount = amount + 12.5 WHERE id = $1`, [t.id]);
      const job = sealAll(ctx.database.pool, ZONE);
      await untilWaitingForLock();
      await writer.query('COMMIT');
      await job;
    } finally {
      await writer.query('ROLLBACK').catch(() => undefined);
      writer.release();
    }
    expect(await sealedThrough()).toBe(dayAgo(2));
    expect(await dayRow(day)).toEqual({ trips: 1, net: '26.25', amount: '262.5' });
    expect(await breaches()).toEqual([]);
  });

  it('counts a change made while the job holds the seal: by the trigger, once, after the job commits', async () => {
    const day = dayAgo(9);
    const t = await completedOn(day);
    await unsealAfter(dayAgo(10));
    const job = await ctx.database.pool.connect();
    try {
      await job.query('BEGIN');
      const sealed = await sealDays(job, plant.orgId, ZONE);
      expect(sealed.through).toBe(dayAgo(2));
      // a deduction through the route: its trigger waits for the seal row
      const deduct = post('pu/deduct', { id: t.id, deductions: [{ kind: 'impurity', amount: '1' }] });
      await untilWaitingForLock();
      await job.query('COMMIT');
      expectOk(await deduct);
    } finally {
      await job.query('ROLLBACK').catch(() => undefined);
      job.release();
    }
    expect(await dayRow(day)).toEqual({ trips: 1, net: '24', amount: '240' });
    expect(await breaches()).toEqual([]);
  });

  it('never holds up a weighing of now: a truck completes while the job holds the seal', async () => {
    await unsealAfter(dayAgo(10));
    const job = await ctx.database.pool.connect();
    try {
      await job.query('BEGIN');
      await sealDays(job, plant.orgId, ZONE);
      // the seal row is locked FOR UPDATE until the job commits; the weighing takes no lock on it
      const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'Q1', gross: '39', tare: '15' });
      expect(t.id).toBeTruthy();
      await job.query('COMMIT');
    } finally {
      await job.query('ROLLBACK').catch(() => undefined);
      job.release();
    }
    expect(await breaches()).toEqual([]);
  });
});

describe('the consistency check', () => {
  it('names a day row and a month row that drifted from their tickets', async () => {
    const day = dayAgo(5);
    await ctx.database.pool.query(`UPDATE rpt_weigh_day SET net = net + 1.5 WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3 AND day = $4::date`,
      [plant.orgId, plant.materialId, plant.vendorId, day]);
    await ctx.database.pool.query(`UPDATE rpt_weigh_month SET trips = trips - 1 WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3
      AND month = date_trunc('month', $4::date)::date`, [plant.orgId, plant.materialId, plant.vendorId, day]);
    const found = await breaches();
    expect(found).toEqual([
      expect.objectContaining({ orgId: plant.orgId, figure: 'net', ref: expect.stringMatching(new RegExp(`^日 ${day} / 采购 / `)) }),
      expect.objectContaining({ orgId: plant.orgId, figure: 'trips', ref: expect.stringMatching(new RegExp(`^月 ${day.slice(0, 7)} / 采购 / `)) }),
    ]);
    expect(Number(found[0].held) - Number(found[0].expected)).toBe(1.5);
    expect(Number(found[1].held) - Number(found[1].expected)).toBe(-1);
    await ctx.database.pool.query(`UPDATE rpt_weigh_day SET net = net - 1.5 WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3 AND day = $4::date`,
      [plant.orgId, plant.materialId, plant.vendorId, day]);
    await ctx.database.pool.query(`UPDATE rpt_weigh_month SET trips = trips + 1 WHERE org_id = $1 AND kind = 'pu' AND material_id = $2 AND vendor_id = $3
      AND month = date_trunc('month', $4::date)::date`, [plant.orgId, plant.materialId, plant.vendorId, day]);
    expect(await breaches()).toEqual([]);
  });
});
