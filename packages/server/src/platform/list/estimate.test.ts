import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk, orgId } from '../../../test/api';

// Totals past the threshold come from the planner. The threshold is forced down to 3 rows so
// the path runs on a small database (the default is 100,000).
process.env.LIST_ESTIMATE_ABOVE = '3';
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

let admin: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  const HDSN = await orgId(pool, 'HDSN');
  await pool.query(
    "INSERT INTO sys_log (org_id, username, action, detail) SELECT $1::bigint, 'seed', 'login', 'n' || n FROM generate_series(1, 40) n",
    [HDSN],
  );
  await pool.query('ANALYZE sys_log');
});

const readLog = async (body: unknown) => expectOk(await call(app, 'POST', '/api/system/log/v2/list', admin, body)).data;

describe('a total past the threshold', () => {
  it("is PostgreSQL's estimate, marked as such, and never below the rows already counted", async () => {
    const data = await readLog({ limit: { pn: 1, ps: 10 } });
    expect(data.totalEstimated).toBe(true);
    expect(Number.isInteger(data.total)).toBe(true);
    expect(data.total).toBeGreaterThan(3);
    expect(data.list).toHaveLength(10);
  });

  it('is exact when the matching rows stay under it', async () => {
    const data = await readLog({ search: [{ key: 'username', op: 'eq', val: 'admin' }] });
    expect(data.totalEstimated).toBeUndefined();
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM sys_log WHERE username = 'admin' AND org_id = (SELECT id FROM sys_org WHERE org_code = 'HDSN')");
    expect(data.total).toBe(rows[0].n);
    expect(data.total).toBeLessThanOrEqual(3);
  });

  it('is exact for a list with totals, whose sums read every row anyway', async () => {
    const operator = (await bearerFor(app, 'operator')).authorization;
    const { data } = expectOk(await call(app, 'POST', '/api/masterdata/vehicle/v2/list', operator, {}));
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM md_vehicle WHERE org_id = (SELECT id FROM sys_org WHERE org_code = 'HDSN')");
    expect(data.total).toBe(rows[0].n);
    expect(data.total).toBeGreaterThan(3);
    expect(data.totalEstimated).toBeUndefined();
  });
});
