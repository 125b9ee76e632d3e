import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import { postTicketStock, reverseTicketStock } from './posting';

// What down and reversedown write, on a real database: records per kind, the balance moved in the
// same transaction, a ticket posted once however many try at once, a reversal that moves it back.
const { database } = await freshDatabase();
const { db, pool } = database;

let orgId: string;
let otherOrgId: string;
let userId: string;
let material: string;
let wh: { a: string; b: string };

beforeAll(async () => {
  // a company with two warehouses and a material allocated to it, and a second company
  const { rows: [w] } = await pool.query(
    `SELECT w.org_id, min(w.id) AS a, max(w.id) AS b FROM md_warehouse w
      WHERE EXISTS (SELECT 1 FROM md_material_alloc m WHERE m.org_id = w.org_id)
      GROUP BY w.org_id HAVING count(*) >= 2 ORDER BY w.org_id LIMIT 1`);
  orgId = String(w.org_id);
  wh = { a: String(w.a), b: String(w.b) };
  material = String((await pool.query('SELECT archive_id FROM md_material_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 1', [orgId])).rows[0].archive_id);
  otherOrgId = String((await pool.query('SELECT id FROM sys_org WHERE id <> $1 ORDER BY id LIMIT 1', [orgId])).rows[0].id);
  userId = String((await pool.query('SELECT id FROM sys_user ORDER BY id LIMIT 1')).rows[0].id);
});

let serial = 0;
interface TicketSpec { kind: string; net: string | null; side?: string; firstIs?: string; warehouseId?: string | null; toWarehouseId?: string | null; materialId?: string }

