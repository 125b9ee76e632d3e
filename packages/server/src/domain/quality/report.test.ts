import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, weighPurchase, type Plant } from '../weighing/test-support';
import { applySampleResults } from './apply';
import { drawOnContract, makeQualityContract, makeSample } from './test-support';

/**
 * 质量报表 on two applied samples of one vendor and material: moisture 10 on a truck of 24.44 t
 * (0.49 t deducted, net 23.95) and 8 on one of 19.87 t (nothing deducted); sulphur 3.5 on the
 * second passes the reject limit 3.
 */
let ctx: TestContext;
let ac: string;
let plant: Plant;
// the period is of the plant's dates (the database's zone), as the screens show them
let today: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
  today = (await ctx.database.pool.query('SELECT current_date::text AS d')).rows[0].d;
  const contract = await makeQualityContract(ctx.database.db, plant, [
    { itemCode: '001', itemName: '水分', standardValue: '8', direction: 'MAX', deductStep: '1', deductPercent: '1' },
    { itemCode: '003', itemName: 'S', standardValue: '1', direction: 'MAX', rejectLimit: '3' },
  ]);
  for (const [tare, values] of [['15.56', { '001': '10', '003': '1' }], ['20.13', { '001': '8', '003': '3.5' }]] as const) {
    const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'R', price: '500', gross: '40', tare });
    await drawOnContract(ctx.database.db, t.lineId, contract.lineId);
    const s = await makeSample(ctx.database.db, plant, [t.id], { ...values });
    await ctx.database.db.transaction().execute((tx) => applySampleResults(tx, plant.orgId, s.id, { userId: null, name: '李质检' }));
  }
});

describe('the quality report', () => {
  it('gives each item\'s average weighted by net, the pass rate and the deductions in tons and money', async () => {
    const data = expectOk(await call(ctx.app, 'GET', `/api/quality/report?from=${today}&to=${today}`, ac)).data as { rows: Record<string, unknown>[] };
    expect(data.rows).toHaveLength(1);
    const water = new Decimal(10).mul('23.95').plus(new Decimal(8).mul('19.87')).div(new Decimal('23.95').plus('19.87')).toDecimalPlaces(3).toFixed();
    expect(data.rows[0]).toMatchObject({
      vendorId: plant.vendorId, materialId: plant.materialId, tickets: 2, passed: 1, passRate: '50', net: '43.82', deduction: '0.49', deductionMoney: '245', adjustMoney: '0',
    });
    expect(data.rows[0].items).toEqual(expect.arrayContaining([{ code: '001', name: '水分', average: water }]));
  });

  it('exports the same rows as a sheet', async () => {
    const res = await call(ctx.app, 'GET', `/api/quality/report?from=${today}&to=${today}&format=xlsx`, ac);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(2).getCell(3).value).toBe(2);
    expect(sheet.getRow(2).getCell(6).value).toBe(0.49);
  });

  it('refuses a bad period naming the field, and is not the lab\'s', async () => {
    expect((expectFailure(await call(ctx.app, 'GET', `/api/quality/report?from=2026-13-01&to=${today}`, ac), 400).data as { field: string }).field).toBe('from');
    expect((expectFailure(await call(ctx.app, 'GET', `/api/quality/report?from=${today}&to=2020-01-01`, ac), 400).data as { field: string }).field).toBe('to');
    expect((expectFailure(await call(ctx.app, 'GET', `/api/quality/report?to=${today}`, ac), 400).data as { field: string }).field).toBe('from');
    expectFailure(await call(ctx.app, 'GET', `/api/quality/report?from=${today}&to=${today}`, (await bearerFor(ctx.app, 'quality')).authorization), 403);
  });
});
