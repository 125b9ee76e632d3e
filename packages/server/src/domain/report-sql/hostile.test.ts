import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import type { ReportClient } from '../../platform/reports/dataset';
import { runGuarded } from '../../platform/reports/execute';

// Hostile SQL against the guarded executor (数据源报表): every attack fails or sees only the
// caller's company, and nothing is written. Each is tried twice: through the editor's 运行 (the
// SQL wrapped as a subquery) and unwrapped on the reader's client, so the database's own guard
// (READ ONLY, the SELECT-only role, row-level security) is shown to hold without the wrapping.
const { app, database } = await createTestApp();
const { pool } = database;
let admin: string;
let own: string;
let other: string;

const RUN = '/api/report/db-source/run';
const run = (sql: string) => call(app, 'POST', RUN, admin, { sql, params: [], values: {} });

/** What a write would change: the victim rows of both companies, and the tables there are. */
async function fingerprint() {
  const { rows: [r] } = await pool.query<{ f: string }>(`
    SELECT (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY id), '')) FROM rpt_sql_report t) || ':' ||
           (SELECT md5(coalesce(string_agg(id || password_hash, '|' ORDER BY id), '')) FROM sys_user) || ':' ||
           (SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace) AS f`);
  return r.f;
}

/** The SQL unwrapped on the reader's client, its failure or its rows. */
const raw = (sql: string, timeoutMs?: number) => runGuarded(pool, own, (client: ReportClient) => client.query(sql), { timeoutMs })
  .then((r) => ({ rows: r.rows as Record<string, unknown>[], error: null as string | null }), (e: Error) => ({ rows: [] as Record<string, unknown>[], error: e.message }));

let before: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  own = await orgId(pool, 'HDSN');
  other = await orgId(pool, 'HDJC');
  // a row of each company in a tenant table: the victims
  for (const org of [own, other]) {
    await pool.query(`INSERT INTO rpt_sql_report (org_id, code, name, sql_text) VALUES ($1::bigint, 'victim_' || $1::text, 'victim', 'SELECT 1')`, [org]);
  }
  before = await fingerprint();
});

afterAll(async () => {
  // 0 writes across every attack of the file
  expect(await fingerprint()).toBe(before);
});

