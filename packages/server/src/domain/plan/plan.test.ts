import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { lineQuantities, newNotice, newTicket, registryRow } from '../registry/test-support';

// Monthly and day plans through real HTTP on a real database, and the day plan's control where a
// sales registry takes its hold: within the quota, beyond it, raced, and the fulfilment figures.
const { app, database } = await createTestApp();
const { pool } = database;
let accountant: string;
let operator: string;
let org: string;
let customer: { id: string; name: string };
let material: { id: string; name: string };
let other: string;
let crossing: [string, string];
let unplanned: string;
let today: string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
  // the customer and material newNotice gives a sales notice
  const { rows: [c] } = await pool.query(`SELECT c.id::text, c.customer_name AS name FROM md_customer_alloc a JOIN md_customer c ON c.id = a.archive_id
                                           WHERE a.org_id = $1 ORDER BY a.archive_id LIMIT 1`, [org]);
  const ms = (await pool.query(`SELECT m.id::text, m.inv_name AS name FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id
                                 WHERE a.org_id = $1 ORDER BY a.archive_id LIMIT 5`, [org])).rows;
  customer = c;
  material = ms[0];
  other = ms[1].id;
  crossing = [ms[2].id, ms[3].id];
  unplanned = ms[4].id;
  today = (await pool.query("SELECT to_char(current_date, 'YYYY-MM-DD') AS d")).rows[0].d;
});

const post = (url: string, body: unknown, who = accountant) => call(app, 'POST', url, who, body);
const put = (url: string, body: unknown, who = accountant) => call(app, 'PUT', url, who, body);
const MONTH = '/api/sale/plan/month';
const DAY = '/api/sale/plan/day';
const logCount = async (family: string, action?: string) => (await pool.query(
  'SELECT count(*)::int AS n FROM sys_log WHERE family = $1 AND ($2::text IS NULL OR action = $2)', [family, action ?? null])).rows[0].n as number;
const planRows = async () => (await pool.query('SELECT (SELECT count(*) FROM sa_plan_month)::int AS m, (SELECT count(*) FROM sa_plan_day)::int AS d')).rows[0];

let serial = 31000;
const plate = () => `浙E${serial++}`;

async function dayPlan(tons: string, trips: number, day = today, materialId = material.id) {
  const p = expectOk(await post(`${DAY}/create`, { entity: { customerId: customer.id, materialId, planDate: day, tons, trips } })).data;
  expectOk(await post(`${DAY}/audit`, { ids: [p.id] }));
  return p as { id: string; planNo: string };
}

async function salesRegistry(lineId: string, pre: string) {
  return expectOk(await post('/api/registry/sa/create', { entity: { plateNumber: plate(), noticeLineId: lineId, preQuantity: pre } }, operator)).data as { id: string; registryNo: string };
}
const audit = (id: string) => post('/api/registry/sa/audit', { ids: [id] }, operator);

