import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// Queue / discharge points, kept by the weighbridge operator.
const { app, database } = await createTestApp();
const { pool } = database;
const P = '/api/masterdata/discharge-point';

let operator: string;
let HDSN: string;
let HDJC: string;
beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, operator, body);
const warehouseOf = async (org: string) => (await pool.query('SELECT id::text, ware_name FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [org])).rows[0];

describe('discharge points', () => {
  it('numbers a point left without a code and names its warehouse', async () => {
    const w = await warehouseOf(HDSN);
    const p = expectOk(await post(`${P}/create`, { entity: { title: '4#卸车点', sort: 40, warehouseId: w.id } })).data;
    expect(p).toMatchObject({ pointCode: 'XH004', title: '4#卸车点', sort: 40, warehouseId: w.id, wareName: w.ware_name, enabled: true });
    expectFailure(await post(`${P}/create`, { entity: { pointCode: 'XH004', title: '重复', warehouseId: w.id } }), 400, '地点编码 XH004 已存在');
  });

  it('refuses a point without a warehouse, or with a sort below zero', async () => {
    const w = await warehouseOf(HDSN);
    expectFailure(await post(`${P}/create`, { entity: { title: '无仓库' } }), 400, /所属仓库/);
    expectFailure(await post(`${P}/create`, { entity: { title: '负排序', sort: -1, warehouseId: w.id } }), 400, /排序/);
    expect((await pool.query(`SELECT count(*)::int AS n FROM md_discharge_point WHERE title IN ('无仓库', '负排序')`)).rows[0].n).toBe(0);
  });

  it("refuses another company's warehouse and does not show another company's points", async () => {
    const foreign = await warehouseOf(HDJC);
    expectFailure(await post(`${P}/create`, { entity: { title: '越界', warehouseId: foreign.id } }), 400, '所属仓库不存在或未分配给当前公司');
    const theirs = (await pool.query('SELECT id::text FROM md_discharge_point WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0].id;
    expectFailure(await call(app, 'GET', `${P}/get/${theirs}`, operator), 404);
    const { data } = expectOk(await post(`${P}/v2/list`, { limit: { pn: 1, ps: 100 } }));
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.map((r: { id: string }) => r.id)).not.toContain(theirs);
  });
});