describe('the guarded executor against hostile SQL', () => {
  it('reads the caller company only, and the app itself still sees both', async () => {
    const body = expectOk(await run('SELECT org_id::text AS org, code FROM rpt_sql_report'));
    expect(body.data.rows).toEqual([{ org: own, code: `victim_${own}` }]);
    expect(body.data.fields).toEqual([
      { key: 'org', title: 'org', titleEn: 'org', type: 'text' },
      { key: 'code', title: 'code', titleEn: 'code', type: 'text' },
    ]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM rpt_sql_report');
    expect(rows[0].n).toBe(2);
  });

  it("finds nothing of another company by naming its org_id", async () => {
    expect(expectOk(await run(`SELECT * FROM rpt_sql_report WHERE org_id = ${other}`)).data.rows).toEqual([]);
    expect((await raw(`SELECT * FROM rpt_sql_report WHERE org_id = ${other} OR true`)).rows.map((r) => String(r.org_id))).toEqual([own]);
  });

  it.each([
    ['INSERT', `INSERT INTO rpt_sql_report (org_id, code, name, sql_text) VALUES (1, 'x', 'x', 'x')`],
    ['UPDATE', `UPDATE rpt_sql_report SET name = 'hacked'`],
    ['DELETE', `DELETE FROM rpt_sql_report`],
    ['DROP', 'DROP TABLE rpt_sql_report'],
    ['CREATE', 'CREATE TABLE hostile (a int)'],
    ['TRUNCATE', 'TRUNCATE rpt_sql_report'],
    ['ALTER', 'ALTER TABLE rpt_sql_report DISABLE ROW LEVEL SECURITY'],
  ])('refuses %s, wrapped and unwrapped', async (_, sql) => {
    expectFailure(await run(sql), 400);
    expect((await raw(sql)).error).toMatch(/read-only|permission denied|must be owner/);
  });

  it('refuses a CTE that deletes', async () => {
    const sql = `WITH gone AS (DELETE FROM rpt_sql_report RETURNING *) SELECT * FROM gone`;
    expectFailure(await run(sql), 400);
    expect((await raw(sql)).error).toMatch(/read-only|permission denied/);
  });

  it('refuses a second statement after the SELECT', async () => {
    expectFailure(await run('SELECT 1; DROP TABLE rpt_sql_report'), 400);
    expect((await raw('SELECT 1; DROP TABLE rpt_sql_report')).error).toMatch(/multiple commands/);
  });

  it('refuses reading server files and writing them with COPY', async () => {
    expectFailure(await run(`SELECT pg_read_file('/etc/passwd')`), 400, /没有权限/);
    expectFailure(await run(`COPY rpt_sql_report TO STDOUT`), 400);
    expect((await raw(`COPY (SELECT 1) TO '/tmp/hostile.txt'`)).error).toMatch(/permission denied|read-only|COPY TO/i);
    expect((await raw(`SELECT pg_ls_dir('.')`)).error).toMatch(/permission denied/);
  });

  it('cannot leave its role or company: RESET ROLE, SET ROLE, set_config', async () => {
    expectFailure(await run('RESET ROLE'), 400);
    expectFailure(await run('SET ROLE postgres'), 400);
    const role = `SELECT set_config('role', session_user, true) AS r, (SELECT count(*) FROM rpt_sql_report) AS n`;
    expectFailure(await run(role), 400, /没有权限/);
    expect((await raw(role)).error).toMatch(/permission denied for function set_config/);
    const org = `SELECT set_config('wb.report_org', '${other}', true) AS o, (SELECT count(*) FROM rpt_sql_report) AS n`;
    expect((await raw(org)).error).toMatch(/permission denied for function set_config/);
    // a query run from inside a query (query_to_xml) is the reader's too
    const xml = expectOk(await run(`SELECT query_to_xml('SELECT org_id FROM rpt_sql_report', false, false, '')::text AS x`)).data.rows[0].x as string;
    expect(xml).toContain(`<org_id>${own}</org_id>`);
    expect(xml).not.toContain(`<org_id>${other}</org_id>`);
    expect((await raw(`SELECT query_to_xml('RESET ROLE', false, false, '')`)).error).not.toBeNull();
    // and nothing of it outlives the transaction on the pooled connection
    const { rows } = await pool.query(`SELECT current_user AS u, current_setting('wb.report_org', true) AS o`);
    expect(rows[0].u).not.toBe('wb_report_reader');
    expect(rows[0].o ?? '').toBe('');
  });

  it('cannot read the password table, a secret column or a table without org_id', async () => {
    expectFailure(await run('SELECT username, password_hash FROM sys_user'), 400, /没有权限/);
    expectFailure(await run('SELECT password_enc FROM sys_data_source'), 400, /没有权限/);
    expectFailure(await run('SELECT * FROM sys_data_source'), 400, /没有权限/);
    expectFailure(await run('SELECT * FROM sys_data_source_key'), 400, /没有权限/);
    expectFailure(await run('SELECT * FROM auth_session'), 400, /没有权限/);
    // a view runs with its owner's rights: the reader has none
    expectFailure(await run('SELECT * FROM wb_ticket_pu'), 400, /没有权限/);
    // the columns that are not secret are there
    expectOk(await run('SELECT id, source_name FROM sys_data_source'));
  });

  it('learns no value of another company from the catalog: statistics and other sessions\' queries are hidden', async () => {
    // the planner's statistics hold a table's common values: under row-level security they are not shown
    await pool.query('ANALYZE rpt_sql_report');
    expect((await pool.query(`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'rpt_sql_report' AND attname = 'code'`)).rows[0].n).toBe(1);
    expect((await raw(`SELECT attname, most_common_vals::text FROM pg_stats WHERE tablename = 'rpt_sql_report'`)).rows).toEqual([]);
    expect((await raw(`SELECT count(*)::int AS n FROM pg_stats_ext`)).rows).toEqual([{ n: 0 }]);
    // another session's statement names the other company's code: the reader sees no text of it
    const busy = await pool.connect();
    try {
      const marker = `victim_${other}_marker`;
      const sleeping = busy.query(`SELECT pg_sleep(3), '${marker}'`).catch(() => undefined);
      const seen = async () => (await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%' || $1 || '%' AND pid <> pg_backend_pid()`, [marker])).rows[0].n as number;
      while ((await seen()) === 0) await new Promise((r) => setTimeout(r, 20));
      const { rows } = await raw(`SELECT query FROM pg_stat_activity WHERE pid <> pg_backend_pid()`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => String(r.query).includes(marker))).toEqual([]);
      expect(rows.some((r) => r.query === '<insufficient privilege>')).toBe(true);
      await pool.query('SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid()', [`%'${marker}'%`]);
      await sleeping;
    } finally {
      busy.release();
    }
  });

  it('refuses functions with side effects: nextval, advisory locks held past the run, dblink', async () => {
    expectFailure(await run(`SELECT nextval('rpt_sql_report_id_seq')`), 400);
    expectOk(await run('SELECT pg_advisory_lock(7310999) AS locked'));
    // the session lock did not stay on the pooled connection: another session takes it at once
    const { rows } = await pool.query('SELECT pg_try_advisory_lock(7310999) AS got');
    expect(rows[0].got).toBe(true);
    await pool.query('SELECT pg_advisory_unlock(7310999)');
    expectFailure(await run(`SELECT * FROM dblink('dbname=postgres', 'DELETE FROM x') AS t(a int)`), 400);
  });

  it('cancels a query past the statement timeout', async () => {
    const started = Date.now();
    const r = await raw('SELECT pg_sleep(30)', 500);
    expect(r.error).toMatch(/超过|取消/);
    expect(Date.now() - started).toBeLessThan(10_000);
    // and the reader cannot lift it
    expectFailure(await run(`SELECT set_config('statement_timeout', '0', true)`), 400, /没有权限/);
  });

  it('cuts the editor’s run at 100 rows and says so', async () => {
    const body = expectOk(await run('SELECT g AS n FROM generate_series(1, 500) AS g')).data;
    expect(body.rows).toHaveLength(100);
    expect(body.cut).toBe(true);
    expect(body.fields).toEqual([{ key: 'n', title: 'n', titleEn: 'n', type: 'int' }]);
  });
});
