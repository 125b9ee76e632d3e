import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { postTicketStock } from './posting';

// The stock screens through real HTTP on a real database: opening stock and the transfer form
// (create, audit posts, un-audit takes back), the balance and record lists, permissions and the
// company wall.
const ctx = await createTestApp();
const { app } = ctx;
const { pool, db } = ctx.database;

let accountant: string;
let operator: string;
let quality: string;
let HDSN: string;
let HDJC: string;
let wh: { a: string; b: string; c: string };
let mat: { id: string; code: string; name: string };
let mat2: { id: string; code: string };

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  quality = (await bearerFor(app, 'quality')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  HDJC = await orgId(pool, 'HDJC');
  const ws = (await pool.query('SELECT id::text FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 3', [HDSN])).rows;
  wh = { a: ws[0].id, b: ws[1].id, c: ws[2].id };
  const ms = (await pool.query(`SELECT m.id::text, m.inv_code, m.inv_name FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id
    WHERE a.org_id = $1 ORDER BY m.id LIMIT 2`, [HDSN])).rows;
  mat = { id: ms[0].id, code: ms[0].inv_code, name: ms[0].inv_name };
  mat2 = { id: ms[1].id, code: ms[1].inv_code };
});

const post = (url: string, body?: unknown, who = accountant) => call(app, 'POST', url, who, body);
const put = (url: string, body: unknown, who = accountant) => call(app, 'PUT', url, who, body);
const EARLY = '/api/stock/early';
const TRANSFER = '/api/stock/transfer';

async function balance(warehouseId: string, materialId = mat.id, org = HDSN): Promise<string> {
  const { rows } = await pool.query('SELECT quantity::text FROM wb_stock_balance WHERE org_id = $1 AND warehouse_id = $2 AND material_id = $3', [org, warehouseId, materialId]);
  return rows[0]?.quantity ?? 'none';
}

async function recordsOf(column: 'early_id' | 'transfer_id', id: string) {
  const { rows } = await pool.query(
    `SELECT direction, warehouse_id::text AS warehouse, quantity::text, reversed_at IS NOT NULL AS reversed FROM wb_stock_record WHERE ${column} = $1 ORDER BY id`, [id]);
  return rows;
}

describe('opening stock', () => {
  it('numbers a new opening stock, posts an EARLY record on audit and takes it back on un-audit', async () => {
    const e = expectOk(await post(`${EARLY}/create`, { entity: { warehouseId: wh.a, materialId: mat.id, quantity: '1200.5', stockDate: '2026-11-01' } })).data;
    expect(e).toMatchObject({ earlyNo: expect.stringMatching(/^QC\d{8}\d{4}$/), quantity: '1200.5000', wareName: expect.any(String), invName: mat.name, docStatus: 'FREE', version: 0 });
    expect(await recordsOf('early_id', e.id)).toEqual([]);

    expectOk(await post(`${EARLY}/audit`, { ids: [e.id] }));
    expect(await recordsOf('early_id', e.id)).toEqual([{ direction: 'EARLY', warehouse: wh.a, quantity: '1200.5000', reversed: false }]);
    expect(await balance(wh.a)).toBe('1200.5000');
    const audited = (await pool.query('SELECT audited_at IS NOT NULL AS stamped FROM wb_stock_early WHERE id = $1', [e.id])).rows[0];
    expect(audited.stamped).toBe(true);

    expectFailure(await post(`${EARLY}/audit`, { ids: [e.id] }), 400, /已审核，不能重复审核/);
    expectFailure(await put(`${EARLY}/update`, { entity: { id: e.id, version: 1, quantity: '1' } }), 400, /已审核/);
    expectFailure(await call(app, 'DELETE', `${EARLY}/delList`, accountant, { ids: [e.id] }), 400, /已审核/);

    expectOk(await post(`${EARLY}/unaudit`, { ids: [e.id] }));
    expect(await recordsOf('early_id', e.id)).toEqual([{ direction: 'EARLY', warehouse: wh.a, quantity: '1200.5000', reversed: true }]);
    expect(await balance(wh.a)).toBe('0.0000');
    const updated = expectOk(await put(`${EARLY}/update`, { entity: { id: e.id, version: 2, quantity: '1000' } })).data;
    expect(updated.quantity).toBe('1000.0000');
    expectOk(await call(app, 'DELETE', `${EARLY}/delList`, accountant, { ids: [e.id] }));
    expect(await recordsOf('early_id', e.id)).toEqual([]);
  });

  it('keeps one opening stock per warehouse and material, and refuses a bad quantity naming the field', async () => {
    expectOk(await post(`${EARLY}/create`, { entity: { warehouseId: wh.b, materialId: mat.id, quantity: '10' } }));
    const dup = expectFailure(await post(`${EARLY}/create`, { entity: { warehouseId: wh.b, materialId: mat.id, quantity: '20' } }), 400, '该仓库的该物料已有期初库存');
    expect(dup.data).toMatchObject({ field: 'materialId' });
    const bad = expectFailure(await post(`${EARLY}/create`, { entity: { warehouseId: wh.b, materialId: mat2.id, quantity: 'abc' } }), 400);
    expect(bad.data).toMatchObject({ field: 'quantity' });
    const missing = expectFailure(await post(`${EARLY}/create`, { entity: { materialId: mat2.id, quantity: '5' } }), 400);
    expect(missing.data).toMatchObject({ field: 'warehouseId' });
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_stock_early WHERE warehouse_id = $1', [wh.b])).rows[0].n).toBe(1);
  });

  it('refuses to take back an opening stock that later movements count on', async () => {
    const e = expectOk(await post(`${EARLY}/create`, { entity: { warehouseId: wh.c, materialId: mat2.id, quantity: '50' } })).data;
    expectOk(await post(`${EARLY}/audit`, { ids: [e.id] }));
    const { rows: [t] } = await pool.query(
      `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, warehouse_id, plate_number, first_is, gross, gross_time, tare, tare_time, tare_source, net, completed_at, audited_at)
       VALUES ($1, 'sa', 'BD-EARLY-1', 'AUDITED', $2, $3, '浙E00E01', 'TARE', 30, now(), 15, now(), 'WEIGHED', 15, now(), now()) RETURNING id::text`, [HDSN, mat2.id, wh.c]);
    await db.transaction().execute((tx) => postTicketStock(tx, HDSN, t.id, null));
    expect(await balance(wh.c, mat2.id)).toBe('35.0000');
    expectFailure(await post(`${EARLY}/unaudit`, { ids: [e.id] }), 400, `期初库存 ${e.earlyNo} 之后已有该仓库该物料的出入库记录，不能反审核`);
    expect(await recordsOf('early_id', e.id)).toMatchObject([{ reversed: false }]);
    expect(await balance(wh.c, mat2.id)).toBe('35.0000');
  });
});

