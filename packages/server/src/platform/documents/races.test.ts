import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';

// What must not happen twice, raced: one code typed by two people at once, one version saved
// twice, one ERP push sent twice at once. Exactly one wins; the other gets a 400 or 409, never 500.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let accountant: string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
});

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe('races', () => {
  it('lets one of ten creates with the same typed code through', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      call(app, 'POST', '/api/masterdata/customer/create', accountant, { entity: { customerCode: 'RACE01', customerName: `竞争客户${i}` } })));
    expect(statuses(results)).toEqual([200, ...Array(9).fill(400)]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().msg).toBe('客户编码 RACE01 已存在');
  });

  it('saves one of two updates made from the same version; the other is a conflict', async () => {
    const c = expectOk(await call(app, 'POST', '/api/masterdata/customer/create', accountant, { entity: { customerName: '版本竞争客户' } })).data;
    const results = await Promise.all(['甲', '乙'].map((who) =>
      call(app, 'PUT', '/api/masterdata/customer/update', accountant, { entity: { ...c, contactPerson: who } })));
    expect(statuses(results)).toEqual([200, 409]);
    const { rows } = await pool.query('SELECT version FROM md_customer WHERE id = $1', [c.id]);
    expect(rows[0].version).toBe(1);
  });

  it('creates a pushed archive once when the same push arrives twice at once', async () => {
    const entities = [{ customerCode: 'RACE-ERP', customerName: 'ERP 并发客户' }];
    const results = await Promise.all([1, 2, 3].map(() => call(app, 'POST', '/api/masterdata/customer/datax', accountant, { entities })));
    for (const r of results) if (r.statusCode !== 200) console.error('datax race answer', r.statusCode, r.body);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.map((r) => r.json().data.created).reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect((await pool.query(`SELECT count(*)::int AS n FROM md_customer WHERE customer_code = 'RACE-ERP'`)).rows[0].n).toBe(1);
  });
});
