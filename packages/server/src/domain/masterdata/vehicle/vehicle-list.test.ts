import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// The list engine against the real database: whatever a request asks, the rows answered are
// exactly those a hand-written query on md_vehicle finds in the caller's company.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const URL = '/api/masterdata/vehicle/v2/list';

let operator: string;
let HDSN: string;
let HDJC: string;
interface Row { id: string; plateNumber: string; capacityTonnage: string | null; [k: string]: unknown }

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
  // variety the seed lacks: disabled trucks, a blue plate, a plate with no capacity recorded
  await pool.query(
    `UPDATE md_vehicle SET enabled = false WHERE id IN (SELECT id FROM md_vehicle WHERE org_id = $1 ORDER BY id LIMIT 3)`, [HDSN]);
  await pool.query(`UPDATE md_vehicle SET plate_type = 'BLUE' WHERE id = (SELECT max(id) FROM md_vehicle WHERE org_id = $1)`, [HDSN]);
  await pool.query(`UPDATE md_vehicle SET capacity_tonnage = NULL WHERE id = (SELECT min(id) FROM md_vehicle WHERE org_id = $1 AND enabled)`, [HDSN]);
});

const list = (body: unknown, authorization = operator) => call(app, 'POST', URL, authorization, body);

/** Every row a search finds, read page by page at the largest page size. */
async function allRows(body: Record<string, unknown>, authorization = operator): Promise<{ rows: Row[]; total: number; tongji?: Record<string, string> }> {
  const rows: Row[] = [];
  let first: { total: number; tongji?: Record<string, string> } | undefined;
  for (let pn = 1; pn < 100; pn++) {
    const { data } = expectOk(await list({ ...body, limit: { pn, ps: 100 } }, authorization));
    first ??= data;
    rows.push(...data.list);
    if (data.list.length < 100) break;
  }
  return { rows, total: (first as { total: number }).total, tongji: first?.tongji };
}

/** The ids a direct query finds in a company, in id order. */
async function sqlIds(condition: string, params: unknown[] = [], org = HDSN): Promise<string[]> {
  const { rows } = await pool.query(`SELECT id FROM md_vehicle WHERE org_id = $1 AND (${condition}) ORDER BY id`, [org, ...params]);
  return rows.map((r) => r.id);
}

const byId = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b));

async function expectSameRows(search: unknown[], condition: string, params: unknown[] = []) {
  const { rows, total } = await allRows({ search });
  const expected = await sqlIds(condition, params);
  expect(byId(rows.map((r) => r.id))).toEqual(expected);
  expect(total).toBe(expected.length);
  return expected;
}

const one = async (sql: string, params: unknown[] = []) => (await pool.query(sql, [HDSN, ...params])).rows[0];

