import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportDefinition } from '@wb/protocol';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { defineModule } from '../../platform/module/define';
import type { ReportDataset } from '../../platform/reports/dataset';

// Six known trips from 2026-11-01 to 11-03 (and one on 10-31 outside the range the tests ask):
// per kind and material the sums below are worked out by hand.
const ROWS = `VALUES
  ('2026-10-31'::date, 'P'::text, 'coal'::text, 1::int, 12.0000::numeric(14,4), 600.00::numeric(14,2), 50.0000::numeric(14,4)),
  ('2026-11-01', 'P', 'coal', 2, 30.5000, 1525.50, 50.0000),
  ('2026-11-01', 'P', 'sand', 1, 10.2500, 205.00, 20.0000),
  ('2026-11-01', 'S', 'coal', 3, 45.0000, 2700.00, 60.0000),
  ('2026-11-02', 'P', 'coal', 1, 15.1250, 756.25, 50.0000),
  ('2026-11-02', 'S', 'sand', 4, 40.0000, 800.00, 20.0000),
  ('2026-11-03', 'S', 'coal', 2, 29.8750, 1792.50, 60.0000)`;

const trips: ReportDataset = {
  key: 'test.trips',
  name: '测试磅单',
  nameEn: 'Test trips',
  // the 过磅日报 leaf's key: the operator and the accountant hold it, the lab does not
  permission: 'report_home_view',
  executor: 'app',
  params: [
    { key: 'day', title: '过磅日期', titleEn: 'Weighing date', type: 'dateRange', required: true, default: '${monthStart},${today}' },
    { key: 'kind', title: '业务类型', titleEn: 'Kind', type: 'select', options: [{ value: 'P', label: '采购', labelEn: 'Purchase' }, { value: 'S', label: '销售', labelEn: 'Sales' }] },
    { key: 'org', title: '组织', titleEn: 'Organisation', type: 'org' },
  ],
  fields: [
    { key: 'day', title: '日期', titleEn: 'Day', type: 'date' },
    { key: 'kind', title: '类型', titleEn: 'Kind', type: 'text' },
    { key: 'material', title: '物料', titleEn: 'Material', type: 'text' },
    { key: 'trips', title: '车次', titleEn: 'Trips', type: 'int', total: true },
    { key: 'net', title: '净重', titleEn: 'Net', type: 'weight', total: true },
    { key: 'amount', title: '金额', titleEn: 'Amount', type: 'money', total: true },
    { key: 'price', title: '单价', titleEn: 'Price', type: 'price' },
  ],
  query: ({ params }) => ({
    text: `SELECT t.* FROM (${ROWS}) AS t(day, kind, material, trips, net, amount, price)
            WHERE t.day BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR t.kind = $3::text) AND $4::bigint IS NOT NULL`,
    values: [params.dayFrom, params.dayTo, params.kind, params.org],
  }),
};

const columns: ReportDefinition['columns'] = [
  { field: 'day', title: '日期', titleEn: 'Day' },
  { field: 'kind', title: '类型', titleEn: 'Kind' },
  { field: 'material', title: '物料', titleEn: 'Material' },
  { field: 'trips', title: '车次', titleEn: 'Trips', head: 'today' },
  { field: 'net', title: '净重', titleEn: 'Net', head: 'today', width: 120 },
  { field: 'amount', title: '金额', titleEn: 'Amount', head: 'today' },
  { field: 'price', title: '单价', titleEn: 'Price', total: 'avg' },
];
const base = {
  nameEn: 'Test', source: { kind: 'dataset' as const, key: 'test.trips' }, params: [], columns,
  heads: [{ id: 'today', title: '本日', titleEn: 'Today' }], page: { size: 'A4' as const, orientation: 'landscape' as const }, roles: [],
};
const flat: ReportDefinition = { ...base, code: 'test_flat', name: '测试日报', groupBy: [], sort: [{ key: 'day', dir: 'asc' }] };
const grouped: ReportDefinition = { ...base, code: 'test_grouped', name: '测试分组', groupBy: ['kind', 'material'], sort: [] };

const testModule = defineModule({ key: 'report-centre-test', datasets: [trips], reports: [flat, grouped] });
const { app, database } = await createTestApp({}, { extraModules: [testModule] });
const { pool } = database;

let hdsn: string;
let hdjc: string;
let admin: string;
let operator: string;
let accountant: string;
let quality: string;

