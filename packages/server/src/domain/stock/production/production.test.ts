import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from '../../weighing/test-support';

// 生产库存 from real tickets: production trucks weighed at the scale, audited and posted; a sales
// truck loaded from the same store; the list shows the product's balance there and the day's production.
const ctx = await createTestApp();
const { db, pool } = ctx.database;
let plant: Plant;
let admin: string;
let accountant: string;
let request = 0;

const weigh = async (kind: 'pr' | 'sa', which: 'first' | 'second', payload: Record<string, unknown>) =>
  expectOk(await call(ctx.app, 'POST', `/api/weigh/${kind}/${which}`, admin, { stationId: 'S1', requestId: `ps${request++}`, stable: true, ...payload })).data;
const act = async (kind: 'pr' | 'sa', action: 'audit' | 'down', id: string) =>
  expectOk(await call(ctx.app, 'POST', `/api/weigh/${kind}/${action}`, admin, { ids: [id] }));
const list = (authorization: string, body: Record<string, unknown> = {}) => call(ctx.app, 'POST', '/api/stock/production/v2/list', authorization, body);

/** A production truck: weighed loaded, then empty; posted to stock unless told to stop at the scale. */
async function produce(gross: string, tare: string, post = true): Promise<string> {
  const plate = testPlate('P');
  const first = await weigh('pr', 'first', { plate, materialId: plant.materialId, warehouseId: plant.warehouseId, weight: gross });
  await weigh('pr', 'second', { plate, weight: tare });
  if (post) {
    await act('pr', 'audit', first.ticketId);
    await act('pr', 'down', first.ticketId);
  }
  return first.ticketId as string;
}

/** A sales truck on a notice line from the same store: weighed empty, then loaded, then posted. */
async function sell(tare: string, gross: string): Promise<void> {
  const { noticeId, lineId } = await makeNoticeLine(db, plant, { kind: 'sa', maxLimit: '1000' });
  const plate = testPlate('S');
  const registryId = await makeRegistry(db, plant, { kind: 'sa', noticeId, lineId, plate });
  const first = await weigh('sa', 'first', { registryId, weight: tare });
  await weigh('sa', 'second', { registryId, weight: gross });
  await act('sa', 'audit', first.ticketId);
  await act('sa', 'down', first.ticketId);
}

beforeAll(async () => {
  plant = await plantOf(db);
  admin = (await bearerFor(ctx.app, 'admin')).authorization;
  accountant = (await bearerFor(ctx.app, 'accountant')).authorization;
  await pool.query('UPDATE sys_user SET current_org_id = $1 WHERE username = $2', [plant.orgId, 'accountant']);
  accountant = (await bearerFor(ctx.app, 'accountant')).authorization;
});

describe('生产库存', () => {
  it('shows a product\'s stock per warehouse: in from production, out by sales, the balance and the day\'s production', async () => {
    const yesterday = await produce('50', '20');
    await pool.query("UPDATE wb_ticket SET completed_at = completed_at - interval '1 day' WHERE id = $1", [yesterday]);
    await produce('40', '15');
    await produce('35.5', '15.25', false);
    await sell('15', '27');
    // a material no production ticket weighs is no product, though it has stock in the same store
    const other = (await pool.query(
      'SELECT archive_id::text AS id FROM md_material_alloc WHERE org_id = $1 AND archive_id <> $2 ORDER BY archive_id LIMIT 1', [plant.orgId, plant.materialId])).rows[0].id;
    await pool.query('INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity) VALUES ($1, $2, $3, 99)', [plant.orgId, plant.warehouseId, other]);

    const page = expectOk(await list(accountant)).data;
    expect(page.total).toBe(1);
    const [row] = page.list;
    expect(row).toMatchObject({ wareName: expect.any(String), invName: expect.any(String) });
    expect({ today: Number(row.todayNet), trips: Number(row.todayTrips), in: Number(row.producedIn), out: Number(row.soldOut), balance: Number(row.quantity) })
      .toEqual({ today: 45.25, trips: 2, in: 55, out: 12, balance: 43 });
    expect(Number(page.tongji.todayNet)).toBe(45.25);
  });

  it('keeps to products whatever the search asks, and searches by product', async () => {
    expect(expectOk(await list(accountant, { search: [{ key: 'isProduct', op: 'eq', val: false }] })).data.total).toBe(0);
    const name = (await pool.query('SELECT inv_name FROM md_material WHERE id = $1', [plant.materialId])).rows[0].inv_name as string;
    expect(expectOk(await list(accountant, { search: [{ key: 'invName', op: 'like', val: name }] })).data.total).toBe(1);
    expectFailure(await list(accountant, { search: [{ key: 'orgId', op: 'eq', val: '1' }] }), 400, /orgId/);
  });

  it('shows another company nothing of this one\'s', async () => {
    await pool.query('UPDATE sys_user SET current_org_id = $1 WHERE username = $2', [await orgId(pool, 'HDJC'), 'accountant']);
    const elsewhere = (await bearerFor(ctx.app, 'accountant')).authorization;
    expect(expectOk(await list(elsewhere)).data.total).toBe(0);
  });

  it('is refused to a role without the view right', async () => {
    const { authorization } = await bearerFor(ctx.app, 'quality');
    expectFailure(await list(authorization), 403);
  });
});