describe('each operator answers exactly the rows SQL finds', () => {
  it('eq and ne on text', async () => {
    const { plate, car } = await one('SELECT plate_number AS plate, car_type AS car FROM md_vehicle WHERE org_id = $1 ORDER BY id LIMIT 1');
    expect(await expectSameRows([{ key: 'plateNumber', op: 'eq', val: plate }], 'plate_number = $2', [plate])).toHaveLength(1);
    await expectSameRows([{ key: 'carType', op: 'ne', val: car }], 'car_type <> $2', [car]);
  });

  it('like finds a part anywhere, whatever the case; lk only at the start', async () => {
    const { plate } = await one('SELECT plate_number AS plate FROM md_vehicle WHERE org_id = $1 ORDER BY id DESC LIMIT 1');
    const middle = plate.slice(2, 4);
    const found = await expectSameRows([{ key: 'plateNumber', op: 'like', val: middle.toLowerCase() }], 'plate_number ILIKE $2', [`%${middle}%`]);
    expect(found.length).toBeGreaterThan(0);
    await expectSameRows([{ key: 'plateNumber', op: 'lk', val: plate.slice(0, 2) }], 'plate_number LIKE $2', [`${plate.slice(0, 2)}%`]);
    await expectSameRows([{ key: 'plateNumber', op: 'lk', val: middle }], 'plate_number LIKE $2', [`${middle}%`]);
  });

  it('in, from an array or a comma list', async () => {
    const { rows } = await pool.query('SELECT plate_number FROM md_vehicle WHERE org_id = $1 ORDER BY id LIMIT 3', [HDSN]);
    const plates = rows.map((r) => r.plate_number);
    expect(await expectSameRows([{ key: 'plateNumber', op: 'in', val: plates }], 'plate_number = ANY($2)', [plates])).toHaveLength(3);
    expect(await expectSameRows([{ key: 'plateNumber', op: 'in', val: plates.join(',') }], 'plate_number = ANY($2)', [plates])).toHaveLength(3);
    await expectSameRows([{ key: 'axleType', op: 'in', val: '5,6' }], 'axle_type IN (5, 6)');
  });

  it.each([['gt', '>'], ['ge', '>='], ['lt', '<'], ['le', '<='], ['eq', '='], ['ne', '<>']])('%s on a number', async (op, sqlOp) => {
    const { median } = await one('SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY capacity_tonnage)::text AS median FROM md_vehicle WHERE org_id = $1');
    await expectSameRows([{ key: 'capacityTonnage', op, val: median }], `capacity_tonnage ${sqlOp} $2::numeric`, [median]);
    await expectSameRows([{ key: 'axleType', op, val: 6 }], `axle_type ${sqlOp} 6`);
  });

  it('a date range as ge plus le, and a creation-time bound', async () => {
    const from = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const found = await expectSameRows(
      [{ key: 'annualReviewDate', op: 'ge', val: from }, { key: 'annualReviewDate', op: 'le', val: to }],
      'annual_review_date BETWEEN $2::date AND $3::date', [from, to],
    );
    expect(found.length).toBeGreaterThan(0);
    await expectSameRows([{ key: 'annualReviewDate', op: 'lt', val: new Date().toISOString().slice(0, 10) }], 'annual_review_date < current_date');
    await expectSameRows([{ key: 'createDate', op: 'ge', val: '2000-01-01 00:00:00' }], 'true');
  });

  it('eq and in on a boolean and on an enumerated field', async () => {
    expect(await expectSameRows([{ key: 'enabled', op: 'eq', val: false }], 'NOT enabled')).toHaveLength(3);
    await expectSameRows([{ key: 'enabled', op: 'eq', val: 'true' }], 'enabled');
    await expectSameRows([{ key: 'enabled', op: 'in', val: [false, '0'] }], 'NOT enabled');
    expect(await expectSameRows([{ key: 'plateType', op: 'eq', val: 'BLUE' }], "plate_type = 'BLUE'")).toHaveLength(1);
    await expectSameRows([{ key: 'plateType', op: 'in', val: ['BLUE', 'YELLOW_GREEN'] }], "plate_type IN ('BLUE', 'YELLOW_GREEN')");
  });

  it('a quick search: any of the fields may match', async () => {
    await expectSameRows(
      [{ conj: 'or', search: [{ key: 'plateNumber', op: 'like', val: '挂' }, { key: 'carType', op: 'like', val: '罐' }] }],
      "plate_number LIKE '%挂%' OR car_type LIKE '%罐%'",
    );
  });

  it('conditions together: all must hold', async () => {
    await expectSameRows(
      [{ key: 'axleType', op: 'ge', val: 5 }, { key: 'enabled', op: 'eq', val: true }, { key: 'carType', op: 'like', val: '' }],
      'axle_type >= 5 AND enabled',
    );
  });
});

