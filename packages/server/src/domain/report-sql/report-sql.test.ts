import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { executeDataset, GUARDED_STATEMENT_TIMEOUT_MS, orderedQuery } from '../../platform/reports/execute';
import { listSqlDatasets, loadSqlDataset } from './dataset';

// 数据源报表: the administrator's CRUD with its log, the editor's run, the dataset the report
// centre reads through the guarded executor, and frView with what an embedded report receives.
const { app, database } = await createTestApp();
const { pool, db } = database;
const B = '/api/report/db-source';
let admin: string;
let operator: string;
let hdsn: string;
let hdjc: string;

const report = (extra: Record<string, unknown> = {}) => ({
  code: 'ticket_count', name: '磅单计数', dataSourceId: null,
  sql: 'SELECT kind, count(*)::int AS trips FROM wb_ticket WHERE created_at >= :since::date GROUP BY kind',
  params: [{ key: 'since', title: '起始日期', titleEn: 'Since', type: 'date', default: '2000-01-01' }],
  fields: [{ key: 'kind', title: '类型', titleEn: 'Kind', type: 'text' }, { key: 'trips', title: '车次', titleEn: 'Trips', type: 'int', total: true }],
  remark: null, ...extra,
});
const logs = async (docNo: string) => (await pool.query(`SELECT action FROM sys_log WHERE doc_no = $1 ORDER BY id`, [docNo])).rows.map((r) => r.action);

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  hdsn = await orgId(pool, 'HDSN');
  hdjc = await orgId(pool, 'HDJC');
});