describe('monthly plans', () => {
  it('numbers, reads, edits, audits, un-audits and deletes a monthly plan, one log entry each', async () => {
    const before = await logCount('月计划');
    const p = expectOk(await post(`${MONTH}/create`, { entity: { customerId: customer.id, materialId: material.id, planMonth: '2026-12', tons: '6000', trips: 180, remark: '年末' } })).data;
    expect(p).toMatchObject({ planNo: expect.stringMatching(/^YJH\d{12}$/), planMonth: '2026-12', tons: '6000.0000', trips: 180, customerName: customer.name, invName: material.name, docStatus: 'FREE' });
    expectOk(await put(`${MONTH}/update`, { entity: { id: p.id, version: 0, tons: '6500' } }));
    expectOk(await post(`${MONTH}/audit`, { ids: [p.id] }));
    expect((await pool.query('SELECT audited_at IS NOT NULL AS s, tons::text FROM sa_plan_month WHERE id = $1', [p.id])).rows[0]).toEqual({ s: true, tons: '6500.0000' });
    expectFailure(await put(`${MONTH}/update`, { entity: { id: p.id, version: 2, tons: '1' } }), 400, /已审核/);
    expectOk(await post(`${MONTH}/unaudit`, { ids: [p.id] }));
    expectOk(await call(app, 'DELETE', `${MONTH}/delList`, accountant, { ids: [p.id] }));
    expect(await logCount('月计划') - before).toBe(5);
  });

  it('refuses a bad month, negative tons, a second plan of the month and a foreign customer with a 400 naming the field, changing nothing', async () => {
    expectOk(await post(`${MONTH}/create`, { entity: { customerId: customer.id, materialId: material.id, planMonth: '2027-01', tons: '10', trips: 1 } }));
    const rows = await planRows();
    const logs = await logCount('月计划');
    const bad = (entity: Record<string, unknown>) => post(`${MONTH}/create`, { entity: { customerId: customer.id, materialId: material.id, planMonth: '2027-02', tons: '10', trips: 1, ...entity } });
    expect(expectFailure(await bad({ planMonth: '2027-13' }), 400, /yyyy-MM/).data).toMatchObject({ field: 'planMonth' });
    expect(expectFailure(await bad({ tons: '-1' }), 400).data).toMatchObject({ field: 'tons' });
    expect(expectFailure(await bad({ trips: 1.5 }), 400).data).toMatchObject({ field: 'trips' });
    expect(expectFailure(await bad({ tons: '1e12' }), 400).data).toMatchObject({ field: 'tons' });
    expect(expectFailure(await bad({ planMonth: '2027-01' }), 400, '该客户该物料本月已有月计划').data).toMatchObject({ field: 'planMonth' });
    expect(expectFailure(await bad({ customerId: '999999999' }), 400).data).toMatchObject({ field: 'customerId' });
    expect(await planRows()).toEqual(rows);
    expect(await logCount('月计划')).toBe(logs);
  });

  it('warns, without refusing, when a day plan\'s audit takes the month\'s day plans past the audited monthly plan', async () => {
    const m = expectOk(await post(`${MONTH}/create`, { entity: { customerId: customer.id, materialId: material.id, planMonth: '2033-04', tons: '600', trips: 20 } })).data;
    expectOk(await post(`${MONTH}/audit`, { ids: [m.id] }));
    const first = expectOk(await post(`${DAY}/create`, { entity: { customerId: customer.id, materialId: material.id, planDate: '2033-04-01', tons: '500', trips: 10 } })).data;
    expect(expectOk(await post(`${DAY}/audit`, { ids: [first.id] })).data).toEqual({ count: 1 });
    const second = expectOk(await post(`${DAY}/create`, { entity: { customerId: customer.id, materialId: material.id, planDate: '2033-04-02', tons: '150', trips: 5 } })).data;
    expect(expectOk(await post(`${DAY}/audit`, { ids: [second.id] })).data).toEqual({
      count: 1, warnings: [`日计划 ${second.planNo}：2033-04 日计划合计 650 吨 / 15 车，超出月计划 600 吨 / 20 车`],
    });
    expect((await pool.query('SELECT doc_status FROM sa_plan_day WHERE id = $1', [second.id])).rows[0].doc_status).toBe('AUDITED');
  });

  it('lets the operator read the plans but not write them', async () => {
    expectOk(await post(`${MONTH}/v2/list`, { limit: { pn: 1, ps: 10 } }, operator));
    expectFailure(await post(`${MONTH}/create`, { entity: { customerId: customer.id, materialId: material.id, planMonth: '2027-03', tons: '1', trips: 1 } }, operator), 403);
  });
});