describe('the transfer form', () => {
  const lines = (q1: string, q2: string) => [{ materialCode: mat.code, lineQuantity: q1 }, { materialCode: mat2.code, lineQuantity: q2, lineRemark: '倒仓' }];

  it('moves each line OUT of the from-warehouse and IN to the to-warehouse on audit, and back on un-audit', async () => {
    const before = [await balance(wh.a), await balance(wh.b), await balance(wh.a, mat2.id), await balance(wh.b, mat2.id)];
    const f = expectOk(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: wh.a, toWarehouseId: wh.b, transferDate: '2026-11-20' }, entitysub: lines('12.5', '3') })).data;
    expect(f).toMatchObject({ transferNo: expect.stringMatching(/^YK\d{12}$/), docStatus: 'FREE' });
    expect(f.entitysub).toMatchObject([{ materialCode: mat.code, materialName: mat.name, lineQuantity: '12.5000', lineSeq: 1 }, { materialCode: mat2.code, lineQuantity: '3.0000', lineSeq: 2 }]);

    expectOk(await post(`${TRANSFER}/audit`, { ids: [f.id] }));
    expect(await recordsOf('transfer_id', f.id)).toEqual([
      { direction: 'OUT', warehouse: wh.a, quantity: '12.5000', reversed: false }, { direction: 'IN', warehouse: wh.b, quantity: '12.5000', reversed: false },
      { direction: 'OUT', warehouse: wh.a, quantity: '3.0000', reversed: false }, { direction: 'IN', warehouse: wh.b, quantity: '3.0000', reversed: false },
    ]);
    const moved = (q: string, d: string) => (Number(q === 'none' ? 0 : q) + Number(d)).toFixed(4);
    expect([await balance(wh.a), await balance(wh.b), await balance(wh.a, mat2.id), await balance(wh.b, mat2.id)])
      .toEqual([moved(before[0], '-12.5'), moved(before[1], '12.5'), moved(before[2], '-3'), moved(before[3], '3')]);

    expectOk(await post(`${TRANSFER}/unaudit`, { ids: [f.id] }));
    expect((await recordsOf('transfer_id', f.id)).every((r) => r.reversed)).toBe(true);
    expect([await balance(wh.a), await balance(wh.b), await balance(wh.a, mat2.id), await balance(wh.b, mat2.id)])
      .toEqual(before.map((q) => moved(q, '0')));

    // un-audited, it is a draft again: a line can be dropped and the form audited anew
    const draft = expectOk(await call(app, 'GET', `${TRANSFER}/get/${f.id}`, accountant)).data;
    expectOk(await put(`${TRANSFER}/update`, { entity: { ...draft, entitysub: undefined }, entitysub: [draft.entitysub[0]] }));
    expectOk(await post(`${TRANSFER}/audit`, { ids: [f.id] }));
    expect((await recordsOf('transfer_id', f.id)).filter((r) => !r.reversed)).toEqual([
      { direction: 'OUT', warehouse: wh.a, quantity: '12.5000', reversed: false }, { direction: 'IN', warehouse: wh.b, quantity: '12.5000', reversed: false },
    ]);
  });

  it('refuses the same warehouse twice, a form without lines, a line without quantity or with an unknown material', async () => {
    const same = expectFailure(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: wh.a, toWarehouseId: wh.a }, entitysub: lines('1', '1') }), 400, '调入仓库不能与调出仓库相同');
    expect(same.data).toMatchObject({ field: 'toWarehouseId' });
    expectFailure(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: wh.a, toWarehouseId: wh.b }, entitysub: [] }), 400, '移库单至少要有一行明细');
    expectFailure(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: wh.a, toWarehouseId: wh.b }, entitysub: [{ materialCode: mat.code, lineQuantity: '0' }] }), 400, '第1行 数量必须大于0');
    expectFailure(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: wh.a, toWarehouseId: wh.b }, entitysub: [{ materialCode: 'NOPE', lineQuantity: '1' }] }), 400, '第1行 物料编码 NOPE 不存在');
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_stock_transfer WHERE from_warehouse_id = $1 AND to_warehouse_id = $1', [wh.a])).rows[0].n).toBe(0);
  });

  it('posts a transfer once when six audits of it race', async () => {
    const f = expectOk(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: wh.b, toWarehouseId: wh.c }, entitysub: lines('1', '2') })).data;
    const results = await Promise.all(Array.from({ length: 6 }, () => post(`${TRANSFER}/audit`, { ids: [f.id] })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expectFailure(r, 400, /已审核，不能重复审核/);
    expect(await recordsOf('transfer_id', f.id)).toHaveLength(4);
  });

  it('refuses an audit that would leave a balance below zero when the company forbids it, and posts nothing', async () => {
    await pool.query(`INSERT INTO sys_param (org_id, param_key, param_value) VALUES ($1, 'negativeStockCheck', 'forbid')`, [HDSN]);
    try {
      const have = await balance(wh.c, mat.id);
      const f = expectOk(await post(`${TRANSFER}/create`, { entity: { fromWarehouseId: wh.c, toWarehouseId: wh.a }, entitysub: [{ materialCode: mat.code, lineQuantity: '99999' }] })).data;
      expectFailure(await post(`${TRANSFER}/audit`, { ids: [f.id] }), 400, /^库存不足: /);
      expect(await recordsOf('transfer_id', f.id)).toEqual([]);
      expect(await balance(wh.c, mat.id)).toBe(have);
      expect((await pool.query('SELECT doc_status FROM wb_stock_transfer WHERE id = $1', [f.id])).rows[0].doc_status).toBe('FREE');
    } finally {
      await pool.query(`DELETE FROM sys_param WHERE org_id = $1 AND param_key = 'negativeStockCheck'`, [HDSN]);
    }
  });
});

