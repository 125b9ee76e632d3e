import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import ExcelJS from 'exceljs';
import { MODULES } from '../modules';
import { paramFacts, readerOf } from '../report-centre/load';
import { paramNames } from '../report-centre/repo';
import { sealAll } from './seal-repo';
import { buildKnownPlant, type KnownPlant } from './test-support/plant';

// The built-in reports as a reader opens them: the report centre's easy report data call over the
// known plant (test-support/plant.ts), each report once, with its rights and its company.
const { app, database, config } = await createTestApp();
const { pool } = database;
let p: KnownPlant;
const who: Record<string, string> = {};

beforeAll(async () => {
  p = await buildKnownPlant(pool);
  // the known plant's days sealed into the weighing summary: the weighing reports read it (datasets.test.ts reads both ways)
  await sealAll(pool, config.timeZone);
  for (const name of ['admin', 'operator', 'accountant', 'quality', 'sales_manager', 'general_manager'] as const) {
    who[name] = (await bearerFor(app, name)).authorization;
  }
  who.adminInB = (await bearerFor(app, 'admin')).authorization;
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${p.b}`, who.adminInB));
});

type Row = Record<string, unknown>;
const groupOf = async (org: string) => (await pool.query<{ group_id: string }>('SELECT group_id::text FROM sys_org WHERE id = $1', [org])).rows[0]!.group_id;
const data = async (code: string, as: string, params: Row) => {
  const body = expectOk(await call(app, 'POST', `/api/report/easy/data/${code}`, who[as], { params, page: { pn: 1, ps: 100 } })).data;
  return { rows: (body.list as Row[]).filter((r) => !r.__group), groups: (body.list as Row[]).filter((r) => r.__group), totals: body.totals as Row };
};
const pick = (rows: Row[], keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
const DAY = { periodFrom: '2025-03-11', periodTo: '2025-03-11' };

describe('the built-in reports through the easy report data call', () => {
  it('过磅日报: the day, the day before and the same day last month, grouped by kind, with totals', async () => {
    const r = await data('daily', 'accountant', { day: '2025-03-11' });
    expect(pick(r.rows, ['kindName', 'trips', 'net', 'amount', 'prevNet', 'lastMonthNet'])).toEqual([
      { kindName: '采购', trips: 2, net: '62.4600', amount: '18738.00', prevNet: '28.0000', lastMonthNet: '0.0000' },
      { kindName: '销售', trips: 1, net: '35.1250', amount: '14050.01', prevNet: '0.0000', lastMonthNet: '33.3330' },
    ]);
    expect(r.groups).toHaveLength(2);
    expect(pick([r.totals], ['trips', 'net', 'amount', 'prevTrips', 'lastMonthTrips'])).toEqual([
      { trips: '3', net: '97.5850', amount: '32788.01', prevTrips: '1', lastMonthTrips: '1' },
    ]);
    // the lab's role does not read it: it names the trucks' parties
    expectFailure(await call(app, 'POST', '/api/report/easy/data/daily', who.quality, { params: { day: '2025-03-11' } }), 403);
  });

  it('过磅日报 of another company: only its own tickets', async () => {
    const r = await data('daily', 'adminInB', { day: '2025-03-11' });
    expect(pick([r.totals], ['trips', 'net', 'lastMonthTrips'])).toEqual([{ trips: '1', net: '50.0000', lastMonthTrips: '1' }]);
  });

  it('the monthly summary: day by day', async () => {
    const r = await data('monthly', 'operator', { month: '2025-03' });
    expect(pick([r.totals], ['trips', 'net', 'd10', 'd11', 'd12'])).toEqual([{ trips: '5', net: '146.0850', d10: '28.0000', d11: '97.5850', d12: '20.5000' }]);
  });

  it('the yearly summary: month by month', async () => {
    const r = await data('yearly', 'general_manager', { year: '2025' });
    expect(pick([r.totals], ['trips', 'net', 'm01Trips', 'm02Net', 'm03Net'])).toEqual([{ trips: '7', net: '189.4180', m01Trips: '1', m02Net: '33.3330', m03Net: '146.0850' }]);
    expectFailure(await call(app, 'POST', '/api/report/easy/data/yearly', who.quality, { params: { year: '2025' } }), 403);
  });

  it('the stock report: opening, in, out and closing', async () => {
    const r = await data('stock', 'accountant', DAY);
    expect(pick([r.totals], ['opening', 'quantityIn', 'quantityOut', 'closing'])).toEqual([
      { opening: '144.6670', quantityIn: '32.4560', quantityOut: '35.1250', closing: '141.9980' },
    ]);
  });

  it('sales money: settled and unsettled per customer', async () => {
    const r = await data('money', 'sales_manager', { kind: 'sa', periodFrom: '2025-02-01', periodTo: '2025-03-31' });
    expect(pick([r.totals], ['trips', 'amount', 'settledAmount', 'unsettledAmount'])).toEqual([
      { trips: '2', amount: '27383.21', settledAmount: '13300.00', unsettledAmount: '14050.01' },
    ]);
    expectFailure(await call(app, 'POST', '/api/report/easy/data/money', who.operator, { params: { kind: 'sa' } }), 403);
  });

  it('freight: per carrier and route', async () => {
    const r = await data('freight', 'accountant', DAY);
    expect(pick(r.rows, ['carrierName', 'route', 'tons', 'freight', 'lossCharge', 'payable'])).toEqual([
      { carrierName: p.k1.name, route: '矿山-厂区', tons: '62.4600', freight: '3123.00', lossCharge: '50.00', payable: '3073.00' },
    ]);
  });

  it('the operator report: the review reads it, the operators do not', async () => {
    const r = await data('operator', 'general_manager', DAY);
    expect(pick([r.totals], ['tickets', 'weighings', 'manualWeighings', 'deductions', 'interventions'])).toEqual([
      { tickets: '3', weighings: '4', manualWeighings: '1', deductions: '1', interventions: '2' },
    ]);
    expectFailure(await call(app, 'POST', '/api/report/easy/data/operator', who.operator, { params: DAY }), 403);
  });

  it('the operator report: its scale is a choice of the plant\'s scales, checked as a scale id', async () => {
    const view = expectOk(await call(app, 'GET', '/api/report/easy/view/operator', who.general_manager)).data;
    expect(view.dataset.params.find((x: { key: string }) => x.key === 'scale')).toMatchObject({ type: 'scale' });
    expect(view.scales).toEqual([{ id: 'S1', name: '无人值守' }]);
    const r = await data('operator', 'general_manager', { ...DAY, scale: 'S1' });
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.every((row) => row.scale === 'S1')).toBe(true);
    const refused = expectFailure(await call(app, 'POST', '/api/report/easy/data/operator', who.general_manager, { params: { ...DAY, scale: 'S1; --' } }), 400);
    expect(refused.msg).toMatch(/磅秤/);
    // a report without a scale parameter is offered no scales
    expect(expectOk(await call(app, 'GET', '/api/report/easy/view/daily', who.accountant)).data.scales).toBeUndefined();
  });

  it('names master-data parameters by their archive in the print\'s facts and the export\'s header', async () => {
    const money = MODULES.flatMap((m) => m.datasets ?? []).find((d) => d.key === 'money.party')!;
    const reader = await readerOf(database.db, { userId: p.accountant, orgId: p.a, groupId: await groupOf(p.a), username: 'accountant', realName: '' });
    const values = { kind: 'sa', periodFrom: '2025-03-01', periodTo: '2025-03-31', partyId: p.c1.id, materialId: p.m1.id };
    const facts = Object.fromEntries(paramFacts(money, null, values, reader, await paramNames(database.db, reader, money.params, values)));
    expect(facts['客户/供应商']).toContain(p.c1.name);
    expect(facts['物料']).toBe(`${p.m1.code} ${p.m1.name}`);
    expect(facts['客户/供应商']).not.toBe(p.c1.id);
    // the export's page header carries the same facts
    const res = await app.inject({ method: 'POST', url: '/api/report/export/money', headers: { authorization: who.sales_manager },
      payload: { params: { kind: 'sa', periodFrom: '2025-02-01', periodTo: '2025-03-31', partyId: p.c1.id } } });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]!.headerFooter.oddHeader ?? '';
    expect(header).toContain(p.c1.name);
    expect(header).toContain('2025-02-01 至 2025-03-31');
    // and so do the rows above the table, for whoever reads the file on screen
    const sheet = book.worksheets[0]!;
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const top = Array.from({ length: 8 }, (_, k) => row(k + 1));
    expect(top.slice(0, 6)).toEqual([
      ['销售采购金额'], ['业务类型：', '销售'], ['期间：', '2025-02-01 至 2025-03-31'], ['客户/供应商：', expect.stringContaining(p.c1.name)], [],
      ['往来单位', '月份', '物料', '合计', '合计', '合计', '已结算', '已结算', '未结算', '未结算'],
    ]);
    expect(top[7]![0]).toBe(p.c1.name);
    // the two header rows stay in view with the conditions above them
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });
    expect(sheet.getCell('D6').isMerged).toBe(true);
  });

  it('answers 400 naming the parameter for a day that does not exist', async () => {
    const refused = expectFailure(await call(app, 'POST', '/api/report/easy/data/daily', who.accountant, { params: { day: '2025-02-30' } }), 400);
    expect(refused.msg).toMatch(/日期/);
  });
});