describe('day plan control', () => {
  it('counts holding registries and the day\'s other tickets, and refuses the registry beyond the tons or the trips', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa', maxLimit: '1000' });
    const plan = await dayPlan('100', 3);
    // a truck registered yesterday that completed today counts today by its net, once
    const yesterday = await salesRegistry(lineId, '35');
    expectOk(await audit(yesterday.id));
    await pool.query("UPDATE wb_registry SET audited_at = audited_at - interval '1 day' WHERE id = $1", [yesterday.id]);
    const ticket = await newTicket(pool, org, yesterday.id, 'COMPLETED', { net: '30' });
    await pool.query('UPDATE wb_ticket SET customer_id = $2, material_id = $3 WHERE id = $1', [ticket, customer.id, material.id]);

    const a = await salesRegistry(lineId, '40');
    expectOk(await audit(a.id));
    const b = await salesRegistry(lineId, '31');
    const line = await lineQuantities(pool, lineId);
    const logs = await logCount('销售登记单');
    expectFailure(await audit(b.id), 400,
      `超出日计划：客户 ${customer.name} 物料 ${material.name} ${today} 计划 100 吨 / 3 车，已用 70 吨 / 2 车，本车 31 吨`);
    expect((await registryRow(pool, b.id)).doc_status).toBe('FREE');
    expect(await lineQuantities(pool, lineId)).toEqual(line);
    expect(await logCount('销售登记单')).toBe(logs);

    const c = await salesRegistry(lineId, '30');
    expectOk(await audit(c.id));
    const d = await salesRegistry(lineId, '0.5');
    expectFailure(await audit(d.id), 400, `超出日计划：客户 ${customer.name} 物料 ${material.name} ${today} 计划 100 吨 / 3 车，已用 100 吨 / 3 车，本车 0.5 吨`);

    // a voided registry gives its place back; recovering it takes the place again, and is refused once another holds it
    expectOk(await post('/api/registry/sa/obsolete', { ids: [c.id] }, operator));
    expectOk(await audit(d.id));
    expectFailure(await post('/api/registry/sa/recover', { ids: [c.id] }, operator), 400, /^超出日计划：.*已用 70.5 吨 \/ 3 车，本车 30 吨$/);
    expect((await registryRow(pool, c.id)).doc_status).toBe('OBSOLETE');

    // un-audited, the plan controls nothing
    expectOk(await post(`${DAY}/unaudit`, { ids: [plan.id] }));
    expectOk(await post('/api/registry/sa/recover', { ids: [c.id] }, operator));
  });

  it('controls nothing where the customer has no day plan for the material and day', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa', maxLimit: '1000' });
    await dayPlan('10', 1, '2030-01-01');
    const r = await salesRegistry(lineId, '500');
    expectOk(await audit(r.id));
  });

  it('queues a sales registry behind the company\'s other holds only when a day plan applies to it', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa', maxLimit: '1000' });
    await pool.query('UPDATE wb_notice_line SET material_id = $2 WHERE id = $1', [lineId, unplanned]);
    const held = await pool.connect();
    try {
      // another hold of the company has the turn
      await held.query('BEGIN');
      await held.query(`SELECT pg_advisory_xact_lock(hashtext('sa-day-plan:' || $1::text))`, [org]);
      // no day plan for its customer, material and day: it does not wait for the turn
      expectOk(await audit((await salesRegistry(lineId, '1')).id));
      // a plan applies: it waits for the turn, and goes once the other hold ends
      await dayPlan('1000', 100, today, unplanned);
      const planned = await salesRegistry(lineId, '1');
      const answer = audit(planned.id);
      await expect.poll(async () => (await pool.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows[0].n, { timeout: 20_000 }).toBe(1);
      await held.query('COMMIT');
      expectOk(await answer);
    } finally {
      await held.query('ROLLBACK').catch(() => {});
      held.release();
    }
  });

  it('lets one of two registries through when the quota covers one and both are audited at once', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'sa', maxLimit: '1000' });
    await pool.query('UPDATE wb_notice_line SET material_id = $2 WHERE id = $1', [lineId, other]);
    await dayPlan('100', 10, today, other);
    const regs = [await salesRegistry(lineId, '60'), await salesRegistry(lineId, '60'), await salesRegistry(lineId, '60')];
    const answers = await Promise.all(regs.map((r) => audit(r.id)));
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    for (const x of answers.filter((y) => y.statusCode !== 200)) expectFailure(x, 400, /^超出日计划：.*计划 100 吨 \/ 10 车，已用 60 吨 \/ 1 车，本车 60 吨$/);
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 60, trips: 1 });
  });
  it('lets two batches crossing two quotas in opposite orders both through, without a deadlock', async () => {
    const lines = [];
    const [x, y] = crossing;
    for (const m of [x, y, y, x]) {
      const { lineId } = await newNotice(pool, org, { kind: 'sa', maxLimit: '1000' });
      await pool.query('UPDATE wb_notice_line SET material_id = $2 WHERE id = $1', [lineId, m]);
      lines.push(lineId);
    }
    await dayPlan('10000', 1000, today, x);
    await dayPlan('10000', 1000, today, y);
    for (let round = 0; round < 3; round++) {
      const a = [await salesRegistry(lines[0], '1'), await salesRegistry(lines[1], '1')];
      const b = [await salesRegistry(lines[2], '1'), await salesRegistry(lines[3], '1')];
      const answers = await Promise.all([
        post('/api/registry/sa/audit', { ids: a.map((r) => r.id) }, operator), post('/api/registry/sa/audit', { ids: b.map((r) => r.id) }, operator),
      ]);
      for (const x of answers) expectOk(x);
    }
  });
});

