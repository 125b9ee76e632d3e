import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { executeDataset, runOnDataSource } from '../../platform/reports/execute';
import { loadSqlDataset } from './dataset';

// 数据源报表 on a company's data source (系统管理 → 数据源): the platform's own database stands in
// for a report database, reached by a login that could write; the session is read-only, so nothing is.
const ctx = await createTestApp();
const { app } = ctx;
const { pool, db } = ctx.database;
const own = new URL(ctx.url);
const LOGIN = `report_${randomBytes(4).toString('hex')}`;
const PASSWORD = `Rp-${randomBytes(9).toString('base64url')}`;
let admin: string;
let sourceId: string;
let hdsn: string;
let hdjc: string;

await pool.query(`CREATE ROLE ${LOGIN} LOGIN PASSWORD '${PASSWORD}'`);
await pool.query(`CREATE TABLE ds_probe (n int); INSERT INTO ds_probe VALUES (1), (2); GRANT SELECT, INSERT, DELETE ON ds_probe TO ${LOGIN}`);
afterAll(() => pool.query(`DROP OWNED BY ${LOGIN}; DROP ROLE ${LOGIN}`).catch(() => undefined));

const RUN = '/api/report/db-source/run';
const count = async () => (await pool.query('SELECT count(*)::int AS n FROM ds_probe')).rows[0].n as number;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  hdsn = await orgId(pool, 'HDSN');
  hdjc = await orgId(pool, 'HDJC');
  sourceId = expectOk(await call(app, 'POST', '/api/system/data-source/create', admin, { entity: {
    sourceName: '报表库', host: own.hostname, port: Number(own.port), database: own.pathname.slice(1), username: LOGIN, password: PASSWORD, ssl: false, remark: null,
  } })).data.id;
});

describe('the data-source executor', () => {
  it('runs the SQL on the source with its parameters', async () => {
    const body = expectOk(await call(app, 'POST', RUN, admin, { dataSourceId: sourceId, sql: 'SELECT n FROM ds_probe WHERE n >= :min ORDER BY n', params: [{ key: 'min', title: '下限', type: 'number' }], values: { min: '2' } })).data;
    expect(body.rows).toEqual([{ n: 2 }]);
    // the source's own login reads what it may: the platform's tables are not its
    expectFailure(await call(app, 'POST', RUN, admin, { dataSourceId: sourceId, sql: 'SELECT * FROM rpt_sql_report', params: [], values: {} }), 400, /没有权限/);
  });

  it('writes nothing there, though its login could', async () => {
    expectFailure(await call(app, 'POST', RUN, admin, { dataSourceId: sourceId, sql: 'WITH x AS (DELETE FROM ds_probe RETURNING n) SELECT * FROM x', params: [], values: {} }), 400);
    const raw = await runOnDataSource(db, hdsn, sourceId, (client) => client.query('INSERT INTO ds_probe VALUES (3)')).then(() => null, (e: Error) => e.message);
    expect(raw).toMatch(/read-only/);
    const multi = await runOnDataSource(db, hdsn, sourceId, (client) => client.query('SELECT 1; DELETE FROM ds_probe')).then(() => null, (e: Error) => e.message);
    expect(multi).toMatch(/multiple commands/);
    expect(await count()).toBe(2);
  });

  it('takes only a data source of the caller company', async () => {
    expectFailure(await call(app, 'POST', RUN, admin, { dataSourceId: '999999', sql: 'SELECT 1', params: [], values: {} }), 400, '数据源不存在');
    await expect(runOnDataSource(db, hdjc, sourceId, (client) => client.query('SELECT 1'))).rejects.toThrow('数据源不存在');
  });

  it('is the executor of a saved report on that source', async () => {
    const id = expectOk(await call(app, 'POST', '/api/report/db-source', admin, {
      code: 'on_source', name: '外部库', dataSourceId: sourceId, sql: 'SELECT n FROM ds_probe', params: [], fields: [{ key: 'n', title: 'N', titleEn: 'N', type: 'int' }],
    })).data.id;
    const dataset = await loadSqlDataset(db, hdsn, id);
    expect(dataset.executor).toEqual({ dataSourceId: sourceId });
    const q = dataset.query({ orgId: hdsn, userId: '1', params: {}, timeZone: 'Asia/Shanghai' });
    const rows = await executeDataset(pool, dataset, async (client) => (await client.query(q.text, q.values)).rows);
    expect(rows.map((r) => r.n).sort()).toEqual([1, 2]);
  });
});
