import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// Opening stock is usually a sheet from the old system: imported through the engine, warehouses and
// materials named by their codes, every bad row reported and nothing written unless all are good.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let accountant: string;
let HDSN: string;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDSN = await orgId(pool, 'HDSN');
});

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importSheet(bytes: Buffer) {
  const boundary = `----stock${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="期初库存.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return app.inject({ method: 'POST', url: '/api/stock/early/import', headers: { authorization: accountant, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const count = async () => (await pool.query('SELECT count(*)::int AS n FROM wb_stock_early WHERE org_id = $1', [HDSN])).rows[0].n as number;

describe('importing opening stock', () => {
  it('offers a template naming the warehouse and the material by code', async () => {
    const res = await call(app, 'GET', '/api/stock/early/import/template', accountant);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['单据号', '仓库编码', '物料编码', '期初数量', '期初日期', '备注']);
  });

  it('imports good rows as free opening stock, and refuses a sheet with a bad row whole', async () => {
    const { rows: ws } = await pool.query('SELECT ware_code FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 2', [HDSN]);
    const { rows: ms } = await pool.query(`SELECT m.inv_code FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id WHERE a.org_id = $1 ORDER BY m.id LIMIT 2`, [HDSN]);
    const header = ['单据号', '仓库编码', '物料编码', '期初数量', '期初日期', '备注'];
    const bad = await importSheet(await sheet([header, ['', ws[0].ware_code, ms[0].inv_code, '100', '2026-11-01', ''], ['', 'NOPE', ms[1].inv_code, '-1', '', '']]));
    expectFailure(bad, 400);
    expect(await count()).toBe(0);
    const good = expectOk(await importSheet(await sheet([header, ['', ws[0].ware_code, ms[0].inv_code, '100', '2026-11-01', '盘点'], ['', ws[1].ware_code, ms[1].inv_code, '35.5', '', '']])));
    expect(good.data).toEqual({ imported: 2 });
    const { rows } = await pool.query(`SELECT early_no, doc_status, quantity::text, stock_date IS NOT NULL AS dated FROM wb_stock_early WHERE org_id = $1 ORDER BY id`, [HDSN]);
    expect(rows).toEqual([
      { early_no: expect.stringMatching(/^QC/), doc_status: 'FREE', quantity: '100.0000', dated: true },
      { early_no: expect.stringMatching(/^QC/), doc_status: 'FREE', quantity: '35.5000', dated: true },
    ]);
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_stock_record WHERE early_id IS NOT NULL')).rows[0].n).toBe(0);

    // a warehouse and material that has its opening stock already: the sheet is refused, saying so
    const again = await importSheet(await sheet([header, ['', ws[1].ware_code, ms[1].inv_code, '1', '', '']]));
    expectFailure(again, 400, /该仓库的该物料已有期初库存/);
    expect(await count()).toBe(2);
  });
});