describe('fulfilment', () => {
  it('lists each day plan with what was used, what is left and the share done, and charts the month', async () => {
    const day = '2031-03-15';
    const { lineId } = await newNotice(pool, org, { kind: 'sa', maxLimit: '1000' });
    const plan = await dayPlan('300', 10, day);
    // two registries audited that day and a ticket of another registry completed that day
    const regs = [await salesRegistry(lineId, '34'), await salesRegistry(lineId, '34'), await salesRegistry(lineId, '20')];
    await pool.query(`UPDATE wb_registry SET doc_status = 'AUDITED', audited_at = $2::date + time '09:00' WHERE id = ANY($1::bigint[])`, [regs.map((r) => r.id), day]);
    const earlier = regs[2];
    await pool.query(`UPDATE wb_registry SET audited_at = $2::date - 3 + time '09:00' WHERE id = $1`, [earlier.id, day]);
    const t = await newTicket(pool, org, earlier.id, 'POSTED', { net: '29.5' });
    await pool.query(`UPDATE wb_ticket SET customer_id = $2, material_id = $3, completed_at = $4::date + time '10:00' WHERE id = $1`, [t, customer.id, material.id, day]);
    // the ticket of a registry that counts that day is not counted twice
    const twice = await newTicket(pool, org, regs[0].id, 'COMPLETED', { net: '30' });
    await pool.query(`UPDATE wb_ticket SET customer_id = $2, material_id = $3, completed_at = $4::date + time '11:00' WHERE id = $1`, [twice, customer.id, material.id, day]);

    const list = expectOk(await post('/api/sale/plan/fulfilment/v2/list', { search: [{ key: 'planNo', op: 'eq', val: plan.planNo }], limit: { pn: 1, ps: 10 } }, operator)).data;
    expect(list.total).toBe(1);
    const [row] = list.list;
    expect(row).toMatchObject({ planDate: expect.stringContaining(day), customerName: customer.name, invName: material.name, planTrips: 10, usedTrips: 3, remainingTrips: 7 });
    expect([row.planTons, row.usedTons, row.remainingTons, row.donePercent].map(Number)).toEqual([300, 97.5, 202.5, 32.5]);

    const monthPlan = expectOk(await post(`${MONTH}/create`, { entity: { customerId: customer.id, materialId: material.id, planMonth: '2031-03', tons: '6000', trips: 180 } })).data;
    // the monthly plan's list: its day plans (tasks) summed and the month's use, the earlier registry's 20 t of the 12th included
    const months = expectOk(await post(`${MONTH}/v2/list`, { search: [{ key: 'planNo', op: 'eq', val: monthPlan.planNo }], limit: { pn: 1, ps: 10 } })).data;
    const m = months.list[0];
    expect([m.tons, m.taskTons, m.usedTons].map(Number)).toEqual([6000, 300, 117.5]);
    expect([m.trips, m.taskTrips, m.usedTrips].map(Number)).toEqual([180, 10, 4]);
    const chart = expectOk(await call(app, 'GET', `/api/sale/plan/chart?month=2031-03&customerId=${customer.id}`, operator)).data;
    expect(chart.days).toHaveLength(31);
    expect(chart.days[14]).toEqual({ day, planTons: '300', planTrips: 10, usedTons: '97.5', usedTrips: 3 });
    expect(chart.days[13]).toEqual({ day: '2031-03-14', planTons: '0', planTrips: 0, usedTons: '0', usedTrips: 0 });
    // the monthly plan counts once audited
    expect(chart.monthPlan).toEqual({ tons: '0', trips: 0 });
    // the month also holds the earlier registry's 20 t on the day it was audited (the 12th)
    expect(chart.days[11]).toMatchObject({ usedTons: '20', usedTrips: 1 });
    expect(chart.totals).toEqual({ dayTons: '300', dayTrips: 10, usedTons: '117.5', usedTrips: 4, donePercent: '39.17' });
    const bad = expectFailure(await call(app, 'GET', '/api/sale/plan/chart?month=2031-3', operator), 400, /yyyy-MM/);
    expect(bad.data).toMatchObject({ field: 'month' });
  });
});

describe('day plans from a sheet', () => {
  async function importDays(rows: unknown[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入');
    for (const r of rows) ws.addRow(r);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = `----plan${Math.random().toString(16).slice(2)}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="日计划.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return app.inject({ method: 'POST', url: `${DAY}/import`, headers: { authorization: accountant, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  }

  it('imports a week of day plans naming the customer and material by code, and refuses a sheet with a bad row whole', async () => {
    const { rows: [codes] } = await pool.query(`SELECT (SELECT customer_code FROM md_customer WHERE id = $1) AS c, (SELECT inv_code FROM md_material WHERE id = $2) AS m`, [customer.id, material.id]);
    const res = await call(app, 'GET', `${DAY}/import/template`, accountant);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    // a day plan names a material or a computation group (计算组编码, left blank here)
    expect(header).toEqual(['计划单号', '客户编码', '物料编码', '计算组编码', '计划日期', '计划吨数', '计划车数', '备注']);
    const before = await planRows();
    expectFailure(await importDays([header, ['', codes.c, codes.m, '', '2032-05-01', '300', 10, ''], ['', codes.c, codes.m, '', '2032-05-02', '300', -1, '']]), 400);
    expect(await planRows()).toEqual(before);
    const week = Array.from({ length: 7 }, (_, i) => ['', codes.c, codes.m, '', `2032-05-0${i + 1}`, '300', 10, '周计划']);
    expect(expectOk(await importDays([header, ...week])).data).toEqual({ imported: 7 });
    expect((await planRows()).d - before.d).toBe(7);
  });
});