describe('database-source reports', () => {
  let id: string;

  it('creates, reads, lists, updates with the version, and logs each change', async () => {
    id = expectOk(await call(app, 'POST', B, admin, report())).data.id;
    const got = expectOk(await call(app, 'GET', `${B}/${id}`, admin)).data;
    expect(got).toMatchObject({ code: 'ticket_count', dataSourceId: null, version: 0, params: report().params, fields: report().fields });
    const list = expectOk(await call(app, 'POST', `${B}/list`, admin, { search: { keyword: 'ticket' }, limit: { pn: 1, ps: 10 } })).data;
    expect(list.total).toBe(1);
    expect(list.list[0].code).toBe('ticket_count');
    expectOk(await call(app, 'PUT', `${B}/${id}`, admin, { ...report({ name: '磅单车次' }), version: 0 }));
    expectFailure(await call(app, 'PUT', `${B}/${id}`, admin, { ...report(), version: 0 }), 409);
    expect(await logs('ticket_count')).toEqual(['create', 'update']);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM rpt_sql_report')).rows[0].n;
    for (const [body, field] of [
      [report({ code: '1bad' }), 'code'], [report({ sql: '' }), 'sql'], [report({ dataSourceId: '999999' }), 'dataSourceId'],
      [report({ code: 'dup_params', params: [report().params[0], report().params[0]] }), 'params'],
    ] as const) {
      const res = await call(app, 'POST', B, admin, body);
      expectFailure(res, 400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect((await pool.query('SELECT count(*)::int AS n FROM rpt_sql_report')).rows[0].n).toBe(before);
  });

  it('lets exactly one of two creates with the same code win', async () => {
    const [a, b] = await Promise.all([call(app, 'POST', B, admin, report({ code: 'raced' })), call(app, 'POST', B, admin, report({ code: 'raced' }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM rpt_sql_report WHERE code = 'raced'`)).rows[0].n).toBe(1);
  });

  it('is the administrator’s: another role is refused', async () => {
    expectFailure(await call(app, 'POST', `${B}/list`, operator, {}), 403);
    expectFailure(await call(app, 'POST', `${B}/run`, operator, { sql: 'SELECT 1', params: [], values: {} }), 403);
    expectFailure(await call(app, 'POST', B, operator, report({ code: 'nope' })), 403);
  });

  it('runs the SQL in the editor with its parameter values, giving rows and typed fields', async () => {
    const body = expectOk(await call(app, 'POST', `${B}/run`, admin, { sql: 'SELECT :n::int + 1 AS next, :label AS label', params: [
      { key: 'n', title: 'N', type: 'number' }, { key: 'label', title: '标签', type: 'text', default: '默认' },
    ], values: { n: '41' } })).data;
    expect(body).toEqual({ rows: [{ next: 42, label: '默认' }], fields: [
      { key: 'next', title: 'next', titleEn: 'next', type: 'int' }, { key: 'label', title: 'label', titleEn: 'label', type: 'text' },
    ], cut: false });
    expectFailure(await call(app, 'POST', `${B}/run`, admin, { sql: 'SELECT :missing', params: [], values: {} }), 400, 'SQL 中的参数 missing 未定义');
    expectFailure(await call(app, 'POST', `${B}/run`, admin, { sql: 'SELEC 1', params: [], values: {} }), 400, /SQL 执行失败/);
    expectFailure(await call(app, 'POST', `${B}/run`, admin, { sql: 'SELECT 1 AS a, 2 AS a', params: [], values: {} }), 400, /列名 a 重复/);
  });

  it('is a dataset the report centre reads as the reader, for its company only', async () => {
    const infos = await listSqlDatasets(db, hdsn);
    expect(infos.map((i) => i.key)).toContain(`sql:${id}`);
    expect(await listSqlDatasets(db, hdjc)).toEqual([]);
    const dataset = await loadSqlDataset(db, hdsn, id);
    expect(dataset.executor).toBe('guarded');
    const input = { orgId: hdsn, userId: '1', params: { since: '2000-01-01' }, timeZone: 'Asia/Shanghai' };
    const rows = await executeDataset(pool, dataset, async (client) => {
      const q = orderedQuery(dataset, input, [{ key: 'kind', dir: 'asc' }]);
      return (await client.query(q.text, q.values)).rows;
    });
    const { rows: expected } = await pool.query(`SELECT kind, count(*)::int AS trips FROM wb_ticket WHERE org_id = $1 GROUP BY kind ORDER BY kind`, [hdsn]);
    expect(rows).toEqual(expected);
    // another company's id is not found
    await expect(loadSqlDataset(db, hdjc, id)).rejects.toThrow('数据源报表不存在');
  });

  it('cannot be deleted while a designed report reads it; then goes, logged', async () => {
    const definition = { code: 'uses_sql', name: '用它', nameEn: 'Uses it', source: { kind: 'sql', id }, columns: [{ field: 'kind', title: '类型', titleEn: 'Kind' }] };
    await pool.query(`INSERT INTO rpt_report (org_id, code, name, definition) VALUES ($1, 'uses_sql', '用它', $2)`, [hdsn, JSON.stringify(definition)]);
    expectFailure(await call(app, 'DELETE', `${B}/${id}`, admin), 400, /正被报表 uses_sql 使用/);
    await pool.query(`DELETE FROM rpt_report WHERE code = 'uses_sql'`);
    expectOk(await call(app, 'DELETE', `${B}/${id}`, admin));
    expectFailure(await call(app, 'GET', `${B}/${id}`, admin), 404);
    expect(await logs('ticket_count')).toEqual(['create', 'update', 'delete']);
  });
});

describe('frView and the embedded report', () => {
  beforeAll(async () => {
    // a designed report over a database-source report, readable by the operator's role
    const source = expectOk(await call(app, 'POST', B, admin, report({ code: 'embedded_src' }))).data.id;
    const definition = (code: string, roles: string[]) => ({ code, name: '嵌入', nameEn: 'Embedded', source: { kind: 'sql', id: source }, columns: [{ field: 'kind', title: '类型', titleEn: 'Kind' }], roles });
    await pool.query(`INSERT INTO rpt_report (org_id, code, name, definition) VALUES ($1, 'embedded_one', '嵌入', $2), ($1, 'embedded_admin', '嵌入', $3)`,
      [hdsn, JSON.stringify(definition('embedded_one', ['ROLE_OPERATOR'])), JSON.stringify(definition('embedded_admin', []))]);
  });

  it('answers the path the workspace opens, with the admin marker, the current company and the org list', async () => {
    const data = expectOk(await call(app, 'POST', '/api/report/frView', admin, { reportlet: 'embedded_one.cpt?since=2026-01-02' })).data;
    expect(data.path).toBe('/report-embed/embedded_one?since=2026-01-02');
    expect(data.admin).toBe('admin');
    expect(data.orgId).toBe(hdsn);
    expect(data.orgs.map((o: { id: string }) => o.id).sort()).toEqual([hdsn, hdjc].sort());
    const mine = expectOk(await call(app, 'POST', '/api/report/frView', operator, { reportlet: '/reports/embedded_one' })).data;
    expect(mine).toMatchObject({ path: '/report-embed/embedded_one', admin: '', orgId: hdsn });
    expect(mine.orgs.map((o: { id: string }) => o.id)).toEqual([hdsn]);
    const ctx = expectOk(await call(app, 'GET', '/api/report/embed/context', operator)).data;
    expect(ctx).toEqual(mine.orgs && { admin: '', orgId: hdsn, orgName: mine.orgName, orgs: mine.orgs });
  });

  it('is read by the report centre through the guarded executor: the company’s rows only', async () => {
    const data = expectOk(await call(app, 'POST', '/api/report/easy/data/embedded_one', operator, { params: { since: '2000-01-01' } })).data;
    const { rows: expected } = await pool.query(`SELECT kind FROM wb_ticket WHERE org_id = $1 GROUP BY kind`, [hdsn]);
    expect(data.list.map((r: { kind: string }) => r.kind).sort()).toEqual(expected.map((r) => r.kind).sort());
    expect(data.total).toBe(expected.length);
  });

  it('passes the reportlet\'s parameters the report takes on to its filter, checked as the filter bar checks them', async () => {
    const data = expectOk(await call(app, 'POST', '/api/report/frView', admin, { reportlet: 'embedded_one.cpt?since=2026-01-02&other=1&since=2026-09-09' })).data;
    expect(data.path).toBe('/report-embed/embedded_one?since=2026-01-02');
    const refused = expectFailure(await call(app, 'POST', '/api/report/frView', admin, { reportlet: 'embedded_one?since=2026-02-30' }), 400);
    expect(refused.msg).toMatch(/起始日期/);
    expectFailure(await call(app, 'POST', '/api/report/frView', admin, { reportlet: 'embedded_one?since=soon' }), 400, /起始日期/);
    // the embedded page reads the report with them; a bad one is a 400 naming it there too
    expectOk(await call(app, 'POST', '/api/report/easy/data/embedded_one', admin, { params: { since: '2026-01-02' } }));
    expectFailure(await call(app, 'POST', '/api/report/easy/data/embedded_one', admin, { params: { since: 'soon' } }), 400, /起始日期/);
  });

  it('refuses a report the caller may not read, an unknown one and a reportlet that is not a code', async () => {
    expectFailure(await call(app, 'POST', '/api/report/frView', operator, { reportlet: 'embedded_admin' }), 403);
    expectFailure(await call(app, 'POST', '/api/report/frView', admin, { reportlet: 'nothing_here' }), 404);
    expectFailure(await call(app, 'POST', '/api/report/frView', admin, { reportlet: 'a b' }), 400, '报表 a b 不存在');
    expectFailure(await call(app, 'POST', '/api/report/frView', admin, { reportlet: '' }), 400);
    expectFailure(await call(app, 'POST', '/api/report/frView', admin, {}), 400);
  });
});

describe('a database-source report past its cap, and its export', () => {
  const designed = async (code: string, sqlText: string, field: { key: string; type: string }) => {
    const source = expectOk(await call(app, 'POST', B, admin, report({
      code: `${code}_src`, sql: sqlText, params: [], fields: [{ key: field.key, title: field.key, titleEn: field.key, type: field.type }],
    }))).data.id;
    const definition = { code, name: code, nameEn: code, source: { kind: 'sql', id: source }, columns: [{ field: field.key, title: field.key, titleEn: field.key }] };
    await pool.query(`INSERT INTO rpt_report (org_id, code, name, definition) VALUES ($1, $2, $2, $3)`, [hdsn, code, JSON.stringify(definition)]);
  };
  const exported = async (code: string) => {
    const res = await app.inject({ method: 'POST', url: `/api/report/export/${code}`, headers: { authorization: admin }, payload: { params: {} } });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0]!;
  };

  beforeAll(async () => {
    await designed('series_eight', 'SELECT i FROM generate_series(1, 8) AS i', { key: 'i', type: 'int' });
    await designed('series_five', 'SELECT i FROM generate_series(1, 5) AS i', { key: 'i', type: 'int' });
    await designed('own_timeout', "SELECT current_setting('statement_timeout') AS t", { key: 't', type: 'text' });
    process.env.REPORT_SQL_ROW_CAP = '5';
  });
  afterAll(() => {
    delete process.env.REPORT_SQL_ROW_CAP;
  });

  it('says it was cut: the data call\'s truncated marker, and the export\'s last row', async () => {
    const data = expectOk(await call(app, 'POST', '/api/report/easy/data/series_eight', admin, { params: {} })).data;
    expect(data).toMatchObject({ total: 5, truncated: true, rowCap: 5 });
    const sheet = await exported('series_eight');
    const last = sheet.getRow(sheet.rowCount).getCell(1).value;
    expect(String(last)).toMatch(/数据已截断.*5 行/);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
  });

  it('says nothing when every row was read (as many as the cap)', async () => {
    const data = expectOk(await call(app, 'POST', '/api/report/easy/data/series_five', admin, { params: {} })).data;
    expect(data.total).toBe(5);
    expect(data.truncated).toBeUndefined();
    const sheet = await exported('series_five');
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe(5);
  });

  it('keeps the SQL report\'s own statement timeout in the export', async () => {
    const sheet = await exported('own_timeout');
    expect(sheet.getRow(2).getCell(1).value).toBe(`${GUARDED_STATEMENT_TIMEOUT_MS / 1000}s`);
  });
});
