import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, weighPurchase } from '../../weighing/test-support';

/**
 * Stock addresses (库存地址): the tree under a warehouse, the ticket's unloading or loading place
 * assigned before posting, the record at that warehouse naming it, and the balance per address and
 * material in exact figures.
 */
let ctx: TestContext;
let ac: string;
let op: string;
let admin: string;
let HDSN: string;
let wh: { a: string; b: string };
let material: string;
let serial = 0;

const A = '/api/masterdata/stock-address';
const post = (url: string, payload: unknown, auth = ac) => call(ctx.app, 'POST', url, auth, payload);
const q = async (text: string, values: unknown[] = []) => (await ctx.database.pool.query(text, values)).rows;

beforeAll(async () => {
  ctx = await createTestApp();
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  admin = (await bearerFor(ctx.app, 'admin')).authorization;
  HDSN = await orgId(ctx.database.pool, 'HDSN');
  const [w] = await q('SELECT min(id)::text AS a, max(id)::text AS b FROM md_warehouse WHERE org_id = $1', [HDSN]);
  wh = w;
  material = (await q('SELECT archive_id::text AS id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [HDSN]))[0].id;
});

/** An audited ticket of `kind` into or out of warehouse a, straight in the table as weighing leaves one: `net` tons. */
async function ticket(kind: 'pu' | 'sa', net: string): Promise<{ id: string; no: string }> {
  serial += 1;
  const no = `KD-T${serial}`;
  const [t] = await q(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, warehouse_id, plate_number, first_is,
      gross, gross_time, tare, tare_time, tare_source, net, completed_at, audited_at)
    VALUES ($1, $2, $3, 'AUDITED', $4, $5, $6, $7, $8::numeric + 15, now(), 15, now(), 'WEIGHED', $8, now(), now()) RETURNING id::text`,
  [HDSN, kind, no, material, wh.a, `浙K${String(serial).padStart(5, '0')}`, kind === 'pu' ? 'GROSS' : 'TARE', net]);
  return { id: t.id, no };
}

async function address(entity: Record<string, unknown>) {
  const made = expectOk(await post(`${A}/create`, { entity: { warehouseId: wh.a, kind: 'YARD', ...entity } })).data;
  return made as { id: string; addressCode: string };
}

describe('the address tree', () => {
  it('keeps yards and their bays under a warehouse, and refuses a wrong place, naming the field', async () => {
    const yard = await address({ addressCode: 'Y1', addressName: '一号堆场' });
    const bay = await address({ addressCode: 'Y1-01', addressName: '一号堆场1垛', kind: 'BAY', parentId: yard.id, capacity: '800' });
    expect(expectOk(await call(ctx.app, 'GET', `${A}/get/${bay.id}`, op)).data).toMatchObject({ parentName: '一号堆场', kind: 'BAY', capacity: '800.000' });
    const bad = async (entity: Record<string, unknown>, message: string | RegExp) =>
      expectFailure(await post(`${A}/create`, { entity: { warehouseId: wh.a, addressName: '错', kind: 'BAY', ...entity } }), 400, message);
    await bad({ addressCode: 'X1', parentId: bay.id }, '上级地址 Y1-01 是垛位/货位，其下不能再设地址');
    if (wh.b !== wh.a) await bad({ addressCode: 'X2', warehouseId: wh.b, parentId: yard.id }, '上级地址 Y1 不属于所选仓库');
    await bad({ addressCode: 'X3', kind: 'SHELF' }, /地址类型/);
    await bad({ addressCode: 'Y1' }, /Y1/);
    // a yard moved under its own bay would leave the tree
    const stored = expectOk(await call(ctx.app, 'GET', `${A}/get/${yard.id}`, ac)).data;
    expectFailure(await call(ctx.app, 'PUT', `${A}/update`, ac, { entity: { ...stored, parentId: bay.id } }), 400, '上级地址不能是本地址或其下级地址');
    expectFailure(await post(`${A}/create`, { entity: { warehouseId: wh.a, addressCode: 'OP1', addressName: '越权', kind: 'YARD' } }, op), 403);
    expect(await q(`SELECT count(*)::int AS n FROM md_stock_address WHERE address_code LIKE 'X%' OR address_code = 'OP1'`)).toEqual([{ n: 0 }]);
  });
});

describe('a ticket\'s stock address and the balance by address', () => {
  it('writes the address on the posted record and sums in less out per address and material', async () => {
    const bay = await address({ addressCode: 'B2', addressName: '二号库位', kind: 'BAY' });
    const tickets = [await ticket('pu', '32.5'), await ticket('pu', '18.25'), await ticket('sa', '20.4')];
    for (const t of tickets) expectOk(await post(`${A}/assign`, { ticketId: t.id, stockAddressId: bay.id }, op));
    for (const [t, kind] of [[tickets[0], 'pu'], [tickets[1], 'pu'], [tickets[2], 'sa']] as const) expectOk(await post(`/api/weigh/${kind}/down`, { ids: [t.id] }, admin));
    expect(await q('SELECT direction, quantity, stock_address_id::text AS a FROM wb_stock_record WHERE ticket_id = ANY($1::bigint[]) ORDER BY id', [tickets.map((t) => t.id)]))
      .toEqual([{ direction: 'IN', quantity: '32.5000', a: bay.id }, { direction: 'IN', quantity: '18.2500', a: bay.id }, { direction: 'OUT', quantity: '20.4000', a: bay.id }]);
    // 32.5 + 18.25 - 20.4 = 30.35
    const listed = expectOk(await post(`${A}/balance/v2/list`, { search: [{ key: 'addressCode', op: 'eq', val: 'B2' }], limit: { pn: 1, ps: 10 } }, op)).data;
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]).toMatchObject({ addressName: '二号库位', kind: 'BAY' });
    expect([listed.list[0].quantityIn, listed.list[0].quantityOut, listed.list[0].quantity].map(Number)).toEqual([50.75, 20.4, 30.35]);
    // taken back: the address's balance moves back with it
    expectOk(await post('/api/weigh/sa/reversedown', { ids: [tickets[2].id] }, admin));
    const again = expectOk(await post(`${A}/balance/v2/list`, { search: [{ key: 'addressCode', op: 'eq', val: 'B2' }] }, op)).data;
    expect(Number(again.list[0].quantity)).toBe(50.75);
    // the operation log names the ticket and the address
    expect(await q(`SELECT detail FROM sys_log WHERE action = 'stockAddress' AND doc_no = $1`, [tickets[0].no])).toEqual([{ detail: '库存地址：无 -> B2 二号库位' }]);
  });

  it('refuses a posted ticket, another warehouse\'s or a disabled address, and bad input, changing nothing', async () => {
    const here = await address({ addressCode: 'C1', addressName: '三号库位', kind: 'BAY' });
    const t = await ticket('pu', '10');
    if (wh.b !== wh.a) {
      const there = await address({ addressCode: 'C2', addressName: '他库库位', kind: 'BAY', warehouseId: wh.b });
      expectFailure(await post(`${A}/assign`, { ticketId: t.id, stockAddressId: there.id }, op), 400, `库存地址 C2 不属于磅单 ${t.no} 的仓库`);
    }
    expectOk(await post(`${A}/disable`, { ids: [here.id] }));
    expectFailure(await post(`${A}/assign`, { ticketId: t.id, stockAddressId: here.id }, op), 400, '库存地址 C1 已停用');
    expectOk(await post(`${A}/enable`, { ids: [here.id] }));
    expectFailure(await post(`${A}/assign`, { ticketId: 'x', stockAddressId: here.id }, op), 400);
    expectFailure(await post(`${A}/assign`, { ticketId: t.id }, op), 400);
    expectFailure(await post(`${A}/assign`, { ticketId: t.id, stockAddressId: '999999999' }, op), 400, '库存地址不存在: 999999999');
    expectOk(await post('/api/weigh/pu/down', { ids: [t.id] }, admin));
    expectFailure(await post(`${A}/assign`, { ticketId: t.id, stockAddressId: here.id }, op), 400, `磅单 ${t.no} 已记账，请先反记账再指定库存地址`);
    expect(await q('SELECT stock_address_id FROM wb_ticket WHERE id = $1', [t.id])).toEqual([{ stock_address_id: null }]);
    expect(await q(`SELECT count(*)::int AS n FROM sys_log WHERE action = 'stockAddress' AND doc_no = $1`, [t.no])).toEqual([{ n: 0 }]);
  });

  it('never leaves a posted ticket whose record misses the address it was given: assign and post at once take turns', async () => {
    const bay = await address({ addressCode: 'R1', addressName: '竞态库位', kind: 'BAY' });
    for (let i = 0; i < 3; i++) {
      const t = await ticket('pu', '7');
      const [assigned] = await Promise.all([post(`${A}/assign`, { ticketId: t.id, stockAddressId: bay.id }, op), post('/api/weigh/pu/down', { ids: [t.id] }, admin)]);
      const [row] = await q('SELECT t.stock_address_id::text AS ticket, r.stock_address_id::text AS record FROM wb_ticket t JOIN wb_stock_record r ON r.ticket_id = t.id WHERE t.id = $1', [t.id]);
      // assigned first: the posting wrote it; posted first: the assignment was refused and the ticket has none
      expect(row).toEqual(assigned.statusCode === 200 ? { ticket: bay.id, record: bay.id } : { ticket: null, record: null });
    }
  });

  it('is assigned from the ticket list\'s 库存地址 dialog: the warehouse\'s enabled addresses offered, another kind\'s ticket not found', async () => {
    const bay = await address({ addressCode: 'DLG1', addressName: '对话框库位', kind: 'BAY' });
    const off = await address({ addressCode: 'DLG2', addressName: '停用库位', kind: 'BAY' });
    expectOk(await post(`${A}/disable`, { ids: [off.id] }));
    const t = await ticket('pu', '11');
    const choice = expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/stockAddress/${t.id}`, op)).data;
    expect(choice).toMatchObject({ ticketNo: t.no, addressId: null });
    expect(choice.choices.map((c: { code: string }) => c.code)).toContain('DLG1');
    expect(choice.choices.map((c: { code: string }) => c.code)).not.toContain('DLG2');
    expectOk(await post('/api/weigh/pu/stockAddress', { ticketId: t.id, stockAddressId: bay.id }, op));
    expect(expectOk(await call(ctx.app, 'GET', `/api/weigh/pu/stockAddress/${t.id}`, op)).data.addressId).toBe(bay.id);
    expectFailure(await post('/api/weigh/sa/stockAddress', { ticketId: t.id, stockAddressId: null }, op), 404);
    expectFailure(await call(ctx.app, 'GET', `/api/weigh/sa/stockAddress/${t.id}`, op), 404);
    expect(await q(`SELECT detail FROM sys_log WHERE action = 'stockAddress' AND doc_no = $1`, [t.no])).toEqual([{ detail: '库存地址：无 -> DLG1 对话框库位' }]);
  });

  it('puts a return\'s goods back at the address its original named', async () => {
    const bay = await address({ addressCode: 'RT1', addressName: '退货库位', kind: 'BAY' });
    const t = await weighPurchase(ctx.app, ctx.database.db, await plantOf(ctx.database.db), op, { station: 'RT' });
    expectOk(await post(`${A}/assign`, { ticketId: t.id, stockAddressId: bay.id }, op));
    expectOk(await post('/api/weigh/pu/audit', { ids: [t.id] }));
    expectOk(await post('/api/weigh/pu/down', { ids: [t.id] }, admin));
    const back = expectOk(await post(`/api/weigh/pu/returnGoods/${t.id}`, {})).data as { id: string };
    expectOk(await post('/api/weigh/pu/audit', { ids: [back.id] }));
    expectOk(await post('/api/weigh/pu/down', { ids: [back.id] }, admin));
    expect(await q('SELECT direction, quantity::float8 AS quantity, stock_address_id::text AS a FROM wb_stock_record WHERE ticket_id = $1 AND reversed_at IS NULL', [back.id]))
      .toEqual([{ direction: 'OUT', quantity: 25, a: bay.id }]);
  });

  it('is chosen with the first weighing, checked against the ticket\'s warehouse', async () => {
    const bay = await address({ addressCode: 'W1', addressName: '过磅库位', kind: 'BAY' });
    const plant = await plantOf(ctx.database.db);
    expect(plant.warehouseId).toBe(wh.a);
    const weigh = async (stockAddressId: string, n: number) => {
      const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { kind: 'pu', maxLimit: '1000' });
      const registryId = await makeRegistry(ctx.database.db, plant, { kind: 'pu', noticeId, lineId, plate: testPlate('W') });
      return post('/api/weigh/pu/first', { registryId, weight: '40', stationId: 'W1', requestId: `w${n}`, stable: true, stockAddressId }, op);
    };
    const first = expectOk(await weigh(bay.id, 1)).data;
    expect(await q('SELECT stock_address_id::text AS a FROM wb_ticket WHERE id = $1', [first.ticketId])).toEqual([{ a: bay.id }]);
    if (wh.b !== wh.a) {
      const there = await address({ addressCode: 'W2', addressName: '他库过磅库位', kind: 'BAY', warehouseId: wh.b });
      const before = await q('SELECT count(*)::int AS n FROM wb_ticket');
      expectFailure(await weigh(there.id, 2), 400, /库存地址 W2 不属于磅单 .* 的仓库/);
      expect(await q('SELECT count(*)::int AS n FROM wb_ticket')).toEqual(before);
    }
  });

  it('is the company\'s own: another company neither lists the addresses nor assigns to its tickets', async () => {
    const mine = await address({ addressCode: 'D1', addressName: '本公司库位', kind: 'BAY' });
    const t = await ticket('pu', '5');
    const HDJC = await orgId(ctx.database.pool, 'HDJC');
    expectOk(await call(ctx.app, 'POST', `/api/sys-user-org/switchOrg/${HDJC}`, admin));
    try {
      expect(expectOk(await post(`${A}/v2/list`, { search: [{ key: 'addressCode', op: 'eq', val: 'D1' }] }, admin)).data.total).toBe(0);
      expectFailure(await post(`${A}/assign`, { ticketId: t.id, stockAddressId: mine.id }, admin), 404);
    } finally {
      expectOk(await call(ctx.app, 'POST', `/api/sys-user-org/switchOrg/${HDSN}`, admin));
    }
  });
});
