import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { newNotice } from '../registry/test-support';
import { LOGISTICS_URL } from './list';

// 采购物流 through HTTP on constructed data: the route's arrivals written as the gate writes them, then the trucks on their way.
const { app, database } = await createTestApp();
const { pool } = database;
let operator: string;
let orgId: string;

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  orgId = String(expectOk(await call(app, 'GET', '/api/sys-info/me', operator)).data.currentOrg);
});

let plate = 100;
async function registry(lineId: string): Promise<{ id: string; registryNo: string }> {
  plate += 1;
  const r = expectOk(await call(app, 'POST', '/api/registry/pu/create', operator, { entity: { plateNumber: `皖K${plate}88`, noticeLineId: lineId, preQuantity: 30, shippedQuantity: 30 } })).data;
  expectOk(await call(app, 'POST', '/api/registry/pu/audit', operator, { ids: [r.id] }));
  return r;
}
/** A past trip of the route: registered at the vendor's side, let in `minutes` later. */
async function pastTrip(lineId: string, minutes: number, daysAgo = 2) {
  const r = await registry(lineId);
  await pool.query(`UPDATE wb_registry SET created_at = now() - make_interval(days => $2), entered_at = now() - make_interval(days => $2) + make_interval(mins => $3),
                           trip_state = 'ENTERED' WHERE id = $1`, [r.id, daysAgo, minutes]);
}
const dispatchedAt = async (id: string, at: string) => pool.query('UPDATE wb_registry SET created_at = $2 WHERE id = $1', [id, at]);
const list = async (search: unknown[] = [], param?: Record<string, unknown>) =>
  expectOk(await call(app, 'POST', LOGISTICS_URL, operator, { search, limit: { pn: 1, ps: 50 }, ...(param ? { param } : {}) })).data.list as Record<string, unknown>[];

describe('the trucks of a purchase notice on their way', () => {
  it('expects each at its dispatch time plus the median of the route\'s recent trips', async () => {
    const n = await newNotice(pool, orgId, { kind: 'pu', maxLimit: '1000' });
    for (const m of [60, 90, 300]) await pastTrip(n.lineId, m);
    const onTheWay = await registry(n.lineId);
    await dispatchedAt(onTheWay.id, '2026-11-28T00:00:00Z');
    const rows = await list([{ key: 'noticeNo', op: 'eq', val: n.noticeNo }]);
    expect(rows.map((r) => r.registryNo)).toEqual([onTheWay.registryNo]);
    expect(rows[0]).toMatchObject({ arrivalBasis: 'HISTORY', transitMinutes: 90, overdue: true });
    expect(new Date(String(rows[0].expectedArrival)).toISOString()).toBe('2026-11-28T01:30:00.000Z');
  });

  it('takes the route\'s set time when the route has too few arrivals, and expects nothing without either', async () => {
    const { rows: [line] } = await pool.query(
      "INSERT INTO md_line (org_id, line_code, line_name, direction, transit_minutes) VALUES ($1, 'XL-LOG-1', '矿山至厂区', 'RECEIVE', 45) RETURNING id::text", [orgId]);
    const n = await newNotice(pool, orgId, { kind: 'pu' });
    // another vendor than the first test's: its own route, no history
    const { rows: [v] } = await pool.query('SELECT archive_id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id OFFSET 1 LIMIT 1', [orgId]);
    await pool.query('UPDATE wb_notice SET vendor_id = $2, line_id = $3 WHERE id = $1', [n.noticeId, v.archive_id, line.id]);
    const later = new Date(Math.floor(Date.now() / 1000) * 1000 + 3600_000).toISOString();
    const r = await registry(n.lineId);
    await dispatchedAt(r.id, later);
    const [row] = await list([], { noticeId: n.noticeId });
    expect(row).toMatchObject({ registryNo: r.registryNo, arrivalBasis: 'ROUTE', transitMinutes: 45, overdue: false });
    expect(new Date(String(row.expectedArrival)).getTime()).toBe(new Date(later).getTime() + 45 * 60_000);

    await pool.query('UPDATE wb_notice SET line_id = NULL WHERE id = $1', [n.noticeId]);
    expect((await list([], { noticeId: n.noticeId }))[0]).toMatchObject({ arrivalBasis: 'NONE', expectedArrival: null, overdue: false });
  });

  it('lists only purchase trucks still on their way: not one let in, not a draft', async () => {
    const n = await newNotice(pool, orgId, { kind: 'pu' });
    const inPlant = await registry(n.lineId);
    expectOk(await call(app, 'POST', '/api/registry/pu/letin', operator, { ids: [inPlant.id] }));
    const draft = expectOk(await call(app, 'POST', '/api/registry/pu/create', operator, { entity: { plateNumber: '皖K99999', noticeLineId: n.lineId, preQuantity: 30, shippedQuantity: 30 } })).data;
    const rows = await list([{ key: 'noticeNo', op: 'eq', val: n.noticeNo }]);
    expect(rows.map((r) => r.registryNo)).not.toContain(inPlant.registryNo);
    expect(rows.map((r) => r.registryNo)).not.toContain(draft.registryNo);
    // the client cannot widen it
    expect((await list([{ key: 'tripState', op: 'eq', val: 'ENTERED' }])).length).toBe(0);
  });

  it('keeps the screen to those granted it', async () => {
    const quality = (await bearerFor(app, 'quality')).authorization;
    expectFailure(await call(app, 'POST', LOGISTICS_URL, quality, { limit: { pn: 1, ps: 10 } }), 403);
  });
});
