import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, type Plant } from '../weighing/test-support';
import { carrierOf, freightPrice, fuelAdvance, haulPurchase } from '../freight-settlement/test-support';
import { reconciliation } from './reconcile-rules';

/**
 * Reconciliation with exact figures. Four purchase tickets of one vendor, each net 25 at 300 (7500):
 * A, B, C hauled by carrier X, D by carrier Y. A goods settlement holds A and B (15000; invoiced
 * 5000, paid 3000); a freight settlement holds A and B (freight 20 a ton: 1000, a fuel advance of
 * 300: payable 700; paid 400).
 */
let ctx: TestContext;
let ac: string;
let plant: Plant;
let x: string;
let y: string;
let from: string;
let to: string;
const db = () => ctx.database.db;
const post = (path: string, payload: unknown) => call(ctx.app, 'POST', path, ac, payload);

/** The vendor's purchase settlement of these tickets through the settlement's calls: confirmed, examined, invoiced and part paid. */
async function goodsSettlement(ticketIds: string[], invoiced: string, paid: string): Promise<string> {
  const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
  const s = expectOk(await post('/api/settlement/pu/create', { entity: {
    vendorId: plant.vendorId, periodFrom: wire(new Date(Date.now() - 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)),
  } })).data as { id: string };
  expectOk(await post(`/api/settlement/pu/confirmPounds/${s.id}`, { ticketIds }));
  expectOk(await post(`/api/settlement/pu/examine/${s.id}`, {}));
  expectOk(await post(`/api/settlement/pu/invoice/${s.id}`, { invoiceNo: 'FP-R-1', invoiceDate: '2026-11-25', amount: invoiced }));
  expectOk(await post(`/api/settlement/pu/payment/${s.id}`, { paidOn: '2026-11-25', method: 'BANK', amount: paid }));
  return s.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const op = (await bearerFor(ctx.app, 'operator')).authorization;
  const adm = (await bearerFor(ctx.app, 'admin')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(db());
  x = await carrierOf(db(), plant, 0);
  y = await carrierOf(db(), plant, 1);
  await freightPrice(db(), plant, x);
  const a = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: x, shipped: '25' });
  const b = await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: x, shipped: '25' });
  await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: x, shipped: '25' });
  await haulPurchase(ctx.app, db(), plant, { op, adm }, { carrierId: y, shipped: '25' });
  await fuelAdvance(db(), plant, x, '300');
  await goodsSettlement([a.id, b.id], '5000', '3000');
  const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
  const fs = expectOk(await post('/api/freightSettle/newCreate', {
    kind: 'pu', carrierId: x, periodFrom: wire(new Date(Date.now() - 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)), ticketIds: [a.id, b.id],
  })).data as { id: string };
  expectOk(await post('/api/freightSettle/audit', { ids: [fs.id] }));
  expectOk(await post('/api/freightSettle/Operating', { action: 'pay', id: fs.id, amount: '400', paidOn: '2026-11-25', method: 'BANK' }));
  const { rows } = await ctx.database.pool.query<{ from: string; to: string }>(`SELECT (current_date - 1)::text AS from, (current_date + 1)::text AS to`);
  ({ from, to } = rows[0]);
});

describe('reconciliation', () => {
  it('a vendor: weighed, settled, unsettled, invoiced and paid', async () => {
    const rec = expectOk(await post('/api/settlement/reconcile', { party: 'vendor', from, to, partyId: plant.vendorId })).data;
    expect(rec.rows).toHaveLength(1);
    expect(rec.rows[0]).toMatchObject({
      partyId: plant.vendorId, weighedCount: 4, weighedTons: '100', weighedAmount: '30000', settledCount: 2, settledTons: '50', settledAmount: '15000',
      unsettledCount: 2, unsettledTons: '50', unsettledAmount: '15000', settlementCount: 1, settlementTotal: '15000', invoicedAmount: '5000', paidAmount: '3000', unpaidAmount: '12000',
    });
  });

  it('carriers: the freight settlements\' figures, a carrier with nothing settled', async () => {
    const rec = expectOk(await post('/api/settlement/reconcile', { party: 'carrier', from, to })).data as { rows: Record<string, unknown>[]; total: Record<string, unknown> };
    const byId = new Map(rec.rows.map((r) => [r.partyId, r]));
    expect(byId.get(x)).toMatchObject({
      weighedCount: 3, weighedTons: '75', weighedAmount: '0', settledCount: 2, settledTons: '50', settledAmount: '1000',
      unsettledCount: 1, unsettledTons: '25', unsettledAmount: '0', settlementCount: 1, settlementTotal: '700', invoicedAmount: '0', paidAmount: '400', unpaidAmount: '300',
    });
    expect(byId.get(y)).toMatchObject({ weighedCount: 1, weighedTons: '25', settledCount: 0, settledTons: '0', settlementCount: 0, settlementTotal: '0', unpaidAmount: '0' });
    expect(rec.total).toMatchObject({ weighedCount: 4, weighedTons: '100', settledCount: 2, settledAmount: '1000', unsettledCount: 2, paidAmount: '400', unpaidAmount: '300' });
  });

  it('exports the same figures to Excel, the total last', async () => {
    const res = await post('/api/settlement/reconcile/export', { party: 'vendor', from, to });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 4)).toEqual(['供应商', '过磅车数', '过磅净重(吨)', '磅单金额']);
    expect(values(sheet.rowCount)).toEqual(['合计', 4, 100, 30000, 2, 50, 15000, 2, 50, 15000, 1, 15000, 5000, 3000, 12000]);
  });

  it('refuses a bad period naming the field', async () => {
    expect(expectFailure(await post('/api/settlement/reconcile', { party: 'vendor', from: '2026-02-30', to }), 400).data).toMatchObject({ field: 'from' });
    expect(expectFailure(await post('/api/settlement/reconcile', { party: 'vendor', from: to, to: from }), 400, '结束日期不能早于开始日期').data).toMatchObject({ field: 'to' });
    expect(expectFailure(await post('/api/settlement/reconcile', { party: 'nobody', from, to }), 400).data).toMatchObject({ field: 'party' });
  });

  it('sums the rows as decimals (pure)', () => {
    const z = { weighedAmount: '0', settledAmount: '0', unsettledAmount: '0', settlementCount: 0, settlementTotal: '0', invoicedAmount: '0', paidAmount: '0' };
    const r = reconciliation('carrier', '2026-11-01', '2026-11-30', [
      { ...z, partyId: '1', partyName: '乙', weighedCount: 1, weighedTons: '0.1', settledCount: 0, settledTons: '0' },
      { ...z, partyId: '2', partyName: '甲', weighedCount: 2, weighedTons: '0.2', settledCount: 1, settledTons: '0.1' },
    ]);
    expect(r.total).toMatchObject({ weighedTons: '0.3', unsettledTons: '0.2', unsettledCount: 2 });
  });
});
