import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { archivesOf, insertTicket, insertTrip, type Archives } from './test-support/trips';

const { app, database } = await createTestApp();
const { pool } = database;

let hdsn: string;
let hdjc: string;
let a: Archives;
let b: Archives;
let admin: string;
let adminInB: string;
let operator: string;
let quality: string;

beforeAll(async () => {
  hdsn = await orgId(pool, 'HDSN');
  hdjc = await orgId(pool, 'HDJC');
  a = await archivesOf(pool, hdsn);
  b = await archivesOf(pool, hdjc);
  admin = (await bearerFor(app, 'admin')).authorization;
  adminInB = (await bearerFor(app, 'admin')).authorization;
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${hdjc}`, adminInB));
  operator = (await bearerFor(app, 'operator')).authorization;
  quality = (await bearerFor(app, 'quality')).authorization;
});

/** Today's plant date and a time on it, as the database (plant time zone) reads them. */
async function todayAt(clock: string): Promise<string> {
  const { rows: [r] } = await pool.query(`SELECT (current_date + $1::time)::timestamptz::text AS t`, [clock]);
  return `'${r.t}'::timestamptz`;
}

describe('home counts', () => {
  it('counts planned, in-plant, weighing and error trucks of the current company only', async () => {
    // company A: 2 planned (audited, enabled), a draft and a disabled one that are not;
    // 3 in the plant (one for 9 hours), one already out; 2 tickets between weighings, one warned today
    await insertTrip(pool, { orgId: hdsn });
    await insertTrip(pool, { orgId: hdsn });
    await insertTrip(pool, { orgId: hdsn, docStatus: 'FREE' });
    await insertTrip(pool, { orgId: hdsn, enabled: false });
    await insertTrip(pool, { orgId: hdsn, tripState: 'ENTERED' });
    await insertTrip(pool, { orgId: hdsn, tripState: 'ENTERED', enteredAt: "now() - interval '9 hours'" });
    await insertTrip(pool, { orgId: hdsn, tripState: 'WEIGHING' });
    await insertTrip(pool, { orgId: hdsn, tripState: 'RELEASED', enteredAt: "now() - interval '20 hours'" });
    await insertTicket(pool, { orgId: hdsn, kind: 'st', state: 'FIRST_WEIGHED', warnings: [{ check: 'TWO_GROSS', message: '连续两次毛重' }] });
    await insertTicket(pool, { orgId: hdsn, kind: 'st', state: 'CONFIRMED' });
    // company B: 1 planned, 1 in the plant
    await insertTrip(pool, { orgId: hdjc });
    await insertTrip(pool, { orgId: hdjc, tripState: 'ENTERED' });

    const mine = expectOk(await call(app, 'GET', '/api/home/count', operator)).data;
    expect(mine).toEqual({ planned: 2, inPlant: 3, weighing: 2, errors: 2, overstay: 1, warned: 1, overstayHours: 8 });
    const theirs = expectOk(await call(app, 'GET', '/api/home/count', adminInB)).data;
    expect(theirs).toEqual({ planned: 1, inPlant: 1, weighing: 0, errors: 0, overstay: 0, warned: 0, overstayHours: 8 });
    // the same user sees each company's own figures in the session of that company
    expect(expectOk(await call(app, 'GET', '/api/home/count', admin)).data).toEqual(mine);
  });

  it('counts a truck as in the plant too long after the company\'s own 在厂超时 hours', async () => {
    // the 9-hour truck of the test above; company B's 7-hour truck is late by B's 6 hours only
    await insertTrip(pool, { orgId: hdjc, tripState: 'WEIGHING', enteredAt: "now() - interval '7 hours'" });
    expectOk(await call(app, 'PUT', '/api/system/param/weigh', admin, { overstayHours: 10 }));
    expectOk(await call(app, 'PUT', '/api/system/param/weigh', adminInB, { overstayHours: 6 }));
    expect(expectOk(await call(app, 'GET', '/api/home/count', operator)).data).toMatchObject({ overstay: 0, errors: 1, overstayHours: 10 });
    expect(expectOk(await call(app, 'GET', '/api/home/count', adminInB)).data).toMatchObject({ overstay: 1, errors: 1, overstayHours: 6 });
    expectOk(await call(app, 'PUT', '/api/system/param/weigh', admin, { overstayHours: 9 }));
    expect(expectOk(await call(app, 'GET', '/api/home/count', operator)).data).toMatchObject({ overstay: 1, overstayHours: 9 });
  });

  it('answers the counts to a role that holds them, not the lab (the gate chart names plates), and no one signed out', async () => {
    expectOk(await call(app, 'GET', '/api/home/count', operator));
    expectFailure(await call(app, 'GET', '/api/home/count', quality), 403);
    expectFailure(await call(app, 'GET', '/api/home/count'), 401);
  });
});

describe('vehicle chart', () => {
  it('counts today\'s trucks in and out per hour and kind', async () => {
    const t1015 = await todayAt('10:15');
    await insertTrip(pool, { orgId: hdjc, tripState: 'RELEASED', enteredAt: t1015, releasedAt: await todayAt('11:05') });
    await insertTrip(pool, { orgId: hdjc, kind: 'pr', tripState: 'ENTERED', enteredAt: await todayAt('10:40') });
    await insertTrip(pool, { orgId: hdjc, kind: 'pr', tripState: 'WEIGHING', enteredAt: await todayAt('23:59') });
    await insertTrip(pool, { orgId: hdjc, tripState: 'ENTERED', enteredAt: "current_date::timestamptz - interval '1 minute'" });
    const chart = expectOk(await call(app, 'GET', `/api/home/vehicle-table/${hdjc}`, admin)).data;
    const hours = (kind: string, direction: string) => chart.series.find((s: { kind: string; direction: string }) => s.kind === kind && s.direction === direction)?.counts;
    const at = (h: number, n: number) => Array.from({ length: 24 }, (_, i) => (i === h ? n : 0));
    // the company-B rows of the counts test came in "now": add them where they fall
    const { rows: now } = await pool.query(
      `SELECT extract(hour FROM entered_at)::int AS h FROM wb_registry WHERE org_id = $1 AND entered_at >= current_date::timestamptz AND entered_at < current_date + 1 AND kind = 'st' AND entered_at <> ${t1015}`, [hdjc]);
    const stIn = at(10, 1);
    for (const r of now) stIn[r.h] += 1;
    expect(hours('st', 'IN')).toEqual(stIn);
    expect(hours('st', 'OUT')).toEqual(at(11, 1));
    expect(hours('pr', 'IN')).toEqual(at(10, 1).map((n, i) => (i === 23 ? 1 : n)));
    expect(hours('pr', 'OUT')).toBeUndefined();
    expect(expectOk(await call(app, 'GET', '/api/home/vehicle-table', adminInB)).data).toEqual(chart);
  });

  it('refuses another company\'s chart to a user who is not in it, as if it did not exist', async () => {
    expectFailure(await call(app, 'GET', `/api/home/vehicle-table/${hdjc}`, operator), 404, '组织不存在');
    expectFailure(await call(app, 'GET', '/api/home/vehicle-table/abc', operator), 400);
  });
});

describe('team report', () => {
  // One plant day (2026-11-10) cut by the default teams, 白班 08:00-20:00 and 夜班 20:00-08:00.
  beforeAll(async () => {
    const pu = { orgId: hdsn, kind: 'pu' as const, materialId: a.materialId, vendorId: a.vendorId };
    const sa = { orgId: hdsn, kind: 'sa' as const, materialId: a.materialId, customerId: a.customerId };
    await insertTicket(pool, { ...pu, state: 'COMPLETED', completedAt: '2026-11-10 09:00', net: '30.5' });
    await insertTicket(pool, { ...pu, state: 'POSTED', completedAt: '2026-11-10 19:59', net: '20.25' });
    await insertTicket(pool, { ...pu, state: 'AUDITED', completedAt: '2026-11-10 10:00', net: '1' });
    await insertTicket(pool, { ...sa, state: 'COMPLETED', completedAt: '2026-11-10 20:00', net: '10' });
    await insertTicket(pool, { ...sa, state: 'COMPLETED', completedAt: '2026-11-11 07:59', net: '5.125' });
    // the next plant day's day shift, and the night shift of the day before
    await insertTicket(pool, { ...pu, state: 'COMPLETED', completedAt: '2026-11-11 08:00', net: '7' });
    await insertTicket(pool, { ...pu, state: 'COMPLETED', completedAt: '2026-11-10 07:59', net: '3' });
    // left loaded: closed with no net, not a delivered trip
    await insertTicket(pool, { ...pu, state: 'CLOSED', completedAt: '2026-11-10 11:00' });
    // another company's ticket in the same hours
    await insertTicket(pool, { orgId: hdjc, kind: 'pu', materialId: b.materialId, vendorId: b.vendorId, state: 'COMPLETED', completedAt: '2026-11-10 09:30', net: '99' });
  });

  it('gives one plant day by team: trips and net by material and counterparty', async () => {
    const report = expectOk(await call(app, 'POST', '/api/report/team', operator, { from: '2026-11-10', to: '2026-11-10' })).data;
    expect(report.teams).toEqual([
      { seq: 1, name: '白班', nameEn: 'Day shift', start: '08:00', end: '20:00' },
      { seq: 2, name: '夜班', nameEn: 'Night shift', start: '20:00', end: '08:00' },
    ]);
    expect(report.rows).toEqual([
      { team: 1, kind: 'pu', materialId: a.materialId, materialName: a.materialName, counterparty: a.vendorName, trips: 3, net: '51.7500' },
      { team: 2, kind: 'sa', materialId: a.materialId, materialName: a.materialName, counterparty: a.customerName, trips: 2, net: '15.1250' },
    ]);
    expect(report.teamTotals).toEqual([{ team: 1, trips: 3, net: '51.7500' }, { team: 2, trips: 2, net: '15.1250' }]);
    expect(report.total).toEqual({ trips: 5, net: '66.8750' });
  });

  it('covers a range of plant days and narrows by team, kind and material', async () => {
    const all = expectOk(await call(app, 'POST', '/api/report/team', operator, { from: '2026-11-09', to: '2026-11-11' })).data;
    expect(all.total).toEqual({ trips: 7, net: '76.8750' });
    const night = expectOk(await call(app, 'POST', '/api/report/team', operator, { from: '2026-11-09', to: '2026-11-11', team: 2 })).data;
    expect(night.total).toEqual({ trips: 3, net: '18.1250' });
    expect(night.teamTotals).toEqual([{ team: 1, trips: 0, net: '0.0000' }, { team: 2, trips: 3, net: '18.1250' }]);
    const sales = expectOk(await call(app, 'POST', '/api/report/team', operator, { from: '2026-11-10', to: '2026-11-10', kind: 'sa' })).data;
    expect(sales.total).toEqual({ trips: 2, net: '15.1250' });
    const other = expectOk(await call(app, 'POST', '/api/report/team', operator, { from: '2026-11-10', to: '2026-11-10', materialId: '999999999' })).data;
    expect(other.total).toEqual({ trips: 0, net: '0.0000' });
  });

  it('shows each company its own tickets', async () => {
    const theirs = expectOk(await call(app, 'POST', '/api/report/team', adminInB, { from: '2026-11-10', to: '2026-11-10' })).data;
    expect(theirs.total).toEqual({ trips: 1, net: '99.0000' });
  });

  it('refuses bad conditions with a 400 naming the field', async () => {
    const cases: [unknown, string, RegExp | string][] = [
      [{ to: '2026-11-10' }, 'from', /开始日期/],
      [{ from: '2026-13-01', to: '2026-11-10' }, 'from', '参数 from 错误: 开始日期不是真实的日期：2026-13-01'],
      [{ from: '2026-11-10', to: '2026-11-09' }, 'to', '结束日期不能早于开始日期'],
      [{ from: '2025-01-01', to: '2026-11-10' }, 'to', '日期范围最多366天'],
      [{ from: '2026-11-10', to: '2026-11-10', kind: 'xx' }, 'kind', /业务类型不正确/],
      [{ from: '2026-11-10', to: '2026-11-10', team: 9 }, 'team', '班组不存在'],
      [{ from: '2026-11-10', to: '2026-11-10', orgId: hdjc }, '', /不允许的字段: orgId/],
    ];
    for (const [body, field, msg] of cases) {
      const failure = expectFailure(await call(app, 'POST', '/api/report/team', operator, body), 400, msg);
      if (field) expect(failure.data).toMatchObject({ field });
    }
  });

  it('answers only a role that holds the report', async () => {
    expectFailure(await call(app, 'POST', '/api/report/team', quality, { from: '2026-11-10', to: '2026-11-10' }), 403);
  });

  it('exports the report as an Excel sheet with subtotals and the total', async () => {
    const res = await call(app, 'POST', '/api/report/team/export', operator, { from: '2026-11-10', to: '2026-11-10' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('班组日报_2026-11-10.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['班组', '业务类型', '物料', '客商', '车数', '净重(吨)'],
      ['白班', '采购', a.materialName, a.vendorName, 3, 51.75],
      ['白班小计', undefined, undefined, undefined, 3, 51.75],
      ['夜班', '销售', a.materialName, a.customerName, 2, 15.125],
      ['夜班小计', undefined, undefined, undefined, 2, 15.125],
      ['合计', undefined, undefined, undefined, 5, 66.875],
    ]);
  });

  it('takes a company\'s own teams, checked to cut the day once', async () => {
    const teams = [{ name: '早班', start: '06:00', end: '14:00' }, { name: '中班', start: '14:00', end: '22:00' }, { name: '夜班', start: '22:00', end: '06:00' }];
    expectFailure(await call(app, 'PUT', '/api/report/teams', operator, { teams }), 403);
    const gap = [{ name: '早班', start: '06:00', end: '14:00' }, { name: '夜班', start: '15:00', end: '06:00' }];
    const refused = expectFailure(await call(app, 'PUT', '/api/report/teams', admin, { teams: gap }), 400, '班组“早班”的结束时间应为下一班组的开始时间');
    expect(refused.data).toMatchObject({ field: 'teams' });
    expectFailure(await call(app, 'PUT', '/api/report/teams', admin, { teams: [{ name: '白班', start: '8:00', end: '20:00' }] }), 400, /开始时间格式应为HH:mm/);
    expectOk(await call(app, 'PUT', '/api/report/teams', admin, { teams }));
    const report = expectOk(await call(app, 'POST', '/api/report/team', operator, { from: '2026-11-10', to: '2026-11-10' })).data;
    // the plant day now runs from 06:00: 07:59 of the 10th is the 10th's 早班, 20:00 is 中班, and
    // the 11th's 07:59 belongs to the 11th
    expect(report.teamTotals).toEqual([
      { team: 1, trips: 3, net: '34.5000' },
      { team: 2, trips: 2, net: '30.2500' },
      { team: 3, trips: 0, net: '0.0000' },
    ]);
    // the other company keeps the default day
    expect(expectOk(await call(app, 'GET', '/api/report/teams', adminInB)).data).toHaveLength(2);
  });
});