/** An audited ticket straight in the table, as the weighing code leaves one before "down". */
async function ticket(spec: TicketSpec): Promise<string> {
  serial += 1;
  const net = spec.net ?? '0';
  const { rows: [t] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, side, material_id, warehouse_id, to_warehouse_id, plate_number, first_is,
       gross, gross_time, tare, tare_time, tare_source, net, completed_at, audited_at)
     VALUES ($1, $2, $3, $12, $4, $5, $6, $7, $8, $9, $10::numeric + 15, now(), 15, now(), 'WEIGHED', $11, now(), now()) RETURNING id`,
    [orgId, spec.kind, `BD-T${serial}`, spec.side ?? null, spec.materialId ?? material, spec.warehouseId === undefined ? wh.a : spec.warehouseId,
      spec.toWarehouseId ?? null, `浙E${String(serial).padStart(5, '0')}`, spec.firstIs ?? 'GROSS', net, spec.net,
      spec.net === null ? 'FIRST_WEIGHED' : 'AUDITED']);
  return String(t.id);
}

const post = (id: string, org = orgId) => db.transaction().execute((tx) => postTicketStock(tx, org, id, userId));
const reverse = (id: string, org = orgId) => db.transaction().execute((tx) => reverseTicketStock(tx, org, id, userId));

async function balance(warehouseId: string): Promise<string> {
  const { rows } = await pool.query('SELECT quantity FROM wb_stock_balance WHERE org_id = $1 AND warehouse_id = $2 AND material_id = $3', [orgId, warehouseId, material]);
  return rows[0]?.quantity ?? 'none';
}

async function records(ticketId: string) {
  const { rows } = await pool.query(
    `SELECT direction, warehouse_id::text AS warehouse, quantity, posted_by::text AS by, reversed_at IS NOT NULL AS reversed
       FROM wb_stock_record WHERE ticket_id = $1 ORDER BY id`, [ticketId]);
  return rows;
}

async function withBalanceAt(warehouseId: string, quantity: string) {
  await pool.query(`INSERT INTO wb_stock_balance (org_id, warehouse_id, material_id, quantity) VALUES ($1, $2, $3, $4)
    ON CONFLICT (org_id, warehouse_id, material_id) DO UPDATE SET quantity = EXCLUDED.quantity`, [orgId, warehouseId, material, quantity]);
}

describe('posting a weigh ticket to stock', () => {
  it('puts a purchase IN to its warehouse and moves the balance in the same transaction', async () => {
    await withBalanceAt(wh.a, '100');
    const id = await ticket({ kind: 'pu', net: '30.25' });
    expect(await post(id)).toEqual({ records: 1, warnings: [] });
    expect(await records(id)).toEqual([{ direction: 'IN', warehouse: wh.a, quantity: '30.2500', by: userId, reversed: false }]);
    expect(await balance(wh.a)).toBe('130.2500');
  });

  it('takes a sales ticket OUT, and lets the balance go negative with a warning', async () => {
    await withBalanceAt(wh.a, '10');
    const id = await ticket({ kind: 'sa', net: '12.5', firstIs: 'TARE' });
    const result = await post(id);
    expect(result.records).toBe(1);
    expect(result.warnings).toEqual([expect.stringMatching(/库存为负: -2\.5$/)]);
    expect(await records(id)).toMatchObject([{ direction: 'OUT', warehouse: wh.a, quantity: '12.5000' }]);
    expect(await balance(wh.a)).toBe('-2.5000');
  });

  it('refuses an OUT that would go below zero when the company forbids negative stock, and writes nothing', async () => {
    await withBalanceAt(wh.a, '10');
    await pool.query(`INSERT INTO sys_param (org_id, param_key, param_value) VALUES ($1, 'negativeStockCheck', 'forbid')`, [orgId]);
    try {
      const id = await ticket({ kind: 'sa', net: '12.5', firstIs: 'TARE' });
      await expect(post(id)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^库存不足: .* 结存 10，不能减少 12\.5$/) });
      expect(await records(id)).toEqual([]);
      expect(await balance(wh.a)).toBe('10.0000');
      const fits = await ticket({ kind: 'sa', net: '10', firstIs: 'TARE' });
      await post(fits);
      expect(await balance(wh.a)).toBe('0.0000');
    } finally {
      await pool.query(`DELETE FROM sys_param WHERE org_id = $1 AND param_key = 'negativeStockCheck'`, [orgId]);
    }
  });

  it('posts an allot dispatch OUT, an allot receipt IN, and a production ticket IN', async () => {
    await withBalanceAt(wh.a, '0');
    const out = await ticket({ kind: 'al', side: 'DISPATCH', net: '8', firstIs: 'TARE' });
    const inn = await ticket({ kind: 'al', side: 'RECEIVE', net: '7.9' });
    const pr = await ticket({ kind: 'pr', net: '3' });
    for (const id of [out, inn, pr]) await post(id);
    expect((await records(out))[0].direction).toBe('OUT');
    expect((await records(inn))[0].direction).toBe('IN');
    expect((await records(pr))[0].direction).toBe('IN');
    expect(await balance(wh.a)).toBe('2.9000');
  });

  it('moves a one-ticket transfer OUT of its warehouse and IN to its destination', async () => {
    await withBalanceAt(wh.a, '50');
    await withBalanceAt(wh.b, '5');
    const id = await ticket({ kind: 'tr', net: '20', toWarehouseId: wh.b });
    await post(id);
    expect(await records(id)).toMatchObject([{ direction: 'OUT', warehouse: wh.a }, { direction: 'IN', warehouse: wh.b }]);
    expect([await balance(wh.a), await balance(wh.b)]).toEqual(['30.0000', '25.0000']);
  });

  it('refuses a ticket without a net or a warehouse, naming the field, and changes nothing', async () => {
    const noNet = await ticket({ kind: 'pu', net: null });
    await expect(post(noNet)).rejects.toMatchObject({ status: 400, field: 'net' });
    const noWarehouse = await ticket({ kind: 'pu', net: '5', warehouseId: null });
    await expect(post(noWarehouse)).rejects.toMatchObject({ status: 400, field: 'warehouseId', message: expect.stringContaining('没有仓库') });
    const noSide = await ticket({ kind: 'al', net: '5' });
    await expect(post(noSide)).rejects.toMatchObject({ status: 400, field: 'side' });
    expect([...(await records(noNet)), ...(await records(noWarehouse)), ...(await records(noSide))]).toEqual([]);
  });
});

describe('posting once', () => {
  it('refuses to post a ticket twice', async () => {
    const id = await ticket({ kind: 'pu', net: '1' });
    await post(id);
    await expect(post(id)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^磅单 BD-T\d+ 已记账，不能重复记账$/) });
    expect(await records(id)).toHaveLength(1);
  });

  it('posts a ticket once when eight postings race, and moves the balance once', async () => {
    await withBalanceAt(wh.b, '0');
    const id = await ticket({ kind: 'pu', net: '4.5', warehouseId: wh.b });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => post(id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/已记账，不能重复记账$/);
    expect(await records(id)).toHaveLength(1);
    expect(await balance(wh.b)).toBe('4.5000');
  });

  it('lets two batches post tickets of the same two balances in opposite orders without a deadlock', async () => {
    const [a1, a2, b1, b2] = [
      await ticket({ kind: 'pu', net: '1', warehouseId: wh.a }), await ticket({ kind: 'pu', net: '2', warehouseId: wh.b }),
      await ticket({ kind: 'pu', net: '3', warehouseId: wh.b }), await ticket({ kind: 'pu', net: '4', warehouseId: wh.a }),
    ];
    await withBalanceAt(wh.a, '0');
    await withBalanceAt(wh.b, '0');
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // A posts to a, B (150 ms later) to b; then A to b and B to a: crossed, as two batches can be
    const batch = (delay: number, first: string, second: string) => sleep(delay).then(() => db.transaction().execute(async (tx) => {
      await postTicketStock(tx, orgId, first, userId);
      await sleep(300);
      await postTicketStock(tx, orgId, second, userId);
    }));
    const results = await Promise.allSettled([batch(0, a1, a2), batch(150, b1, b2)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    expect([await balance(wh.a), await balance(wh.b)]).toEqual(['5.0000', '5.0000']);
  });

  it('keeps the database itself from holding two live records of one ticket', async () => {
    const id = await ticket({ kind: 'pu', net: '1' });
    await post(id);
    await expect(pool.query(`INSERT INTO wb_stock_record (org_id, ticket_id, direction, warehouse_id, material_id, quantity)
      VALUES ($1, $2, 'IN', $3, $4, 1)`, [orgId, id, wh.a, material])).rejects.toThrow(/wb_stock_record_live_uq/);
  });
});

describe('reversing a posting', () => {
  it('stamps the records reversed, keeps them, and moves the balance back', async () => {
    await withBalanceAt(wh.a, '50');
    await withBalanceAt(wh.b, '0');
    const id = await ticket({ kind: 'tr', net: '20', toWarehouseId: wh.b });
    await post(id);
    expect(await reverse(id)).toEqual({ records: 2, warnings: [] });
    expect(await records(id)).toMatchObject([{ direction: 'OUT', reversed: true }, { direction: 'IN', reversed: true }]);
    expect([await balance(wh.a), await balance(wh.b)]).toEqual(['50.0000', '0.0000']);
    const { rows: [r] } = await pool.query('SELECT reversed_by::text AS by FROM wb_stock_record WHERE ticket_id = $1 LIMIT 1', [id]);
    expect(r.by).toBe(userId);
  });

  it('refuses to reverse a ticket that is not posted, and posts again after a reversal', async () => {
    await withBalanceAt(wh.a, '0');
    const id = await ticket({ kind: 'pu', net: '6' });
    await expect(reverse(id)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/未记账，不能反记账$/) });
    await post(id);
    await reverse(id);
    await expect(reverse(id)).rejects.toMatchObject({ status: 400 });
    await post(id);
    expect((await records(id)).map((r) => r.reversed)).toEqual([true, false]);
    expect(await balance(wh.a)).toBe('6.0000');
  });

  it('adds up a day of movements to the balance the records say', async () => {
    await withBalanceAt(wh.a, '0');
    const purchase = await ticket({ kind: 'pu', net: '30' });
    const sale = await ticket({ kind: 'sa', net: '12.5', firstIs: 'TARE' });
    const second = await ticket({ kind: 'pu', net: '7.25' });
    const another = await ticket({ kind: 'sa', net: '0.3333', firstIs: 'TARE' });
    for (const id of [purchase, sale, second, another]) await post(id);
    await reverse(sale);
    expect(await balance(wh.a)).toBe('36.9167');
  });
});

/** The return ticket return goods makes of a ticket: its figures, its source named, audited. */
async function returnOf(id: string): Promise<string> {
  serial += 1;
  const { rows: [t] } = await pool.query(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, side, material_id, warehouse_id, to_warehouse_id, plate_number, first_is,
       gross, gross_time, tare, tare_time, tare_source, net, completed_at, audited_at, source_ticket_id)
     SELECT org_id, kind, $2, 'AUDITED', side, material_id, warehouse_id, to_warehouse_id, plate_number, first_is,
       gross, gross_time, tare, tare_time, tare_source, net, now(), now(), id FROM wb_ticket WHERE id = $1 RETURNING id`, [id, `BD-R${serial}`]);
  return String(t.id);
}