describe('the balance and record lists', () => {
  it('lists balances by warehouse and material with their total, searched by warehouse', async () => {
    const e = expectOk(await post(`${EARLY}/create`, { entity: { warehouseId: wh.a, materialId: mat2.id, quantity: '7.25' } })).data;
    expectOk(await post(`${EARLY}/audit`, { ids: [e.id] }));
    const all = expectOk(await post('/api/stock/balance/v2/list', { limit: { pn: 1, ps: 100 } })).data;
    const { rows: [sum] } = await pool.query('SELECT sum(quantity)::text AS s, count(*)::int AS n FROM wb_stock_balance WHERE org_id = $1', [HDSN]);
    expect(all.total).toBe(sum.n);
    expect(Number(all.tongji.quantity)).toBeCloseTo(Number(sum.s), 4);
    const wareName = (await pool.query('SELECT ware_name FROM md_warehouse WHERE id = $1', [wh.a])).rows[0].ware_name;
    const one = expectOk(await post('/api/stock/balance/v2/list', { search: [{ key: 'wareName', op: 'eq', val: wareName }], limit: { pn: 1, ps: 100 } })).data;
    expect(one.list.length).toBeGreaterThan(0);
    expect(one.list.every((r: { wareName: string }) => r.wareName === wareName)).toBe(true);
    expect(one.list).toEqual(expect.arrayContaining([expect.objectContaining({ invCode: mat2.code, quantity: '7.2500', orgName: expect.any(String) })]));
  });

  it('lists the records in and out, searched by direction, date and source', async () => {
    const early = expectOk(await post('/api/stock/record/v2/list', { search: [{ key: 'direction', op: 'eq', val: 'EARLY' }], limit: { pn: 1, ps: 100 } })).data;
    const { rows: [n] } = await pool.query(`SELECT count(*)::int AS n FROM wb_stock_record WHERE org_id = $1 AND direction = 'EARLY'`, [HDSN]);
    expect(early.total).toBe(n.n);
    expect(early.list[0]).toMatchObject({ direction: 'EARLY', sourceKind: 'EARLY', sourceNo: expect.stringMatching(/^QC/) });
    const future = expectOk(await post('/api/stock/record/v2/list', { search: [{ key: 'postedAt', op: 'ge', val: '2099-01-01 00:00:00' }], limit: { pn: 1, ps: 10 } })).data;
    expect(future.total).toBe(0);
    const transfers = expectOk(await post('/api/stock/record/v2/list', { search: [{ key: 'sourceKind', op: 'eq', val: 'TRANSFER' }, { key: 'direction', op: 'eq', val: 'OUT' }], limit: { pn: 1, ps: 100 } })).data;
    expect(transfers.list.length).toBeGreaterThan(0);
    expect(transfers.list.every((r: { sourceNo: string; direction: string }) => r.sourceNo.startsWith('YK') && r.direction === 'OUT')).toBe(true);
    const all = expectOk(await post('/api/stock/record/v2/list', { limit: { pn: 1, ps: 5 } })).data;
    const { rows: [net] } = await pool.query(`SELECT sum(CASE WHEN direction = 'OUT' THEN -quantity ELSE quantity END)::text AS s
      FROM wb_stock_record WHERE org_id = $1 AND reversed_at IS NULL`, [HDSN]);
    expect(Number(all.tongji.balanceChange)).toBeCloseTo(Number(net.s), 4);
    const { rows: [held] } = await pool.query('SELECT sum(quantity)::text AS s FROM wb_stock_balance WHERE org_id = $1', [HDSN]);
    expect(Number(all.tongji.balanceChange)).toBeCloseTo(Number(held.s), 4);
    expectFailure(await post('/api/stock/record/v2/list', { search: [{ key: 'quantity', op: 'eq', val: '1' }] }), 400, /quantity/);
  });
});