describe('order and pages', () => {
  it('opens sorted by plate, as the template says', async () => {
    const { rows } = await allRows({});
    const { rows: expected } = await pool.query('SELECT id FROM md_vehicle WHERE org_id = $1 ORDER BY plate_number, id DESC', [HDSN]);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('sorts by the requested field, ties broken by id, so consecutive pages neither repeat nor skip a row', async () => {
    const sort = [{ key: 'axleType', dir: 'asc' }];
    const seen: string[] = [];
    for (let pn = 1; pn <= 20; pn++) {
      const { data } = expectOk(await list({ sort, limit: { pn, ps: 7 } }));
      seen.push(...data.list.map((r: Row) => r.id));
      if (data.list.length < 7) break;
    }
    const { rows: expected } = await pool.query('SELECT id FROM md_vehicle WHERE org_id = $1 ORDER BY axle_type ASC, id DESC', [HDSN]);
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('answers ten rows by default and at most a hundred', async () => {
    const { data } = expectOk(await list({}));
    expect(data.list).toHaveLength(10);
    expect(data.total).toBeGreaterThan(10);
    expect(expectOk(await list({ limit: { pn: 1, ps: 5000 } })).data.list).toHaveLength(Math.min(100, data.total));
  });

  it('names each row by the fields of the template, numbers as exact decimal strings', async () => {
    const { data } = expectOk(await list({ limit: { pn: 1, ps: 1 } }));
    expect(Object.keys(data.list[0]).sort()).toEqual(
      ['annualReviewDate', 'axleType', 'capacityTonnage', 'carType', 'createDate', 'enabled', 'id', 'lastTare', 'plateNumber', 'plateType', 'version'].sort(),
    );
    expect(data.list[0].lastTare).toMatch(/^\d+\.\d{3}$/);
    expect(data.list[0].annualReviewDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('totals (合计)', () => {
  it('sums the totalled fields over every matching row, not the page', async () => {
    const { data } = expectOk(await list({ search: [{ key: 'axleType', op: 'ge', val: 5 }], limit: { pn: 1, ps: 3 } }));
    const sums = await one(
      `SELECT coalesce(sum(capacity_tonnage), 0)::text AS cap, coalesce(sum(last_tare), 0)::text AS tare, count(*)::int AS n
         FROM md_vehicle WHERE org_id = $1 AND axle_type >= 5`,
    );
    expect(data.tongji).toEqual({ capacityTonnage: sums.cap, lastTare: sums.tare });
    expect(data.total).toBe(sums.n);
    expect(data.totalEstimated).toBeUndefined();
  });

  it('totals nothing to 0', async () => {
    const { data } = expectOk(await list({ search: [{ key: 'plateNumber', op: 'eq', val: '无此车' }] }));
    expect(data).toEqual({ list: [], total: 0, tongji: { capacityTonnage: '0', lastTare: '0' } });
  });
});

describe('a request can only ask what the template allows', () => {
  const fingerprint = async () =>
    (await pool.query("SELECT (SELECT count(*) FROM md_vehicle)::int AS vehicles, to_regclass('md_vehicle') IS NOT NULL AS present, (SELECT count(*) FROM sys_user)::int AS users")).rows[0];

  it('refuses SQL in a key, an operator, a sort key or a direction, and the tables stay as they were', async () => {
    const before = await fingerprint();
    const attempts = [
      { search: [{ key: 'plate_number; DROP TABLE md_vehicle', op: 'eq', val: 'x' }] },
      { search: [{ key: 'plateNumber', op: 'eq; DROP TABLE md_vehicle', val: 'x' }] },
      { search: [{ key: 'plateNumber) OR (1=1', op: 'like', val: 'x' }] },
      { sort: [{ key: '(SELECT 1)', dir: 'asc' }] },
      { sort: [{ key: 'plate_number', dir: 'asc' }] },
      { sort: [{ key: 'plateNumber', dir: 'asc; DROP TABLE md_vehicle' }] },
      { sort: [{ key: 'plateNumber', dir: 'asc', nulls: 'first' }] },
      { search: [{ key: 'plateType', op: 'eq', val: "YELLOW' OR 'a'='a" }] },
      { search: [{ key: 'capacityTonnage', op: 'gt', val: '0 OR 1=1' }] },
      { search: [{ key: 'annualReviewDate', op: 'ge', val: "2026-01-01'; DROP TABLE md_vehicle; --" }] },
      { table: 'sys_user' },
    ];
    for (const body of attempts) expectFailure(await list(body), 400);
    expect(await fingerprint()).toEqual(before);
  });

  it('takes quotes, comments, % and _ in a text value as the text they are', async () => {
    const before = await fingerprint();
    for (const val of ["' OR 1=1 --", "'; DROP TABLE md_vehicle; --", '%', '_', '\\', '%%', '浙_']) {
      for (const op of ['eq', 'like', 'lk']) {
        const { data } = expectOk(await list({ search: [{ key: 'plateNumber', op, val }] }));
        expect(data.total, `${op} ${val}`).toBe(0);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('names the key, operator or sort it refuses', async () => {
    expectFailure(await list({ search: [{ key: 'carOwner', op: 'eq', val: 'x' }] }), 400, '查询条件 carOwner 不是此列表的字段');
    expectFailure(await list({ search: [{ key: 'plateType', op: 'like', val: 'Y' }] }), 400, '字段 plateType (ENUM) 不支持运算符 like');
    expectFailure(await list({ search: [{ key: 'axleType', op: 'eq', val: 'six' }] }), 400, '字段 axleType 的值 six 不是数字');
    expectFailure(await list({ search: [{ key: 'annualReviewDate', op: 'ge', val: '2026-13-01' }] }), 400, '字段 annualReviewDate 的值 2026-13-01 不是日期');
    expectFailure(await list({ sort: [{ key: 'enabled', dir: 'asc' }] }), 400, '字段 enabled 不允许排序');
  });

  it("refuses another list's template, which would read another table under this list's permission", async () => {
    const { rows } = await pool.query("SELECT id::text FROM cg_format WHERE format_code = 'system.log.list'");
    expectFailure(await list({ tplId: rows[0].id }), 400);
    const own = (await pool.query("SELECT id::text FROM cg_format WHERE format_code = 'masterdata.vehicle.list'")).rows[0].id;
    expectOk(await list({ tplId: own }));
    expectOk(await list({ tplId: Number(own) }));
  });
});

describe('organisation isolation', () => {
  it("shows a session in HDSN only HDSN's trucks, and in HDJC only HDJC's", async () => {
    const admin = (await bearerFor(app, 'admin')).authorization;
    const inSn = await allRows({}, admin);
    expect(byId(inSn.rows.map((r) => r.id))).toEqual(await sqlIds('true'));
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, admin));
    const inJc = await allRows({}, admin);
    expect(byId(inJc.rows.map((r) => r.id))).toEqual(await sqlIds('true', [], HDJC));
    expect(inJc.rows.some((r) => inSn.rows.some((s) => s.id === r.id))).toBe(false);
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, admin));
  });

  it("finds nothing when HDSN searches for an HDJC plate, and totals only HDSN's trucks", async () => {
    const { plate } = (await pool.query('SELECT plate_number AS plate FROM md_vehicle WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0];
    const { data } = expectOk(await list({ search: [{ key: 'plateNumber', op: 'eq', val: plate }] }));
    expect(data.total).toBe(0);
    const { cap } = await one('SELECT coalesce(sum(capacity_tonnage), 0)::text AS cap FROM md_vehicle WHERE org_id = $1');
    expect(expectOk(await list({})).data.tongji.capacityTonnage).toBe(cap);
  });
});

describe('access', () => {
  it("needs md_vehicle_view: the operator has it, quality staff and the accountant do not", async () => {
    expectOk(await list({}));
    for (const user of ['quality', 'accountant'] as const) {
      const res = await list({}, (await bearerFor(app, user)).authorization);
      expectFailure(res, 403);
      expect(res.headers['x-missing-permission']).toBe('md_vehicle_view');
    }
  });
});

describe('the template in the database is the one that counts', () => {
  const setField = (fieldName: string, sets: string) =>
    pool.query(
      `UPDATE cg_format_field SET ${sets} WHERE field_name = $1
          AND format_id = (SELECT id FROM cg_format WHERE format_code = 'masterdata.vehicle.list')`,
      [fieldName],
    );

  it('applies an edit to the very next request', async () => {
    const search = [{ key: 'carType', op: 'like', val: '车' }];
    expectOk(await list({ search }));
    await setField('carType', 'iallow_query = false');
    try {
      expectFailure(await list({ search }), 400, '字段 carType 不允许查询');
    } finally {
      await setField('carType', 'iallow_query = true');
    }
    expectOk(await list({ search }));

    await setField('lastTare', 'itotal = false');
    try {
      expect(expectOk(await list({})).data.tongji).toEqual({ capacityTonnage: expect.any(String) });
    } finally {
      await setField('lastTare', 'itotal = true');
    }

    await setField('axleType', 'isort_field = false');
    try {
      expectFailure(await list({ sort: [{ key: 'axleType', dir: 'asc' }] }), 400, '字段 axleType 不允许排序');
    } finally {
      await setField('axleType', 'isort_field = true');
    }
  });
});