async function returnRecords(ticketId: string) {
  const { rows } = await pool.query(
    `SELECT direction, warehouse_id::text AS warehouse, quantity, remark FROM wb_stock_record WHERE ticket_id = $1 AND reversed_at IS NULL ORDER BY id`, [ticketId]);
  return rows;
}

const ticketNo = async (id: string) => (await pool.query('SELECT ticket_no FROM wb_ticket WHERE id = $1', [id])).rows[0].ticket_no as string;

describe('posting a return ticket', () => {
  it('sends a purchase back OUT of the warehouse it came IN to, naming the original; the two leave the balance where it was', async () => {
    await withBalanceAt(wh.a, '10');
    const purchase = await ticket({ kind: 'pu', net: '30.25' });
    await post(purchase);
    const back = await returnOf(purchase);
    expect(await post(back)).toEqual({ records: 1, warnings: [] });
    expect(await returnRecords(back)).toEqual([{ direction: 'OUT', warehouse: wh.a, quantity: '30.2500', remark: `退货：原磅单 ${await ticketNo(purchase)}` }]);
    expect(await balance(wh.a)).toBe('10.0000');
    // the number read before the call: a rejection must find its handler attached, not wait on another query
    const backNo = await ticketNo(back);
    await expect(post(back)).rejects.toMatchObject({ status: 400, message: `磅单 ${backNo} 已记账，不能重复记账` });
  });

  it('brings a sale back IN, and an allot dispatch back IN to the sender', async () => {
    await withBalanceAt(wh.a, '20');
    const sale = await ticket({ kind: 'sa', net: '12.5', firstIs: 'TARE' });
    const allot = await ticket({ kind: 'al', side: 'DISPATCH', net: '3', firstIs: 'TARE' });
    for (const id of [sale, allot]) await post(id);
    expect(await balance(wh.a)).toBe('4.5000');
    const [saleBack, allotBack] = [await returnOf(sale), await returnOf(allot)];
    for (const id of [saleBack, allotBack]) await post(id);
    expect((await returnRecords(saleBack)).map((r) => r.direction)).toEqual(['IN']);
    expect((await returnRecords(allotBack)).map((r) => r.direction)).toEqual(['IN']);
    expect(await balance(wh.a)).toBe('20.0000');
  });

  it('reverses both legs of a one-ticket transfer: back OUT of the destination and IN to the warehouse it left', async () => {
    await withBalanceAt(wh.a, '50');
    await withBalanceAt(wh.b, '5');
    const transfer = await ticket({ kind: 'tr', net: '20', toWarehouseId: wh.b });
    await post(transfer);
    const back = await returnOf(transfer);
    await post(back);
    expect(await returnRecords(back)).toMatchObject([{ direction: 'IN', warehouse: wh.a }, { direction: 'OUT', warehouse: wh.b }]);
    expect([await balance(wh.a), await balance(wh.b)]).toEqual(['50.0000', '5.0000']);
  });

  it('refuses a return of a ticket not posted, and the reverse-posting of an original while its return is posted', async () => {
    await withBalanceAt(wh.a, '0');
    const purchase = await ticket({ kind: 'pu', net: '8' });
    const back = await returnOf(purchase);
    const [pNo, rNo] = [await ticketNo(purchase), await ticketNo(back)];
    await expect(post(back)).rejects.toMatchObject({ status: 400, message: `原磅单 ${pNo} 未过账，退货单 ${rNo} 不能过账，请先将原磅单过账` });
    await post(purchase);
    await post(back);
    await expect(reverse(purchase)).rejects.toMatchObject({ status: 400, message: `磅单 ${pNo} 的退货单 ${rNo} 已过账，不能反过账，请先将退货单反过账` });
    expect(await balance(wh.a)).toBe('0.0000');
    await reverse(back);
    expect(await balance(wh.a)).toBe('8.0000');
    await reverse(purchase);
    expect(await balance(wh.a)).toBe('0.0000');
  });

  it('lets a return post and its original be reversed at once only one way: the books never hold the return alone', async () => {
    for (let round = 0; round < 4; round += 1) {
      await withBalanceAt(wh.b, '0');
      const purchase = await ticket({ kind: 'pu', net: '2', warehouseId: wh.b });
      await post(purchase);
      const back = await returnOf(purchase);
      const results = await Promise.allSettled(round % 2 ? [post(back), reverse(purchase)] : [reverse(purchase), post(back)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const live = (await returnRecords(purchase)).length;
      const returned = (await returnRecords(back)).length;
      // either the purchase stayed with its return posted, or it was reversed and the return refused
      expect([live, returned]).toEqual(live ? [1, 1] : [0, 0]);
      expect(await balance(wh.b)).toBe('0.0000');
    }
  });
});

describe('isolation', () => {
  it('does not find another company\'s ticket, for posting or reversing', async () => {
    const id = await ticket({ kind: 'pu', net: '1' });
    await expect(post(id, otherOrgId)).rejects.toMatchObject({ status: 404 });
    await expect(reverse(id, otherOrgId)).rejects.toMatchObject({ status: 404 });
    expect(await records(id)).toEqual([]);
  });
});