describe('permissions and the company wall', () => {
  it('lets an operator look but not write, and a quality clerk not even look', async () => {
    expectOk(await post('/api/stock/balance/v2/list', {}, operator));
    expectOk(await post(`${EARLY}/v2/list`, {}, operator));
    expectFailure(await post(`${EARLY}/create`, { entity: { warehouseId: wh.c, materialId: mat.id, quantity: '1' } }, operator), 403);
    expectFailure(await post(`${TRANSFER}/audit`, { ids: ['1'] }, operator), 403);
    expectFailure(await post('/api/stock/balance/v2/list', {}, quality), 403);
    expectFailure(await post('/api/stock/record/v2/list', {}, quality), 403);
  });

  it('shows a company only its own stock, and does not let it audit another\'s documents', async () => {
    const mine = expectOk(await post(`${EARLY}/create`, { entity: { warehouseId: wh.c, materialId: mat.id, quantity: '3' } })).data;
    await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, accountant);
    try {
      const list = expectOk(await post('/api/stock/balance/v2/list', { limit: { pn: 1, ps: 100 } })).data;
      const { rows: [n] } = await pool.query('SELECT count(*)::int AS n FROM wb_stock_balance WHERE org_id = $1', [HDJC]);
      expect(list.total).toBe(n.n);
      expectFailure(await post(`${EARLY}/audit`, { ids: [mine.id] }), 404);
      const records = expectOk(await post('/api/stock/record/v2/list', { limit: { pn: 1, ps: 100 } })).data;
      expect(records.total).toBe(0);
      expectFailure(await post(`${EARLY}/create`, { entity: { warehouseId: wh.a, materialId: mat.id, quantity: '1' } }), 400);
    } finally {
      await call(app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, accountant);
    }
    expect(await recordsOf('early_id', mine.id)).toEqual([]);
  });
});
