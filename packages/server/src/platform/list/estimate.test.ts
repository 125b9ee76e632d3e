import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk, orgId } from '../../../test/api';

// Totals past the threshold come from the planner. The threshold is forced down to 3 rows so
// the path runs on a small database (the default is 10,000).
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

/** The SQL texts the server sends while fn runs (the app runs in this process, through pg). */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    texts.push(typeof q === 'string' ? q : (q?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return texts;
}

describe('a search the planner expects to match far more rows than the threshold', () => {
  it('is answered with the estimate without counting the rows', async () => {
    const texts = await statementsDuring(() => readLog({ limit: { pn: 1, ps: 10 } }));
    expect(texts.some((t) => t.includes('EXPLAIN'))).toBe(true);
    expect(texts.some((t) => t.includes('count(*)'))).toBe(false);
  });

  it('never answers a total below the rows the page itself shows', async () => {
    const data = await readLog({ limit: { pn: 4, ps: 10 } });
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.total).toBeGreaterThanOrEqual(30 + data.list.length);
  });
});
