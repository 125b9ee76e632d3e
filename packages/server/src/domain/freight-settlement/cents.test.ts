import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../platform/db/migrate';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, weighPurchase, type Plant } from '../weighing/test-support';
import { carrierOf, freightPrice, haulPurchase } from './test-support';

/**
 * Money paid is in cents (migration 061, protocol payAmount). One purchase ticket, net 25, hauled at
 * 44.055 a ton (9 % tax), nothing lost: its freight row is 1,101.375 (tax 90.939, without tax
 * 1,010.436). The settlement pays 1,101.38: rounded once, half up, and the 0.005 (tax 0.001, without
 * tax 0.004) is its automatic rounding row.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let adm: string;
let plant: Plant;
let carrier: string;
let settlement: { id: string; settleNo: string };

const FS = '/api/freightSettle';
const post = (path: string, payload: unknown = {}, auth = ac) => call(ctx.app, 'POST', path, auth, payload);
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const day = 86_400_000;
const db = () => ctx.database.db;
const header = (id: string) => db().selectFrom('wb_settlement')
  .select(['rows_amount', 'rows_tax', 'adjust_amount', 'adjust_tax', 'total_amount', 'total_tax', 'total_amount_ex_tax', 'paid_amount', 'state'])
  .where('id', '=', id).executeTakeFirstOrThrow();
const roundingRows = (id: string) => db().selectFrom('wb_settlement_adjust').select(['reason_kind', 'reason', 'amount', 'tax', 'amount_ex_tax'])
  .where('settlement_id', '=', id).where('auto_rounding', '=', true).execute();

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(db());
  carrier = await carrierOf(db(), plant, 0);
  await freightPrice(db(), plant, carrier, '44.055');
  const t = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: carrier, shipped: '25' });
  const period = { kind: 'pu', carrierId: carrier, periodFrom: wire(new Date(Date.now() - day)), periodTo: wire(new Date(Date.now() + day)) };
  const made = expectOk(await post(`${FS}/newCreate`, { ...period, ticketIds: [t.id] })).data as { id: string; settleNo: string; totals: Record<string, unknown> };
  settlement = made;
  expect(made.totals).toMatchObject({ totalFreight: '1101.375', payable: '1101.38', payableTax: '90.94', rounding: { amount: '0.005', tax: '0.001', amountExTax: '0.004' } });
});

describe('a freight settlement in cents', () => {
  it('pays 1,101.38 for rows of 1,101.375, the 0.005 its rounding row', async () => {
    const h = await header(settlement.id);
    expect(h).toMatchObject({ rows_amount: '1101.3750', rows_tax: '90.9390', adjust_amount: '0.0050', adjust_tax: '0.0010', total_amount: '1101.3800', total_tax: '90.9400', total_amount_ex_tax: '1010.4400' });
    expect(await roundingRows(settlement.id)).toEqual([{ reason_kind: 'ROUNDING', reason: '金额取整到分', amount: '0.0050', tax: '0.0010', amount_ex_tax: '0.0040' }]);
    // rows + adjustment rows = the total, to the last decimal
    const { rows: [sum] } = await ctx.database.pool.query(
      `SELECT (SELECT sum(amount) FROM wb_settlement_row WHERE settlement_id = $1) + (SELECT sum(amount) FROM wb_settlement_adjust WHERE settlement_id = $1) AS total`, [settlement.id]);
    expect(sum.total).toBe('1101.3800');
  });

  it('refuses a payment of 1,101.375 naming the field, and takes 1,101.38 as paid in full', async () => {
    expectOk(await post(`${FS}/audit`, { ids: [settlement.id] }));
    expectFailure(await post(`${FS}/Operating`, { action: 'pay', id: settlement.id, amount: '1101.375', paidOn: '2026-11-28', method: 'BANK' }), 400, /付款金额最多2位小数/);
    expectFailure(await post(`${FS}/Operating`, { action: 'pay', id: settlement.id, amount: 1101.375, paidOn: '2026-11-28', method: 'BANK' }), 400, /付款金额最多2位小数/);
    expect((await header(settlement.id)).paid_amount).toBe('0.0000');
    const paid = expectOk(await post(`${FS}/Operating`, { action: 'pay', id: settlement.id, amount: '1101.38', paidOn: '2026-11-28', method: 'BANK' })).data as { state: string; paidAmount: string };
    expect(paid).toMatchObject({ state: 'PAID', paidAmount: '1101.38' });
  });

  it('lets the carrier invoice the freight in cents, 1,101.38, and no more', async () => {
    expectFailure(await post(`${FS}/Operating`, { action: 'invoice', id: settlement.id, invoiceNo: 'FP-C-1', invoiceDate: '2026-11-28', amount: '1101.39', tax: '90.94' }), 400,
      '发票金额 1101.39 超过未开票运费 1101.38');
    expectOk(await post(`${FS}/Operating`, { action: 'invoice', id: settlement.id, invoiceNo: 'FP-C-1', invoiceDate: '2026-11-28', amount: '1101.38', tax: '90.94' }));
  });

  it('refuses a payment beyond the payment ceiling, naming it, before it reads the settlement', async () => {
    expectFailure(await post(`${FS}/Operating`, { action: 'pay', id: settlement.id, amount: '100000000.01', paidOn: '2026-11-28', method: 'BANK' }), 400,
      '付款金额 100,000,000.01 超过付款的上限 100,000,000.00 元，请核对');
    await db().insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'paymentCeiling', param_value: '1000' }).execute();
    expectFailure(await post('/api/settlement/pu/payment/1', { paidOn: '2026-11-28', method: 'BANK', amount: '1000.01' }), 400, '付款金额 1,000.01 超过付款的上限 1,000.00 元，请核对');
    await db().deleteFrom('sys_param').where('org_id', '=', plant.orgId).where('param_key', '=', 'paymentCeiling').execute();
  });

  it('refuses a goods settlement\'s payment, invoice and adjustment with a third decimal', async () => {
    expectFailure(await post('/api/settlement/pu/payment/1', { paidOn: '2026-11-28', method: 'BANK', amount: '1101.375' }), 400, /付款金额最多2位小数/);
    expectFailure(await post('/api/settlement/pu/invoice/1', { invoiceNo: 'X', invoiceDate: '2026-11-28', amount: '1.005' }), 400, /发票金额最多2位小数/);
    expectFailure(await post('/api/settlement/pu/adjust/1', { reasonKind: 'OTHER', reason: '抹零', amount: '-0.375' }), 400, /调整金额最多2位小数/);
    // a freight plan's remittance and fuel-card advance are money paid to the carrier too
    expectFailure(await post('/api/freight/plan/remittance', { id: '1', amount: '500.005', method: 'BANK' }, adm), 400, /汇款金额最多2位小数/);
    expectFailure(await post('/api/freight/plan/confirmOil/1', { cardNo: 'YK1', amount: '0.001' }, adm), 400, /油卡金额/);
  });
});

describe('a goods settlement in cents', () => {
  it('keeps rows at the plant\'s 3 money decimals and rounds the total once, its rounding row rewritten in place', async () => {
    await db().insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'moneyPrecision', param_value: '3' }).execute();
    try {
      // net 25 at 7.3333: 183.3325, the ticket's amount 183.333 at 3 decimals
      const t = await weighPurchase(ctx.app, db(), plant, op, { station: 'G1', price: '7.3333' });
      expectOk(await post('/api/weigh/pu/audit', { ids: [t.id] }, adm));
      const period = { periodFrom: wire(new Date(Date.now() - day)), periodTo: wire(new Date(Date.now() + day)) };
      const s = expectOk(await post('/api/settlement/pu/create', { entity: { vendorId: plant.vendorId, ...period } })).data as { id: string };
      const done = expectOk(await post(`/api/settlement/pu/confirmPounds/${s.id}`, { ticketIds: [t.id] })).data as { totals: Record<string, unknown> };
      expect(done.totals).toMatchObject({ rowsAmount: '183.333', totalAmount: '183.33', adjustAmount: '-0.003', rounding: { amount: '-0.003' } });
      expect(await roundingRows(s.id)).toEqual([{ reason_kind: 'ROUNDING', reason: '金额取整到分', amount: '-0.0030', tax: '0.0000', amount_ex_tax: '-0.0030' }]);
      const adjusted = expectOk(await post(`/api/settlement/pu/adjust/${s.id}`, { reasonKind: 'PENALTY', reason: '扣罚', amount: '-10.01' })).data as { totals: Record<string, unknown> };
      expect(adjusted.totals).toMatchObject({ totalAmount: '173.32', rounding: { amount: '-0.003' } });
      expect((await header(s.id)).total_amount).toBe('173.3200');
      expect(await roundingRows(s.id)).toHaveLength(1);
    } finally {
      await db().deleteFrom('sys_param').where('org_id', '=', plant.orgId).where('param_key', '=', 'moneyPrecision').execute();
    }
  });
});

describe('migration 061', () => {
  it('rounds a three-decimal settlement, payment and receipt once, the settlement\'s difference a rounding row, the account from its ledger', async () => {
    const { pool } = ctx.database;
    // a receipt of 100, audited (recorded by the accountant, audited by the administrator)
    const customerId = plant.customerId;
    const r = expectOk(await post('/api/money/receipt/create', { entity: { customerId, amount: '100', method: 'BANK', taxRate: '13' } })).data as { id: string };
    expectOk(await post('/api/money/receipt/audit', { ids: [r.id] }, adm));
    // the database as it was before 061: no cents checks, no automatic rounding rows; then figures kept to 3 decimals
    const before = await pool.connect();
    try {
      await before.query('BEGIN');
      await before.query(`ALTER TABLE wb_settlement DROP CONSTRAINT wb_settlement_cents;
        ALTER TABLE wb_settlement_payment DROP CONSTRAINT wb_settlement_payment_cents;
        ALTER TABLE wb_settlement_invoice DROP CONSTRAINT wb_settlement_invoice_cents;
        ALTER TABLE wb_freight_remittance DROP CONSTRAINT wb_freight_remittance_cents;
        ALTER TABLE wb_freight_fuel_advance DROP CONSTRAINT wb_freight_fuel_advance_cents;
        ALTER TABLE fm_receipt DROP CONSTRAINT fm_receipt_cents;
        ALTER TABLE fm_credit DROP CONSTRAINT fm_credit_cents;
        ALTER TABLE fm_ledger DROP CONSTRAINT fm_ledger_cents;
        DELETE FROM wb_settlement_adjust WHERE auto_rounding;
        ALTER TABLE wb_settlement_adjust DROP COLUMN auto_rounding;
        DELETE FROM schema_migration WHERE name = '061_cents.sql';`);
      await before.query(`UPDATE wb_settlement SET adjust_amount = 0, adjust_tax = 0, total_amount = rows_amount, total_tax = rows_tax,
        total_amount_ex_tax = rows_amount_ex_tax, paid_amount = 1101.375, invoiced_amount = 0 WHERE id = $1`, [settlement.id]);
      await before.query('DELETE FROM wb_settlement_invoice WHERE settlement_id = $1', [settlement.id]);
      await before.query('UPDATE wb_settlement_payment SET amount = 1101.375 WHERE settlement_id = $1', [settlement.id]);
      await before.query('UPDATE fm_receipt SET amount = 100.005, tax_amount = 11.505 WHERE id = $1', [r.id]);
      await before.query(`UPDATE fm_ledger SET delta = 100.005 WHERE doc_kind = 'receipt' AND doc_id = $1`, [r.id]);
      await before.query('UPDATE fm_account SET received = received + 0.005 WHERE customer_id = $1', [customerId]);
      await before.query('COMMIT');
    } finally {
      before.release();
    }
    const received = async () => (await pool.query('SELECT received::text FROM fm_account WHERE customer_id = $1', [customerId])).rows[0].received as string;
    const receivedBefore = await received();

    expect(await migrate(pool)).toEqual(['061_cents.sql']);

    expect(await header(settlement.id)).toMatchObject({ total_amount: '1101.3800', total_tax: '90.9400', total_amount_ex_tax: '1010.4400', adjust_amount: '0.0050', paid_amount: '1101.3800' });
    expect(await roundingRows(settlement.id)).toEqual([{ reason_kind: 'ROUNDING', reason: '金额取整到分', amount: '0.0050', tax: '0.0010', amount_ex_tax: '0.0040' }]);
    expect((await pool.query('SELECT amount::text FROM wb_settlement_payment WHERE settlement_id = $1', [settlement.id])).rows).toEqual([{ amount: '1101.3800' }]);
    expect((await pool.query('SELECT amount::text, tax_amount::text FROM fm_receipt WHERE id = $1', [r.id])).rows).toEqual([{ amount: '100.0100', tax_amount: '11.5100' }]);
    expect((await pool.query(`SELECT delta::text FROM fm_ledger WHERE doc_kind = 'receipt' AND doc_id = $1`, [r.id])).rows).toEqual([{ delta: '100.0100' }]);
    expect(Number(await received()) - Number(receivedBefore)).toBeCloseTo(0.005, 6);
    // and from now on the database holds them to cents
    await expect(pool.query('UPDATE wb_settlement_payment SET amount = 1101.375 WHERE settlement_id = $1', [settlement.id])).rejects.toThrow(/wb_settlement_payment_cents/);
    await expect(pool.query('UPDATE fm_receipt SET amount = 100.005 WHERE id = $1', [r.id])).rejects.toThrow(/fm_receipt_cents/);
  });
});