const NOV = { day: ['2026-11-01', '2026-11-03'] };
const data = (code: string, who: string, body: unknown) => call(app, 'POST', `/api/report/easy/data/${code}`, who, body);
const pick = (rows: Record<string, unknown>[], keys: string[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

beforeAll(async () => {
  hdsn = await orgId(pool, 'HDSN');
  hdjc = await orgId(pool, 'HDJC');
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  quality = (await bearerFor(app, 'quality')).authorization;
  // a designed report only accountants may read
  const own: ReportDefinition = { ...flat, code: 'acct_only', name: '会计专用', roles: ['ROLE_ACCOUNTANT'] };
  await pool.query(`INSERT INTO rpt_report (org_id, code, name, definition) VALUES ($1, 'acct_only', '会计专用', $2)`, [hdsn, JSON.stringify(own)]);
});

describe('the easy report view', () => {
  it('answers the definition, the dataset\'s filters and fields, and whether it is built in', async () => {
    const body = expectOk(await call(app, 'GET', '/api/report/easy/view/test_flat', operator));
    expect(body.data.builtIn).toBe(true);
    expect(body.data.definition.code).toBe('test_flat');
    expect(body.data.dataset.key).toBe('test.trips');
    expect(body.data.dataset.params.map((p: { key: string }) => p.key)).toEqual(['day', 'kind', 'org']);
    expect(body.data.widths).toEqual({});
    expect(expectOk(await call(app, 'GET', '/api/report/easy/view/acct_only', accountant)).data.builtIn).toBe(false);
  });

  it('refuses a reader without the right: the dataset\'s permission for a built-in report, a role for a designed one', async () => {
    expectFailure(await call(app, 'GET', '/api/report/easy/view/test_flat', quality), 403);
    expectFailure(await data('test_flat', quality, { params: NOV }), 403);
    expectFailure(await call(app, 'GET', '/api/report/easy/view/acct_only', operator), 403);
    expectFailure(await call(app, 'POST', '/api/report/print/acct_only', operator, { params: NOV }), 403);
    expectOk(await call(app, 'GET', '/api/report/easy/view/acct_only', admin));
    expectFailure(await call(app, 'GET', '/api/report/easy/view/no_such', admin), 404);
  });

  it('lists the datasets a reader may design on', async () => {
    const keys = (res: Awaited<ReturnType<typeof call>>) => expectOk(res).data.map((d: { key: string }) => d.key);
    expect(keys(await call(app, 'GET', '/api/report/datasets', operator))).toContain('test.trips');
    expect(keys(await call(app, 'GET', '/api/report/datasets', quality))).not.toContain('test.trips');
  });
});

describe('the easy report data', () => {
  it('pages the rows in the report\'s order and totals the whole range', async () => {
    const body = expectOk(await data('test_flat', operator, { params: NOV, page: { pn: 2, ps: 2 } })).data;
    expect(body.total).toBe(6);
    expect(pick(body.list, ['day', 'kind', 'material'])).toEqual([
      { day: '2026-11-01', kind: 'S', material: 'coal' },
      { day: '2026-11-02', kind: 'P', material: 'coal' },
    ]);
    expect(body.totals).toEqual({ trips: '13', net: '170.7500', amount: '7779.25', price: '43.3333', __count: 6 });
    const all = expectOk(await data('test_flat', operator, { params: NOV, page: { pn: 1, ps: 100000 } })).data;
    expect(all.list).toHaveLength(6);
  });

  it('filters by a parameter and sorts on the dataset\'s own fields only', async () => {
    const body = expectOk(await data('test_flat', operator, { params: { ...NOV, kind: 'S' }, sort: [{ key: 'net', dir: 'desc' }] })).data;
    expect(body.list.map((r: { net: string }) => r.net)).toEqual(['45.0000', '40.0000', '29.8750']);
    expect(body.totals.trips).toBe('9');
    const refused = expectFailure(await data('test_flat', operator, { params: NOV, sort: [{ key: 'net" DESC; DROP TABLE rpt_report; --', dir: 'asc' }] }), 400);
    expect(refused.msg).toMatch(/排序/);
    expectFailure(await data('test_flat', operator, { params: NOV, sort: [{ key: 'net', dir: 'sideways' }] }), 400);
  });

  it('answers 400 naming the parameter for an impossible date, a reversed range, a foreign organisation or a bad page', async () => {
    expectFailure(await data('test_flat', operator, { params: { day: ['2026-02-30', '2026-03-01'] } }), 400, /过磅日期.*不是真实的日期/);
    expectFailure(await data('test_flat', operator, { params: { day: ['2026-11-03', '2026-11-01'] } }), 400, /过磅日期/);
    expectFailure(await data('test_flat', operator, { params: { ...NOV, kind: 'X' } }), 400, /业务类型/);
    // the operator belongs to HDSN only; the accountant to both
    expectFailure(await data('test_flat', operator, { params: { ...NOV, org: hdjc } }), 400, /组织/);
    expectOk(await data('test_flat', operator, { params: { ...NOV, org: hdsn } }));
    expectFailure(await data('test_flat', operator, { params: NOV, page: { pn: 0, ps: 10 } }), 400, /页码/);
    expectFailure(await data('test_flat', operator, { params: 'day' }), 400);
  });

  it('puts each group\'s subtotal after its last row, on the page the group ends on, with exact figures', async () => {
    const whole = expectOk(await data('test_grouped', accountant, { params: NOV })).data;
    const shape = (list: Record<string, unknown>[]) => list.map((r) => (r.__group
      ? `sub${(r.__group as { level: number }).level} ${(r.__group as { key: string }).key}: ${r.trips} ${r.net} ${r.amount} ${r.price}`
      : `${r.kind} ${r.material} ${r.net}`));
    expect(shape(whole.list)).toEqual([
      'P coal 30.5000', 'P coal 15.1250', 'sub2 P / coal: 3 45.6250 2281.75 50.0000',
      'P sand 10.2500', 'sub2 P / sand: 1 10.2500 205.00 20.0000',
      'sub1 P: 4 55.8750 2486.75 40.0000',
      'S coal 45.0000', 'S coal 29.8750', 'sub2 S / coal: 5 74.8750 4492.50 60.0000',
      'S sand 40.0000', 'sub2 S / sand: 4 40.0000 800.00 20.0000',
      'sub1 S: 9 114.8750 5292.50 46.6667',
    ]);
    expect(whole.totals).toMatchObject({ trips: '13', net: '170.7500', amount: '7779.25', __count: 6 });
    expect(whole.groups).toHaveLength(6);
    const pages = await Promise.all([1, 2, 3].map(async (pn) => shape(expectOk(await data('test_grouped', accountant, { params: NOV, page: { pn, ps: 2 } })).data.list)));
    expect(pages).toEqual([
      ['P coal 30.5000', 'P coal 15.1250', 'sub2 P / coal: 3 45.6250 2281.75 50.0000'],
      ['P sand 10.2500', 'sub2 P / sand: 1 10.2500 205.00 20.0000', 'sub1 P: 4 55.8750 2486.75 40.0000', 'S coal 45.0000'],
      ['S coal 29.8750', 'sub2 S / coal: 5 74.8750 4492.50 60.0000', 'S sand 40.0000', 'sub2 S / sand: 4 40.0000 800.00 20.0000', 'sub1 S: 9 114.8750 5292.50 46.6667'],
    ]);
  });
});

describe('the easy report widths', () => {
  it('keeps each reader\'s own widths, logged, and refuses a column the report does not have', async () => {
    expectOk(await call(app, 'POST', '/api/report/easy/width/test_flat', accountant, { field: 'net', width: 150 }));
    expectOk(await call(app, 'POST', '/api/report/easy/width/test_flat', operator, { field: 'net', width: 210 }));
    expect(expectOk(await call(app, 'GET', '/api/report/easy/view/test_flat', accountant)).data.widths).toEqual({ net: 150 });
    expect(expectOk(await call(app, 'GET', '/api/report/easy/view/test_flat', operator)).data.widths).toEqual({ net: 210 });
    const { rows } = await pool.query(`SELECT detail FROM sys_log WHERE action = '报表列宽' AND doc_no = 'test_flat' ORDER BY id`);
    expect(rows.map((r) => r.detail)).toEqual(['net = 150px', 'net = 210px']);
    expectFailure(await call(app, 'POST', '/api/report/easy/width/test_flat', operator, { field: 'nope', width: 100 }), 400, /nope/);
    expectFailure(await call(app, 'POST', '/api/report/easy/width/test_flat', operator, { field: 'net', width: 9000 }), 400, /列宽/);
    expectFailure(await call(app, 'POST', '/api/report/easy/width/test_flat', quality, { field: 'net', width: 100 }), 403);
  });

  it('keeps one width when two drags of the same column race', async () => {
    const [a, b] = await Promise.all([130, 170].map((width) => call(app, 'POST', '/api/report/easy/width/test_grouped', accountant, { field: 'amount', width })));
    expectOk(a!);
    expectOk(b!);
    const { rows } = await pool.query(`SELECT width FROM rpt_report_width WHERE report_code = 'test_grouped' AND field = 'amount'`);
    expect(rows).toHaveLength(1);
    expect([130, 170]).toContain(rows[0].width);
  });
});

describe('the report print', () => {
  it('answers a PDF inline', async () => {
    const res = await call(app, 'POST', '/api/report/print/test_grouped', accountant, { params: NOV });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
